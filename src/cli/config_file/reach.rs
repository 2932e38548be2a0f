//! What a config file found in the current folder may not set. It comes
//! with the repository, which anyone can send a pull request to, and a
//! blog's CI runs the tool on it: so it may not reach outside the folder,
//! replace files, lift the budgets that keep one run's memory and time in
//! bounds, or open the server to the network. A file named with `--config`
//! or `UNSCRAMBLE_CONFIG` is as explicit as the command line and may; each
//! such setting is then printed, so the CI log shows it.

use clap::Arg;
use std::any::TypeId;
use std::net::IpAddr;
use std::path::{Component, Path, PathBuf};
use unscramble::error::quote;

/// Whether option `key` bounds what one run may cost (memory, time,
/// files): a found file may lower it, never raise it above the built-in
/// default.
fn is_budget(key: &str) -> bool {
    key.starts_with("max-") || key == "closest-nodes"
}

/// How a setting reaches further than a found file may.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum Reach {
    #[error("'force' would replace existing files")]
    Force,
    #[error("'allow-links-out' would read puzzle files through links out of the puzzles folder")]
    LinksOut,
    #[error("'bind' = {} would open the server to other machines", quote(.0))]
    Bind(String),
    #[error("'allow-host' = {} would let pages under those names drive the server (DNS rebinding)", quote(.0))]
    Hosts(String),
    /// The key, its value, and how it leads out.
    #[error("{} = {} {}", quote(.0), quote(.1), .2)]
    Path(String, String, Outside),
    /// The key, its value, and the default it lifts (none: any value does).
    #[error("{} = {} {}", quote(.0), .1, .2.map_or("sets a safety budget".into(), |d| format!("lifts a safety budget above its default {d}")))]
    Budget(String, String, Option<u64>),
}

/// How a path leads out of the current folder.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum Outside {
    #[error("is an absolute path")]
    Absolute,
    #[error("leads out of the current folder through '..'")]
    Up,
    #[error("goes through the symbolic link {}", quote(.0))]
    Link(String),
}

/// Whether `value` (as the command line spells it) for option `arg`,
/// named `key` in the file, reaches further than a found file may.
pub fn beyond(key: &str, arg: &Arg, value: &str) -> Option<Reach> {
    let (on, path) = (value == "true", TypeId::of::<PathBuf>());
    match key {
        "force" => on.then_some(Reach::Force),
        "allow-links-out" => on.then_some(Reach::LinksOut),
        "bind" => (!value.parse::<IpAddr>().is_ok_and(|a| a.is_loopback()))
            .then(|| Reach::Bind(value.into())),
        "allow-host" => (!value.trim().is_empty()).then(|| Reach::Hosts(value.into())),
        _ if arg.get_value_parser().type_id() == path => {
            outside(Path::new(value)).map(|why| Reach::Path(key.into(), value.into(), why))
        }
        _ if is_budget(key) => {
            let default = budget_default(key, arg);
            let lifted = budget_value(key, value)
                .zip(default)
                .is_none_or(|(v, d)| v > d);
            lifted.then(|| Reach::Budget(key.into(), value.into(), default))
        }
        _ => None,
    }
}

/// How to get what a refused setting asked for.
pub fn instead(key: &str, arg: &Arg) -> String {
    let option = match arg.get_long() {
        Some(long) if !arg.is_positional() => format!("--{long}"),
        _ => key.to_uppercase(),
    };
    format!(
        "a config file found in the current folder may not; give {option} on the command line, or name the file with --config FILE"
    )
}

/// The built-in default a budget is measured against. `--max-nodes` has none
/// of its own (it depends on the puzzle kind): the smaller of the kinds'
/// defaults, so a found file cannot raise it for any puzzle.
fn budget_default(key: &str, arg: &Arg) -> Option<u64> {
    use unscramble::kind::{domino, tiles::solve};
    match key {
        "max-nodes" => Some(solve::MAX_NODES.min(domino::MAX_NODES)),
        _ => budget_value(key, arg.get_default_values().first()?.to_str()?),
    }
}

/// A budget's value as a number: `--max-memory` is a size (`2G`), the
/// others are counts.
fn budget_value(key: &str, value: &str) -> Option<u64> {
    match key {
        "max-memory" => crate::cli::values::parse_bytes(value).ok(),
        _ => value.parse().ok(),
    }
}

/// How `path` (relative to the current folder) leads outside it, if it
/// does: absolute, up through `..`, or through a symbolic link (wherever
/// that points today, a pull request can change it).
fn outside(path: &Path) -> Option<Outside> {
    let mut depth = 0usize;
    let mut walked = PathBuf::new();
    for part in path.components() {
        match part {
            Component::Prefix(_) | Component::RootDir => return Some(Outside::Absolute),
            Component::CurDir => continue,
            Component::ParentDir if depth == 0 => return Some(Outside::Up),
            Component::ParentDir => depth -= 1,
            Component::Normal(_) => depth += 1,
        }
        walked.push(part);
        if std::fs::symlink_metadata(&walked).is_ok_and(|m| m.file_type().is_symlink()) {
            return Some(Outside::Link(walked.to_string_lossy().into_owned()));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_inside_the_folder_pass_and_others_say_why() {
        for inside in ["", ".", "output", "./static/puzzles", "a/../b", "a/b/.."] {
            assert_eq!(outside(Path::new(inside)), None, "{inside}");
        }
        for path in ["..", "a/../../b", "./a/./../.."] {
            assert_eq!(outside(Path::new(path)), Some(Outside::Up), "{path}");
        }
        assert_eq!(outside(Path::new("/srv")), Some(Outside::Absolute));
    }

    #[test]
    fn a_budget_is_beyond_only_above_its_default() {
        let said = |key: &str, default: &str, value: &str| {
            let arg = Arg::new(key.to_string()).default_value(default.to_string());
            beyond(key, &arg, value).map(|r| r.to_string())
        };
        for (key, default, value) in [
            ("max-pixels", "64000000", "64000000"),
            ("max-memory", "2560M", "512M"),
            ("max-memory", "2560M", "2684354560"),
            ("max-nodes", "", "500000000"),
            ("tile-size", "96", "1024"),
        ] {
            assert_eq!(said(key, default, value), None, "{key} = {value}");
        }
        for (key, default, value, default_said) in [
            ("max-memory", "2560M", "3G", " 2684354560"),
            ("max-memory", "2560M", "lots", " 2684354560"),
            ("max-nodes", "", "500000001", " 500000000"),
        ] {
            let said = said(key, default, value).unwrap_or_default();
            assert!(said.ends_with(default_said), "{key} = {value}: {said}");
        }
    }

    /// A budget added without a default of its own would be refused at any
    /// value: each one has a default to measure against.
    #[test]
    fn every_budget_is_an_option_with_a_default() {
        let root = crate::cli::negate::command();
        let args = root.get_subcommands().flat_map(|c| c.get_arguments());
        let budgets: Vec<(&str, &Arg)> = (args.filter(|a| !a.is_hide_set()))
            .filter_map(|a| Some((a.get_long().filter(|k| is_budget(k))?, a)))
            .collect();
        assert!(budgets.len() >= 10, "{budgets:?}");
        for (key, arg) in budgets {
            assert!(budget_default(key, arg).is_some(), "{key}");
        }
    }
}
