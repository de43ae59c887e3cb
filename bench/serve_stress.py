#!/usr/bin/env python3
"""Attacks on `filterocr serve`, and whether a plain page load stays fast through each.

Starts `BIN serve --port 0` with its defaults (timeouts, connection limit, upload limits) on a
temporary image set of one small generated image, a feed and a temporary directory of its
own, then runs one attack after another. Throughout each, one client loads `GET /` on a new
connection every 20 ms (as a new visitor would) and another thread samples the server's
resident memory (VmRSS, /proc/PID/status) every 50 ms. The attacks:

- slowloris: 1,000 connections, each sending a request head one byte every 5 s, and every
  5 s opening again those the server dropped, for 25 s;
- event streams: 500 clients on GET /api/feed/events for 15 s while one session recognises;
- sessions: 100 workbench sessions created by 10 clients at once (the server keeps 16);
- upload bombs: forty 20 MB uploads that are not images, 4 at a time, into one session; then
  a 10000x10000 1-bit PNG (25 KB) uploaded into each of 8 sessions.

For each attack it prints the server's worst resident memory during the attack, its peak
since the start (VmHWM), the worst and 99th-percentile `GET /` latency, how many loads took
100 ms or more or failed, and what the attack itself saw (connections dropped, answers,
bytes left in the upload folder). Then SIGTERM, and a check that the server exits in 10 s.

usage: bench/serve_stress.py BIN   (from the repository root; a few minutes at most)
"""
import http.client
import json
import os
import resource
import selectors
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tests" / "Browser"))
from hostile import bilevel_png, resident_memory  # noqa: E402

READY_TIMEOUT = 60.0
SHUTDOWN_TIMEOUT = 10.0
PROBE_INTERVAL = 0.02
SAMPLE_INTERVAL = 0.05
FAST = 0.100  # seconds: what a page load should stay under


def pgm(width, height, value=255):
    return b"P5\n%d %d\n255\n" % (width, height) + bytes([value]) * (width * height)


class Server:
    def __init__(self, binary, workdir):
        images = workdir / "images"
        images.mkdir()
        (images / "blank.pgm").write_bytes(pgm(160, 48))
        self.temporary = workdir / "tmp"
        self.temporary.mkdir()
        args = [binary, "serve", "--port", "0", "--images", str(images), "--engines", "1",
                "--feed", str(workdir / "feed.json")]
        self.process = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True,
                                        env={**os.environ, "TMPDIR": str(self.temporary)})
        self.port = None
        deadline = time.monotonic() + READY_TIMEOUT
        # Ready when it prints its address.
        for line in self.process.stdout:
            if line.startswith("workbench:"):
                self.port = int(line.rsplit(":", 1)[1].strip().strip("/").split("/")[0])
                break
            if time.monotonic() > deadline:
                break
        if self.port is None:
            self.process.kill()
            sys.exit(f"the server did not print its address: {self.process.stderr.read()}")
        threading.Thread(target=self.process.stdout.read, daemon=True).start()
        threading.Thread(target=self.process.stderr.read, daemon=True).start()

    def request(self, method, path, body=None, headers=None, timeout=120):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            connection.request(method, path, body=body, headers=headers or {})
            response = connection.getresponse()
            return response.status, response.read()
        finally:
            connection.close()

    def new_session(self):
        status, body = self.request("POST", "/api/sessions", body=b'{"image": 0}',
                                    headers={"Content-Type": "application/json"})
        return json.loads(body)["session"] if status == 201 else None

    def upload_bytes_on_disk(self):
        return sum(path.stat().st_size for path in self.temporary.rglob("*") if path.is_file())

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(timeout=SHUTDOWN_TIMEOUT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            return None


class Watch:
    """GET / every PROBE_INTERVAL and the server's VmRSS every SAMPLE_INTERVAL, until stopped."""

    def __init__(self, server):
        self.server = server
        self.latencies = []
        self.failures = 0
        self.rss = []
        self.running = True
        self.threads = [threading.Thread(target=self._probe, daemon=True),
                        threading.Thread(target=self._sample, daemon=True)]
        for thread in self.threads:
            thread.start()

    def _probe(self):
        while self.running:
            started = time.monotonic()
            try:
                status, body = self.server.request("GET", "/", timeout=10)
                if status != 200 or b"<html" not in body:
                    self.failures += 1
            except OSError:
                self.failures += 1
            self.latencies.append(time.monotonic() - started)
            time.sleep(max(0.0, PROBE_INTERVAL - (time.monotonic() - started)))

    def _sample(self):
        while self.running:
            try:
                self.rss.append(resident_memory(self.server.process.pid)[0])
            except OSError:
                pass
            time.sleep(SAMPLE_INTERVAL)

    def stop(self):
        self.running = False
        for thread in self.threads:
            thread.join()
        return self


def slowloris(server, connections=1000, seconds=25.0, byte_every=5.0):
    head = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow\r\nAccept: */*\r\n" * 20
    selector = selectors.DefaultSelector()
    state = {}  # socket -> (bytes sent, next send time)
    opened_at = {}
    dropped = 0
    refused = 0
    longest = 0.0

    def open_one(now):
        nonlocal refused
        try:
            connection = socket.create_connection(("127.0.0.1", server.port), timeout=5)
        except OSError:
            refused += 1
            return
        connection.setblocking(False)
        selector.register(connection, selectors.EVENT_READ)
        opened_at[connection] = now
        # Staggered, so that bytes arrive all the time, not in bursts.
        state[connection] = (0, now + byte_every * (len(state) % 50) / 50)

    def close_one(connection, by_server=True):
        nonlocal longest
        if by_server:
            longest = max(longest, time.monotonic() - opened_at[connection])
        opened_at.pop(connection, None)
        selector.unregister(connection)
        state.pop(connection, None)
        connection.close()

    started = time.monotonic()
    for _ in range(connections):
        open_one(started)
    next_round = started + byte_every
    while time.monotonic() - started < seconds:
        now = time.monotonic()
        for key, _ in selector.select(timeout=0.1):
            connection = key.fileobj
            try:
                closed = connection.recv(4096) == b""
            except OSError:
                closed = True
            if closed:
                dropped += 1
                close_one(connection)
        for connection, (sent, due) in list(state.items()):
            if now >= due:
                try:
                    connection.send(head[sent:sent + 1])
                    state[connection] = (sent + 1, now + byte_every)
                except OSError:
                    dropped += 1
                    close_one(connection)
        # Like slowloris itself, it opens what was dropped again on its next round.
        if now >= next_round:
            for _ in range(connections - len(state)):
                open_one(now)
            next_round = now + byte_every
    for connection in list(state):
        close_one(connection, by_server=False)
    return (f"{dropped} dropped by the server (opened again on the next round), {refused} refused, "
            f"longest held {longest:.1f} s")


def event_streams(server, clients=500, seconds=15.0):
    selector = selectors.DefaultSelector()
    opened = 0
    for _ in range(clients):
        connection = socket.create_connection(("127.0.0.1", server.port), timeout=10)
        connection.sendall(b"GET /api/feed/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
        connection.setblocking(False)
        selector.register(connection, selectors.EVENT_READ)
        opened += 1
    session = server.new_session()
    events = 0
    closed = 0
    started = time.monotonic()
    commands = iter(["blur", "original", "binarize", "original"] * 100)

    def recognise():
        while time.monotonic() - started < seconds - 1:
            server.request("POST", f"/api/sessions/{session}/commands", body=json.dumps({"command": next(commands)}).encode(),
                           headers={"Content-Type": "application/json"})
            time.sleep(0.5)
    worker = threading.Thread(target=recognise, daemon=True)
    worker.start()
    while time.monotonic() - started < seconds:
        for key, _ in selector.select(timeout=0.1):
            try:
                data = key.fileobj.recv(65536)
            except OSError:
                data = b""
            if data:
                events += data.count(b"event: feed")
            else:
                closed += 1
                selector.unregister(key.fileobj)
                key.fileobj.close()
    worker.join()
    for key in list(selector.get_map().values()):
        key.fileobj.close()
    return f"{opened} streams, {events} feed events received, {closed} closed by the server"


def sessions(server, count=100, clients=10):
    with ThreadPoolExecutor(clients) as pool:
        created = [session for session in pool.map(lambda _: server.new_session(), range(count)) if session]
    kept = sum(1 for session in created if server.request("GET", f"/api/sessions/{session}")[0] == 200)
    return f"{len(created)} created, {kept} still kept at the end"


def upload_bombs(server, count=40, megabytes=20, parallel=4):
    session = server.new_session()
    junk = os.urandom(1 << 20) * megabytes

    def send(number):
        return server.request("POST", f"/api/sessions/{session}/upload", body=junk,
                              headers={"Content-Type": "application/octet-stream", "X-Filename": f"junk{number}.png"})[0]
    with ThreadPoolExecutor(parallel) as pool:
        statuses = list(pool.map(send, range(count)))
    answers = ", ".join(f"{statuses.count(status)}x {status}" for status in sorted(set(statuses)))
    return f"{count} x {megabytes} MB: {answers}; {server.upload_bytes_on_disk() / 1e6:.1f} MB left on disk"


def pixel_bombs(server, count=8):
    bomb = bilevel_png(10000, 10000)
    statuses = []
    for _ in range(count):
        session = server.new_session()
        statuses.append(server.request("POST", f"/api/sessions/{session}/upload", body=bomb,
                                       headers={"Content-Type": "image/png", "X-Filename": "bomb.png"})[0])
    answers = ", ".join(f"{statuses.count(status)}x {status}" for status in sorted(set(statuses)))
    return f"{count} sessions x {len(bomb) / 1000:.0f} KB PNG of 10000x10000: {answers}"


ATTACKS = [
    ("slowloris, 1,000 connections", slowloris),
    ("500 event streams", event_streams),
    ("100 sessions", sessions),
    ("forty 20 MB non-image uploads", upload_bombs),
    ("10000x10000 1-bit PNG, 8 sessions", pixel_bombs),
]


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 8192)), hard))
    with tempfile.TemporaryDirectory(prefix="serve-stress-") as folder:
        server = Server(sys.argv[1], Path(folder))
        _, start_peak = resident_memory(server.process.pid)
        print(f"server started: {start_peak / 1e6:.0f} MB resident")
        print(f"{'attack':36} {'worst RSS':>10} {'VmHWM':>8} {'GET / worst':>12} {'p99':>7} {'>=100ms':>8} {'failed':>7}  result")
        healthy = True
        for name, attack in ATTACKS:
            watch = Watch(server)
            result = attack(server)
            watch.stop()
            rss, peak = resident_memory(server.process.pid)
            worst_rss = max(watch.rss + [rss])
            latencies = sorted(watch.latencies)
            p99 = latencies[int(len(latencies) * 0.99) - 1] if latencies else float("nan")
            slow = sum(1 for latency in latencies if latency >= FAST)
            healthy &= slow == 0 and watch.failures == 0
            print(f"{name:36} {worst_rss / 1e6:8.0f} MB {peak / 1e6:5.0f} MB {max(latencies) * 1000:9.1f} ms "
                  f"{p99 * 1000:5.1f} ms {slow:5}/{len(latencies):<4} {watch.failures:4}  {result}", flush=True)
        status = server.stop()
        print(f"GET / stayed under {FAST * 1000:.0f} ms throughout: {'yes' if healthy else 'no'}; "
              f"SIGTERM: {'exit ' + str(status) if status is not None else 'did not exit in 10 s'}")
        return 0 if status == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
