#!/usr/bin/env python3
"""Scale-out test: three cardrules replicas behind one client-side round_robin channel.

Started by scripts/scaleout-test.sh (which provides grpcio and the generated stubs):

    scaleout_test.py path/to/cardrules

Three release servers listen on the same port of three loopback addresses (127.0.0.1, .2, .3),
like three pods behind a headless Service, each with its Prometheus endpoint on the same address.
One channel with the `ipv4:` target of all three and gRPC's `round_robin` policy sends a bounded
number of Deal and ValidatePlay calls from several threads. Checks:

1. with all three up, every replica served a share of the calls (read from its metrics);
2. one replica gets SIGTERM while calls are in flight: no call fails, the replica exits 0, and the
   other two serve every call after it (it flips its health to NOT_SERVING, sends GOAWAY and stops
   accepting; the client's health watch and the connection state take it out of the rotation);
3. every answer is right (each seeded Deal equals the one asked before the run).

The channel's service config is the published one (deploy/service-config.json: a retry policy
for UNAVAILABLE and RESOURCE_EXHAUSTED, retry throttling and a default deadline per RPC family)
plus what a multi-replica target adds (see the book's Kubernetes page,
docs/src/operating/kubernetes.md): round_robin and
client-side health checking on the rules service. The retry covers the one race health checking
cannot: a call already sent on a connection whose GOAWAY is in flight. Every RPC of the service
is a pure function of its request, so retrying is always safe.
"""

import concurrent.futures
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

import grpc

from cardrules.v1 import deal_pb2, doudizhu_pb2, service_pb2_grpc

SERVICE = "cardrules.v1.CardRulesService"
REPLICAS = ["127.0.0.1", "127.0.0.2", "127.0.0.3"]
# Calls before the SIGTERM and after it (each phase bounded in count; the test stops by itself).
CALLS_BEFORE, CALLS_AFTER = 600, 600
THREADS = 6
# Time limits only stop a hung run; none decides a result on a slow machine. A call's effective
# deadline is the service config's timeout for its family when that is shorter (2 s for Deal and
# ValidatePlay: the replicas' own default per-call limit, far above a rule call's microseconds).
CALL_TIMEOUT_S = 60
PUBLISHED_CONFIG = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "deploy",
                                "service-config.json")


def service_config():
    """The published service config with round_robin and health checking over the replicas."""
    with open(PUBLISHED_CONFIG, encoding="utf-8") as f:
        config = json.load(f)
    config["loadBalancingConfig"] = [{"round_robin": {}}]
    config["healthCheckConfig"] = {"serviceName": SERVICE}
    return config


def free_port(hosts):
    """A port free on every one of the hosts."""
    while True:
        probe = socket.socket()
        probe.bind((hosts[0], 0))
        port = probe.getsockname()[1]
        probe.close()
        try:
            for host in hosts:
                s = socket.socket()
                s.bind((host, port))
                s.close()
            return port
        except OSError:
            continue


def handled(metrics_addr):
    """OK answers counted by one replica, summed over the rules service's methods."""
    with urllib.request.urlopen(f"http://{metrics_addr}/metrics", timeout=CALL_TIMEOUT_S) as answer:
        text = answer.read().decode()
    total = 0
    for line in text.splitlines():
        if line.startswith("grpc_server_handled_total{") and 'grpc_code="OK"' in line \
                and f'grpc_service="{SERVICE}"' in line:
            total += int(float(line.rsplit(" ", 1)[1]))
    return total


def main():
    binary = sys.argv[1]
    port = free_port(REPLICAS)
    metrics_port = free_port(REPLICAS)
    logs = tempfile.mkdtemp(prefix="cardrules-scaleout-")
    servers = []
    for host in REPLICAS:
        log = open(os.path.join(logs, f"{host}.log"), "wb")
        servers.append(subprocess.Popen(
            [binary, "serve", "--listen", f"{host}:{port}",
             "--metrics-listen", f"{host}:{metrics_port}", "--log-format", "json",
             "--shutdown-grace-ms", "5000",
             # Connections are also recycled (GOAWAY) every second, as a Kubernetes deployment
             # does every few minutes so that clients find new replicas: no call may fail then
             # either.
             "--max-connection-age-secs", "1"],
            stdout=log, stderr=subprocess.STDOUT))
    passes, failures = [], []

    def check(ok, what):
        print(("ok   " if ok else "FAIL ") + what, flush=True)
        (passes if ok else failures).append(what)

    try:
        for host in REPLICAS:
            deadline = time.monotonic() + 60
            while subprocess.run([binary, "healthcheck", "--addr", f"http://{host}:{port}",
                                  "--timeout-ms", "500"], capture_output=True).returncode != 0:
                if time.monotonic() > deadline or any(s.poll() is not None for s in servers):
                    sys.exit(f"replica {host} never became healthy; logs in {logs}")
                time.sleep(0.2)

        target = "ipv4:" + ",".join(f"{host}:{port}" for host in REPLICAS)
        # With several addresses in an ipv4: target the default :authority would be the whole
        # comma-separated list, which the server's HTTP/2 layer rejects (RST_STREAM
        # PROTOCOL_ERROR): name the service instead, as a dns: target of a headless Service would.
        channel = grpc.insecure_channel(target, options=[
            ("grpc.service_config", json.dumps(service_config())),
            ("grpc.default_authority", "cardrules"),
        ])
        stub = service_pb2_grpc.CardRulesServiceStub(channel)
        grpc.channel_ready_future(channel).result(timeout=CALL_TIMEOUT_S)

        # The expected answers, asked once before the run.
        seeds = list(range(1, 51))
        want = {s: stub.Deal(deal_pb2.DealRequest(game=deal_pb2.GAME_DOUDIZHU, seed=s),
                             timeout=CALL_TIMEOUT_S) for s in seeds}
        play = doudizhu_pb2.ValidatePlayRequest(hand=["3S", "3H", "3C", "4D", "9S"],
                                                play=["3S", "3H", "3C", "4D"])
        before = [handled(f"{host}:{metrics_port}") for host in REPLICAS]

        errors, wrong = [], []
        lock = threading.Lock()

        def one_call(i):
            try:
                if i % 2:
                    seed = seeds[i % len(seeds)]
                    got = stub.Deal(deal_pb2.DealRequest(game=deal_pb2.GAME_DOUDIZHU, seed=seed),
                                    timeout=CALL_TIMEOUT_S)
                    ok = got == want[seed]
                else:
                    ok = stub.ValidatePlay(play, timeout=CALL_TIMEOUT_S).legal
                if not ok:
                    with lock:
                        wrong.append(i)
            except grpc.RpcError as error:
                with lock:
                    errors.append(f"call {i}: {error.code().name} {error.details()}")

        with concurrent.futures.ThreadPoolExecutor(THREADS) as pool:
            list(pool.map(one_call, range(CALLS_BEFORE)))
            mid = [handled(f"{host}:{metrics_port}") for host in REPLICAS]
            shares = [m - b for m, b in zip(mid, before)]
            print(f"     calls per replica with all three up: {dict(zip(REPLICAS, shares))}")
            check(all(share >= CALLS_BEFORE // 10 for share in shares),
                  f"every replica served a share of the first {CALLS_BEFORE} calls")

            # SIGTERM the third replica while calls are in flight on every connection.
            victim = servers[2]
            running = [pool.submit(one_call, CALLS_BEFORE + i) for i in range(CALLS_AFTER)]
            while sum(f.done() for f in running) < CALLS_AFTER // 4:
                time.sleep(0.001)
            victim.send_signal(signal.SIGTERM)
            sent_at = sum(f.done() for f in running)
            concurrent.futures.wait(running)
            code = victim.wait(timeout=CALL_TIMEOUT_S)
            print(f"     SIGTERM to {REPLICAS[2]} after {sent_at} of the {CALLS_AFTER} later calls")

        check(code == 0, f"the replica given SIGTERM exited 0 (exit code {code})")
        check(not errors, f"no call failed across the SIGTERM ({len(errors)} failed"
              + (f", first: {errors[0]})" if errors else ")"))
        check(not wrong, f"every answer right ({len(wrong)} wrong)")
        after = [handled(f"{host}:{metrics_port}") for host in REPLICAS[:2]]
        survivors = [a - m for a, m in zip(after, mid[:2])]
        print(f"     the later {CALLS_AFTER} calls per replica: "
              f"{dict(zip(REPLICAS, survivors + [CALLS_AFTER - sum(survivors)]))} "
              f"(the last one's before or while it drained)")
        check(sum(survivors) >= CALLS_AFTER - sent_at and all(s > 0 for s in survivors),
              "the two other replicas served the calls after the SIGTERM")
        with open(os.path.join(logs, f"{REPLICAS[2]}.log"), encoding="utf-8") as log:
            text = log.read()
        check(re.search(r"SIGTERM received", text) is not None
              and "stopping anyway" not in text,
              "the stopped replica drained its calls within its shutdown grace")
        channel.close()
    finally:
        for server in servers:
            if server.poll() is None:
                server.send_signal(signal.SIGTERM)
        for server in servers:
            try:
                server.wait(timeout=CALL_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                server.kill()
    if failures:
        print(f"     server logs kept in {logs}")
    else:
        subprocess.run(["rm", "-rf", logs], check=False)
    print(f"scaleout: {len(passes)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
