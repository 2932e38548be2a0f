//! The help is for users: it speaks of what they see, names every notation,
//! and describes every argument of every command.

mod common;

use common::{run, unscramble};

fn help(args: &[&str]) -> String {
    let output = unscramble()
        .args(args)
        .arg("--help")
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(0), "{args:?} --help");
    String::from_utf8(output.stdout).expect("help is UTF-8")
}

/// The commands as the top-level help lists them, so a new one is checked too.
fn commands() -> Vec<String> {
    let top = help(&[]);
    top.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .filter(|c| c != "help")
        .collect()
}

fn indent(line: &str) -> usize {
    line.len() - line.trim_start().len()
}

/// The argument and option lines that have no description, beside them
/// (clap's compact layout) or on the line below (its long layout).
fn undescribed(text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut in_items = false;
    let mut missing = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if !line.is_empty() && !line.starts_with(' ') {
            in_items = line.ends_with("Arguments:") || line.ends_with("Options:");
            continue;
        }
        let head = line.trim_start();
        let is_item = indent(line) < 10 && ["-", "<", "["].iter().any(|p| head.starts_with(p));
        let beside = head
            .split_once("  ")
            .is_some_and(|(_, d)| !d.trim().is_empty());
        if in_items && is_item && !beside {
            let next = lines.get(i + 1).copied().unwrap_or("");
            if indent(next) < 10 || next.trim().is_empty() {
                missing.push(head.trim_end().to_string());
            }
        }
    }
    missing
}

#[test]
fn every_commands_help_is_in_plain_words_and_describes_every_argument() {
    let commands = commands();
    for expected in [
        "render",
        "solve",
        "animate",
        "generate",
        "convert",
        "draw-tiles",
        "cut",
    ] {
        assert!(commands.iter().any(|c| c == expected), "{commands:?}");
    }
    let mut pages = vec![(String::from("unscramble"), help(&[]))];
    for c in &commands {
        pages.push((format!("unscramble {c}"), help(&[c])));
    }
    for (name, text) in &pages {
        assert!(
            !text.contains("seed 0"),
            "{name} --help speaks of seeds:\n{text}"
        );
        assert!(
            !text.contains("seeds 0"),
            "{name} --help speaks of seeds:\n{text}"
        );
        assert!(!text.contains("::"), "{name} --help names code:\n{text}");
        assert!(
            text.contains("Arguments:") || text.contains("Options:"),
            "{name}: {text}"
        );
        let missing = undescribed(text);
        assert!(
            missing.is_empty(),
            "{name}: undescribed {missing:?}\n{text}"
        );
    }
}

#[test]
fn the_puzzles_help_names_every_notation_file() {
    for args in [&[][..], &["render"][..]] {
        let text = help(args);
        let puzzles = text
            .split("\n  [PUZZLES]")
            .nth(1)
            .and_then(|t| t.split("\nOptions:").next())
            .expect("a PUZZLES argument");
        for file in [
            "tile_dict.yaml",
            "letters.txt",
            "signed.txt",
            "legespiel.xml",
            "domino_fit.yaml",
        ] {
            assert!(puzzles.contains(file), "{args:?}: {file} not in {puzzles}");
        }
    }
}

#[test]
fn the_long_help_lists_exit_codes_and_environment_variables() {
    let text = help(&[]);
    let codes = text
        .split("Exit codes:")
        .nth(1)
        .expect("an exit code section");
    for code in ["0 ", "1 ", "2 ", "3 ", "4 ", "130 "] {
        assert!(
            codes.lines().any(|l| l.trim_start().starts_with(code)),
            "exit code {code} missing:\n{codes}"
        );
    }
    for var in ["NO_COLOR", "TERM=dumb"] {
        assert!(codes.contains(var), "{var} missing:\n{codes}");
    }
}

#[test]
fn an_argument_without_words_is_found_in_either_layout() {
    let compact = "Arguments:\n  <OUT_DIR>  \n\nOptions:\n      --size <SIZE>  Board side\n";
    assert_eq!(undescribed(compact), ["<OUT_DIR>"]);
    let long = "Options:\n  -o, --out <OUT>\n          Folder\n\n      --unique\n\n  -q\n";
    assert_eq!(undescribed(long), ["--unique", "-q"]);
}

#[test]
fn a_mistyped_command_is_named_with_the_one_meant() {
    let dir = tempfile::tempdir().expect("tempdir");
    let run = |word: &str| {
        let out = unscramble()
            .current_dir(dir.path())
            .arg(word)
            .output()
            .expect("runs");
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, stderr) = run("rendr");
    assert_eq!(code, Some(2), "{stderr}");
    assert_eq!(
        stderr.trim(),
        "error: no such command or folder 'rendr' (did you mean 'render'?)"
    );
    let (code, stderr) = run("drawtiles");
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("(did you mean 'draw-tiles'?)"), "{stderr}");
    // A folder of that name is what was meant, and far names are folders.
    std::fs::create_dir(dir.path().join("rendr")).expect("mkdir");
    let (_, stderr) = run("rendr");
    assert!(!stderr.contains("did you mean"), "{stderr}");
    let (code, stderr) = run("my-puzzles");
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("cannot open the puzzles folder"),
        "{stderr}"
    );
}

#[test]
fn completions_and_the_man_page_go_to_stdout() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = unscramble()
            .args(["completions", shell])
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(0), "{shell}");
        let script = String::from_utf8_lossy(&out.stdout);
        for word in ["draw-tiles", "max-solutions", "try-turns"] {
            assert!(script.contains(word), "{shell} completion lacks {word}");
        }
    }
    let out = unscramble().arg("completions").output().expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let out = unscramble().arg("man").output().expect("runs");
    assert_eq!(out.status.code(), Some(0));
    let page = String::from_utf8_lossy(&out.stdout);
    assert!(page.contains(".TH unscramble 1"), "{page}");
    for word in ["draw\\-tiles", "Exit codes", "NO_COLOR"] {
        assert!(page.contains(word), "man page lacks {word}");
    }
}

#[test]
fn quiet_silences_every_command_but_keeps_stdout_and_errors() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = |p: &str| dir.path().join(p).to_string_lossy().into_owned();
    let gen = d("gen");
    let loud = run(&["generate", &gen, "--size", "2", "--tokens", "2"]);
    assert_eq!(
        (loud.0, loud.2.contains("wrote")),
        (Some(0), true),
        "{loud:?}"
    );
    let quiet_runs: [Vec<String>; 5] = [
        ["generate", &d("g2"), "--size", "2", "--tokens", "2", "-q"]
            .map(String::from)
            .into(),
        ["convert", &gen, &d("conv/input"), "-q"]
            .map(String::from)
            .into(),
        ["draw-tiles", &d("conv"), "--quiet"]
            .map(String::from)
            .into(),
        ["solve", &gen, "-q"].map(String::from).into(),
        [
            "animate",
            &gen,
            "-q",
            "--max-frames",
            "2",
            "-o",
            &d("a.png"),
        ]
        .map(String::from)
        .into(),
    ];
    for args in &quiet_runs {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, stdout, stderr) = run(&args);
        assert_eq!(code, Some(0), "{args:?}: {stderr}");
        assert_eq!(stderr, "", "{args:?} is not quiet");
        if args[0] == "solve" {
            assert!(stdout.contains("=== Solution 1"), "{stdout}");
        }
    }
    assert!(dir.path().join("conv/input/1.png").is_file());
    assert!(dir.path().join("a.png").is_file());
    let loud = run(&["solve", &gen]);
    assert!(loud.2.contains("nodes in"), "{loud:?}");
    let (code, _, stderr) = run(&["solve", &d("missing"), "-q"]);
    assert_eq!(code, Some(1));
    assert!(stderr.starts_with("error: "), "{stderr}");
}

#[test]
fn color_applies_to_the_error_of_every_command() {
    for command in ["solve", "animate", "draw-tiles", "convert"] {
        let missing = "/nonexistent/unscramble-test";
        let mut args = vec![command, missing];
        if command == "convert" {
            args.push("/nonexistent/to");
        }
        let colored = run(&[&args[..], &["--color", "always"]].concat());
        assert_eq!(colored.0, Some(1), "{command}: {colored:?}");
        assert!(
            colored.2.starts_with("\u{1b}["),
            "{command}: {:?}",
            colored.2
        );
        let plain = run(&[&args[..], &["--color", "never"]].concat());
        assert!(plain.2.starts_with("error: "), "{command}: {:?}", plain.2);
        // NO_COLOR (set for every test run) and a pipe: no colours by default.
        let auto = run(&args);
        assert!(auto.2.starts_with("error: "), "{command}: {:?}", auto.2);
    }
}
