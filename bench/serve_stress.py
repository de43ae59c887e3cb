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
  a 10000x10000 1-bit PNG (25 KB) uploaded into each of 8 sessions;
- hostile documents: each of scripts/hostile_documents.py's attacks (resources and forms
  nested 60,000 deep, a page count of a billion, JBIG2, CCITT, Flate, JPEG and JPEG 2000
  images that claim billions of pixels, 10,000 TIFF pages...) uploaded into a new session,
  one after another; then eight of the image bombs uploaded at once, each into its own session.

For each attack it prints the server's worst resident memory during the attack, its peak
since the start (VmHWM), the worst and 99th-percentile `GET /` latency, how many loads took
100 ms or more or failed, and what the attack itself saw (connections dropped, answers,
bytes left in the upload folder; for a document, the upload's HTTP status, its latency and
whether `GET /` answers right after). A server that dies during an attack is reported as such
and started again for the next one; one whose resident memory passes a ceiling (half the
memory available at the start, at most 16 GB, or STRESS_RSS_CEILING_MB) is killed, so that an
unbounded decoder cannot take the machine down with it. Then SIGTERM, and a check that the
server exits in 10 s. Exit status 0 when no server died and the last exited on SIGTERM.

usage: bench/serve_stress.py BIN [WORD...]   (from the repository root; a few minutes at most)
With words, only the attacks whose names contain one of them run (e.g. `upload`, `bomb`).
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
from hostile import bilevel_png, hostile_documents, resident_memory  # noqa: E402

READY_TIMEOUT = 60.0
SHUTDOWN_TIMEOUT = 10.0
PROBE_INTERVAL = 0.02
SAMPLE_INTERVAL = 0.05
FAST = 0.100  # seconds: what a page load should stay under
UPLOAD_TIMEOUT = 60.0  # seconds a document upload may take before it counts as unanswered
# The image bombs of the concurrent upload, in turn.
BOMBS = ["jbig2-bomb.pdf", "ccitt-bomb.pdf", "jpx-bomb.pdf", "dct-bomb.pdf", "flate-bomb.pdf"]


def memory_ceiling():
    """Bytes of resident memory past which the server is killed: STRESS_RSS_CEILING_MB, or half
    of what is available now, at most 16 GB."""
    if os.environ.get("STRESS_RSS_CEILING_MB"):
        return int(os.environ["STRESS_RSS_CEILING_MB"]) << 20
    with open("/proc/meminfo") as meminfo:
        fields = dict(line.split(":", 1) for line in meminfo)
    available = int(fields["MemAvailable"].split()[0]) * 1024
    return min(available // 2, 16 << 30)


def pgm(width, height, value=255):
    return b"P5\n%d %d\n255\n" % (width, height) + bytes([value]) * (width * height)


class Server:
    def __init__(self, binary, workdir):
        workdir.mkdir(parents=True, exist_ok=True)
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

    def alive(self):
        return self.process.poll() is None

    def ending(self):
        """How the server ended: 'exit N' or 'signal N'."""
        status = self.process.wait()
        return f"signal {-status}" if status < 0 else f"exit {status}"

    def upload(self, session, name, data, timeout=UPLOAD_TIMEOUT):
        """(status or None, the error message if any, seconds) of uploading `data` as `name`."""
        started = time.monotonic()
        try:
            status, body = self.request("POST", f"/api/sessions/{session}/upload", body=data,
                                        headers={"Content-Type": "application/octet-stream", "X-Filename": name},
                                        timeout=timeout)
        except (OSError, http.client.HTTPException) as error:
            return None, f"no answer ({type(error).__name__})", time.monotonic() - started
        try:
            message = json.loads(body).get("error") or ""
        except (ValueError, AttributeError):
            message = ""
        return status, message, time.monotonic() - started

    def answers(self):
        """`GET /` once: 'GET / after: 200 in 3 ms', or what went wrong."""
        started = time.monotonic()
        try:
            status, body = self.request("GET", "/", timeout=10)
        except (OSError, http.client.HTTPException) as error:
            ended = f"; the server ended ({self.ending()})" if not self.alive() else ""
            return f"GET / after: no answer ({type(error).__name__}){ended}"
        return f"GET / after: {status} in {(time.monotonic() - started) * 1000:.0f} ms"

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

    def __init__(self, server, ceiling):
        self.server = server
        self.ceiling = ceiling
        self.killed_at = None  # resident bytes when it was killed for passing the ceiling
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
                rss = resident_memory(self.server.process.pid)[0]
                self.rss.append(rss)
                if rss > self.ceiling and self.killed_at is None and self.server.alive():
                    self.killed_at = rss
                    self.server.process.kill()
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


def describe(status, message, seconds):
    if status is None:
        return f"{message} after {seconds:.1f} s"
    answer = f"HTTP {status}"
    if message:
        answer += f" ({message[:70]}{'...' if len(message) > 70 else ''})"
    return f"{answer} in {seconds:.1f} s"


def document_upload(name, data):
    """An attack: `data` uploaded as `name` into a new session."""
    def attack(server):
        session = server.new_session()
        status, message, seconds = server.upload(session, name, data)
        return f"{len(data) / 1000:.1f} KB: {describe(status, message, seconds)}; {server.answers()}"
    return attack


def concurrent_bombs(documents, count=8):
    """An attack: `count` image bombs uploaded at once, each into its own session."""
    def attack(server):
        sessions = [server.new_session() for _ in range(count)]
        names = [BOMBS[number % len(BOMBS)] for number in range(count)]
        with ThreadPoolExecutor(count) as pool:
            results = list(pool.map(lambda pair: server.upload(pair[0], pair[1], documents[pair[1]]), zip(sessions, names)))
        statuses = [f"HTTP {status}" if status is not None else message for status, message, _ in results]
        answers = ", ".join(f"{statuses.count(status)}x {status}" for status in sorted(set(statuses)))
        slowest = max(seconds for _, _, seconds in results)
        return f"{count} uploads ({', '.join(sorted(set(names)))}): {answers}; slowest {slowest:.1f} s; {server.answers()}"
    return attack


def attacks():
    documents = hostile_documents()
    return [
        ("slowloris, 1,000 connections", slowloris),
        ("500 event streams", event_streams),
        ("100 sessions", sessions),
        ("forty 20 MB non-image uploads", upload_bombs),
        ("10000x10000 1-bit PNG, 8 sessions", pixel_bombs),
    ] + [(f"upload {name}", document_upload(name, data)) for name, data in documents.items()] + [
        ("8 image bombs at once", concurrent_bombs(documents)),
    ]


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    words = sys.argv[2:]
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 8192)), hard))
    ceiling = memory_ceiling()
    with tempfile.TemporaryDirectory(prefix="serve-stress-") as folder:
        starts = 1
        server = Server(sys.argv[1], Path(folder) / "server1")
        _, start_peak = resident_memory(server.process.pid)
        print(f"server started: {start_peak / 1e6:.0f} MB resident; killed past {ceiling / 1e9:.1f} GB resident")
        print(f"{'attack':36} {'worst RSS':>10} {'VmHWM':>8} {'GET / worst':>12} {'p99':>7} {'>=100ms':>8} {'failed':>7}  result")
        healthy = True
        deaths = []
        for name, attack in attacks():
            if words and not any(word in name for word in words):
                continue
            if not server.alive():
                starts += 1
                server = Server(sys.argv[1], Path(folder) / f"server{starts}")
            watch = Watch(server, ceiling)
            try:
                result = attack(server)
            except (OSError, http.client.HTTPException, ValueError) as error:
                result = f"the attack failed: {type(error).__name__}: {error}"
            watch.stop()
            try:
                rss, peak = resident_memory(server.process.pid)
            except OSError:
                rss, peak = 0, 0
            if not server.alive():
                # VmHWM dies with the process: the samples are all there is.
                peak = max(watch.rss + [0])
                how = (f"killed at {watch.killed_at / 1e9:.1f} GB resident" if watch.killed_at
                       else f"died ({server.ending()})")
                deaths.append(f"{name}: {how}")
                result = f"SERVER {how.upper()}; {result}"
            worst_rss = max(watch.rss + [rss])
            latencies = sorted(watch.latencies) or [float("nan")]
            p99 = latencies[int(len(latencies) * 0.99) - 1] if len(latencies) > 1 else latencies[0]
            slow = sum(1 for latency in latencies if latency >= FAST)
            healthy &= slow == 0 and watch.failures == 0
            print(f"{name:36} {worst_rss / 1e6:8.0f} MB {peak / 1e6:5.0f} MB {max(latencies) * 1000:9.1f} ms "
                  f"{p99 * 1000:5.1f} ms {slow:5}/{len(watch.latencies):<4} {watch.failures:4}  {result}", flush=True)
        if not server.alive():
            # The shutdown is checked on a server that lived.
            starts += 1
            server = Server(sys.argv[1], Path(folder) / f"server{starts}")
        status = server.stop()
        print(f"GET / stayed under {FAST * 1000:.0f} ms throughout: {'yes' if healthy else 'no'}; "
              f"servers that died: {len(deaths)}{' (' + '; '.join(deaths) + ')' if deaths else ''}; "
              f"SIGTERM: {'exit ' + str(status) if status is not None else 'did not exit in 10 s'}")
        return 0 if status == 0 and not deaths else 1


if __name__ == "__main__":
    sys.exit(main())
