"""Fixtures for the browser and HTTP tests of `filterocr serve`.

Every server is the real binary ($FILTEROCR_BIN, else <repo>/.build/release/filterocr) on a
free loopback port (--port 0), with its own feed file and its own folder of images. A server
is ready when it prints its address; nothing here sleeps for a fixed time: every wait is a
poll for a condition, with a deadline.
"""

import http.client
import json
import os
import queue
import shutil
import signal
import socket
import subprocess
import threading
import time
import urllib.parse
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
BINARY = Path(os.environ.get("FILTEROCR_BIN") or REPO / ".build" / "release" / "filterocr").resolve()
SOURCE_IMAGES = REPO / "images"

# Small images of the repository's set, with their ground truth (NAME.txt).
SET_IMAGES = ("price_tag.bmp", "sticker_alpha.png", "street_sign.jpg")
# The image most tests drive: 15 words, recognised in well under a second.
MAIN_IMAGE = "price_tag.bmp"

START_DEADLINE = 60.0   # seconds for a server to print its address
STOP_DEADLINE = 10.0    # seconds for a server to exit after SIGTERM
REQUEST_TIMEOUT = 60.0  # seconds for one HTTP request (a recognition, a sweep)

CHROME = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"


@pytest.fixture(scope="session")
def binary():
    assert BINARY.is_file() and os.access(BINARY, os.X_OK), (
        f"no filterocr binary at {BINARY}: build it (swift build -c release --product filterocr) "
        "or set FILTEROCR_BIN")
    return BINARY


def make_image_set(folder, names=SET_IMAGES):
    """Copies `names` and their truths into `folder`; returns it."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    for name in names:
        shutil.copy(SOURCE_IMAGES / name, folder / name)
        truth = (SOURCE_IMAGES / name).with_suffix(".txt")
        if truth.exists():
            shutil.copy(truth, folder / truth.name)
    return folder


def pgm(width, height, value=255):
    """A grey PGM image (a format the server reads), made without any imaging library."""
    return b"P5\n%d %d\n255\n" % (width, height) + bytes([value]) * (width * height)


# ---------------------------------------------------------------- HTTP

class Answer:
    def __init__(self, status, headers, body):
        self.status = status
        self.headers = headers  # http.client.HTTPMessage: get(), get_all()
        self.body = body

    @property
    def json(self):
        return json.loads(self.body.decode("utf-8"))

    def __repr__(self):
        return f"<{self.status} {self.body[:300]!r}>"


def request(port, method, path, body=None, headers=None, json_body=None, timeout=REQUEST_TIMEOUT, address="127.0.0.1"):
    """One HTTP request to address:port with the standard library; a `Host` in `headers`
    replaces the default one."""
    headers = dict(headers or {})
    if json_body is not None:
        body = json.dumps(json_body).encode()
        headers.setdefault("Content-Type", "application/json")
    connection = http.client.HTTPConnection(address, port, timeout=timeout)
    try:
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        return Answer(response.status, response.headers, response.read())
    finally:
        connection.close()


# ---------------------------------------------------------------- servers

class Server:
    """A running `filterocr serve`."""

    def __init__(self, binary, workdir, images, extra=(), host="127.0.0.1", feed=True, env=None):
        self.workdir = Path(workdir)
        self.images = Path(images)
        self.feed = self.workdir / "feed" / "topwords.json"
        self.feed.parent.mkdir(parents=True, exist_ok=True)
        args = [str(binary), "serve", "--port", "0", "--host", host, "--images", str(self.images),
                "--engines", "2"]
        args += ["--feed", str(self.feed)] if feed else ["--no-feed"]
        args += list(extra)
        self.args = args
        self.stdout_lines = []
        self.stderr_lines = []
        self._lines = queue.Queue()
        self.process = subprocess.Popen(args, cwd=self.workdir, stdin=subprocess.DEVNULL,
                                        env={**os.environ, "XDG_CACHE_HOME": str(self.workdir / "cache"), **(env or {})},
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        text=True, bufsize=1)
        threading.Thread(target=self._pump, args=(self.process.stdout, self.stdout_lines, True),
                         daemon=True).start()
        threading.Thread(target=self._pump, args=(self.process.stderr, self.stderr_lines, False),
                         daemon=True).start()
        self.workbench_url = self._wait_for_line("workbench:")
        self.watch_url = self._wait_for_line("watch:")
        parsed = urllib.parse.urlsplit(self.workbench_url)
        self.port = parsed.port
        # Always talk to it over loopback, whatever it listens on (127.0.0.1, unless it listens
        # on another loopback address only).
        self.address = parsed.hostname if parsed.hostname.startswith("127.") else "127.0.0.1"
        self.base = f"http://{self.address}:{self.port}"
        self.exit_status = None

    def _pump(self, stream, lines, announce):
        for line in stream:
            lines.append(line.rstrip("\n"))
            if announce:
                self._lines.put(line.rstrip("\n"))
        if announce:
            self._lines.put(None)

    def _wait_for_line(self, prefix):
        deadline = time.monotonic() + START_DEADLINE
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"the server did not print {prefix!r} within {START_DEADLINE} s; "
                                     f"stderr: {self.stderr_lines}")
            try:
                line = self._lines.get(timeout=remaining)
            except queue.Empty:
                continue
            if line is None:
                self.process.wait(timeout=STOP_DEADLINE)
                raise AssertionError(f"the server exited ({self.process.returncode}) before printing "
                                     f"{prefix!r}; stderr: {self.stderr_lines}")
            if line.startswith(prefix):
                return line[len(prefix):].strip()

    def url(self, path="/"):
        return self.base + path

    def request(self, method, path, **kwargs):
        return request(self.port, method, path, address=self.address, **kwargs)

    # A few API calls the tests share.

    def image_ids(self):
        answer = self.request("GET", "/api/images")
        assert answer.status == 200, answer
        return {Path(image["name"]).name: image["id"] for image in answer.json["images"]}

    def new_session(self, image_name=MAIN_IMAGE):
        image = self.image_ids()[image_name]
        answer = self.request("POST", "/api/sessions", json_body={"image": image})
        assert answer.status == 201, answer
        return answer.json["session"], answer.json["outputs"]

    def command(self, session, line, expect=200):
        answer = self.request("POST", f"/api/sessions/{session}/commands", json_body={"command": line})
        assert answer.status == expect, (line, answer)
        return answer.json["outputs"]

    def stop(self):
        """SIGTERM; the exit status, or None if it did not exit within the deadline."""
        self.died = self.process.poll()
        if self.died is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            self.exit_status = self.process.wait(timeout=STOP_DEADLINE)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            self.exit_status = None
        return self.exit_status


class Servers:
    """Starts servers and, at teardown, stops each with SIGTERM and holds it to a clean exit
    (status 0 within STOP_DEADLINE)."""

    def __init__(self, binary, tmp_factory):
        self.binary = binary
        self.tmp_factory = tmp_factory
        self.running = []

    def start(self, *extra, images=None, host="127.0.0.1", feed=True, env=None):
        workdir = self.tmp_factory.mktemp("serve")
        folder = images if images is not None else make_image_set(workdir / "images")
        server = Server(self.binary, workdir, folder, extra, host=host, feed=feed, env=env)
        self.running.append(server)
        return server

    def stop(self, server):
        """Stops one server now and checks that it exited cleanly."""
        self.running.remove(server)
        status = server.stop()
        assert server.died is None, f"the server had died (status {server.died}); stderr: {server.stderr_lines[-20:]}"
        assert status == 0, (f"the server did not exit cleanly on SIGTERM within {STOP_DEADLINE} s "
                             f"(status {status}); stderr: {server.stderr_lines[-10:]}")

    def stop_all(self):
        failures = []
        for server in list(self.running):
            self.running.remove(server)
            status = server.stop()
            if server.died is not None:
                failures.append(f"{server.args}: died before the end (status {server.died}); stderr: {server.stderr_lines[-20:]}")
            elif status != 0:
                failures.append(f"{server.args}: status {status}; stderr: {server.stderr_lines[-10:]}")
        assert not failures, "servers did not exit cleanly on SIGTERM:\n" + "\n".join(failures)


@pytest.fixture(scope="module")
def servers(binary, tmp_path_factory):
    """Module-wide servers: stopped (and checked) when the module's tests are done."""
    started = Servers(binary, tmp_path_factory)
    yield started
    started.stop_all()


@pytest.fixture
def own_servers(binary, tmp_path_factory):
    """Servers of one test: stopped (and checked) at the test's end."""
    started = Servers(binary, tmp_path_factory)
    yield started
    started.stop_all()


def wait_until(condition, timeout=20.0, interval=0.02, message="condition"):
    """Polls `condition` until it returns something truthy; returns that, or fails."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {message}")
        time.sleep(interval)


def run_ocr(binary, image, feed, *extra):
    """`filterocr ocr IMAGE --feed FEED` as another process; returns (completed, exit time)."""
    completed = subprocess.run([str(binary), "ocr", str(image), "--feed", str(feed), *extra],
                               capture_output=True, text=True, timeout=120)
    exited = time.monotonic()
    assert completed.returncode == 0, completed.stderr
    return completed, exited


def raw_exchange(port, data, timeout=10.0, address="127.0.0.1"):
    """Sends `data` as it is (for requests http.client will not write) and reads until the
    server closes; returns (status line, whole answer)."""
    with socket.create_connection((address, port), timeout=timeout) as connection:
        connection.sendall(data)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    return answer.split(b"\r\n", 1)[0].decode("latin-1"), answer


def read_feed(feed):
    return json.loads(Path(feed).read_text())


# ---------------------------------------------------------------- the browser

# Records every Content-Security-Policy violation of every page, before the page's own
# scripts run (a script injected over DevTools is not subject to the page's policy).
CSP_RECORDER = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (event) => {
  window.__cspViolations.push(event.violatedDirective + ' ' + event.blockedURI);
});
"""


def make_driver(network_log=False):
    """Headless Chromium; with `network_log`, its DevTools network events are kept in the
    performance log (see `network_requests`)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROME
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1400,1000", "--disable-background-timer-throttling",
                     "--disable-renderer-backgrounding", "--disable-backgrounding-occluded-windows"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", **({"performance": "ALL"} if network_log else {})})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(30)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": CSP_RECORDER})
    return driver


@pytest.fixture(scope="module")
def browser():
    driver = make_driver()
    yield driver
    driver.quit()


def severe_console_entries(driver):
    """The browser's SEVERE console entries since the last call, but a favicon's 404."""
    return [entry for entry in driver.get_log("browser")
            if entry["level"] == "SEVERE" and "favicon" not in entry["message"]]


def network_requests(driver):
    """The URLs the page asked for since the last call, from a driver made with `network_log`."""
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return urls


def csp_violations(driver):
    return driver.execute_script("return window.__cspViolations || []")
