#!/usr/bin/env bash
# Builds the real Dockerfile with podman (every stage and instruction as written) and runs the
# image it makes: health, grpcurl answers, non-root uid, clean stop, image size.
#
#   scripts/container-test.sh            (as root; installs podman/buildah/debootstrap if missing)
#
# No image registry is reachable here, so the one registry base the Dockerfile names
# (RUST_IMAGE, the official rust:*-bookworm) is replaced through --build-arg by a local stand-in:
# a `debootstrap` Debian bookworm root with gcc plus a copy of this machine's Rust toolchain (the
# same version, at the same paths and environment as the official image). The runtime stage is
# `FROM scratch` and needs no base at all. The stand-in is cached between runs in its own podman
# storage under $CARDRULES_CI_CACHE (default /var/tmp/cardrules-ci), keyed by the toolchain
# version and the recipe below; so are the cargo-chef layers of the last build, so a run after a
# source edit only recompiles the crate. Everything the run starts is removed at the end: the
# container, the built image, and the layers of earlier builds.
#
# Podman settings that work on this machine (root, no systemd, cgroup v1) go in config files of
# our own named by CONTAINERS_CONF / CONTAINERS_STORAGE_CONF, so the machine's are not touched:
# overlay storage, runc, cgroupfs, file events, explicit ulimits; `--format docker` keeps the
# HEALTHCHECK; the crate downloads of the build see the host's CA bundle through a read-only
# mount, never copied into an image.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export PATH="$root/.ci/.tools/bin:$PATH"

cache=${CARDRULES_CI_CACHE:-/var/tmp/cardrules-ci}
mirror=${CARDRULES_DEBIAN_MIRROR:-http://deb.debian.org/debian}
suite=bookworm
# Bump when the stand-in's recipe below changes: the cached base is rebuilt.
recipe_version=1
ca_bundle=/etc/ssl/certs/ca-certificates.crt
image=localhost/cardrules-ci/cardrules:test
name=cardrules-ci-$$
started=$(date +%s)

say() { printf '[container %4ss] %s\n' "$(($(date +%s) - started))" "$*"; }

if [ "$(id -u)" -ne 0 ]; then
  echo "container-test: needs root (podman's overlay storage and debootstrap)" >&2
  exit 2
fi

# --- tools ---------------------------------------------------------------------------------
missing=()
for tool in podman buildah debootstrap runc; do command -v "$tool" >/dev/null || missing+=("$tool"); done
if [ "${#missing[@]}" -ne 0 ]; then
  say "installing ${missing[*]} (Debian packages)"
  apt-get update -qq
  # With their recommended packages: the set this script was tried with.
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
    podman buildah debootstrap runc uidmap fuse-overlayfs containernetworking-plugins >/dev/null
fi
command -v grpcurl >/dev/null || { echo "container-test: grpcurl not on PATH (.ci/run installs it)" >&2; exit 2; }

# --- podman configuration of our own -------------------------------------------------------
mkdir -p "$cache/storage" "$cache/run" "$cache/tmp"
cat >"$cache/storage.conf" <<EOF
[storage]
driver = "overlay"
graphroot = "$cache/storage"
runroot = "$cache/run"
EOF
cat >"$cache/containers.conf" <<EOF
[containers]
default_ulimits = ["nofile=1024:1024", "nproc=4096:4096"]
[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
EOF
export CONTAINERS_STORAGE_CONF="$cache/storage.conf" CONTAINERS_CONF="$cache/containers.conf"
export TMPDIR="$cache/tmp"
say "podman $(podman version --format '{{.Client.Version}}'), storage $cache; free disk: $(df -h --output=avail "$cache" | tail -1 | tr -d ' ')"

# --- the builder base: debootstrap + gcc + this machine's Rust toolchain --------------------
rust_version=$(rustc --version | awk '{print $2}')
sysroot=$(rustc --print sysroot)
rust_base=localhost/cardrules-ci/rust:$rust_version-$suite-r$recipe_version
if podman image exists "$rust_base"; then
  say "builder base $rust_base cached"
else
  say "making builder base $rust_base (debootstrap $suite + gcc, toolchain from $sysroot)"
  rootfs="$cache/rootfs"
  rm -rf "$rootfs"
  # The .debs are kept in $cache/debs so that a rebuilt base downloads nothing again.
  mkdir -p "$cache/debs"
  debootstrap --variant=minbase --include=gcc,libc6-dev --cache-dir="$cache/debs" \
    "$suite" "$rootfs" "$mirror" >"$cache/debootstrap.log" 2>&1 ||
    { tail -20 "$cache/debootstrap.log"; exit 1; }
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
  # Same layout as the official rust image: toolchain under RUSTUP_HOME, cargo's home (installed
  # tools such as cargo-chef go to its bin/) at CARGO_HOME, both on PATH. No rustup: the image
  # holds exactly one toolchain. Documentation (share/doc) is left out.
  toolchain=/usr/local/rustup/toolchains/$rust_version-x86_64-unknown-linux-gnu
  mkdir -p "$rootfs$toolchain" "$rootfs/usr/local/cargo/bin"
  cp -a "$sysroot/bin" "$sysroot/lib" "$rootfs$toolchain/"
  [ -d "$sysroot/libexec" ] && cp -a "$sysroot/libexec" "$rootfs$toolchain/"
  chmod -R a+rwX "$rootfs/usr/local/cargo"
  tar -C "$rootfs" -c . | podman import --quiet \
    --change "ENV RUSTUP_HOME=/usr/local/rustup" \
    --change "ENV CARGO_HOME=/usr/local/cargo" \
    --change "ENV PATH=/usr/local/cargo/bin:$toolchain/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
    --change "ENV RUST_VERSION=$rust_version" \
    --change "CMD [\"bash\"]" \
    - "$rust_base" >/dev/null
  rm -rf "$rootfs"
  # Older stand-ins (another toolchain or recipe) are no longer used.
  podman images --format '{{.Repository}}:{{.Tag}}' | grep '^localhost/cardrules-ci/rust:' |
    grep -vxF "$rust_base" | xargs -r podman rmi -f >/dev/null || true
  say "builder base made: $(podman image inspect -f '{{.Size}}' "$rust_base" | awk '{printf "%.0f MB", $1/1e6}')"
fi

[ "${1:-}" = "--base-only" ] && exit 0

# --- build the real Dockerfile --------------------------------------------------------------
cleanup() {
  podman rm -f -t 0 "$name" >/dev/null 2>&1 || true
  podman rmi -f "$image" >/dev/null 2>&1 || true
  # Layers no tagged image needs any more (those of earlier builds) go; the builder base and the
  # last build's cache (tagged below) stay.
  podman image prune -f >/dev/null 2>&1 || true
  rm -rf "${work:-}"
}
trap cleanup EXIT
work=$(mktemp -d)
commit=$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
build_args=(
  --format docker --pull=never --network host
  --volume "$ca_bundle:$ca_bundle:ro"
  --build-arg "RUST_IMAGE=$rust_base"
  --build-arg "CARDRULES_GIT_COMMIT=$commit"
)
say "building the Dockerfile (RUST_IMAGE=$rust_base, commit $commit)"
build_started=$(date +%s)
# The limit only stops a hung build; a cold one takes minutes.
if ! timeout 3600 podman build "${build_args[@]}" --tag "$image" . >"$work/build.log" 2>&1; then
  tail -40 "$work/build.log"
  echo "container: build failed"
  exit 1
fi
# Tag the builder stage (every layer is cached: no work) so the cargo-chef layers survive the
# prune at the end and the next run only recompiles what changed.
podman build "${build_args[@]}" --target builder --tag localhost/cardrules-ci/cache:builder . \
  >>"$work/build.log" 2>&1
build_s=$(($(date +%s) - build_started))
grep -E '^(STEP|--> Using cache)' "$work/build.log" | head -40 >"$work/steps.log" || true
say "built in ${build_s}s ($(grep -c 'Using cache' "$work/build.log" || true) cached steps)"

# --- run it and check it --------------------------------------------------------------------
passed=0
failed=0
check() { # name, then a command that must succeed
  local what=$1; shift
  if "$@"; then passed=$((passed + 1)); echo "ok   $what"; else failed=$((failed + 1)); echo "FAIL $what"; fi
}

size=$(podman image inspect -f '{{.Size}}' "$image")
say "image size: $size bytes ($(awk -v s="$size" 'BEGIN {printf "%.1f MB", s / 1e6}'))"
check "image is at most 40 MB ($size bytes)" test "$size" -le 40000000
check "image keeps the HEALTHCHECK (docker format)" bash -c \
  "podman image inspect -f '{{json .Config.Healthcheck}}' '$image' | grep -q healthcheck"

read -r port metrics_port < <(python3 -c '
import socket
a, b = socket.socket(), socket.socket()
a.bind(("127.0.0.1", 0)); b.bind(("127.0.0.1", 0))
print(a.getsockname()[1], b.getsockname()[1])')
addr=127.0.0.1:$port
grace_s=10
# A port other than the image's default: the HEALTHCHECK must follow CARDRULES_LISTEN. Without
# systemd podman cannot schedule the HEALTHCHECK's timer and says so on stderr (kept in run.log);
# the checks below run the healthcheck themselves with `podman healthcheck run`.
podman run --detach --name "$name" \
  --runtime runc --cgroup-manager cgroupfs --events-backend file --network host \
  --ulimit nofile=1024:1024 --ulimit nproc=4096:4096 \
  --read-only --cap-drop all --security-opt no-new-privileges \
  -e "CARDRULES_LISTEN=$addr" -e "CARDRULES_METRICS_LISTEN=127.0.0.1:$metrics_port" \
  -e "CARDRULES_SHUTDOWN_GRACE_MS=$((grace_s * 1000 / 2))" \
  "$image" >/dev/null 2>"$work/run.log" || { cat "$work/run.log"; exit 1; }

healthy() {
  for _ in $(seq 1 120); do
    out=$(podman healthcheck run "$name" 2>&1) && { echo "     podman healthcheck run: ${out:-healthy}"; return 0; }
    sleep 0.5
  done
  echo "     last answer: $out"
  return 1
}
check "podman healthcheck run reports healthy (listening on $addr)" healthy

check "grpcurl lists the services (reflection)" bash -c "
  out=\$(grpcurl -plaintext $addr list) &&
  grep -qx cardrules.v1.CardRulesService <<<\"\$out\" && grep -qx grpc.health.v1.Health <<<\"\$out\""

seeded_deal() {
  local got want
  got=$(grpcurl -plaintext -max-time 60 -d '{"game":"GAME_DOUDIZHU","seed":42}' "$addr" \
    cardrules.v1.CardRulesService/Deal) || return 1
  want=$(python3 scripts/replay_deal.py doudizhu 42) || return 1
  python3 - "$got" "$want" <<'PY'
import json, sys
got, want = json.loads(sys.argv[1]), json.loads(sys.argv[2])
hands = [h["cards"] for h in got["hands"]]
if hands != [h["cards"] for h in want["hands"]] or got["kitty"] != want["kitty"]:
    sys.exit(f"seed 42: got {hands} {got['kitty']}, want {want}")
PY
}
check "a seeded Deal equals the independent replay" seeded_deal

validate_play() {
  local out
  out=$(grpcurl -plaintext -max-time 60 -d '{"hand":["3S","3H","3C","4D","9S"],"play":["3S","3H","3C","4D"]}' \
    "$addr" cardrules.v1.CardRulesService/ValidatePlay) || return 1
  python3 - "$out" <<'PY'
import json, sys
answer = json.loads(sys.argv[1])
if answer.get("legal") is not True or answer["reading"]["type"] != "COMBO_TYPE_TRIO_WITH_SINGLE":
    sys.exit(f"ValidatePlay: {answer}")
PY
}
check "ValidatePlay answers a trio with a single as legal" validate_play

non_root() {
  local pid uids
  pid=$(podman inspect -f '{{.State.Pid}}' "$name")
  uids=$(awk '/^Uid:/ {print $2, $3, $4, $5}' "/proc/$pid/status")
  echo "     process $pid runs as uid (real, effective, saved, fs): $uids"
  [ "$uids" = "65532 65532 65532 65532" ]
}
check "the server process runs as uid 65532, not root" non_root

build_info() {
  local scrape
  scrape=$(python3 -c 'import sys, urllib.request; print(urllib.request.urlopen(sys.argv[1], timeout=30).read().decode())' \
    "http://127.0.0.1:$metrics_port/metrics") || return 1
  grep -q "^cardrules_build_info{commit=\"$commit\"" <<<"$scrape"
}
check "metrics report the build's commit ($commit)" build_info

stop_clean() {
  local t0 t1 code
  t0=$(date +%s%N)
  podman stop -t "$grace_s" "$name" >/dev/null 2>>"$work/run.log" || return 1
  t1=$(date +%s%N)
  code=$(podman inspect -f '{{.State.ExitCode}}' "$name")
  echo "     podman stop took $(((t1 - t0) / 1000000)) ms (grace ${grace_s}s), exit code $code"
  # Past the grace podman sends SIGKILL, and the exit code would be 137.
  [ "$code" -eq 0 ] && [ $(((t1 - t0) / 1000000)) -lt $((grace_s * 1000)) ]
}
check "podman stop: SIGTERM, exit code 0 within the ${grace_s}s grace" stop_clean
check "the log says it shut down on SIGTERM" bash -c "podman logs '$name' 2>&1 | grep -q 'SIGTERM received'"

if [ "$failed" -ne 0 ]; then
  echo "--- build steps ---"; cat "$work/steps.log"
  echo "--- container log ---"; podman logs "$name" 2>&1 | tail -30 || true
fi
say "done; podman storage $(du -sh "$cache/storage" 2>/dev/null | cut -f1), free disk $(df -h --output=avail "$cache" | tail -1 | tr -d ' ')"
echo "container: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
