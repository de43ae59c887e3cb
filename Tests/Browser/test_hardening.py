"""`filterocr serve` against hostile clients: malformed requests, odd hosts and tokens, slow
clients, uploads that fill the disk or the memory, and the folders a killed server leaves."""

import json
import os
import signal
import socket
import subprocess
import time
from pathlib import Path

import pytest

from conftest import MAIN_IMAGE, pgm, raw_exchange, wait_until
from hostile import bilevel_png, resident_memory
from test_api import assert_json_error

TOKEN = "SECRET1234"
OCTETS = {"Content-Type": "application/octet-stream"}


@pytest.fixture(scope="module")
def server(servers):
    return servers.start("--max-upload-megabytes", "1")


@pytest.fixture(scope="module")
def token_server(servers):
    return servers.start("--token", TOKEN)


def assert_security_headers(answer):
    policy = answer.headers.get("Content-Security-Policy", "")
    assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy, (answer, policy)
    assert answer.headers.get("X-Content-Type-Options") == "nosniff", answer.headers
    assert answer.headers.get("X-Frame-Options") == "DENY", answer.headers


# ---------------------------------------------------------------- requests

def test_refusals_carry_the_security_headers(server, token_server):
    for path in ("/api/images", "/"):
        unauthorized = token_server.request("GET", path)
        assert_json_error(unauthorized, 401)
        assert_security_headers(unauthorized)
    forbidden = server.request("GET", "/api/images", headers={"Host": "evil.example"})
    assert forbidden.status == 403, forbidden
    assert_security_headers(forbidden)
    cross_site = server.request("POST", "/api/sessions", headers={"Origin": "http://evil.example"})
    assert cross_site.status == 403, cross_site
    assert_security_headers(cross_site)


def test_a_head_that_does_not_parse_gets_400_with_the_security_headers(server):
    status, answer = raw_exchange(server.port, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nnot a header line\r\n\r\n")
    assert status.startswith("HTTP/1.1 400"), status
    assert b"Content-Security-Policy: default-src 'self'" in answer, answer


def test_a_head_over_the_limit_gets_the_json_error(server):
    """A 100 KB address, or header fields adding up to as much, fail in the HTTP decoder
    before any route: still the JSON error every other refusal has, then the connection closes."""
    heads = [
        b"GET /" + b"a" * 100_000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n" + b"".join(b"X-Filler-%d: %s\r\n" % (i, b"v" * 1000) for i in range(100)) + b"\r\n",
    ]
    for head in heads:
        status, answer = raw_exchange(server.port, head)
        assert status == "HTTP/1.1 431 Request Header Fields Too Large", status
        headers, _, body = answer.partition(b"\r\n\r\n")
        assert b"Content-Type: application/json" in headers, headers
        assert b"Content-Security-Policy: default-src 'self'" in headers, headers
        error = json.loads(body)["error"]
        assert "80 KB" in error and "shorter address" in error, error
    # A head that does not parse is a 400 with the same JSON shape.
    status, answer = raw_exchange(server.port, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nnot a header line\r\n\r\n")
    assert status.startswith("HTTP/1.1 400"), status
    assert json.loads(answer.partition(b"\r\n\r\n")[2])["error"].startswith("the request is not valid HTTP/1.1"), answer
    assert server.request("GET", "/api/images").status == 200


@pytest.mark.parametrize("encoding, chunks", [
    (b"chunked", b"ZZ\r\nabc\r\n0\r\n\r\n"),
    (b"chunked", b"FFFFFFFFFFFFFFFFFFFFFF\r\nabc\r\n0\r\n\r\n"),
    (b"xchunked", b"3\r\nabc\r\n0\r\n\r\n"),
])
def test_malformed_chunked_bodies_get_400_and_no_error_log(server, encoding, chunks):
    session, _ = server.new_session()
    logged = len(server.stderr_lines)
    for path in (b"/api/sessions", f"/api/sessions/{session}/commands".encode(), f"/api/sessions/{session}/upload".encode()):
        status, answer = raw_exchange(server.port, b"POST " + path + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                      b"Connection: close\r\nContent-Type: application/json\r\n"
                                      b"Transfer-Encoding: " + encoding + b"\r\n\r\n" + chunks)
        assert status.startswith("HTTP/1.1 400"), (path, status, answer[-300:])
        assert b'{"error":' in answer, answer[-300:]
    assert server.stderr_lines[logged:] == [], server.stderr_lines[logged:]
    assert server.command(session, "blur")[0]["segment"] == "blur"


@pytest.mark.parametrize("path", ["//evil.com/", "/\\evil.com/", "///evil.com/watch"])
def test_the_tokens_redirect_stays_on_this_origin(token_server, path):
    moved = token_server.request("GET", f"{path}?token={TOKEN}")
    assert moved.status == 303, moved
    location = moved.headers["Location"]
    assert location.startswith("/") and not location.startswith("//") and "\\" not in location[:2], location


def test_the_token_is_refused_in_an_api_address(token_server):
    for path in (f"/api/images?token={TOKEN}", f"/api/feed?token={TOKEN}"):
        body = assert_json_error(token_server.request("GET", path), 401)
        assert "Authorization" in body["error"], body
    created = token_server.request("POST", f"/api/sessions?token={TOKEN}")
    assert created.status == 401, created
    assert token_server.request("GET", "/api/images", headers={"Authorization": f"Bearer {TOKEN}"}).status == 200


def test_a_host_that_is_not_a_plain_host_and_two_hosts_are_refused(server):
    for host in (f"localhost:{server.port}@evil.com", "localhost evil.com", f"127.0.0.1:{server.port}/x"):
        status, answer = raw_exchange(server.port, f"GET / HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
        assert status.split()[1] in ("400", "403"), (host, status)
        assert b"Content-Security-Policy" in answer
    for hosts in ((f"localhost:{server.port}", "evil.com"), ("evil.com", f"localhost:{server.port}")):
        status, _ = raw_exchange(server.port, ("GET /api/images HTTP/1.1\r\n" + "".join(f"Host: {host}\r\n" for host in hosts)
                                               + "Connection: close\r\n\r\n").encode())
        assert status.startswith("HTTP/1.1 400"), (hosts, status)
    status, _ = raw_exchange(server.port, f"GET /api/images HTTP/1.1\r\nHost: localhost:{server.port}\r\nConnection: close\r\n\r\n".encode())
    assert status.startswith("HTTP/1.1 200"), status


def test_any_loopback_address_serves_its_printed_address(own_servers):
    server = own_servers.start(host="127.0.0.2")
    assert server.workbench_url.startswith("http://127.0.0.2:"), server.workbench_url
    page = server.request("GET", "/", headers={"Host": f"127.0.0.2:{server.port}"})
    assert page.status == 200 and b"<html" in page.body, page
    assert server.request("GET", "/api/images", headers={"Host": f"127.1.2.3:{server.port}"}).status == 200
    assert_json_error(server.request("GET", "/api/images", headers={"Host": "127.evil.example"}), 403)


def test_head_is_answered_like_get_without_a_body(server):
    for path in ("/", "/watch", "/assets/workbench.js", "/api/images", "/api/openapi.json"):
        got = server.request("GET", path)
        head = server.request("HEAD", path)
        assert head.status == got.status == 200, (path, head, got)
        assert head.body == b"", (path, head.body[:100])
        assert head.headers["Content-Type"] == got.headers["Content-Type"], path
        assert head.headers["Content-Length"] == str(len(got.body)), (path, head.headers["Content-Length"])
        assert_security_headers(head)


# ---------------------------------------------------------------- slow clients

def test_a_slow_client_is_dropped_while_a_normal_one_is_served(own_servers):
    server = own_servers.start("--header-timeout", "1", "--body-timeout", "2", "--idle-timeout", "1")
    slow_head = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    slow_body = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    try:
        slow_body.sendall(b"POST /api/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                          b"Content-Length: 100\r\n\r\n{")
        # A valid head that never ends, a byte at a time, each well within a second of the
        # last: only a deadline for the whole head drops it.
        request = b"GET /api/images HTTP/1.1\r\nHost: 127.0.0.1\r\n" + b"X-Slow: 1\r\n" * 100
        started = time.monotonic()
        closed_after = None
        for index, byte in enumerate(request):
            try:
                slow_head.sendall(bytes([byte]))
                slow_head.settimeout(0.2)
                if slow_head.recv(1) == b"":
                    closed_after = time.monotonic() - started
                    break
            except socket.timeout:
                pass
            except (BrokenPipeError, ConnectionResetError):
                closed_after = time.monotonic() - started
                break
            # A normal client meanwhile is answered at once.
            if index % 5 == 0:
                answer = server.request("GET", "/api/images", timeout=5)
                assert answer.status == 200, answer
        assert closed_after is not None, "the slow client was never dropped"
        assert 0.9 <= closed_after < 4.0, closed_after

        # The body that never comes is dropped too, after its own deadline.
        slow_body.settimeout(6)
        assert slow_body.recv(65536) == b"", "the slow body's connection was answered instead of closed"
    finally:
        slow_head.close()
        slow_body.close()
    assert server.request("GET", "/", timeout=5).status == 200


def test_at_the_connection_limit_the_longest_waiting_connection_makes_room(own_servers):
    server = own_servers.start("--max-connections", "16", "--header-timeout", "60", "--idle-timeout", "60")
    idle = [socket.create_connection(("127.0.0.1", server.port), timeout=10) for _ in range(40)]
    try:
        for _ in range(3):
            answer = server.request("GET", "/", timeout=5)
            assert answer.status == 200, answer

        def closed(connection):
            connection.settimeout(0.05)
            try:
                return connection.recv(1) == b""
            except socket.timeout:
                return False
            except OSError:
                return True
        # The first opened made room for the later ones; the server holds at most its limit.
        wait_until(lambda: sum(map(closed, idle)) >= 40 - 16, timeout=10, message="connections closed to make room")
        assert closed(idle[0]), "the connection waiting longest was kept"
    finally:
        for connection in idle:
            connection.close()


# ---------------------------------------------------------------- uploads

def upload_files(temporary):
    return [path for path in Path(temporary).glob("filterocr-serve-*/**/*") if path.is_file()]


def test_refused_uploads_are_not_kept(own_servers, tmp_path):
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    server = own_servers.start("--max-upload-megabytes", "2", env={"TMPDIR": str(temporary)})
    session, _ = server.new_session()
    upload = f"/api/sessions/{session}/upload"
    for number in range(5):
        refused = server.request("POST", upload, body=b"not an image\n" * 100_000, headers={**OCTETS, "X-Filename": f"n{number}.png"})
        assert refused.status == 422, refused
    assert upload_files(temporary) == []

    # An opened upload is kept while the session shows it, and the next one replaces it.
    for name in ("a.pgm", "b.pgm"):
        assert server.request("POST", upload, body=pgm(60, 60), headers={**OCTETS, "X-Filename": name}).status == 200
        assert [path.name for path in upload_files(temporary)] == [name]
    assert server.request("DELETE", f"/api/sessions/{session}").status == 204
    wait_until(lambda: upload_files(temporary) == [], timeout=5, message="the session's upload to go with it")


def test_uploads_are_bounded_by_the_servers_disk_budget(own_servers, tmp_path):
    server = own_servers.start("--max-upload-megabytes", "1", "--upload-budget-megabytes", "1",
                               env={"TMPDIR": str(tmp_path)})
    image = pgm(800, 750)  # 600 KB
    first, _ = server.new_session()
    second, _ = server.new_session()
    assert server.request("POST", f"/api/sessions/{first}/upload", body=image, headers=OCTETS).status == 200
    over = assert_json_error(server.request("POST", f"/api/sessions/{second}/upload", body=image, headers=OCTETS), 507)
    assert "--upload-budget-megabytes" in over["error"] and "1.0 MB" in over["error"], over
    assert len(upload_files(tmp_path)) == 1
    # The first session's end gives its bytes back.
    assert server.request("DELETE", f"/api/sessions/{first}").status == 204
    wait_until(lambda: server.request("POST", f"/api/sessions/{second}/upload", body=image, headers=OCTETS).status == 200,
               timeout=5, message="the budget to be given back")


def test_a_killed_servers_upload_folder_is_removed_by_the_next(own_servers, binary, tmp_path):
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    killed = own_servers.start(env={"TMPDIR": str(temporary)})
    session, _ = killed.new_session()
    assert killed.request("POST", f"/api/sessions/{session}/upload", body=pgm(60, 60), headers=OCTETS).status == 200
    (left,) = [path for path in temporary.iterdir() if path.name.startswith(f"filterocr-serve-{killed.process.pid}-")]
    own_servers.running.remove(killed)
    killed.process.send_signal(signal.SIGKILL)
    killed.process.wait(timeout=10)
    assert left.is_dir()

    # A folder of a live process (this one) looks the same, and must stay.
    live = temporary / f"filterocr-serve-{os.getpid()}-0badc0de"
    (live / "1").mkdir(parents=True)
    other = temporary / "filterocr-serve-notes"
    other.mkdir()

    server = own_servers.start(env={"TMPDIR": str(temporary)})
    assert not left.exists(), "the killed server's folder is still there"
    assert live.is_dir() and other.is_dir()
    assert server.request("GET", "/api/images").status == 200


def test_an_upload_over_the_upload_pixel_limit_is_refused_before_decoding(own_servers):
    server = own_servers.start()
    bomb = bilevel_png(10000, 10000)
    assert len(bomb) < 64_000
    _, before = resident_memory(server.process.pid)
    sessions = [server.new_session()[0] for _ in range(3)]
    for session in sessions:
        refused = assert_json_error(server.request("POST", f"/api/sessions/{session}/upload", body=bomb,
                                                   headers={"Content-Type": "image/png", "X-Filename": "bomb.png"}), 422)
        assert "10000x10000" in refused["error"] and "--max-upload-megapixels" in refused["error"], refused
    _, peak = resident_memory(server.process.pid)
    # Decoding one would take 300 MB for its pixels alone.
    assert peak - before < 100_000_000, (before, peak)
    # The set's images keep the decoder's own limit; an upload under the upload limit is read.
    answer = server.request("POST", f"/api/sessions/{sessions[0]}/upload", body=pgm(300, 200), headers=OCTETS)
    assert answer.status == 200 and answer.json["outputs"][0]["size"] == {"width": 300, "height": 200}, answer


# ---------------------------------------------------------------- names

def test_images_are_named_within_the_image_set_never_by_the_servers_paths(server):
    session, outputs = server.new_session(MAIN_IMAGE)
    assert outputs[0]["image"] == MAIN_IMAGE, outputs[0]["image"]
    status = server.request("GET", f"/api/sessions/{session}").json["outputs"][0]
    assert status["status"]["image"]["path"] == MAIN_IMAGE, status
    after_next = server.command(session, "next")
    assert "/" not in after_next[0]["image"], after_next[0]["image"]
    for answer in (server.request("GET", "/api/images"), server.request("GET", f"/api/sessions/{session}")):
        assert str(server.images) not in answer.body.decode(), answer


def test_a_refusal_names_an_image_of_the_set_within_the_set(own_servers, tmp_path):
    images = tmp_path / "set"
    images.mkdir()
    (images / "good.pgm").write_bytes(pgm(60, 60))
    (images / "bad.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"\x00" * 40)
    server = own_servers.start(images=images)
    session, _ = server.new_session("good.pgm")
    refused = server.request("POST", f"/api/sessions/{session}/open/{server.image_ids()['bad.png']}")
    body = assert_json_error(refused, 422)
    assert "bad.png" in body["error"] and str(images) not in refused.body.decode(), body
