//! The blog fit: Markdown snippets whose links work pasted into a post
//! (`--link-prefix`), and one combined snippet for the whole run,
//! `all-puzzles.md`: not `index.md`, which MkDocs and Eleventy would make the
//! same page as the gallery's `index.html`.

mod common;
use common::*;
use std::fs;

/// Two puzzles, one with a space in its name.
const PUZZLES: [&str; 2] = ["owls", "kids/two cats"];

/// Every file the snippet `md` links: the targets of its Markdown links and
/// the `src` and `href` of its HTML, the play frame's included.
fn links(md: &str) -> Vec<&str> {
    let markdown = md.split("](").skip(1).filter_map(|r| r.split(')').next());
    let html = ["src=\"", "href=\""]
        .into_iter()
        .flat_map(|a| md.split(a).skip(1).filter_map(|r| r.split('"').next()));
    markdown.chain(html).collect()
}

#[test]
fn the_link_prefix_goes_before_the_puzzle_folder_in_every_snippet() {
    let (_tmp, root, out) = site(&PUZZLES);
    render_ok(&root, &out, &["-q", "--link-prefix", "/images/puzzles"]);
    let owls = read(&out.join("owls/index.md"));
    let links_owls = links(&owls);
    assert!(links_owls.len() >= 2, "{owls}");
    for l in &links_owls {
        assert!(l.starts_with("/images/puzzles/owls/"), "{l} in {owls}");
        let file = l.trim_start_matches("/images/puzzles/");
        assert!(out.join(file).is_file(), "{file} exists");
    }
    let cats = read(&out.join("kids/two cats/index.md"));
    assert!(cats.contains("](/images/puzzles/kids/two%20cats/unsolved.png)"));
    // The combined snippet: both puzzles, the same links.
    let all = read(&out.join("all-puzzles.md"));
    assert!(
        all.contains("## Owls\n") && all.contains("## Kids / Two cats\n"),
        "{all}"
    );
    assert!(!out.join("index.md").exists());
    for l in links(&all) {
        let file = l.trim_start_matches("/images/puzzles/").replace("%20", " ");
        assert!(l.starts_with("/images/puzzles/"), "{l}");
        assert!(out.join(&file).is_file(), "{file} exists");
    }
    assert_eq!(links(&all).len(), links(&cats).len() + links_owls.len());
}

#[test]
fn without_a_prefix_links_are_relative_to_each_snippet() {
    let (_tmp, root, out) = site(&PUZZLES);
    render_ok(&root, &out, &["-q"]);
    let owls = read(&out.join("owls/index.md"));
    assert!(owls.contains("](unsolved.png)"), "{owls}");
    for l in links(&owls) {
        assert!(out.join("owls").join(l).is_file(), "{l} from owls/");
    }
    let all = read(&out.join("all-puzzles.md"));
    for l in links(&all) {
        assert!(
            out.join(l.replace("%20", " ")).is_file(),
            "{l} from output/"
        );
    }
    assert!(all.contains("\"kids/two%20cats/solution-1.png\""), "{all}");
}

#[test]
fn the_link_prefix_is_part_of_the_build_key() {
    let (_tmp, root, out) = site(&PUZZLES);
    render_ok(&root, &out, &["-q"]);
    let actions = |extra: &[&str]| {
        let o = unscramble()
            .arg("render")
            .arg(&root)
            .arg("-o")
            .arg(&out)
            .args(["-q", "--json"])
            .args(extra)
            .output()
            .expect("runs");
        assert_eq!(o.status.code(), Some(0));
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
        v["puzzles"]
            .as_array()
            .expect("puzzles")
            .iter()
            .map(|p| p["action"].as_str().unwrap_or("").to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(actions(&[]), ["up-to-date", "up-to-date"]);
    assert_eq!(actions(&["--link-prefix", "/p/"]), ["rendered", "rendered"]);
    assert!(read(&out.join("owls/index.md")).contains("](/p/owls/unsolved.png)"));
    assert!(read(&out.join("all-puzzles.md")).contains("](/p/owls/unsolved.png)"));
    // `/p` is `/p/`: the same key.
    assert_eq!(
        actions(&["--link-prefix", "/p"]),
        ["up-to-date", "up-to-date"]
    );
    assert_eq!(actions(&[]), ["rendered", "rendered"]);
    assert!(read(&out.join("owls/index.md")).contains("](unsolved.png)"));
}

#[test]
fn a_prefix_that_would_break_the_links_is_a_usage_error() {
    let (_tmp, root, out) = site(&PUZZLES);
    for bad in ["/my images/", "/a)b/", "/x]", "<p>", "/a\nb"] {
        let (code, stderr) = render(&root, &out, &["--link-prefix", bad]);
        assert_eq!(code, Some(2), "{bad:?}: {stderr}");
        assert!(
            stderr.contains("would break the Markdown links"),
            "{stderr}"
        );
        assert!(!out.exists(), "nothing written for {bad:?}");
    }
}

#[test]
fn the_combined_snippet_never_replaces_a_users_file_and_can_be_renamed_or_turned_off() {
    let (_tmp, root, out) = site(&PUZZLES);
    fs::create_dir_all(&out).expect("mkdir");
    fs::write(out.join("all-puzzles.md"), "# my page\n").expect("write");
    fs::write(out.join("index.md"), "# my page bundle\n").expect("write");
    let (code, stderr) = render(&root, &out, &["-q"]);
    assert_eq!(code, Some(3), "{stderr}");
    assert!(
        stderr.contains("all-puzzles.md: not written by unscramble, or changed since")
            && stderr.contains("--no-snippet"),
        "{stderr}"
    );
    assert_eq!(read(&out.join("all-puzzles.md")), "# my page\n");
    // Renamed: the user's file stays, the snippet goes beside it.
    render_ok(&root, &out, &["-q", "--snippet", "all.md"]);
    assert_eq!(read(&out.join("all-puzzles.md")), "# my page\n");
    assert_eq!(read(&out.join("index.md")), "# my page bundle\n");
    assert!(read(&out.join("all.md")).contains("## Owls\n"));
    // Turned off: the one the tool wrote is removed, the user's kept.
    render_ok(&root, &out, &["-q", "--no-snippet"]);
    assert!(!out.join("all.md").exists());
    assert_eq!(read(&out.join("all-puzzles.md")), "# my page\n");
    let (code, stderr) = render(&root, &out, &["--snippet", "../x.md"]);
    assert_eq!(code, Some(2), "{stderr}");
}

#[test]
fn check_reports_a_missing_or_stale_combined_snippet() {
    let (_tmp, root, out) = site(&PUZZLES);
    render_ok(&root, &out, &["-q"]);
    fs::remove_file(out.join("all-puzzles.md")).expect("rm");
    let (code, stderr) = render(&root, &out, &["--check"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("all-puzzles.md"), "{stderr}");
    render_ok(&root, &out, &["-q"]);
    let (code, stderr) = render(&root, &out, &["--check", "--link-prefix", "/p/"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        out.join("all-puzzles.md").is_file(),
        "--check writes nothing"
    );
    assert!(!read(&out.join("all-puzzles.md")).contains("/p/"));
}

/// An output folder from before the rename: its `index.md` (the combined
/// snippet then), recorded in the root manifest, is removed by the next run
/// like any file the tool no longer makes; one the user changed is kept.
#[test]
fn an_old_combined_index_md_is_swept_on_upgrade() {
    let (_tmp, root, out) = site(&PUZZLES);
    render_ok(&root, &out, &["-q", "--snippet", "index.md"]);
    assert!(read(&out.join("index.md")).contains("## Owls\n"));
    let (code, stderr) = render(&root, &out, &["--check"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("stale: index.md (would be removed)")
            && stderr.contains("stale: all-puzzles.md (missing)"),
        "{stderr}"
    );
    let said = render_ok(&root, &out, &[]);
    assert!(!out.join("index.md").exists(), "{said}");
    assert!(read(&out.join("all-puzzles.md")).contains("## Owls\n"));
    // Changed by hand since: kept, with a word.
    render_ok(&root, &out, &["-q", "--snippet", "index.md"]);
    fs::write(out.join("index.md"), "# mine now\n").expect("write");
    let said = render_ok(&root, &out, &[]);
    assert_eq!(read(&out.join("index.md")), "# mine now\n");
    assert!(
        said.contains("index.md: kept, changed since unscramble wrote it"),
        "{said}"
    );
}

/// A puzzle that fails still has its place in the post: the combined
/// snippet names it and says it was not rendered.
#[test]
fn a_failed_puzzle_is_named_in_the_combined_snippet() {
    let (_tmp, root, out) = site(&PUZZLES);
    fs::create_dir_all(root.join("broken/input")).expect("mkdir");
    fs::write(root.join("broken/input/tile_dict.yaml"), "1: [[a, '+']]\n").expect("write");
    let (code, stderr) = render(&root, &out, &["-q"]);
    assert_eq!(code, Some(1), "{stderr}");
    let all = read(&out.join("all-puzzles.md"));
    let (_, broken) = all
        .split_once("## Broken\n\n")
        .expect("the failed puzzle's heading");
    let line = broken.lines().next().expect("a line");
    assert!(
        line.starts_with("Not rendered: the puzzle failed \\(")
            && line.contains("tile\\_dict.yaml"),
        "{all}"
    );
    assert!(all.contains("## Owls\n"), "{all}");
}

/// When no puzzle was rendered but the run files changed, the totals line
/// does not say nothing was written.
#[test]
fn the_totals_line_names_the_run_files_it_wrote() {
    let (_tmp, root, out) = site(&PUZZLES);
    render_ok(&root, &out, &["-q"]);
    let said = render_ok(&root, &out, &[]);
    assert!(said.contains("all up to date, nothing written"), "{said}");
    fs::remove_file(out.join("index.html")).expect("rm");
    let said = render_ok(&root, &out, &[]);
    assert!(!said.contains("nothing written"), "{said}");
    assert!(
        said.contains("2 puzzles up to date; wrote index.html"),
        "{said}"
    );
}

/// A blog that committed its images but not the `.unscramble-*` records:
/// `--check` compares by content, passes when every file is what the code
/// renders, and says what the missing records cost and what to commit.
#[test]
fn check_without_the_records_compares_by_content_and_says_what_to_commit() {
    let (_tmp, root, out) = site(&PUZZLES);
    render_ok(&root, &out, &["-q"]);
    let mut removed = 0;
    for f in files_below(&out) {
        let name = f.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name.starts_with(".unscramble") && name != ".unscramble-lock" {
            fs::remove_file(out.join(&f)).expect("rm");
            removed += 1;
        }
    }
    assert_eq!(removed, 3, "two puzzle manifests and the root's");
    let (code, stderr) = render(&root, &out, &["--check"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(!stderr.contains("stale:"), "{stderr}");
    assert!(
        stderr.contains("2 puzzle folders have no .unscramble-manifest.json")
            && stderr.contains("commit the .unscramble-*.json files"),
        "{stderr}"
    );
    assert!(
        !out.join("owls/.unscramble-manifest.json").exists(),
        "--check writes nothing"
    );
    // A board that differs is still found.
    // A board that differs is found, and without records a render could not
    // replace it: the message says why and what to do.
    fs::write(out.join("owls/unsolved.png"), b"not a board").expect("write");
    let (code, stderr) = render(&root, &out, &["--check"]);
    assert_ne!(code, Some(0), "{stderr}");
    assert!(
        stderr.contains("owls/unsolved.png: not written by unscramble, or changed since (move it away or delete it, then run again; this folder has no .unscramble-*.json records")
            && stderr.contains("commit them after the run"),
        "{stderr}"
    );
}

#[test]
fn a_prefix_with_another_scheme_than_the_webs_is_a_usage_error() {
    let (_tmp, root, out) = site(&PUZZLES);
    for (bad, said) in [
        // Pasted into a post whose renderer passes raw HTML, it ran in Chromium.
        (
            "javascript:top.document.body.setAttribute%28%27data-x%27,1%29//",
            "not 'javascript:'",
        ),
        ("data:text/html,x/", "not 'data:'"),
        ("&#106;avascript:x", "('&') is not allowed"),
        ("//evil.example/p/", "names a host without a scheme"),
        ("/{{%x%}}/", "('{') is not allowed"),
    ] {
        let (code, stderr) = render(&root, &out, &["--link-prefix", bad]);
        assert_eq!(code, Some(2), "{bad:?}: {stderr}");
        assert!(stderr.contains(said), "{bad}: {stderr}");
        assert!(!out.exists(), "nothing written for {bad:?}");
    }
    render_ok(
        &root,
        &out,
        &["-q", "--link-prefix", "https://cdn.example.com/p"],
    );
    assert!(read(&out.join("all-puzzles.md"))
        .contains("](https://cdn.example.com/p/owls/unsolved.png)"));
}

/// Hugo reads `{{< >}}` and `{{% %}}` in a post as shortcodes, Jekyll and
/// Eleventy read `{{ }}` and `{% %}` as Liquid, before any Markdown: a
/// puzzle folder named like one must reach the post as text.
#[test]
fn a_puzzle_named_like_a_shortcode_is_text_to_site_generators() {
    let name = "{{% param x %}} {{< y >}} {% z %}";
    let (_tmp, root, out) = site(&[name]);
    render_ok(&root, &out, &["-q", "--link-prefix", "/p/"]);
    let md = read(&out.join("all-puzzles.md"));
    for opener in ["{{", "{%", "%}", "}}"] {
        assert!(!md.contains(opener), "{opener} in {md}");
    }
    let heading = "## &#123;&#123;&#37; param x &#37;&#125;&#125; &#123;&#123;&lt; y &gt;&#125;&#125; &#123;&#37; z &#37;&#125;\n";
    assert!(md.starts_with(heading), "{md}");
    let folder =
        "/p/%7B%7B%25%20param%20x%20%25%7D%7D%20%7B%7B%3C%20y%20%3E%7D%7D%20%7B%25%20z%20%25%7D/";
    assert!(
        md.contains(&format!(
            "<iframe src=\"{folder}play.html\" title=\"Play &#123;&#123;&#37; param x &#37;&#125;&#125; &#123;&#123;&lt; y &gt;&#125;&#125; &#123;&#37; z &#37;&#125;\""
        )),
        "{md}"
    );
    assert!(
        md.contains(&format!(", unsolved board]({folder}unsolved.png)")),
        "{md}"
    );
}
