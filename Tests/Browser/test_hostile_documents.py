"""Hostile documents uploaded to a running `filterocr serve`: each gets an answer (a
recognition or a JSON error), the server's memory stays bounded, and it still answers `GET /`
after every one. The documents are made on the spot by scripts/hostile_documents.py."""

import concurrent.futures
import importlib.util
import sys

import pytest

from conftest import REPO
from hostile import resident_memory

spec = importlib.util.spec_from_file_location("hostile_documents", REPO / "scripts" / "hostile_documents.py")
hostile_documents = importlib.util.module_from_spec(spec)
sys.modules["hostile_documents"] = hostile_documents
spec.loader.exec_module(hostile_documents)

# The server's own limit for the whole test: a bomb that took gigabytes must take far less.
MEMORY_LIMIT = 500 << 20

ATTACKS = ["nested-resources", "nested-forms-100", "form-doubling", "huge-count", "negative-count", "jbig2-bomb", "ccitt-bomb",
           "flate-bomb", "dct-bomb", "jpx-bomb", "unbalanced-q", "million-pages", "deep-page-tree",
           "png-with-pdf-comment", "tiff-pages-1000", "tiff-float32", "tiff-12bit", "tiff-tiled-page2"]


def upload(server, session, name):
    data, extension = hostile_documents.make(name), hostile_documents.extension(name)
    return server.request("POST", f"/api/sessions/{session}/upload", body=data,
                          headers={"Content-Type": "application/octet-stream", "X-Filename": f"{name}.{extension}"})


@pytest.fixture(scope="module")
def hostile_server(servers):
    return servers.start()


@pytest.mark.parametrize("name", ATTACKS)
def test_a_hostile_upload_gets_an_answer_and_the_server_lives(hostile_server, name):
    session, _ = hostile_server.new_session()
    answer = upload(hostile_server, session, name)
    assert answer.status in (200, 413, 422), answer
    body = answer.json
    if answer.status != 200:
        assert body["error"] and "\n" not in body["error"], body
    assert hostile_server.request("GET", "/").status == 200, "the server still answers"
    assert resident_memory(hostile_server.process.pid)[0] < MEMORY_LIMIT


def test_eight_concurrent_bombs_keep_the_server_bounded(hostile_server):
    bombs = ["jbig2-bomb", "ccitt-bomb", "flate-bomb", "nested-resources"] * 2
    sessions = [hostile_server.new_session()[0] for _ in bombs]
    with concurrent.futures.ThreadPoolExecutor(len(bombs)) as pool:
        answers = list(pool.map(lambda pair: upload(hostile_server, *pair), zip(sessions, bombs)))
    for answer in answers:
        assert answer.status in (200, 413, 422), answer
    assert hostile_server.request("GET", "/").status == 200
    assert resident_memory(hostile_server.process.pid)[1] < 2 * MEMORY_LIMIT, "eight bombs at once, each bounded"
