//! The terminal every command shares: whether stderr gets colours and
//! progress bars, and how a failure is printed.

use crate::cli::json_cmd;
use crate::cli::Color;
use std::io::IsTerminal;
use std::path::Path;
use std::process::ExitCode;

/// Whether stderr shows progress bars and colours: a terminal that is not
/// `TERM=dumb` (not a pipe or a CI log).
pub fn stderr_is_terminal() -> bool {
    std::io::stderr().is_terminal() && std::env::var("TERM").map_or(true, |t| t != "dumb")
}

/// `--color`: `auto` colours a terminal unless `NO_COLOR` is set (and not empty).
pub fn set_colors(color: Color) {
    console::set_colors_enabled_stderr(match color {
        Color::Always => true,
        Color::Never => false,
        Color::Auto => {
            stderr_is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        }
    });
}

/// Fails a command: the error on stderr, and with `--json` (`command` and
/// its puzzle given) the document saying so on stdout.
pub fn fail_json(json: Option<(&str, &Path)>, failure: json_cmd::Failure) -> ExitCode {
    if let Some((command, puzzle)) = json {
        // Failing already: the message below says what went wrong first.
        let _ = json_cmd::print(command, puzzle, Err(&failure));
    }
    fail(&failure.message)
}

/// Writes `bytes` to stdout. A reader that went away (`| head`) is not an
/// error: what it did not read is dropped and the command ends as it would
/// have, as ripgrep does. Any other failure (a full disk behind `> file`)
/// is said on stderr and fails the command (exit code 1).
pub fn print_stdout(bytes: &[u8]) -> Result<(), ExitCode> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(fail(&format!("cannot write to standard output: {e}"))),
    }
}

pub fn fail(message: &str) -> ExitCode {
    print_error(message);
    ExitCode::FAILURE
}

pub fn print_error(message: &str) {
    eprintln!(
        "{} {}",
        console::style("error:").red().bold().for_stderr(),
        unscramble::error::printable(message)
    );
}
