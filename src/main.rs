//! The `cardrules` command: `serve` (the default) and `healthcheck`.

#![forbid(unsafe_code)]

use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use tracing_subscriber::EnvFilter;
use tracing_subscriber::Layer as _;
use tracing_subscriber::layer::SubscriberExt as _;
use tracing_subscriber::util::SubscriberInitExt as _;

use cardrules::server::{self, ServerConfig, healthcheck};

/// Every call allocates its answer's strings, one per card or tile; mimalloc serves those small,
/// short-lived blocks in a fraction of glibc malloc's instructions.
#[global_allocator]
static ALLOCATOR: cardrules::allocator::Allocator = cardrules::allocator::Allocator;

/// A stateless gRPC rules engine for Chinese card and tile games.
#[derive(Debug, Parser)]
#[command(version, args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    serve: ServeArgs,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Serve the gRPC API (the default).
    Serve(ServeArgs),
    /// Ask a running server's health service; exit 0 when SERVING, 1 otherwise.
    Healthcheck(healthcheck::HealthcheckArgs),
}

#[derive(Clone, Debug, clap::Args)]
struct ServeArgs {
    #[command(flatten)]
    server: ServerConfig,
    /// Log line format.
    #[arg(long, env = "CARDRULES_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    log_format: LogFormat,
    /// Log filter in tracing's EnvFilter syntax ("info", "cardrules=debug,warn").
    #[arg(long, env = "CARDRULES_LOG", default_value = "info")]
    log_level: String,
    /// OpenTelemetry trace export (built with the `otel` feature).
    #[cfg(feature = "otel")]
    #[command(flatten)]
    otel: server::observe::trace::OtelArgs,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum LogFormat {
    Text,
    Json,
}

#[tokio::main]
async fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Healthcheck(args)) => match healthcheck::check(&args).await {
            Ok(()) => {
                println!("SERVING");
                ExitCode::SUCCESS
            }
            Err(why) => {
                eprintln!("{why}");
                ExitCode::FAILURE
            }
        },
        Some(Command::Serve(args)) => run(args).await,
        None => run(cli.serve).await,
    }
}

async fn run(args: ServeArgs) -> ExitCode {
    let filter = match EnvFilter::try_new(&args.log_level) {
        Ok(filter) => filter,
        Err(e) => {
            eprintln!("invalid --log-level {:?}: {e}", args.log_level);
            return ExitCode::FAILURE;
        }
    };
    let logs = tracing_subscriber::fmt::layer()
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stdout()));
    let logs = match args.log_format {
        LogFormat::Text => logs.boxed(),
        LogFormat::Json => logs.json().flatten_event(true).boxed(),
    };
    let logging = tracing_subscriber::registry().with(filter).with(logs);
    #[cfg(feature = "otel")]
    let traces = match args.otel.provider() {
        Ok(provider) => provider,
        Err(e) => {
            eprintln!("invalid --otlp-endpoint: {e}");
            return ExitCode::FAILURE;
        }
    };
    #[cfg(feature = "otel")]
    let logging = logging.with(traces.as_ref().map(server::observe::trace::layer));
    #[cfg(feature = "otel")]
    let config = ServerConfig {
        trace_calls: traces.is_some(),
        ..args.server
    };
    #[cfg(not(feature = "otel"))]
    let config = args.server;
    logging.init();

    let listener = match tokio::net::TcpListener::bind(config.listen).await {
        Ok(listener) => listener,
        Err(e) => {
            tracing::error!(listen = %config.listen, error = %e, "cannot listen");
            return ExitCode::FAILURE;
        }
    };
    // The mahjong lookup tables take about 0.1 s to build: build them before serving rather than
    // inside the first mahjong call (on a blocking thread, not a runtime worker).
    let started = std::time::Instant::now();
    if tokio::task::spawn_blocking(cardrules::mahjong::warm_up)
        .await
        .is_err()
    {
        tracing::error!("building the mahjong tables failed");
        return ExitCode::FAILURE;
    }
    tracing::info!(elapsed = ?started.elapsed(), "mahjong tables built");
    tracing::info!(listen = %config.listen, ?config, "cardrules serving");
    let code = match server::serve(&config, listener, shutdown_signal()).await {
        Ok(()) => {
            tracing::info!("stopped");
            ExitCode::SUCCESS
        }
        Err(e) => {
            tracing::error!(error = %e, "server failed");
            ExitCode::FAILURE
        }
    };
    // Send the spans still batched.
    #[cfg(feature = "otel")]
    if let Some(Err(e)) = traces.map(|provider| provider.shutdown()) {
        eprintln!("exporting the last spans: {e}");
    }
    code
}

/// Resolves on Ctrl-C or SIGTERM.
async fn shutdown_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => tracing::info!("Ctrl-C received"),
        () = terminate => tracing::info!("SIGTERM received"),
    }
}
