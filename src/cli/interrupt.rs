//! Ctrl-C, SIGTERM and SIGHUP (a CI runner's cancel button, a closed
//! terminal) for every command that searches: the one place that ties the
//! signal to the library's cancellation.

use unscramble::kind::stop::Cancel;

/// Installs the handler: the first signal sets `cancel` and stops the
/// running searches, which end as `StopReason::Interrupted` (the caller then
/// reports what it has and exits 130); a second one quits at once with 130.
///
/// With `UNSCRAMBLE_SAY_READY` in the environment it then says so on
/// stderr, "ready for Ctrl-C": a test sends its signal after that line, not
/// after a sleep that a loaded machine can outlast (a signal before the
/// handler would kill the process instead of stopping it).
pub fn on_ctrl_c(cancel: Cancel) {
    let _ = ctrlc::set_handler(move || {
        if cancel.cancel() {
            std::process::exit(130);
        }
    });
    if std::env::var_os("UNSCRAMBLE_SAY_READY").is_some() {
        eprintln!("ready for Ctrl-C");
    }
}
