#!/usr/bin/env python3
"""Load on `filterocr serve`: many watch pages and several busy workbench tabs at once.

Starts `BIN serve --port 0` on images/ with a feed in a temporary folder, then, in one run:

- creates --sessions workbench sessions on small images of the set and warms each one's
  render cache (blur, original, binarize, original);
- runs two identical rounds of --seconds each. In a round, --watchers clients follow
  GET /api/feed/events (server-sent events) while every session loops over commands the
  cache answers (blur, original, binarize, original) and one more client loops over
  GET /api/images as the reference cost of an HTTP round trip under the same load. Every
  command's recognition updates the feed, so the watchers get a steady stream of events;
- records each command's latency and whether its report says `"cached": true`, non-2xx
  answers and connection errors, and for every event the receive time minus the snapshot's
  `updatedAt` (the fan-out latency: an upper bound, since `updatedAt` is when the
  recognition finished, before the atomic feed write and the server's 50 ms poll of the file);
- after the load, keeps the watchers until every one has the last command's snapshot (the
  feed is written from a queue, which can fall behind), then hangs up every client;
- reads the server's RSS (VmRSS) after the warm-up, at the end of each round's load, and
  after each round's clients have all disconnected and 2 s have passed, with the number of
  sockets the server still has open then (1, its listener, when it noticed every hang-up).

Prints a summary, then stops the server with SIGTERM and checks that it exits within 10 s.
Exit status 1 if any request or event stream failed, if the RSS after round 2 is more than
20% above the RSS after round 1, or if the server did not exit cleanly; the reasons are
printed.

usage: bench/serve_load.py BIN [--seconds 30] [--watchers 50] [--sessions 10] [--images images]
(from the repository root)
"""
import argparse
import http.client
import json
import math
import os
import selectors
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from datetime import datetime

ROUNDS = 2
IDLE_SECONDS = 2.0
READY_TIMEOUT = 60.0
SHUTDOWN_TIMEOUT = 10.0
HTTP_TIMEOUT = 30.0
CATCH_UP_TIMEOUT = 120.0
CATCH_UP_POLL_SECONDS = 0.02
RSS_GROWTH_LIMIT = 0.20
WARM_COMMANDS = ["blur", "original", "binarize", "original"]
LOAD_COMMANDS = ["blur", "original", "binarize", "original"]
# Small images of the set, in order of preference; never the 12-megapixel photo.
SMALL_IMAGES = ["receipt.png", "price_tag.bmp", "form.png", "app_screenshot.png", "slide.gif",
                "sticker_alpha.png", "street_sign.jpg", "book_page.png", "exam_page.tif"]
LARGE_IMAGES = {"document_photo_12mp.jpg"}


# MARK: - Statistics


def percentile(values, fraction):
    """The nearest-rank percentile of `values` (0 < fraction <= 1), or None when empty."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, min(len(ordered), math.ceil(fraction * len(ordered))))
    return ordered[rank - 1]


def milliseconds(seconds):
    """`seconds` as milliseconds for printing, '-' when there is no value."""
    return "-" if seconds is None else f"{seconds * 1000:.1f}"


# MARK: - The server


class Server:
    """One `filterocr serve` process on a free port, with its feed in a temporary folder."""

    def __init__(self, binary, images, folder):
        self.folder = folder
        self.stderr_path = os.path.join(folder, "server.stderr")
        self.feed_path = os.path.join(folder, "topwords.json")
        self.command = [binary, "serve", "--port", "0", "--images", images, "--feed", self.feed_path]
        self.process = None
        self.host = None
        self.port = None
        self.ready_seconds = None

    def start(self):
        """Starts the process and waits for its `workbench: URL` line, which it prints once
        the port is bound."""
        start = time.monotonic()
        with open(self.stderr_path, "wb") as stderr:
            self.process = subprocess.Popen(self.command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                            stderr=stderr)
        url = self._read_ready_line(start + READY_TIMEOUT)
        self.ready_seconds = time.monotonic() - start
        address = url.split("//", 1)[1].split("/", 1)[0]
        self.host, port = address.rsplit(":", 1)
        self.port = int(port)
        return url

    def _read_ready_line(self, deadline):
        """The URL of the `workbench:` line of standard output, read until `deadline`."""
        selector = selectors.DefaultSelector()
        selector.register(self.process.stdout, selectors.EVENT_READ)
        pending = b""
        try:
            while True:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise RuntimeError(f"the server printed no 'workbench:' line in {READY_TIMEOUT:.0f} s")
                if not selector.select(remaining):
                    continue
                data = os.read(self.process.stdout.fileno(), 4096)
                if not data:
                    raise RuntimeError(f"the server exited before it was ready (status {self.process.wait()}): "
                                       + self.stderr_text().strip())
                pending += data
                for line in pending.split(b"\n")[:-1]:
                    text = line.decode(errors="replace").strip()
                    if text.startswith("workbench:"):
                        return text.split(None, 1)[1]
        finally:
            selector.close()

    def rss_mb(self):
        """The resident set size (VmRSS) in megabytes."""
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        raise RuntimeError("no VmRSS in /proc/PID/status")

    def sockets(self):
        """How many sockets the process has open (the listener plus connections)."""
        count = 0
        folder = f"/proc/{self.process.pid}/fd"
        for name in os.listdir(folder):
            try:
                if os.readlink(os.path.join(folder, name)).startswith("socket:"):
                    count += 1
            except OSError:
                pass
        return count

    def stderr_text(self):
        """What the server wrote to standard error so far."""
        try:
            with open(self.stderr_path, errors="replace") as stderr:
                return stderr.read()
        except OSError:
            return ""

    def stop(self, timeout=SHUTDOWN_TIMEOUT):
        """Sends SIGTERM and waits up to `timeout`: the exit status, or None if the server
        was still running then (it is killed, so nothing is left behind)."""
        if self.process.poll() is not None:
            return self.process.returncode
        self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            return None

    def kill(self):
        """Ends the process at once if it still runs (on a failure of the benchmark itself)."""
        if self.process and self.process.poll() is None:
            self.process.kill()
            self.process.wait()

    def connection(self):
        """A new keep-alive HTTP connection to the server."""
        return http.client.HTTPConnection(self.host, self.port, timeout=HTTP_TIMEOUT)


# MARK: - JSON client


class JsonClient:
    """Requests on one keep-alive connection; reconnects after a failed one."""

    def __init__(self, server):
        self.server = server
        self.connection = None

    def request(self, method, path, body=None):
        """(status, parsed JSON or None, seconds). Raises OSError or HTTPException when the
        connection fails, after dropping it so that the next request reconnects."""
        if self.connection is None:
            self.connection = self.server.connection()
        headers = {}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        start = time.perf_counter()
        try:
            self.connection.request(method, path, body=data, headers=headers)
            response = self.connection.getresponse()
            payload = response.read()
        except (OSError, http.client.HTTPException):
            self.close()
            raise
        elapsed = time.perf_counter() - start
        if response.will_close:
            self.close()
        try:
            parsed = json.loads(payload) if payload else None
        except ValueError:
            parsed = None
        return response.status, parsed, elapsed

    def close(self):
        """Closes the connection, if any."""
        if self.connection is not None:
            self.connection.close()
            self.connection = None


# MARK: - Watchers


@dataclass
class WatcherStats:
    """What one event-stream client saw."""
    events: int = 0
    latencies: list = field(default_factory=list)
    arrivals: dict = field(default_factory=dict)
    duplicates: int = 0
    errors: list = field(default_factory=list)
    first_sequence: int = None
    last_sequence: int = None
    newest_update: float = None


class Watcher(threading.Thread):
    """A watch page: follows GET /api/feed/events and times every event it receives.

    The first event of the stream is the snapshot the server already had (sent at once to a
    new subscriber); it is counted as replayed and not timed. Every later one is timed:
    receive time minus the snapshot's `updatedAt`."""

    def __init__(self, server, connected):
        super().__init__(daemon=True)
        self.server = server
        self.connected = connected
        self.stats = WatcherStats()
        self.stopping = threading.Event()
        self.socket = None

    def run(self):
        connection = self.server.connection()
        try:
            connection.connect()
            self.socket = connection.sock
            connection.request("GET", "/api/feed/events", headers={"Accept": "text/event-stream"})
            response = connection.getresponse()
            if response.status != 200:
                self.stats.errors.append(f"GET /api/feed/events answered {response.status}")
                return
            content_type = response.getheader("Content-Type", "")
            if not content_type.startswith("text/event-stream"):
                self.stats.errors.append(f"event stream's Content-Type is {content_type!r}")
            self.connected.release()
            self.connected = None
            self._read_events(response)
        except (OSError, http.client.HTTPException) as error:
            if not self.stopping.is_set():
                self.stats.errors.append(f"event stream failed: {type(error).__name__}: {error}")
        finally:
            if self.connected is not None:
                self.connected.release()
            connection.close()

    def _read_events(self, response):
        """Splits the stream into blocks at blank lines and handles each as it arrives."""
        pending = b""
        while True:
            data = response.read1(65536)
            received = time.time()
            if not data:
                if not self.stopping.is_set():
                    self.stats.errors.append("the server ended the event stream")
                return
            pending += data.replace(b"\r\n", b"\n")
            while b"\n\n" in pending:
                block, pending = pending.split(b"\n\n", 1)
                self._handle(block.decode(errors="replace"), received)

    def _handle(self, block, received):
        """One block of lines: a `feed` event, a comment (keep-alive) or a `retry` field."""
        event_type, data_lines, event_id = "message", [], None
        for line in block.split("\n"):
            if line.startswith(":"):
                continue
            name, _, value = line.partition(":")
            value = value[1:] if value.startswith(" ") else value
            if name == "event":
                event_type = value
            elif name == "data":
                data_lines.append(value)
            elif name == "id":
                event_id = value
        if not data_lines:
            return
        if event_type != "feed":
            self.stats.errors.append(f"unexpected event type {event_type!r}")
            return
        try:
            snapshot = json.loads("\n".join(data_lines))
            sequence = snapshot["sequence"]
            updated = datetime.fromisoformat(snapshot["updatedAt"]).timestamp()
        except (ValueError, KeyError, TypeError) as error:
            self.stats.errors.append(f"unreadable feed event: {error}")
            return
        if event_id is not None and event_id != str(sequence):
            self.stats.errors.append(f"event id {event_id} but sequence {sequence}")
        self._count(sequence, received, received - updated)
        self.stats.newest_update = max(updated, self.stats.newest_update or updated)

    def _count(self, sequence, received, latency):
        """Counts one snapshot: the first is the replay; a sequence may repeat (the file
        was replaced between the server's stat and its read) but never go back."""
        stats = self.stats
        if stats.last_sequence is None:
            stats.first_sequence = stats.last_sequence = sequence
            return
        if sequence < stats.last_sequence:
            stats.errors.append(f"sequence went back from {stats.last_sequence} to {sequence}")
        elif sequence == stats.last_sequence:
            stats.duplicates += 1
        stats.last_sequence = max(stats.last_sequence, sequence)
        stats.events += 1
        stats.latencies.append(latency)
        stats.arrivals.setdefault(sequence, received)

    def stop(self):
        """Hangs up: shuts the socket down so that the blocked read returns."""
        self.stopping.set()
        if self.socket is not None:
            try:
                self.socket.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


def start_watchers(server, count):
    """Starts `count` watchers and waits until each has its stream open (or has failed)."""
    connected = threading.Semaphore(0)
    watchers = [Watcher(server, connected) for _ in range(count)]
    for watcher in watchers:
        watcher.start()
    deadline = time.monotonic() + HTTP_TIMEOUT
    for _ in watchers:
        if not connected.acquire(timeout=max(0.0, deadline - time.monotonic())):
            raise RuntimeError(f"the event streams did not all open within {HTTP_TIMEOUT:.0f} s")
    return watchers


def wait_for_watchers(watchers, since, timeout=CATCH_UP_TIMEOUT):
    """Waits until every watcher has received a snapshot whose `updatedAt` is at or after
    `since` (a wall-clock time, rounded down to the milliseconds `updatedAt` has): the
    seconds waited, or None if one still had not after `timeout`.

    The feed is written from a first-in first-out queue, so a snapshot as new as the last
    command means that every earlier one was written too."""
    since = int(since * 1000) / 1000
    start = time.monotonic()
    while True:
        newest = [watcher.stats.newest_update for watcher in watchers if watcher.is_alive()]
        if all(update is not None and update >= since for update in newest):
            return time.monotonic() - start
        if time.monotonic() - start > timeout:
            return None
        time.sleep(CATCH_UP_POLL_SECONDS)


def stop_watchers(watchers):
    """Hangs up every watcher and waits for its thread."""
    for watcher in watchers:
        watcher.stop()
    for watcher in watchers:
        watcher.join(HTTP_TIMEOUT)


# MARK: - Workbench sessions


@dataclass
class CommandStats:
    """The commands of one client over one round."""
    requests: int = 0
    latencies: list = field(default_factory=list)
    cached: int = 0
    recognitions: int = 0
    bad_status: int = 0
    connection_errors: int = 0
    examples: list = field(default_factory=list)

    def add_error(self, text):
        """Keeps the first few error messages, for the report."""
        if len(self.examples) < 3:
            self.examples.append(text)


class WorkbenchTab:
    """One workbench session, driven like a tab that keeps switching filters."""

    def __init__(self, server, image_id, image_name):
        self.client = JsonClient(server)
        self.image_id = image_id
        self.image_name = image_name
        self.session = None
        self.last_sent = None

    def create(self):
        """POST /api/sessions on the tab's image."""
        status, answer, _ = self.client.request("POST", "/api/sessions", {"image": self.image_id})
        if status != 201 or not answer or "session" not in answer:
            raise RuntimeError(f"POST /api/sessions for {self.image_name} answered {status}: {answer}")
        self.session = answer["session"]

    def command(self, line):
        """(status, outputs, seconds) of one command."""
        status, answer, elapsed = self.client.request("POST", f"/api/sessions/{self.session}/commands",
                                                      {"command": line})
        return status, (answer or {}).get("outputs", []), elapsed

    def warm(self):
        """Runs each of the warm-up commands once, so that the loop's are all cached."""
        for line in WARM_COMMANDS:
            status, _, _ = self.command(line)
            if status != 200:
                raise RuntimeError(f"warming {self.image_name}: {line!r} answered {status}")

    def load(self, deadline):
        """Cycles through the load commands until `deadline`: the round's CommandStats."""
        stats = CommandStats()
        index = 0
        while time.monotonic() < deadline:
            line = LOAD_COMMANDS[index % len(LOAD_COMMANDS)]
            index += 1
            stats.requests += 1
            self.last_sent = time.time()
            try:
                status, outputs, elapsed = self.command(line)
            except (OSError, http.client.HTTPException) as error:
                stats.connection_errors += 1
                stats.add_error(f"{line}: {type(error).__name__}: {error}")
                continue
            if not 200 <= status < 300:
                stats.bad_status += 1
                stats.add_error(f"{line}: status {status}")
                continue
            stats.latencies.append(elapsed)
            for output in outputs:
                if output.get("kind") == "recognition":
                    stats.recognitions += 1
                    stats.cached += output.get("cached") is True
        return stats

    def delete(self):
        """DELETE /api/sessions/{session}, as the page does when its tab closes."""
        status, _, _ = self.client.request("DELETE", f"/api/sessions/{self.session}")
        self.client.close()
        return status


def reference_load(server, deadline):
    """GET /api/images in a loop until `deadline`: the cost of a plain round trip."""
    client = JsonClient(server)
    stats = CommandStats()
    while time.monotonic() < deadline:
        stats.requests += 1
        try:
            status, _, elapsed = client.request("GET", "/api/images")
        except (OSError, http.client.HTTPException) as error:
            stats.connection_errors += 1
            stats.add_error(f"GET /api/images: {type(error).__name__}: {error}")
            continue
        if 200 <= status < 300:
            stats.latencies.append(elapsed)
        else:
            stats.bad_status += 1
            stats.add_error(f"GET /api/images: status {status}")
    client.close()
    return stats


def choose_images(server, count):
    """(id, name) for `count` sessions: small images of the set, repeated as needed."""
    status, answer, _ = JsonClient(server).request("GET", "/api/images")
    if status != 200 or not answer:
        raise RuntimeError(f"GET /api/images answered {status}")
    by_name = {entry["name"]: entry["id"] for entry in answer["images"]}
    small = [(by_name[name], name) for name in SMALL_IMAGES if name in by_name]
    if not small:
        small = [(number, name) for name, number in by_name.items() if name not in LARGE_IMAGES]
    if not small:
        raise RuntimeError("the image set has no small image to load the server with")
    return [small[index % len(small)] for index in range(count)]


def in_parallel(function, items):
    """`function(item)` for every item, each on a thread of its own: the results in order.
    The first exception raised is raised again here, after all threads ended."""
    results = [None] * len(items)
    failures = []

    def call(index, item):
        try:
            results[index] = function(item)
        except Exception as error:  # reported by the caller
            failures.append(error)

    threads = [threading.Thread(target=call, args=(index, item), daemon=True) for index, item in enumerate(items)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        raise failures[0]
    return results


# MARK: - Rounds


@dataclass
class RoundResult:
    """Everything measured in one round."""
    seconds: float
    catch_up: float
    commands: list
    reference: CommandStats
    watchers: list
    rss_end_of_load: float
    rss_idle: float
    sockets_idle: int

    def command_totals(self):
        """The session clients' CommandStats summed."""
        total = CommandStats()
        for stats in self.commands:
            total.requests += stats.requests
            total.latencies += stats.latencies
            total.cached += stats.cached
            total.recognitions += stats.recognitions
            total.bad_status += stats.bad_status
            total.connection_errors += stats.connection_errors
            total.examples += stats.examples
        return total

    def watcher_errors(self):
        """Every event stream's errors, in one list."""
        return [error for watcher in self.watchers for error in watcher.errors]

    def error_count(self):
        """Failed requests and event streams, all clients together."""
        commands = self.command_totals()
        return (commands.bad_status + commands.connection_errors + self.reference.bad_status
                + self.reference.connection_errors + len(self.watcher_errors()))


def run_round(server, tabs, watcher_count, seconds):
    """Opens the watchers, loads the sessions and the reference client for `seconds`, reads
    the RSS, waits for the watchers to catch up with the last command, hangs up every client,
    waits IDLE_SECONDS and reads the RSS again."""
    watchers = start_watchers(server, watcher_count)
    start = time.monotonic()
    deadline = start + seconds
    reference = {}
    reference_thread = threading.Thread(target=lambda: reference.update(stats=reference_load(server, deadline)),
                                        daemon=True)
    reference_thread.start()
    commands = in_parallel(lambda tab: tab.load(deadline), tabs)
    reference_thread.join()
    elapsed = time.monotonic() - start
    rss_end = server.rss_mb()
    # The watchers stay until they have the last command's snapshot, so that they see the
    # tail of the feed's queue and the next round starts with the feed caught up.
    catch_up = wait_for_watchers(watchers, max(tab.last_sent for tab in tabs if tab.last_sent is not None))
    stop_watchers(watchers)
    for tab in tabs:
        tab.client.close()
    time.sleep(IDLE_SECONDS)  # a measurement interval: the server settles with no client at all
    return RoundResult(seconds=elapsed, catch_up=catch_up, commands=commands, reference=reference["stats"],
                       watchers=[watcher.stats for watcher in watchers], rss_end_of_load=rss_end,
                       rss_idle=server.rss_mb(), sockets_idle=server.sockets())


# MARK: - Report


def delivery_spreads(watchers):
    """For each snapshot that several watchers received: the last one's receive time minus
    the first one's. This leaves out the wait for the feed write and the poll, which all
    watchers share, and keeps the server's broadcast (and this client's own scheduling)."""
    arrivals = {}
    for watcher in watchers:
        for sequence, received in watcher.arrivals.items():
            arrivals.setdefault(sequence, []).append(received)
    return [max(times) - min(times) for times in arrivals.values() if len(times) > 1]


def round_rows(result):
    """The summary's rows for one round: (label, value) in printing order."""
    commands = result.command_totals()
    reference = result.reference
    events = [watcher.events for watcher in result.watchers]
    fanout = [latency for watcher in result.watchers for latency in watcher.latencies]
    spreads = delivery_spreads(result.watchers)
    sequences = [watcher.last_sequence for watcher in result.watchers if watcher.last_sequence is not None]
    firsts = [watcher.first_sequence for watcher in result.watchers if watcher.first_sequence is not None]
    cached = f"{commands.cached}/{commands.recognitions}"
    if commands.recognitions:
        cached += f" ({100 * commands.cached / commands.recognitions:.1f}%)"
    return [
        ("session commands", f"{commands.requests} ({commands.requests / result.seconds:.0f}/s)"),
        ("  non-2xx / connection errors", f"{commands.bad_status} / {commands.connection_errors}"),
        ("  cached reports", cached),
        ("  latency p50 / p99 (ms)",
         f"{milliseconds(percentile(commands.latencies, 0.5))} / {milliseconds(percentile(commands.latencies, 0.99))}"),
        ("  latency max (ms)", milliseconds(max(commands.latencies, default=None))),
        ("GET /api/images (reference)", f"{reference.requests} ({reference.requests / result.seconds:.0f}/s)"),
        ("  non-2xx / connection errors", f"{reference.bad_status} / {reference.connection_errors}"),
        ("  latency p50 / p99 (ms)",
         f"{milliseconds(percentile(reference.latencies, 0.5))} / {milliseconds(percentile(reference.latencies, 0.99))}"),
        ("event streams", str(len(result.watchers))),
        ("  errors", str(len(result.watcher_errors()))),
        ("  events per watcher min / median",
         f"{min(events, default=0)} / {statistics.median(events) if events else 0:g}"),
        ("  repeated sequences (all)", str(sum(watcher.duplicates for watcher in result.watchers))),
        ("  feed sequence advanced by", str(max(sequences) - min(firsts)) if sequences else "-"),
        ("  all caught up after the load (s)", f"no, after {CATCH_UP_TIMEOUT:.0f} s" if result.catch_up is None
         else f"{result.catch_up:.2f}"),
        ("  fan-out p50 / p99 (ms)",
         f"{milliseconds(percentile(fanout, 0.5))} / {milliseconds(percentile(fanout, 0.99))}"),
        ("  fan-out max (ms)", milliseconds(max(fanout, default=None))),
        ("  first to last watcher p50 / p99 (ms)",
         f"{milliseconds(percentile(spreads, 0.5))} / {milliseconds(percentile(spreads, 0.99))}"),
        ("RSS at end of load (MB)", f"{result.rss_end_of_load:.1f}"),
        (f"RSS after hang-up + {IDLE_SECONDS:g} s (MB)", f"{result.rss_idle:.1f}"),
        ("server's open sockets then (listener: 1)", str(result.sockets_idle)),
    ]


def print_rounds(results):
    """The rounds side by side, one column each."""
    rows = [round_rows(result) for result in results]
    width = max(len(label) for label, _ in rows[0]) + 2
    column = max(12, max(len(value) for round_ in rows for _, value in round_) + 2)
    print(" " * width + "".join(f"round {number + 1}".rjust(column) for number in range(len(results))))
    for index, (label, _) in enumerate(rows[0]):
        print(label.ljust(width) + "".join(round_[index][1].rjust(column) for round_ in rows))


def print_errors(results):
    """The first few errors of each kind, so that a failure says what failed."""
    for number, result in enumerate(results, 1):
        examples = result.command_totals().examples[:3] + result.reference.examples[:3]
        examples += result.watcher_errors()[:3]
        for example in examples:
            print(f"  round {number}: {example}")


def memory_verdict(warm, results):
    """Prints the memory lines; the failure reason, or None."""
    first, second = results[0], results[-1]
    growth = first.rss_end_of_load - warm
    difference = second.rss_idle - first.rss_idle
    ratio = difference / first.rss_idle if first.rss_idle else 0.0
    print(f"RSS after warm-up {warm:.1f} MB; growth under load (round 1 end - warm-up) {growth:+.1f} MB")
    print(f"RSS after round 1 {first.rss_idle:.1f} MB, after round 2 {second.rss_idle:.1f} MB: "
          f"{difference:+.1f} MB ({100 * ratio:+.1f}%)")
    if ratio > RSS_GROWTH_LIMIT:
        return (f"RSS grew {100 * ratio:.1f}% from round 1 to round 2 "
                f"({first.rss_idle:.1f} -> {second.rss_idle:.1f} MB; limit {100 * RSS_GROWTH_LIMIT:.0f}%)")
    return None


# MARK: - Main


def parse_arguments():
    """The command line."""
    parser = argparse.ArgumentParser(description="Load benchmark of filterocr serve: event streams and cached "
                                                 "workbench commands, with the server's memory over two rounds.")
    parser.add_argument("binary", help="the filterocr binary")
    parser.add_argument("--seconds", type=float, default=30, help="length of each load round (default 30)")
    parser.add_argument("--watchers", type=int, default=50, help="event-stream clients (default 50)")
    parser.add_argument("--sessions", type=int, default=10, help="workbench sessions (default 10)")
    parser.add_argument("--images", default="images", help="the image set (default images)")
    arguments = parser.parse_args()
    if arguments.seconds <= 0 or arguments.watchers < 1 or arguments.sessions < 1:
        parser.error("--seconds, --watchers and --sessions take positive numbers")
    if arguments.sessions > 16:
        parser.error("--sessions takes at most 16, the server's default --max-sessions")
    return arguments


def benchmark(server, arguments):
    """Sessions, warm-up and the rounds, with the summary: the failure reasons."""
    images = choose_images(server, arguments.sessions)
    tabs = [WorkbenchTab(server, image_id, name) for image_id, name in images]
    print(f"{arguments.watchers} watchers, {arguments.sessions} sessions on "
          f"{', '.join(sorted({name for _, name in images}))}; {ROUNDS} rounds of {arguments.seconds:g} s")
    start = time.monotonic()
    in_parallel(lambda tab: (tab.create(), tab.warm()), tabs)
    warm = server.rss_mb()
    print(f"sessions created and warmed in {time.monotonic() - start:.1f} s")
    results = []
    for _ in range(ROUNDS):
        results.append(run_round(server, tabs, arguments.watchers, arguments.seconds))
    print()
    print_rounds(results)
    print()
    failures = []
    errors = sum(result.error_count() for result in results)
    if errors:
        failures.append(f"{errors} failed requests or event streams")
        print_errors(results)
    if any(result.catch_up is None for result in results):
        failures.append(f"the watchers were still behind the last command {CATCH_UP_TIMEOUT:.0f} s after the load")
    reason = memory_verdict(warm, results)
    if reason:
        failures.append(reason)
    deleted = [tab.delete() for tab in tabs]
    if any(status != 204 for status in deleted):
        failures.append(f"DELETE /api/sessions answered {sorted(set(deleted))}")
    print(f"RSS after DELETE of every session {server.rss_mb():.1f} MB")
    return failures


def shut_down(server):
    """Stops the server with SIGTERM, prints how it went: the failure reason, or None."""
    sockets = server.sockets()
    start = time.monotonic()
    status = server.stop()
    waited = time.monotonic() - start
    print(f"shutdown: SIGTERM with {sockets} sockets open (listener: 1); ", end="")
    if status is None:
        print(f"still running {SHUTDOWN_TIMEOUT:.0f} s later, killed")
        return f"the server did not exit within {SHUTDOWN_TIMEOUT:.0f} s of SIGTERM"
    print(f"exited with status {status} after {waited:.2f} s")
    return None if status == 0 else f"the server exited with status {status} on SIGTERM"


def main():
    arguments = parse_arguments()
    with tempfile.TemporaryDirectory(prefix="serve-load-") as folder:
        server = Server(arguments.binary, arguments.images, folder)
        try:
            url = server.start()
            print(f"server: pid {server.process.pid}, {url} ready in {server.ready_seconds:.2f} s")
            failures = benchmark(server, arguments)
            reason = shut_down(server)
            if reason:
                failures.append(reason)
        except (RuntimeError, OSError) as error:
            server.kill()
            where = f" (the server's exit status: {server.process.returncode})" if server.process else ""
            failures = [f"{type(error).__name__}: {error}{where}"]
        except BaseException:
            server.kill()
            raise
        stderr = server.stderr_text().strip()
        if stderr:
            print("server's standard error:\n  " + "\n  ".join(stderr.splitlines()[-20:]))
    if failures:
        print("FAIL: " + "; ".join(failures))
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
