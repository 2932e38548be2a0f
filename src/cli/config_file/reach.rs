//! What a config file found in the current folder may not set. It comes
//! with the repository, which anyone can send a pull request to, and a
//! blog's CI runs the tool on it: so it may not reach outside the folder,
//! replace files, lift the budgets that keep one run's memory and time in
//! bounds, or open the server to the network. A file named with `--config`
//! or `UNSCRAMBLE_CONFIG` is as explicit as the command line and may; each
//! such setting is then printed, so the CI log shows it.

use clap::Arg;
use std::net::IpAddr;
use std::path::{Component, Path, PathBuf};
use unscramble::error::quote;

/// The options that bound what one run may cost (memory, time, files): a
/// found file may lower them, never raise them above the built-in default.
pub const BUDGETS: [&str; 10] = [
    "max-pixels",
    "max-memory",
    "max-output-pixels",
    "max-tile-side",
    "max-nodes",
    "closest-nodes",
    "max-images",
    "max-solutions",
    "max-frames",
    "max-events",
];

/// How a setting reaches further than a found file may.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord, thiserror::Error)]
pub enum Reach {
    #[error("'force' would replace existing files")]
    Force,
    #[error("'allow-links-out' would read puzzle files through links out of the puzzles folder")]
    LinksOut,
    #[error("'bind' = {} would open the server to other machines", quote(.0))]
    Bind(String),
    #[error("'allow-host' = {} would let pages under those names drive the server (DNS rebinding)", quote(.0))]
    Hosts(String),
    #[error("{} = {} {why}", quote(.key), quote(.value))]
    Path {
        key: String,
        value: String,
        why: Outside,
    },
    #[error("{} = {value} {}", quote(.key), .default.map_or("sets a safety budget".to_string(), |d| format!("lifts a safety budget above its default {d}")))]
    Budget {
        key: String,
        value: String,
        default: Option<u64>,
    },
}

/// How a path leads out of the current folder.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord, thiserror::Error)]
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
    let (key_, value_) = (key.to_string(), value.to_string());
    match key {
        "force" => (value == "true").then_some(Reach::Force),
        "allow-links-out" => (value == "true").then_some(Reach::LinksOut),
        "bind" => {
            let loopback = value.parse::<IpAddr>().is_ok_and(|a| a.is_loopback());
            (!loopback).then_some(Reach::Bind(value_))
        }
        "allow-host" => (!value.trim().is_empty()).then_some(Reach::Hosts(value_)),
        _ if arg.get_value_parser().type_id() == std::any::TypeId::of::<PathBuf>() => {
            outside(Path::new(value)).map(|why| Reach::Path {
                key: key_,
                value: value_,
                why,
            })
        }
        _ if BUDGETS.contains(&key) => {
            let default = budget_default(key, arg);
            let lifted = match (budget_value(key, value), default) {
                (Ok(v), Some(d)) => v > d,
                _ => true,
            };
            lifted.then_some(Reach::Budget {
                key: key_,
                value: value_,
                default,
            })
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
pub fn budget_default(key: &str, arg: &Arg) -> Option<u64> {
    if key == "max-nodes" {
        return Some(
            unscramble::kind::tiles::solve::MAX_NODES.min(unscramble::kind::domino::MAX_NODES),
        );
    }
    let default = arg.get_default_values().first()?;
    budget_value(key, default.to_str()?).ok()
}

/// A budget's value as a number: `--max-memory` is a size (`2G`), the
/// others are counts.
fn budget_value(key: &str, value: &str) -> Result<u64, String> {
    if key == "max-memory" {
        return crate::cli::values::parse_bytes(value);
    }
    value.parse::<u64>().map_err(|e| e.to_string())
}

/// How `path` (relative to the current folder) leads outside it, if it
/// does: absolute, up through `..`, or through a symbolic link (wherever
/// that points today, a pull request can change it).
pub fn outside(path: &Path) -> Option<Outside> {
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
        for (path, why) in [
            ("/srv/site", Outside::Absolute),
            ("..", Outside::Up),
            ("../site", Outside::Up),
            ("a/../../b", Outside::Up),
            ("./a/./../..", Outside::Up),
        ] {
            assert_eq!(outside(Path::new(path)), Some(why), "{path}");
        }
    }

    #[test]
    fn force_bind_and_budgets_are_beyond_only_when_they_reach_further() {
        let said =
            |key: &str, arg: &Arg, value: &str| beyond(key, arg, value).map(|r| r.to_string());
        let flag = Arg::new("force").long("force");
        assert_eq!(beyond("force", &flag, "true"), Some(Reach::Force));
        assert_eq!(beyond("force", &flag, "false"), None);
        let trust = Arg::new("allow-links-out").long("allow-links-out");
        assert_eq!(
            beyond("allow-links-out", &trust, "true"),
            Some(Reach::LinksOut)
        );
        assert_eq!(beyond("allow-links-out", &trust, "false"), None);
        let bind = Arg::new("bind").long("bind");
        assert_eq!(beyond("bind", &bind, "127.0.0.1"), None);
        assert_eq!(beyond("bind", &bind, "::1"), None);
        assert!(said("bind", &bind, "0.0.0.0").is_some_and(|p| p.contains("other machines")));
        let hosts = Arg::new("allow-host").long("allow-host");
        assert!(said("allow-host", &hosts, "rebind.evil.example")
            .is_some_and(|p| p.contains("DNS rebinding")));
        let pixels = Arg::new("max-pixels").default_value("64000000");
        assert_eq!(beyond("max-pixels", &pixels, "64000000"), None);
        assert_eq!(beyond("max-pixels", &pixels, "1000"), None);
        let lifted = said("max-pixels", &pixels, "64000001").unwrap_or_default();
        assert!(lifted.contains("above its default 64000000"), "{lifted}");
        let memory = Arg::new("max-memory").default_value("2560M");
        for lower in ["2560M", "512M", "1000000"] {
            assert_eq!(beyond("max-memory", &memory, lower), None, "{lower}");
        }
        let lifted = said("max-memory", &memory, "3G").unwrap_or_default();
        assert!(lifted.contains("above its default 2684354560"), "{lifted}");
        assert!(beyond("max-memory", &memory, "lots").is_some());
        let nodes = Arg::new("max-nodes");
        assert_eq!(beyond("max-nodes", &nodes, "500000000"), None);
        assert!(beyond("max-nodes", &nodes, "500000001").is_some());
        let other = Arg::new("tile-size").default_value("96");
        assert_eq!(beyond("tile-size", &other, "1024"), None);
    }

    /// A budget added without a default of its own would be refused at any
    /// value: each one named has a default to measure against.
    #[test]
    fn every_budget_is_an_option_with_a_default() {
        let root = crate::cli::negate::command();
        for key in BUDGETS {
            let args: Vec<&Arg> = root
                .get_subcommands()
                .flat_map(|c| c.get_arguments())
                .filter(|a| a.get_long() == Some(key))
                .collect();
            assert!(!args.is_empty(), "{key}");
            for arg in args {
                assert!(budget_default(key, arg).is_some(), "{key}");
            }
        }
    }
}
