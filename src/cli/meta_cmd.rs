//! Commands about the command itself: shell completions, the man page, and
//! the hint for a mistyped command name.

use crate::cli::negate::command;
use std::path::Path;
use std::process::ExitCode;

/// `render`'s options are also the top level's, so `unscramble rendr` parses
/// as the puzzles folder `rendr`. When no such folder exists and the name is
/// a typo's distance from a command, that command is what was meant.
pub fn mistyped_command(puzzles: &Path) -> Option<String> {
    if std::fs::symlink_metadata(puzzles).is_ok() {
        return None;
    }
    let typed = puzzles.to_str().filter(|t| !t.contains(['/', '\\']))?;
    let cmd = command();
    let closest = cmd
        .get_subcommands()
        .map(|c| c.get_name())
        .map(|name| (edit_distance(typed, name), name))
        .filter(|&(d, _)| d <= 2)
        .min()?;
    Some(format!(
        "no such command or folder '{typed}' (did you mean '{}'?)",
        closest.1
    ))
}

/// Levenshtein distance in characters: the fewest insertions, deletions and
/// substitutions that turn `a` into `b`.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substitute = diagonal + usize::from(ca != cb);
            diagonal = row[j + 1];
            row[j + 1] = substitute.min(row[j] + 1).min(diagonal + 1);
        }
    }
    row[b.len()]
}

fn print_bytes(bytes: &[u8]) -> ExitCode {
    crate::cli::term::print_stdout(bytes).map_or_else(|code| code, |()| ExitCode::SUCCESS)
}

/// `unscramble completions SHELL`. Written to a buffer first: the generator
/// panics on a write error, and stdout may be a closed pipe.
pub fn run_completions(shell: clap_complete::Shell) -> ExitCode {
    let mut buf = Vec::new();
    clap_complete::generate(shell, &mut command(), "unscramble", &mut buf);
    print_bytes(&buf)
}

/// `unscramble man`: the man page in roff, from the same definitions as `--help`.
pub fn run_man() -> ExitCode {
    let mut buf = Vec::new();
    match clap_mangen::Man::new(command()).render(&mut buf) {
        Ok(()) => print_bytes(&buf),
        Err(e) => crate::cli::term::fail(&format!("cannot write the man page: {e}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distance_counts_insertions_deletions_and_substitutions() {
        assert_eq!(edit_distance("rendr", "render"), 1);
        assert_eq!(edit_distance("slove", "solve"), 2);
        assert_eq!(edit_distance("", "man"), 3);
        assert_eq!(edit_distance("render", "render"), 0);
        assert_eq!(edit_distance("abc", "xyz"), 3);
        assert_eq!(edit_distance("drawtiles", "draw-tiles"), 1);
    }

    #[test]
    fn only_a_missing_folder_close_to_a_command_is_a_typo() {
        let hint = mistyped_command(Path::new("rendr")).expect("a typo");
        assert!(hint.contains("did you mean 'render'?"), "{hint}");
        assert!(mistyped_command(Path::new("slove")).is_some());
        assert_eq!(mistyped_command(Path::new("no-such-puzzles-here")), None);
        assert_eq!(mistyped_command(Path::new("lost/rendr")), None);
    }
}
