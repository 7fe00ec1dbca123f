#!/usr/bin/env python3
"""Runs every `console` example of the book against a real cardrules binary and compares each
answer with the one the page shows.

    python3 docs/tools/check_examples.py target/release/cardrules [PAGE_OR_FOLDER ...]

(default: docs/src and README.md)

The conventions (documented for authors in docs/src/contributing.md):

* Every fenced block tagged `console` is run. A line starting with `$ ` is a command; it goes on
  over lines that end with a backslash, while a quote is open, and through a here-document. The
  lines after it, up to the next command, are its expected output (stdout and stderr together).
* Commands run with bash in a scratch copy of docs/examples/ (files a page refers to, such as
  game.json) that also holds a CA and a server and a client certificate (ca.crt, server.crt,
  server.key, client.crt, client.key), with the binary's folder first on PATH (`cardrules`).
* `localhost:50051` / `127.0.0.1:50051` is a plaintext server started here, `localhost:50443` /
  `127.0.0.1:50443` one with mutual TLS and `127.0.0.1:9090` the first one's metrics endpoint;
  in the answers, the real ports are written back as those.
* An expected output that parses as JSON values (grpcurl prints one per message) is compared as
  JSON: `...` in place of an array element matches any number of elements there (so `[a, b,
  ...]` is "starts with a, b"), `...` in place of a member of an object matches any other members,
  and the string "<varies>" matches any value (a fresh seed, a commit). Anything else is compared
  as text, line by line: a line `...` matches any number of lines and `<varies>` any text within
  a line.

Any other fenced block holding a `$ grpcurl` command is an error: every grpcurl example runs.
Exit status 0 when every example matched, 1 otherwise.
"""

import difflib
import json
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ELIDED = "\u2026elided\u2026"
VARIES = "<varies>"
PLAIN_PORT, TLS_PORT, METRICS_PORT = 50051, 50443, 9090
HEREDOC = re.compile(r"<<-?\s*'?\"?(\w+)'?\"?")


def free_ports(count):
    sockets = [socket.socket() for _ in range(count)]
    for s in sockets:
        s.bind(("127.0.0.1", 0))
    ports = [s.getsockname()[1] for s in sockets]
    for s in sockets:
        s.close()
    return ports


# --- reading the pages ------------------------------------------------------------------------


class Example:
    def __init__(self, path, line, command, expected):
        self.path, self.line, self.command, self.expected = path, line, command, expected

    def where(self):
        return f"{os.path.relpath(self.path)}:{self.line}"


def fenced_blocks(text):
    """Yields (info string, first line number of the body, body lines) for each fenced block."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        match = re.match(r"^(\s*)(```+|~~~+)\s*([^`\s]*)", lines[i])
        if not match:
            i += 1
            continue
        indent, fence, info = match.groups()
        body_start = i + 1
        j = body_start
        while j < len(lines) and not lines[j].strip().startswith(fence):
            j += 1
        yield info, body_start + 1, [line[len(indent) :] if line.startswith(indent) else line for line in lines[body_start:j]]
        i = j + 1


def command_complete(text):
    if text.endswith("\\"):
        return False
    try:
        shlex.split(text)
    except ValueError:
        return False
    return True


def parse_console(path, first_line, body):
    examples = []
    i = 0
    while i < len(body):
        if not body[i].startswith("$ "):
            raise SystemExit(f"{path}:{first_line + i}: a console block must start with a `$ ` command")
        start = i
        command = body[i][2:]
        i += 1
        while not command_complete(command) and i < len(body):
            command += "\n" + body[i]
            i += 1
        heredoc = HEREDOC.search(command)
        if heredoc:
            while i < len(body):
                command += "\n" + body[i]
                i += 1
                if body[i - 1] == heredoc.group(1):
                    break
        output = []
        while i < len(body) and not body[i].startswith("$ "):
            output.append(body[i])
            i += 1
        examples.append(Example(path, first_line + start, command, "\n".join(output)))
    return examples


def collect(roots):
    examples, errors = [], []
    paths = [p for root in roots for p in (sorted(Path(root).rglob("*.md")) if Path(root).is_dir() else [Path(root)])]
    for path in paths:
        text = path.read_text()
        for info, line, body in fenced_blocks(text):
            lang = info.split(",")[0]
            if lang == "console":
                examples.extend(parse_console(path, line, body))
            elif any(re.match(r"^\$ .*\bgrpcurl\b", b) for b in body):
                errors.append(f"{path}:{line}: a `$ grpcurl` example in a `{info or 'plain'}` block: tag it `console` so it runs")
    return examples, errors


# --- comparing ----------------------------------------------------------------------------------


def mark_elisions(text):
    """Replaces each bare `...` outside strings with a marker element (arrays) or member
    (objects), adding the commas around it that JSON needs. None if it is not JSON-like."""
    out = []
    stack = []
    i = 0
    in_string = False
    while i < len(text):
        c = text[i]
        if in_string:
            out.append(c)
            if c == "\\":
                out.append(text[i + 1])
                i += 1
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
            out.append(c)
        elif c in "[{":
            stack.append(c)
            out.append(c)
        elif c in "]}":
            if stack:
                stack.pop()
            out.append(c)
        elif text.startswith("...", i):
            if not stack:
                return None
            before = "".join(out).rstrip()
            if before and before[-1] not in ",[{":
                out.append(",")
            out.append(json.dumps(ELIDED) + (": null" if stack[-1] == "{" else ""))
            rest = text[i + 3 :].lstrip()
            if rest and rest[0] not in ",]}":
                out.append(",")
            i += 3
            continue
        else:
            out.append(c)
        i += 1
    return "".join(out)


def json_values(text):
    decoder = json.JSONDecoder()
    values, i = [], 0
    while True:
        while i < len(text) and text[i].isspace():
            i += 1
        if i == len(text):
            return values
        value, i = decoder.raw_decode(text, i)
        values.append(value)


def matches(expected, actual):
    if expected == VARIES:
        return True
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return False
        keys = [k for k in expected if k != ELIDED]
        if ELIDED not in expected and set(keys) != set(actual):
            return False
        return all(k in actual and matches(expected[k], actual[k]) for k in keys)
    if isinstance(expected, list):
        if not isinstance(actual, list):
            return False
        if ELIDED in expected:
            cut = expected.index(ELIDED)
            head, tail = expected[:cut], [e for e in expected[cut + 1 :] if e != ELIDED]
            if len(actual) < len(head) + len(tail):
                return False
            return all(matches(e, a) for e, a in zip(head, actual)) and all(
                matches(e, a) for e, a in zip(tail, actual[len(actual) - len(tail) :])
            )
        return len(expected) == len(actual) and all(matches(e, a) for e, a in zip(expected, actual))
    return type(expected) is type(actual) and expected == actual


def mismatches(expected, actual, path="answer"):
    """Where a JSON answer differs from the page, as (path, page, answer) triples."""
    if matches(expected, actual):
        return []
    if isinstance(expected, dict) and isinstance(actual, dict):
        found = [(f"{path}.{k}", expected[k], "(missing)") for k in expected if k != ELIDED and k not in actual]
        if ELIDED not in expected:
            found += [(f"{path}.{k}", "(not shown)", actual[k]) for k in actual if k not in expected]
        for k in expected:
            if k != ELIDED and k in actual:
                found += mismatches(expected[k], actual[k], f"{path}.{k}")
        return found
    if isinstance(expected, list) and isinstance(actual, list) and ELIDED not in expected and len(expected) == len(actual):
        return [m for i, (e, a) in enumerate(zip(expected, actual)) for m in mismatches(e, a, f"{path}[{i}]")]
    if isinstance(expected, list) and isinstance(actual, list) and ELIDED in expected:
        cut = expected.index(ELIDED)
        if len(actual) >= cut:
            return [m for i, (e, a) in enumerate(zip(expected[:cut], actual)) for m in mismatches(e, a, f"{path}[{i}]")] or [
                (path, expected, actual)]
    return [(path, expected, actual)]


def text_matches(expected, actual):
    pattern = ""
    for line in expected.split("\n"):
        if line.strip() == "...":
            pattern += r"(?:[^\n]*\n)*?"
        else:
            pattern += ".*?".join(re.escape(part) for part in line.split(VARIES)) + r"\n"
    return re.fullmatch(pattern, actual + "\n") is not None


def normalise(text):
    return "\n".join(line.rstrip() for line in text.strip("\n").split("\n")).strip("\n")


def compare(expected, actual):
    """None when the answer matches the page, else a list of lines saying where it differs."""
    expected, actual = normalise(expected), normalise(actual)
    marked = mark_elisions(expected)
    if marked is not None and expected[:1] in "[{":
        try:
            want = json_values(marked)
        except ValueError:
            want = None
        if want:
            try:
                got = json_values(actual)
            except ValueError:
                return diff_lines(expected, actual)
            if len(want) != len(got):
                return [f"the page shows {len(want)} JSON value(s), the answer has {len(got)}"] + diff_lines(expected, actual)
            found = [m for i, (w, g) in enumerate(zip(want, got))
                     for m in mismatches(w, g, f"answer {i + 1}" if len(want) > 1 else "answer")]
            return [f"{where}: the page shows {shown(page)}, the answer has {shown(answer)}"
                    for where, page, answer in found] or None
    return None if text_matches(expected, actual) else diff_lines(expected, actual)


def shown(value):
    text = json.dumps(value, ensure_ascii=False).replace(json.dumps(ELIDED), "...")
    return text if len(text) <= 200 else text[:200] + "..."


def diff_lines(expected, actual):
    return list(difflib.unified_diff(expected.split("\n"), actual.split("\n"), "on the page", "the answer",
                                     lineterm="", n=2))


# --- the servers --------------------------------------------------------------------------------


def make_certificates(folder):
    def openssl(*args, ext=None):
        cmd = ["openssl", *args]
        if ext:
            ext_file = folder / "ext.cnf"
            ext_file.write_text(ext)
            cmd += ["-extfile", str(ext_file)]
        subprocess.run(cmd, cwd=folder, check=True, capture_output=True)

    ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"]
    openssl("req", "-x509", *ec, "-days", "2", "-subj", "/CN=cardrules-docs-ca", "-keyout", "ca.key", "-out", "ca.crt")
    openssl("req", *ec, "-subj", "/CN=localhost", "-keyout", "server.key", "-out", "server.csr")
    openssl("x509", "-req", "-in", "server.csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial", "-days", "2",
            "-out", "server.crt", ext="subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n")
    openssl("req", *ec, "-subj", "/CN=docs-client", "-keyout", "client.key", "-out", "client.csr")
    openssl("x509", "-req", "-in", "client.csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial", "-days", "2",
            "-out", "client.crt", ext="extendedKeyUsage=clientAuth\n")
    for name in ("ca.key", "ca.srl", "server.csr", "client.csr", "ext.cnf"):
        (folder / name).unlink(missing_ok=True)


def wait_serving(binary, args, env=None):
    for _ in range(300):
        if subprocess.run([binary, "healthcheck", *args, "--timeout-ms", "500"], capture_output=True, env=env).returncode == 0:
            return
        time.sleep(0.2)
    raise SystemExit(f"the server did not answer SERVING: {binary} healthcheck {' '.join(args)}")


def main():
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    binary = str(Path(sys.argv[1]).resolve())
    docs = Path(__file__).resolve().parent.parent
    roots = sys.argv[2:] or [docs / "src", docs.parent / "README.md"]
    examples, errors = collect(roots)
    for error in errors:
        print("FAIL", error)
    if not examples:
        raise SystemExit(f"no console examples in {', '.join(map(str, roots))}")

    work = Path(tempfile.mkdtemp(prefix="cardrules-docs-"))
    shutil.copytree(docs / "examples", work, dirs_exist_ok=True)
    make_certificates(work)
    plain, tls, metrics = free_ports(3)
    servers = [
        subprocess.Popen([binary, "serve", "--listen", f"127.0.0.1:{plain}", "--metrics-listen", f"127.0.0.1:{metrics}",
                          "--request-timeout-ms", "60000"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL),
        subprocess.Popen([binary, "serve", "--listen", f"127.0.0.1:{tls}", "--tls-cert", str(work / "server.crt"),
                          "--tls-key", str(work / "server.key"), "--tls-client-ca", str(work / "ca.crt")],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL),
    ]
    try:
        wait_serving(binary, ["--addr", f"http://127.0.0.1:{plain}"])
        tls_env = dict(os.environ, CARDRULES_LISTEN=f"127.0.0.1:{tls}", CARDRULES_TLS_CERT=str(work / "server.crt"),
                       CARDRULES_HEALTHCHECK_TLS_CA=str(work / "ca.crt"),
                       CARDRULES_HEALTHCHECK_TLS_CERT=str(work / "client.crt"),
                       CARDRULES_HEALTHCHECK_TLS_KEY=str(work / "client.key"))
        wait_serving(binary, [], env=tls_env)
        env = dict(os.environ, PATH=f"{Path(binary).parent}{os.pathsep}{os.environ['PATH']}")
        to_real = [(f"{host}:{doc}", f"{host}:{real}") for host in ("localhost", "127.0.0.1")
                   for doc, real in ((PLAIN_PORT, plain), (TLS_PORT, tls), (METRICS_PORT, metrics))]
        to_doc = [(str(real), str(doc)) for doc, real in ((PLAIN_PORT, plain), (TLS_PORT, tls), (METRICS_PORT, metrics))]
        passed = failed = 0
        for example in examples:
            command = example.command
            for doc, real in to_real:
                command = command.replace(doc, real)
            try:
                run = subprocess.run(["bash", "-c", command], cwd=work, env=env, capture_output=True, text=True,
                                     timeout=300, stdin=subprocess.DEVNULL)
                actual = run.stdout + run.stderr
            except subprocess.TimeoutExpired:
                actual = "(the command did not finish within 300 s)"
            for real, doc in to_doc:
                actual = actual.replace(real, doc)
            differences = compare(example.expected, actual)
            if differences is None:
                passed += 1
                print(f"ok   {example.where()}")
            else:
                failed += 1
                print(f"FAIL {example.where()}: $ {example.command.splitlines()[0]}")
                print("\n".join("     " + line for line in differences))
        failed += len(errors)
        print(f"examples: {passed} passed, {failed} failed")
        return 0 if failed == 0 else 1
    finally:
        for server in servers:
            server.send_signal(signal.SIGTERM)
        for server in servers:
            try:
                server.wait(timeout=15)
            except subprocess.TimeoutExpired:
                server.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
