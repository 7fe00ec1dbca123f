# Multi-stage build: dependencies are compiled in their own cached layer (cargo-chef), the
# runtime image is distroless (glibc + libgcc, no shell) and runs as a non-root user.
ARG RUST_IMAGE=rust:1.95-bookworm
ARG RUNTIME_IMAGE=gcr.io/distroless/cc-debian12:nonroot
ARG CARGO_CHEF_VERSION=0.1.78

FROM ${RUST_IMAGE} AS chef
ARG CARGO_CHEF_VERSION
RUN cargo install cargo-chef --locked --version ${CARGO_CHEF_VERSION}
WORKDIR /app

FROM chef AS planner
COPY . .
RUN cargo chef prepare --recipe-path recipe.json

FROM chef AS builder
COPY --from=planner /app/recipe.json recipe.json
# Only Cargo.toml/Cargo.lock shape this layer, so source edits do not rebuild dependencies.
RUN cargo chef cook --release --locked --recipe-path recipe.json --bin cardrules
COPY . .
# The commit for the metrics' cardrules_build_info: .git is not in the build context, so pass it
# (--build-arg CARDRULES_GIT_COMMIT=$(git rev-parse --short=12 HEAD)); build.rs reads it.
ARG CARDRULES_GIT_COMMIT=unknown
# build.rs compiles proto/ with protox (pure Rust): no protoc needed in the image.
RUN cargo build --release --locked --bin cardrules

FROM ${RUNTIME_IMAGE}
COPY --from=builder /app/target/release/cardrules /usr/local/bin/cardrules
# distroless's "nonroot" user (uid/gid 65532); numeric so Kubernetes runAsNonRoot can verify it.
USER 65532:65532
ENV CARDRULES_LISTEN=0.0.0.0:50051 \
    CARDRULES_LOG_FORMAT=json
EXPOSE 50051
STOPSIGNAL SIGTERM
# With no --addr the healthcheck reads CARDRULES_LISTEN like `serve` does (0.0.0.0 asked as
# 127.0.0.1), so it follows a port changed with `-e CARDRULES_LISTEN=0.0.0.0:PORT`.
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
    CMD ["/usr/local/bin/cardrules", "healthcheck"]
ENTRYPOINT ["/usr/local/bin/cardrules"]
CMD ["serve"]
