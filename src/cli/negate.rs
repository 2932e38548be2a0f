//! Every switch has a way back: `--labels` and `--no-labels`, `--no-closest`
//! and `--closest`, the last one given winning. A config file can turn a
//! switch on, and the command line must be able to turn it off again for
//! one run without editing or ignoring the whole file.
//!
//! The opposite forms are added to clap's command here, hidden (the help
//! says the rule once instead of doubling every list of options), each
//! overriding its switch; the config layer drops the file's value for a
//! switch whose opposite is on the command line.

use crate::cli::Cli;
use clap::{Arg, ArgAction, Command, CommandFactory};

/// The end of an opposite form's id: `labels` → `labels-off`.
const OFF: &str = "-off";

/// The command line as every reader sees it: [`Cli`] with the opposite forms.
pub fn command() -> Command {
    with_opposites(Cli::command())
}

/// The id of the opposite form of switch `id`.
pub fn opposite(id: &str) -> String {
    format!("{id}{OFF}")
}

fn with_opposites(cmd: Command) -> Command {
    let cmd = cmd.mut_subcommands(with_opposites);
    let taken = |long: &str| cmd.get_arguments().any(|a| a.get_long() == Some(long));
    let opposites: Vec<Arg> = cmd
        .get_arguments()
        .filter(|a| matches!(a.get_action(), ArgAction::SetTrue) && !a.is_global_set())
        .filter_map(|a| {
            let long = a.get_long()?;
            let opposite = match long.strip_prefix("no-") {
                Some(rest) => rest.to_string(),
                None => format!("no-{long}"),
            };
            // `--no-snippet`'s way back is `--snippet NAME`, which conflicts
            // with it and so wins over the file's value already.
            (!taken(&opposite)).then(|| {
                Arg::new(format!("{}{OFF}", a.get_id()))
                    .long(opposite)
                    .action(ArgAction::SetTrue)
                    .hide(true)
                    .overrides_with(a.get_id())
            })
        })
        .collect();
    cmd.args(opposites)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Cli {
        let m = command().try_get_matches_from(args).expect("parses");
        clap::FromArgMatches::from_arg_matches(&m).expect("fills")
    }

    #[test]
    fn the_last_of_a_switch_and_its_opposite_wins() {
        let labels = |args: &[&str]| match parse(args).command {
            Some(crate::cli::Command::Render(r)) => (r.labels, r.search.no_closest),
            _ => panic!("render"),
        };
        for (args, expected) in [
            (&[][..], (false, false)),
            (&["--labels"], (true, false)),
            (&["--labels", "--no-labels"], (false, false)),
            (&["--no-labels", "--labels"], (true, false)),
            (&["--no-closest", "--closest"], (false, false)),
            (&["--closest", "--no-closest"], (false, true)),
        ] {
            let argv: Vec<&str> = ["u", "render"].iter().chain(args).copied().collect();
            assert_eq!(labels(&argv), expected, "{args:?}");
        }
    }

    #[test]
    fn every_switch_but_the_global_ones_has_an_opposite() {
        fn check(cmd: &Command) {
            for a in cmd.get_arguments() {
                let switch = matches!(a.get_action(), ArgAction::SetTrue) && !a.is_hide_set();
                if !switch || a.is_global_set() || a.get_id() == "no_snippet" {
                    continue;
                }
                let id = format!("{}{OFF}", a.get_id());
                let opposite = cmd.get_arguments().find(|o| o.get_id() == id.as_str());
                assert!(
                    opposite.is_some(),
                    "{} --{:?}",
                    cmd.get_name(),
                    a.get_long()
                );
            }
            cmd.get_subcommands().for_each(check);
        }
        check(&command());
    }
}
