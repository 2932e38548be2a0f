//! The library's layers have no cycles: reading `src/**/*.rs` (the code
//! before its `#[cfg(test)]` part, without unit-test files and the binary's
//! `cli/` and `main.rs`), every `crate::a::b` path is an edge between two modules two
//! levels deep (`pipeline::batch`, `kind::tiles`), and the graph of those
//! edges must be acyclic. The order, bottom to top: error, defaults, gfx and
//! leaf helpers → kind → prepare → present → pipeline → serve.
//!
//! Beside the order, the kinds (`kind::tiles`, `kind::domino`) are siblings:
//! no kind names another anywhere in its folder, unit tests included, so
//! what two kinds share lives in `kind` or below it and each kind's folder
//! holds only its own.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const DEPTH: usize = 2;

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("src reads")
        .map(|e| e.expect("entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `src/a/b/mod.rs` → `["a", "b"]`, `src/a/c.rs` → `["a", "c"]`.
fn module_of(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

/// The longest prefix (at most [`DEPTH`] long) of `path` that is a module.
fn module_named(path: &[&str]) -> Option<String> {
    (1..=path.len().min(DEPTH)).rev().find_map(|n| {
        let rel: PathBuf = path[..n].iter().collect();
        let dir = src().join(&rel);
        (dir.is_dir() || dir.with_extension("rs").is_file()).then(|| path[..n].join("::"))
    })
}

/// Every `crate::...` path in `code`, split at `::`.
fn crate_paths(code: &str) -> Vec<Vec<&str>> {
    let mut found = Vec::new();
    for (at, _) in code.match_indices("crate::") {
        let rest = &code[at + "crate::".len()..];
        let end = rest
            .find(|c: char| !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == ':'))
            .unwrap_or(rest.len());
        let path: Vec<&str> = rest[..end]
            .split("::")
            .take_while(|p| !p.is_empty())
            .collect();
        if !path.is_empty() {
            found.push(path);
        }
    }
    found
}

fn edges() -> BTreeSet<(String, String)> {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let mut edges = BTreeSet::new();
    for file in files {
        let rel = file.strip_prefix(src()).expect("below src").to_path_buf();
        // Unit tests live in `tests.rs` and `*_tests.rs` beside their module
        // (declared under `#[cfg(test)]`): not library code.
        let stem = rel.file_stem().map(|s| s.to_string_lossy().into_owned());
        let test_file = stem.is_some_and(|s| s == "tests" || s.ends_with("_tests"));
        if rel.starts_with("cli") || rel == Path::new("main.rs") || test_file {
            continue;
        }
        let text = std::fs::read_to_string(&file).expect("source reads");
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        let from = module_of(&rel);
        let from = from[..from.len().min(DEPTH)].join("::");
        for path in crate_paths(code) {
            let Some(to) = module_named(&path) else {
                continue;
            };
            let nested = |a: &str, b: &str| a == b || a.starts_with(&format!("{b}::"));
            if !nested(&from, &to) && !nested(&to, &from) {
                edges.insert((from.clone(), to));
            }
        }
    }
    edges
}

/// A cycle in `graph`, as its modules in order, if there is one.
fn a_cycle(graph: &BTreeMap<&str, Vec<&str>>) -> Option<Vec<String>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Open,
        Done,
    }
    fn visit<'a>(
        node: &'a str,
        graph: &BTreeMap<&'a str, Vec<&'a str>>,
        marks: &mut BTreeMap<&'a str, Mark>,
        path: &mut Vec<&'a str>,
    ) -> Option<Vec<String>> {
        match marks.get(node) {
            Some(Mark::Done) => return None,
            Some(Mark::Open) => {
                let start = path.iter().position(|n| *n == node).unwrap_or(0);
                let mut cycle: Vec<String> = path[start..].iter().map(|s| s.to_string()).collect();
                cycle.push(node.to_string());
                return Some(cycle);
            }
            None => {}
        }
        marks.insert(node, Mark::Open);
        path.push(node);
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, marks, path) {
                return Some(cycle);
            }
        }
        path.pop();
        marks.insert(node, Mark::Done);
        None
    }
    let mut marks = BTreeMap::new();
    graph
        .keys()
        .find_map(|node| visit(node, graph, &mut marks, &mut Vec::new()))
}

fn graph(edges: &BTreeSet<(String, String)>) -> BTreeMap<&str, Vec<&str>> {
    let mut graph: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (a, b) in edges {
        graph.entry(a).or_default().push(b);
    }
    graph
}

#[test]
fn no_cycle_between_library_modules() {
    let all = edges();
    assert!(
        all.contains(&("pipeline::batch".into(), "pipeline::discover".into())),
        "the scan finds the batch's use of discovery: {all:?}"
    );
    if let Some(cycle) = a_cycle(&graph(&all)) {
        panic!(
            "module cycle: {} (move the type both need into the lower layer, or pass it in)",
            cycle.join(" -> ")
        );
    }
}

/// The kinds: the folders below `src/kind`.
fn kinds() -> Vec<String> {
    let mut kinds: Vec<String> = std::fs::read_dir(src().join("kind"))
        .expect("src/kind reads")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.is_dir())
        .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .collect();
    kinds.sort();
    kinds
}

/// Whether `code` names the module `name` in a path: `name::` after a
/// non-identifier character, or `name` inside a `kind::{...}` group.
fn names_module(code: &str, name: &str) -> bool {
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let word_at = |text: &str, at: usize| {
        !text[..at].ends_with(ident) && !text[at + name.len()..].starts_with(ident)
    };
    let as_path = code
        .match_indices(&format!("{name}::"))
        .any(|(at, _)| !code[..at].ends_with(ident));
    let in_group = code.match_indices("kind::{").any(|(at, m)| {
        let group = &code[at + m.len()..];
        let group = &group[..group.find('}').unwrap_or(group.len())];
        group.match_indices(name).any(|(i, _)| word_at(group, i))
    });
    as_path || in_group
}

#[test]
fn one_kind_does_not_import_another() {
    let kinds = kinds();
    assert!(
        kinds.contains(&"tiles".to_string()) && kinds.contains(&"domino".to_string()),
        "the kinds are found: {kinds:?}"
    );
    let mut found = Vec::new();
    for kind in &kinds {
        let mut files = Vec::new();
        rust_files(&src().join("kind").join(kind), &mut files);
        for file in files {
            let code = std::fs::read_to_string(&file).expect("source reads");
            for other in kinds.iter().filter(|k| *k != kind) {
                if names_module(&code, other) {
                    let rel = file.strip_prefix(src()).unwrap_or(&file).display();
                    found.push(format!("src/{rel} names kind::{other}"));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "one kind imports another (move what both use into kind/ or input/):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_kind_checker_finds_paths_and_groups_only() {
    assert!(names_module(
        "use crate::kind::tiles::render::Style;",
        "tiles"
    ));
    assert!(names_module("use super::super::tiles::solve;", "tiles"));
    assert!(names_module(
        "use crate::kind::{tiles::x, Boards};",
        "tiles"
    ));
    assert!(names_module("use crate::kind::{Boards, tiles};", "tiles"));
    assert!(!names_module(
        "rounded tiles with their dots; tiles: None,",
        "tiles"
    ));
    assert!(!names_module(
        "use crate::kind::{Boards, Kind}; x.tiles::<u8>",
        "tile"
    ));
    assert!(!names_module(
        "use crate::kind::{subtiles, Boards};",
        "tiles"
    ));
    assert!(!names_module("my_tiles::x", "tiles"));
}

/// The checker itself finds a cycle, and only a real one.
#[test]
fn the_checker_finds_cycles() {
    let set = |e: &[(&str, &str)]| -> BTreeSet<(String, String)> {
        e.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    };
    let chain = set(&[("a", "b"), ("b", "c"), ("a", "c")]);
    assert_eq!(a_cycle(&graph(&chain)), None);
    let loop_ = set(&[("a", "b"), ("b", "c"), ("c", "a")]);
    assert_eq!(
        a_cycle(&graph(&loop_)),
        Some(vec!["a".into(), "b".into(), "c".into(), "a".into()])
    );
    let code = "use crate::pipeline::output::sink::Sink; x(crate::error::quote(s))";
    assert_eq!(
        crate_paths(code),
        vec![vec!["pipeline", "output", "sink"], vec!["error", "quote"]]
    );
    assert_eq!(
        module_named(&["pipeline", "output", "sink"]).as_deref(),
        Some("pipeline::output")
    );
    assert_eq!(module_named(&["error", "quote"]).as_deref(), Some("error"));
}
