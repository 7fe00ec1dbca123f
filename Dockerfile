# Multi-stage build: dependencies are compiled in their own cached layer (cargo-chef); the
# runtime image is built FROM scratch (the binary, the shared libraries it links, a passwd entry:
# no shell, no package manager) and runs as a non-root user.
ARG RUST_IMAGE=rust:1.95-bookworm
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
# The runtime's whole file system, assembled here: the shared libraries the binary links (found by
# ldd, so they are exactly the glibc and libgcc it was built against) under their own paths, the
# dynamic loader, and passwd/group files naming the one user it runs as.
RUN mkdir -p /runtime/etc \
    && ldd target/release/cardrules | grep -o '/[^ ]*' | xargs -I{} cp -L --parents {} /runtime/ \
    && printf 'root:x:0:0:root:/root:/sbin/nologin\nnonroot:x:65532:65532:nonroot:/home/nonroot:/sbin/nologin\n' >/runtime/etc/passwd \
    && printf 'root:x:0:\nnonroot:x:65532:\n' >/runtime/etc/group

# FROM scratch rather than a distroless base image: the final stage then needs no registry at all,
# so CI, which reaches no registry (scripts/container-test.sh), builds and runs it exactly as
# users get it, with no stand-in base (only the builder base is replaced there); and its libraries
# always match the glibc the binary was built against (a separate runtime base could drift from
# the builder's distribution). It holds only what the server needs: it makes no outbound TLS
# calls (no CA bundle) and logs in UTC (no tzdata).
FROM scratch
COPY --from=builder /runtime/ /
COPY --from=builder /app/target/release/cardrules /usr/local/bin/cardrules
# The "nonroot" user of /etc/passwd above (uid/gid 65532, as distroless's); numeric so Kubernetes'
# runAsNonRoot can verify it.
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
