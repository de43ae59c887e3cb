"""The JSON API of `filterocr serve`, over HTTP with the standard library only."""

import http.client
import json
import queue
import re
import socket
import subprocess
import threading
import time
from pathlib import Path

import pytest

from conftest import MAIN_IMAGE, SOURCE_IMAGES, pgm, read_feed, run_ocr, wait_until


@pytest.fixture(scope="module")
def server(servers):
    return servers.start("--max-upload-megabytes", "1")


def assert_json_error(answer, status):
    """`status`, with a JSON body whose `error` is a non-empty line."""
    assert answer.status == status, answer
    assert answer.headers.get("Content-Type", "").startswith("application/json"), answer.headers
    body = answer.json
    assert isinstance(body.get("error"), str) and body["error"].strip(), body
    return body


def assert_still_answers(server):
    images = server.request("GET", "/api/images")
    assert images.status == 200 and images.json["images"], images
    session, outputs = server.new_session()
    assert outputs[0]["kind"] == "recognition" and outputs[0]["wordCount"] > 0, outputs
    assert server.command(session, "blur")[0]["segment"] == "blur"


# ---------------------------------------------------------------- bad requests

def test_every_bad_request_gets_a_json_4xx_and_the_server_keeps_answering(server, tmp_path):
    session, _ = server.new_session()
    commands = f"/api/sessions/{session}/commands"

    # Unknown paths, unknown sessions.
    assert_json_error(server.request("GET", "/no/such/page"), 404)
    assert_json_error(server.request("GET", "/api/no-such-endpoint"), 404)
    assert_json_error(server.request("GET", "/api/sessions/0123456789abcdef0123456789abcdef"), 404)
    assert_json_error(server.request("POST", "/api/sessions/nope/commands", json_body={"command": "blur"}), 404)
    assert_json_error(server.request("DELETE", "/api/sessions/nope"), 404)

    # Paths never come from a client: open and save as commands are refused, and nothing is written.
    written = tmp_path / "x.png"
    for line in ("open /etc/passwd", "OPEN /etc/passwd", "  open /etc/passwd", '"open" /etc/passwd',
                 "o'pen' /etc/passwd", "op\\en /etc/passwd", f"save {written}", f"SAVE '{written}'", "quit"):
        assert_json_error(server.request("POST", commands, json_body={"command": line}), 400)
    assert not written.exists()

    # Malformed bodies: not JSON, JSON of the wrong shape, two command lines in one.
    assert_json_error(server.request("POST", commands, body=b'{"command":', headers={"Content-Type": "application/json"}), 400)
    assert_json_error(server.request("POST", commands, json_body={"cmd": "blur"}), 400)
    assert_json_error(server.request("POST", "/api/sessions", body=b"{bad", headers={"Content-Type": "application/json"}), 400)
    assert_json_error(server.request("POST", commands, json_body={"command": "blur\noriginal"}), 400)
    assert_json_error(server.request("POST", commands, body=b"blur\r\noriginal", headers={"Content-Type": "text/plain"}), 400)
    assert_json_error(server.request("POST", commands, json_body={"command": "blur" + " " * 5000}), 413)

    # Image ids: out of range, not a number.
    assert_json_error(server.request("POST", f"/api/sessions/{session}/open/99"), 404)
    assert_json_error(server.request("POST", f"/api/sessions/{session}/open/-1"), 404)
    assert_json_error(server.request("POST", f"/api/sessions/{session}/open/abc"), 400)
    assert_json_error(server.request("POST", "/api/sessions", json_body={"image": 99}), 404)

    # Uploads: not an image, empty, over the byte limit (told by Content-Length, and chunked).
    upload = f"/api/sessions/{session}/upload"
    not_image = assert_json_error(server.request("POST", upload, body=b"this is not an image\n" * 50,
                                                 headers={"Content-Type": "application/octet-stream"}), 422)
    assert any(output["kind"] == "error" for output in not_image["outputs"]), not_image
    assert_json_error(server.request("POST", upload, body=b"", headers={"Content-Type": "application/octet-stream"}), 400)
    big = (SOURCE_IMAGES / MAIN_IMAGE).read_bytes()
    assert len(big) > 1_000_000
    too_large = assert_json_error(server.request("POST", upload, body=big, headers={"Content-Type": "image/bmp"}), 413)
    assert "1 MB" in too_large["error"], too_large
    chunked = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    try:
        chunked.request("POST", upload, body=iter([big[i:i + 65536] for i in range(0, len(big), 65536)]),
                        headers={"Content-Type": "image/bmp"}, encode_chunked=True)
        response = chunked.getresponse()
        assert response.status == 413, response.status
        assert json.loads(response.read())["error"]
    finally:
        chunked.close()

    # A command the session refuses: 422, the refusal as an `error` output and as `error`.
    refused = server.request("POST", commands, json_body={"command": "25%"})
    body = assert_json_error(refused, 422)
    errors = [output for output in body["outputs"] if output["kind"] == "error"]
    assert len(errors) == 1 and errors[0]["command"] == "25%", body
    assert body["error"] == errors[0]["error"], body
    assert "original" in body["error"], body

    # Unknown commands are refusals too.
    assert_json_error(server.request("POST", commands, json_body={"command": "frobnicate"}), 422)

    # The session that saw all of that still works, and so does the server.
    assert server.command(session, "blur")[0]["script"] == "blur"
    assert_still_answers(server)


def test_save_without_png_is_refused_with_400_like_any_save(server):
    session, _ = server.new_session()
    assert_json_error(server.request("POST", f"/api/sessions/{session}/commands",
                                     json_body={"command": "save /tmp/x"}), 400)


def test_over_the_pixel_limit_is_refused_422(own_servers, tmp_path):
    images = tmp_path / "small"
    images.mkdir()
    (images / "blank.pgm").write_bytes(pgm(40, 40))
    server = own_servers.start("--max-pixels", "10000", images=images)
    session, outputs = server.new_session("blank.pgm")
    assert outputs[0]["kind"] == "recognition", outputs
    upload = f"/api/sessions/{session}/upload"

    over = assert_json_error(server.request("POST", upload, body=pgm(200, 200),
                                            headers={"Content-Type": "application/octet-stream", "X-Filename": "big.pgm"}), 422)
    assert "pixel" in over["error"].lower(), over
    assert [output["kind"] for output in over["outputs"]] == ["error"], over

    under = server.request("POST", upload, body=pgm(90, 90),
                           headers={"Content-Type": "application/octet-stream", "X-Filename": "ok.pgm"})
    assert under.status == 200, under
    assert under.json["outputs"][0]["kind"] == "recognition"
    assert under.json["outputs"][0]["size"] == {"width": 90, "height": 90}
    assert under.json["outputs"][0]["image"] == "ok.pgm"


# ---------------------------------------------------------------- safety

def test_upload_names_are_file_names_only(server):
    session, _ = server.new_session()
    for sent, shown in (("../../evil.pgm", "evil.pgm"), ("..\\..\\win.pgm", "win.pgm"),
                        ("%2e%2e%2fencoded.pgm", "encoded.pgm"), (".hidden.pgm", "hidden.pgm"),
                        ("caf%C3%A9.pgm", "caf\u00e9.pgm")):
        answer = server.request("POST", f"/api/sessions/{session}/upload", body=pgm(40, 40),
                                headers={"Content-Type": "application/octet-stream", "X-Filename": sent})
        assert answer.status == 200, (sent, answer)
        assert answer.json["outputs"][0]["image"] == shown, (sent, answer.json["outputs"][0]["image"])


def test_every_answer_carries_the_security_headers(server):
    session, _ = server.new_session()
    for method, path in (("GET", "/"), ("GET", "/watch"), ("GET", "/assets/workbench.js"), ("GET", "/api/images"),
                         ("GET", "/api/openapi.json"), ("GET", "/nope"), ("GET", f"/api/sessions/{session}/image")):
        answer = server.request(method, path)
        policy = answer.headers.get("Content-Security-Policy", "")
        assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy, (path, policy)
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy, policy
        assert answer.headers.get("X-Content-Type-Options") == "nosniff", path
    assert server.request("GET", f"/api/sessions/{session}/image").headers["Content-Type"] == "image/png"


def test_other_hosts_and_other_origins_are_refused(server):
    # DNS rebinding: a name that is not loopback.
    for host in ("evil.example", f"evil.example:{server.port}", "127.0.0.1.evil.example", "localhost.evil.example"):
        assert_json_error(server.request("GET", "/api/images", headers={"Host": host}), 403)
        assert_json_error(server.request("GET", "/", headers={"Host": host}), 403)
    for host in (f"127.0.0.1:{server.port}", f"localhost:{server.port}"):
        assert server.request("GET", "/api/images", headers={"Host": host}).status == 200

    # Cross-site POST and DELETE.
    session, _ = server.new_session()
    evil = {"Origin": "http://evil.example"}
    assert_json_error(server.request("POST", "/api/sessions", headers=evil), 403)
    assert_json_error(server.request("POST", f"/api/sessions/{session}/commands", json_body={"command": "blur"},
                                     headers=evil), 403)
    assert_json_error(server.request("DELETE", f"/api/sessions/{session}", headers=evil), 403)
    # The session was not touched, and the page's own origin may change it.
    same = {"Origin": f"http://127.0.0.1:{server.port}"}
    outputs = server.request("POST", f"/api/sessions/{session}/commands", json_body={"command": "blur"}, headers=same)
    assert outputs.status == 200 and outputs.json["outputs"][0]["command"] == "blur", outputs
    assert server.request("DELETE", f"/api/sessions/{session}", headers=same).status == 204


def test_token_is_required_when_set(own_servers):
    token = "SECRET1234"
    server = own_servers.start("--token", token)
    assert server.workbench_url.endswith(f"?token={token}"), server.workbench_url
    assert server.watch_url.endswith(f"/watch?token={token}"), server.watch_url

    for path in ("/", "/watch", "/api/images", "/api/feed/events", "/assets/workbench.js"):
        assert_json_error(server.request("GET", path), 401)
    assert_json_error(server.request("POST", "/api/sessions"), 401)
    assert_json_error(server.request("GET", "/api/images", headers={"Authorization": "Bearer WRONG12345"}), 401)
    assert_json_error(server.request("GET", "/api/images", headers={"Authorization": f"Bearer {token}x"}), 401)
    assert_json_error(server.request("GET", "/api/images", headers={"Cookie": "filterocr_token=SECRET123"}), 401)
    assert_json_error(server.request("GET", "/?token=WRONG12345"), 401)

    bearer = {"Authorization": f"Bearer {token}"}
    assert server.request("GET", "/api/images", headers=bearer).status == 200
    created = server.request("POST", "/api/sessions", headers=bearer)
    assert created.status == 201, created

    # The page's address with ?token= moves the token into a cookie and out of the address.
    moved = server.request("GET", f"/?token={token}")
    assert moved.status == 303, moved
    assert moved.headers["Location"] == "/", moved.headers
    cookie = moved.headers["Set-Cookie"]
    assert cookie.startswith(f"filterocr_token={token}"), cookie
    attributes = [part.strip().lower() for part in cookie.split(";")]
    assert "httponly" in attributes and "samesite=strict" in attributes, cookie
    assert "path=/" in attributes, cookie
    watch = server.request("GET", f"/watch?token={token}")
    assert watch.status == 303 and watch.headers["Location"] == "/watch", watch

    jar = {"Cookie": f"filterocr_token={token}"}
    page = server.request("GET", "/", headers=jar)
    assert page.status == 200 and b"<html" in page.body, page
    assert server.request("GET", "/api/images", headers=jar).status == 200
    assert server.request("POST", "/api/sessions", headers=jar).status == 201


def test_another_address_than_loopback_prints_a_warning_and_a_token(own_servers):
    server = own_servers.start(host="0.0.0.0")
    match = re.search(r"\?token=([0-9a-f]{32})$", server.workbench_url)
    assert match, server.workbench_url
    token = match.group(1)
    assert server.watch_url.endswith(f"?token={token}"), server.watch_url
    wait_until(lambda: any("warning" in line.lower() for line in server.stderr_lines), timeout=5,
               message="the warning on stderr")
    warning = " ".join(server.stderr_lines)
    assert "0.0.0.0" in warning and "token" in warning, warning
    assert_json_error(server.request("GET", "/api/images"), 401)
    assert server.request("GET", "/api/images", headers={"Authorization": f"Bearer {token}"}).status == 200


# ---------------------------------------------------------------- sessions

def test_the_longest_idle_session_is_dropped_at_the_limit(own_servers):
    server = own_servers.start("--max-sessions", "2")
    first, _ = server.new_session("sticker_alpha.png")
    second, _ = server.new_session("sticker_alpha.png")
    third, _ = server.new_session("sticker_alpha.png")
    dropped = assert_json_error(server.request("GET", f"/api/sessions/{first}"), 404)
    assert "session" in dropped["error"], dropped
    assert_json_error(server.request("POST", f"/api/sessions/{first}/commands", json_body={"command": "blur"}), 404)
    for kept in (third, second):
        status = server.request("GET", f"/api/sessions/{kept}")
        assert status.status == 200 and status.json["outputs"][0]["kind"] == "status", status
    # The second was used last: now the third is the longest idle, and makes room.
    assert server.command(second, "binarize")[0]["segment"] == "binarize"
    fourth, _ = server.new_session("sticker_alpha.png")
    assert_json_error(server.request("GET", f"/api/sessions/{third}"), 404)
    assert server.command(second, "original")[0]["segment"] == "original"
    assert server.request("GET", f"/api/sessions/{fourth}").status == 200


COMPARED_KEYS = ("command", "kind", "image", "segment", "script", "operations", "text", "wordCount",
                 "meanConfidence", "words", "topWords", "size", "accuracy", "changes", "settings", "error")


def test_outputs_are_the_same_objects_as_repl_json(server, binary):
    image = server.images / MAIN_IMAGE
    lines = ["blur", "25%", "slider 3%", "75%", "original", "75%", "binarize", "then blur", "original"]

    session, created = server.new_session(MAIN_IMAGE)
    api = list(created)
    statuses = []
    for line in lines:
        answer = server.request("POST", f"/api/sessions/{session}/commands", json_body={"command": line})
        statuses.append(answer.status)
        api += answer.json["outputs"]
    assert statuses == [200, 200, 200, 200, 200, 422, 200, 200, 200], statuses

    # Run in the image set's folder, so that the REPL names the image as the server does:
    # within the set.
    repl = subprocess.run([str(binary), "repl", "--image", image.name, "--images", ".",
                           "--no-feed", "--json"], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, timeout=120, cwd=server.images)
    assert repl.returncode == 1, repl.stderr  # one command (75% in original) was refused
    expected = [json.loads(line) for line in repl.stdout.splitlines() if line.strip()]

    assert len(api) == len(expected) == len(lines) + 1, (len(api), len(expected))
    for got, want in zip(api, expected):
        assert set(got) == set(want), (want.get("command"), set(got) ^ set(want))
        for key in COMPARED_KEYS:
            assert got.get(key) == want.get(key), (want.get("command"), key, got.get(key), want.get(key))
    assert [output["script"] for output in api if output["kind"] == "recognition"] == [
        "original", "blur", "blur; 25%", "blur; slider 3%", "blur; slider 3%; 75%", "original",
        "binarize", "binarize; then blur", "original"]
    assert api[0]["wordCount"] > 0 and api[0]["text"].strip()


# ---------------------------------------------------------------- the feed

class EventStream:
    """`GET /api/feed/events`, read by a thread of its own: each `event: feed` as (id, data)
    in a queue, so that a test waits for the next one with a deadline."""

    def __init__(self, port):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.connection.request("GET", "/api/feed/events", headers={"Accept": "text/event-stream"})
        self.socket = self.connection.sock
        self.response = self.connection.getresponse()
        self.events = queue.Queue()
        self.retry = None
        if self.response.status == 200:
            threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        fields = {}
        try:
            for raw in iter(self.response.readline, b""):
                line = raw.decode("utf-8").rstrip("\r\n")
                if line == "":
                    if fields.get("event") == "feed":
                        self.events.put((int(fields["id"]), json.loads(fields["data"])))
                    elif "retry" in fields:
                        self.retry = int(fields["retry"])
                    fields = {}
                elif not line.startswith(":") and ":" in line:
                    name, value = line.split(":", 1)
                    fields[name] = value[1:] if value.startswith(" ") else value
        except Exception:  # closed at the end of the test (http.client then raises all sorts)
            pass

    def next(self, timeout):
        try:
            return self.events.get(timeout=timeout)
        except queue.Empty:
            return None

    def close(self):
        # Wakes the reading thread as well: the response still holds the socket open.
        try:
            self.socket.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.connection.close()


def test_feed_event_stream(own_servers, binary):
    server = own_servers.start()
    assert_json_error(server.request("GET", "/api/feed"), 404)  # no recognition yet

    early = EventStream(server.port)  # connected before there is any feed
    late = None
    try:
        assert early.response.status == 200
        assert early.response.headers["Content-Type"].startswith("text/event-stream")
        assert early.next(timeout=0.3) is None, "an event before any recognition"

        # A session starts: its recognition is the first snapshot.
        session, _ = server.new_session(MAIN_IMAGE)
        first = early.next(timeout=3.0)
        assert first is not None, "no event after the session's first recognition"
        assert first[0] == first[1]["sequence"] and first[1]["source"] == "serve", first
        assert early.retry == 1000

        server.command(session, "binarize")
        second = early.next(timeout=3.0)
        assert second is not None and second[0] > first[0] and second[1]["segment"] == "binarize", second
        assert second[1] == server.request("GET", "/api/feed").json

        # A new subscriber gets the current snapshot at once.
        late = EventStream(server.port)
        current = late.next(timeout=1.0)
        assert current == second, (current, second)

        # Another process recognises: a new event for both, a higher sequence, that process's words.
        completed, _ = run_ocr(binary, server.images / "street_sign.jpg", server.feed, "--json")
        ocr = json.loads(completed.stdout.splitlines()[0])
        for stream in (early, late):
            event = stream.next(timeout=3.0)
            assert event is not None, "no event after the ocr process"
            sequence, snapshot = event
            assert sequence == snapshot["sequence"] > second[0], (second[0], sequence)
            assert snapshot["source"] == "ocr" and Path(snapshot["image"]).name == "street_sign.jpg", snapshot
            assert snapshot["topWords"] == ocr["topWords"], (snapshot["topWords"], ocr["topWords"])
            assert snapshot == read_feed(server.feed)

        # And a command of a session of this server again.
        server.command(session, "original")
        third = early.next(timeout=3.0)
        assert third is not None and third[0] > sequence and third[1]["source"] == "serve", third
        assert third[1]["segment"] == "original" and Path(third[1]["image"]).name == MAIN_IMAGE, third
        assert late.next(timeout=3.0) == third
    finally:
        early.close()
        if late:
            late.close()


def test_sigterm_ends_the_server_while_an_event_stream_is_open(own_servers):
    """A watch page holds an event stream open for as long as it is shown: the server must
    still stop at once on SIGTERM, ending the stream."""
    server = own_servers.start()
    session, _ = server.new_session(MAIN_IMAGE)
    stream = EventStream(server.port)
    try:
        assert stream.next(timeout=3.0) is not None
        started = time.monotonic()
        own_servers.stop(server)  # SIGTERM; asserts status 0 within the deadline
        assert time.monotonic() - started < 5.0
    finally:
        stream.close()


# ---------------------------------------------------------------- the description

def test_every_documented_route_answers_as_documented(server):
    """Each path and method of /api/openapi.json, asked properly, gets one of its documented
    statuses (never 404 or 405); every output's kind is a documented kind; every 4xx is an error
    object. A route or a kind added on one side only fails here."""
    description = server.request("GET", "/api/openapi.json").json
    kinds = set(description["components"]["schemas"]["Output"]["properties"]["kind"]["enum"])
    filters = server.request("GET", "/api/filters").json
    sweep = filters["defaultSweep"]
    image = server.image_ids()[MAIN_IMAGE]
    upload = pgm(64, 64)
    asked = []
    for path, methods in description["paths"].items():
        for method, operation in methods.items():
            if method not in ("get", "post", "delete") or path == "/api/feed/events":
                continue  # the event stream never ends: its own tests read it
            session, _ = server.new_session()
            url = (path.replace("{session}", session).replace("{image}", str(image))
                   .replace("{chart}", f"{sweep}.svg"))
            kwargs = {}
            if path.endswith("/commands"):
                kwargs["json_body"] = {"command": "text"}
            elif path.endswith("/upload"):
                kwargs = {"body": upload, "headers": {"Content-Type": "application/octet-stream", "X-Filename": "ok.pgm"}}
            elif path == "/api/sessions":
                kwargs["json_body"] = {"image": image}
            answer = server.request(method.upper(), url, **kwargs)
            documented = set(operation["responses"])
            family = f"{str(answer.status)[0]}XX"
            assert str(answer.status) in documented or family in documented, (method, path, answer.status)
            assert answer.status not in (404, 405), (method, path, answer)
            if 400 <= answer.status < 500:
                assert_json_error(answer, answer.status)
            body = answer.json if answer.headers.get("Content-Type", "").startswith("application/json") else None
            for output in (body or {}).get("outputs", []):
                assert output["kind"] in kinds, (path, output["kind"])
            asked.append((method, path))
    assert len(asked) >= 10, asked


def test_the_filter_list_drives_the_page(server):
    """/api/filters is the server's table; the page's script and HTML name no filter."""
    filters = server.request("GET", "/api/filters").json
    names = [entry["name"] for entry in filters["filters"]]
    assert filters["defaultSweep"] in names
    assert [entry["name"] for entry in filters["filters"] if entry["brief"]] == names[:2]
    for asset in ("/", "/assets/workbench.js"):
        text = server.request("GET", asset).body.decode()
        for name in names:
            for written in (f"'{name}'", f'"{name}"', f"`{name}`", f"segment-{name}", f">{name.capitalize()}<", f">{name}<"):
                assert written not in text, (asset, written)


def test_a_json_command_is_read_whatever_type_the_client_declares(server):
    """`curl -d '{"command": "blur"}'` sends a form's Content-Type: docs/serve.md's example."""
    session, _ = server.new_session()
    path = f"/api/sessions/{session}/commands"
    for content_type in ("application/x-www-form-urlencoded", "text/plain", None):
        headers = {"Content-Type": content_type} if content_type else {}
        answer = server.request("POST", path, body=b'{"command": "blur"}', headers=headers)
        assert answer.status == 200, (content_type, answer)
        assert answer.json["outputs"][0]["script"] == "blur", answer.json
    plain = server.request("POST", path, body=b"binarize", headers={"Content-Type": "text/plain"})
    assert plain.status == 200 and plain.json["outputs"][0]["script"] == "binarize", plain


def test_a_port_in_use_is_one_line_saying_what_to_do(server, binary):
    result = subprocess.run([binary, "serve", "--port", str(server.port), "--no-feed"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 1, result
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "the port is in use" in lines[0] and "--port" in lines[0], result.stderr


def test_a_missing_image_set_is_named_and_uploads_still_work(binary, tmp_path):
    missing = tmp_path / "no-such-folder"
    process = subprocess.Popen([binary, "serve", "--port", "0", "--no-feed", "--images", str(missing)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = process.stdout.readline()  # the address: the server runs
        assert first.startswith("workbench: http://127.0.0.1:"), first
    finally:
        process.terminate()
        _, errors = process.communicate(timeout=30)
    assert process.returncode == 0
    assert f"{missing}: no such folder; give the image set with --images DIR" in errors, errors
    assert "--image PATH" not in errors
