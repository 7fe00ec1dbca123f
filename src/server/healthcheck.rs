//! `cardrules healthcheck`: asks a server's standard health service whether it is SERVING, so a
//! container HEALTHCHECK or a Kubernetes exec probe needs no extra binary.

use std::time::Duration;

use tonic_health::pb::HealthCheckRequest;
use tonic_health::pb::health_check_response::ServingStatus;
use tonic_health::pb::health_client::HealthClient;

/// Settings of `cardrules healthcheck`.
#[derive(Clone, Debug, clap::Args)]
pub struct HealthcheckArgs {
    /// The server to ask.
    #[arg(
        long,
        env = "CARDRULES_HEALTHCHECK_ADDR",
        default_value = "http://127.0.0.1:50051"
    )]
    pub addr: String,
    /// The service to ask about; empty means the whole server.
    #[arg(long, default_value = "")]
    pub service: String,
    /// Give up after this many milliseconds.
    #[arg(long = "timeout-ms", default_value_t = 3000)]
    pub timeout_ms: u64,
}

/// `Ok` when the server answers SERVING for the service, otherwise why not.
pub async fn check(args: &HealthcheckArgs) -> Result<(), String> {
    let timeout = Duration::from_millis(args.timeout_ms);
    tokio::time::timeout(timeout, ask(args))
        .await
        .unwrap_or_else(|_| Err(format!("no answer from {} within {timeout:?}", args.addr)))
}

async fn ask(args: &HealthcheckArgs) -> Result<(), String> {
    let endpoint = tonic::transport::Endpoint::from_shared(args.addr.clone())
        .map_err(|e| format!("bad address {:?}: {e}", args.addr))?;
    let channel = endpoint
        .connect()
        .await
        .map_err(|e| format!("cannot connect to {}: {e}", args.addr))?;
    let response = HealthClient::new(channel)
        .check(HealthCheckRequest {
            service: args.service.clone(),
        })
        .await
        .map_err(|status| format!("health check failed: {status}"))?;
    match response.into_inner().status() {
        ServingStatus::Serving => Ok(()),
        other => Err(format!("{} reports {}", args.addr, other.as_str_name())),
    }
}
