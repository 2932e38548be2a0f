//! `unscramble serve`: the render `render` does, handed to the library's
//! server to run again on every change.

use crate::cli::render_cmd::RenderArgs;
use crate::cli::report::Reporter;
use clap::Args;
use std::process::ExitCode;
use std::time::Instant;
use unscramble::pipeline::batch;

#[derive(Args)]
pub struct ServeArgs {
    #[command(flatten)]
    pub render: RenderArgs,
    /// Port to listen on (0: any free port; the URL printed says which).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Address to listen on. Anything but a loopback address lets other
    /// machines read OUT and add puzzles through /new (a warning says so).
    #[arg(long, default_value = "127.0.0.1")]
    pub bind: std::net::IpAddr,
    /// Open the gallery in a browser (xdg-open, or open on macOS).
    #[arg(long)]
    pub open: bool,
    /// A host name the server also answers to (requests naming any other
    /// are refused, against DNS rebinding); localhost and the addresses
    /// always work. Repeat it, or separate names with commas.
    #[arg(long = "allow-host", value_name = "NAME", value_delimiter = ',')]
    pub allow_hosts: Vec<String>,
    /// Seconds a client may take to send a request's head.
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = seconds, hide = true)]
    pub header_timeout: std::time::Duration,
    /// Seconds a client may take to send a form's body.
    #[arg(long, value_name = "SECONDS", default_value = "60", value_parser = seconds, hide = true)]
    pub body_timeout: std::time::Duration,
    /// Open connections at most (and at most half the open-file limit).
    #[arg(long, value_name = "N", default_value_t = 256, value_parser = clap::value_parser!(u16).range(2..), hide = true)]
    pub max_connections: u16,
}

/// A timeout in seconds, 0.1 to 3600.
fn seconds(text: &str) -> Result<std::time::Duration, String> {
    let s: f64 = text
        .parse()
        .map_err(|_| format!("'{text}' is not a number of seconds"))?;
    if (0.1..=3600.0).contains(&s) {
        Ok(std::time::Duration::from_secs_f64(s))
    } else {
        Err(format!("{s} seconds is outside 0.1 to 3600"))
    }
}

pub fn run(args: ServeArgs) -> ExitCode {
    let ServeArgs {
        render: args,
        port,
        bind,
        open,
        allow_hosts,
        header_timeout,
        body_timeout,
        max_connections,
    } = args;
    crate::cli::term::set_colors(args.color);
    if args.check {
        crate::cli::term::print_error(
            "serve renders and serves; --check belongs to render (run `unscramble render --check`)",
        );
        return ExitCode::from(2);
    }
    let options = crate::cli::render_cmd::options(&args);
    let cancel = options.cancel.clone();
    // The first Ctrl-C (or SIGTERM) stops the server and any render at
    // once: the files a render writes are renamed into place whole.
    crate::cli::interrupt::on_ctrl_c(cancel.clone());
    let verbosity = crate::cli::render_cmd::verbosity(&args);
    let (jobs, note) = crate::cli::worker_threads(args.jobs);
    if let Some(note) = note.filter(|_| !args.quiet) {
        eprintln!("note: {note}");
    }
    let config = unscramble::serve::Config {
        puzzles: args.puzzles.clone(),
        out: args.out.clone(),
        bind,
        port,
        open,
        max_tile_side: args.max_tile_side,
        allow_hosts,
        limits: unscramble::serve::Limits {
            header_timeout,
            body_timeout,
            max_connections: usize::from(max_connections),
        },
    };
    let terminal = crate::cli::term::stderr_is_terminal();
    let (puzzles, out) = (args.puzzles, args.out);
    let render = move || {
        let reporter = Reporter::new(verbosity, terminal);
        let start = Instant::now();
        let run = batch::render_all(
            &puzzles,
            &out,
            &options,
            Some(jobs),
            &|n| reporter.start(n),
            &|r| reporter.done(r),
        );
        if let Ok(run) = &run {
            reporter.finish(run, false, start.elapsed());
        }
        run
    };
    match unscramble::serve::run(config, Box::new(render), cancel) {
        // Only Ctrl-C or SIGTERM stops a server, as it stops a render.
        Ok(()) => ExitCode::from(130),
        Err(failure) => {
            crate::cli::term::print_error(&failure.to_string());
            ExitCode::from(failure.exit_code())
        }
    }
}
