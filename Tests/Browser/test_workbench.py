"""The workbench page (/) in headless Chromium, against the API's answers for the same states."""

import shutil
import subprocess
from pathlib import Path

import pytest
from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import MAIN_IMAGE, REPO, SOURCE_IMAGES, csp_violations, severe_console_entries
from pages import (data_url, js_round, open_workbench, wait_settled, watch_state, workbench_state)

pytestmark = pytest.mark.browser

# A file name that is markup, and sets a flag and raises an alert if it ever runs.
HOSTILE_NAME = '<img src=x onerror="window.__xss=1;alert(1)">.png'
SCRIPT_TEXT = "<script>alert(1)</script>"


@pytest.fixture(scope="module")
def server(servers):
    return servers.start("--max-upload-megabytes", "1")


@pytest.fixture
def page(browser):
    """The module's browser, its console drained at the start of each test."""
    browser.get_log("browser")
    yield browser
    browser.get("about:blank")  # ends the page (its session is closed by the page itself)


def reference(server, *lines):
    """The API's outputs for the main image after `lines`: the truth the page is held to."""
    session, outputs = server.new_session(MAIN_IMAGE)
    reports = [outputs[0]]
    for line in lines:
        reports.append(server.command(session, line)[0])
    return session, reports


def assert_shows(state, report):
    """The page shows the report: its text, word count, script and segment."""
    assert state["text"] == report["text"], (state["text"], report["text"])
    assert state["wordCount"] == str(report["wordCount"]), (state["wordCount"], report["wordCount"])
    assert state["script"] == report["script"], (state["script"], report["script"])
    assert state["segment"] == report["segment"], (state["segment"], report["segment"])
    assert state["boxes"] == len(report["words"]), (state["boxes"], len(report["words"]))
    assert state["error"] == "", state["error"]


def test_segments_steps_and_slider(page, server):
    api_session, (original, blur, blur25) = reference(server, "blur", "25%")
    assert original["wordCount"] > 0 and original["text"].strip()

    # The first recognition, of a random image of the set, is the API's for that image.
    page.get(server.url("/"))
    first = wait_settled(page, 1)
    _, (same,) = server.new_session(Path(first["image"]).name)
    assert first["text"].strip()
    assert first["text"] == same["text"] and first["wordCount"] == str(same["wordCount"]), (first, same["text"])

    state = open_workbench(page, server)
    count = state["recognitions"]
    assert_shows(state, original)
    assert state["step25"] and state["step75"] and state["slider"], "25%, 75% and the slider are enabled in original"

    # Blur: the segment, the steps and the slider come on, and the text is the blur's.
    page.find_element(By.ID, "segment-blur").click()
    count += 1
    state = wait_settled(page, count)
    assert_shows(state, blur)
    assert page.find_element(By.ID, "segment-blur").get_attribute("aria-checked") == "true"
    assert page.find_element(By.ID, "segment-original").get_attribute("aria-checked") == "false"
    assert not state["step25"] and not state["step75"] and not state["slider"], state
    assert state["text"] != original["text"]

    page.find_element(By.ID, "step-25").click()
    count += 1
    state = wait_settled(page, count)
    assert state["script"] == "blur; 25%"
    assert_shows(state, blur25)
    assert state["sliderValue"] == "25" and state["sliderShown"] == "25%", state

    # Drag the slider: the value shows while it moves, and one recognition follows the release.
    slider = page.find_element(By.ID, "slider")
    width = slider.rect["width"]
    start = (25 / 300 - 0.5) * width  # the thumb, from the slider's centre
    drag = ActionChains(page).move_to_element_with_offset(slider, int(start), 0).click_and_hold()
    for _ in range(3):
        drag.move_by_offset(-int(width * 5 / 300) - 1, 0)
    drag.perform()
    held = workbench_state(page)
    assert held["recognitions"] == count and held["busy"] == "false", "a recognition while the slider is held"
    assert held["sliderValue"] != "25" and held["sliderShown"] == f"{held['sliderValue']}%", held
    ActionChains(page).release().perform()
    count += 1
    state = wait_settled(page, count)
    value = int(state["sliderValue"])
    assert value == int(held["sliderValue"]) and state["sliderShown"] == f"{value}%", (held, state)
    assert state["script"] == f"blur; slider {value}%", state
    assert_shows(state, server.command(api_session, f"slider {value}%")[0])

    # The keyboard: three presses, one recognition once they stop.
    slider.send_keys(Keys.ARROW_RIGHT * 3)
    assert workbench_state(page)["sliderShown"] == f"{value + 3}%"
    count += 1
    state = wait_settled(page, count)
    assert state["script"] == f"blur; slider {value + 3}%", state
    assert_shows(state, server.command(api_session, f"slider {value + 3}%")[0])

    # Original: the steps and the slider go off, and the text is the original's again.
    page.find_element(By.ID, "segment-original").click()
    count += 1
    state = wait_settled(page, count)
    assert_shows(state, original)
    assert state["step25"] and state["step75"] and state["slider"], state
    assert state["sliderValue"] == "0" and state["sliderShown"] == "0%", state


def test_word_boxes_and_their_tooltips(page, server):
    _, (original,) = reference(server)
    open_workbench(page, server)
    words = original["words"]
    assert len(words) > 3  # (wordCount counts the words of the text, which splits some boxes: $3.29)

    boxes = page.find_element(By.ID, "boxes")
    assert page.execute_script("return arguments[0].getAttribute('viewBox')", boxes) == f"0 0 {original['size']['width']} {original['size']['height']}"
    rects = page.find_elements(By.CSS_SELECTOR, "#boxes rect")
    assert len(rects) == len(words)
    for rect, word in zip(rects, words):
        box = [float(rect.get_attribute(name)) for name in ("x", "y", "width", "height")]
        assert box == word["box"], (box, word)
        assert rect.get_attribute("data-word") == word["text"]

    tooltip = page.find_element(By.ID, "tooltip")
    assert not tooltip.is_displayed()
    for index in (0, len(words) // 2, len(words) - 1):
        rect, word = rects[index], words[index]
        page.execute_script("arguments[0].scrollIntoView({block: 'center'})", rect)
        ActionChains(page).move_to_element(rect).perform()
        WebDriverWait(page, 5, poll_frequency=0.02).until(
            lambda d: tooltip.is_displayed() and d.find_element(By.ID, "tooltip-word").text == word["text"],
            message=f"the tooltip of {word['text']!r}")
        confidence = js_round(word["confidence"])
        assert page.find_element(By.ID, "tooltip-confidence").text == f"{confidence}%"
        title = rect.find_element(By.TAG_NAME, "title").get_attribute("textContent")
        assert title == f"{word['text']} ({confidence}%)", title
    # Away from the boxes, the tooltip goes.
    ActionChains(page).move_to_element(page.find_element(By.ID, "results-title").find_element(By.XPATH, "..")).perform()
    WebDriverWait(page, 5, poll_frequency=0.02).until(lambda d: not tooltip.is_displayed(), message="the tooltip to hide")


def test_keyboard_shortcuts(page, server):
    _, (original, blur, blur25, blur25_75) = reference(server, "blur", "25%", "75%")
    state = open_workbench(page, server)
    count = state["recognitions"]

    def press(key, recognitions):
        ActionChains(page).send_keys(key).perform()
        return wait_settled(page, recognitions)

    page.find_element(By.CSS_SELECTOR, "h1.brand").click()  # nothing focused: keys go to the page
    assert page.execute_script("return document.activeElement === document.body")
    state = press("b", count + 1)
    assert_shows(state, blur)
    state = press("1", count + 2)
    assert_shows(state, blur25)
    state = press("3", count + 3)
    assert state["script"] == "blur; 25%; 75%"
    assert_shows(state, blur25_75)
    state = press("o", count + 4)
    assert_shows(state, original)
    assert state["step25"] and state["step75"]

    # 1 and 3 do nothing in original: the next key's recognition is the only one.
    ActionChains(page).send_keys("1").send_keys("3").perform()
    assert workbench_state(page)["busy"] == "false"
    state = press("z", count + 5)
    assert state["segment"] == "binarize" and state["script"] == "binarize", state
    assert page.find_element(By.ID, "segment-binarize").get_attribute("aria-checked") == "true"

    # ? opens the help, Escape closes it; while it is open the letters do nothing.
    help_dialog = page.find_element(By.ID, "help")
    ActionChains(page).send_keys("?").perform()
    WebDriverWait(page, 5).until(lambda d: help_dialog.get_attribute("open") is not None, message="the help to open")
    ActionChains(page).send_keys("b").perform()
    assert workbench_state(page)["busy"] == "false"
    ActionChains(page).send_keys(Keys.ESCAPE).perform()
    WebDriverWait(page, 5).until(lambda d: help_dialog.get_attribute("open") is None, message="the help to close")
    state = press("o", count + 6)
    assert_shows(state, original)


@pytest.fixture(scope="module")
def script_image(browser, server, tmp_path_factory):
    """A PNG of the text <script>alert(1)</script>, drawn by the browser, under a file name
    that is markup; checked first to be read with its < and > by the API."""
    html = ('<!doctype html><body style="margin:0;background:#fff">'
            '<pre id="t" style="display:inline-block;margin:0;padding:40px 60px;background:#fff;color:#000;'
            "font:bold 56px 'DejaVu Sans Mono',monospace\">&lt;script&gt;alert(1)&lt;/script&gt;</pre></body>")
    browser.get(data_url(html))
    png = browser.find_element(By.ID, "t").screenshot_as_png
    browser.get("about:blank")
    path = tmp_path_factory.mktemp("hostile") / HOSTILE_NAME
    path.write_bytes(png)

    session, _ = server.new_session(MAIN_IMAGE)
    answer = server.request("POST", f"/api/sessions/{session}/upload", body=png,
                            headers={"Content-Type": "image/png", "X-Filename": HOSTILE_NAME})
    assert answer.status == 200, answer
    report = answer.json["outputs"][0]
    assert "<" in report["text"] and ">" in report["text"] and "script" in report["text"], report["text"]
    assert report["image"] == HOSTILE_NAME, report["image"]
    return path, report


def assert_nothing_injected(page):
    injected = page.execute_script("""
        return {
          xss: window.__xss === undefined ? null : String(window.__xss),
          badImages: Array.from(document.querySelectorAll('img')).filter((img) => img.getAttribute('src') === 'x').length,
          handlers: Array.from(document.querySelectorAll('*')).filter((node) => node.hasAttribute('onerror')).length,
          scripts: Array.from(document.scripts).map((script) => script.getAttribute('src')),
        };""")
    assert injected["xss"] is None, injected
    assert injected["badImages"] == 0 and injected["handlers"] == 0, injected
    assert all(src and src.startswith("/assets/") for src in injected["scripts"]), injected
    # An inline handler that got into the page would also be blocked, and reported, by the policy.
    assert csp_violations(page) == []
    with pytest.raises(NoAlertPresentException):
        page.switch_to.alert


def test_recognised_text_and_file_names_are_shown_as_text(page, server, script_image):
    path, report = script_image
    state = open_workbench(page, server)
    page.find_element(By.ID, "upload").send_keys(str(path))
    state = wait_settled(page, state["recognitions"] + 1)
    assert state["text"] == report["text"] and "<" in state["text"], state["text"]
    assert SCRIPT_TEXT[:7] in state["text"]
    assert state["image"] == HOSTILE_NAME, state["image"]
    assert page.find_element(By.ID, "image").get_attribute("alt").startswith(HOSTILE_NAME)
    rects = page.find_elements(By.CSS_SELECTOR, "#boxes rect")
    assert [rect.get_attribute("data-word") for rect in rects] == [word["text"] for word in report["words"]]
    assert state["error"] == ""
    assert_nothing_injected(page)

    # The watch shows the same feed entry (name and words) as text too.
    page.get(server.url("/watch"))
    watch = WebDriverWait(page, 10, poll_frequency=0.02).until(
        lambda d: (w := watch_state(d))["words"] and HOSTILE_NAME in w["image"] and w, message="the watch")
    assert [word for word, _ in watch["words"]] == [entry["word"] for entry in report["topWords"]][:3]
    assert_nothing_injected(page)


def test_an_oversized_upload_is_refused_and_the_session_goes_on(page, server, tmp_path):
    big = tmp_path / "big.bmp"
    shutil.copy(SOURCE_IMAGES / MAIN_IMAGE, big)
    assert big.stat().st_size > 1_000_000
    state = open_workbench(page, server)
    count = state["recognitions"]

    page.find_element(By.ID, "upload").send_keys(str(big))
    WebDriverWait(page, 30, poll_frequency=0.02).until(
        lambda d: (s := workbench_state(d))["ready"] == "true" and s["error"], message="an error for the upload")
    state = workbench_state(page)
    assert "1 MB" in state["error"] and "--max-upload-megabytes" in state["error"], state["error"]
    assert state["recognitions"] == count and Path(state["image"]).name == MAIN_IMAGE, state

    page.find_element(By.ID, "segment-binarize").click()
    state = wait_settled(page, count + 1)
    assert state["segment"] == "binarize" and state["script"] == "binarize" and state["error"] == "", state
    assert int(state["wordCount"]) > 0


def top_words_shown(page, list_id):
    return page.execute_script(
        "return Array.from(document.querySelectorAll(arguments[0] + ' li')).map((item) => item.textContent)",
        f"#{list_id}")


def test_a_chain_says_what_the_slider_acts_on_and_top_words_show(page, server):
    api_session, reports = reference(server, "greyscale", "then sauvola", "then median")
    chained = reports[-1]
    assert chained["script"] == "greyscale; then sauvola; then median", chained["script"]
    state = open_workbench(page, server)
    count = state["recognitions"]
    # The image is named as in the set, never by the server's folder.
    assert state["image"] == MAIN_IMAGE, state["image"]

    page.find_element(By.ID, "segment-greyscale").click()
    count += 1
    wait_settled(page, count)
    note = page.find_element(By.ID, "slider-note").text
    assert "greyscale at 25% on the original" in note, note

    page.find_element(By.ID, "chain").click()
    for name in ("sauvola", "median"):
        page.find_element(By.ID, f"segment-{name}").click()
        count += 1
        state = wait_settled(page, count)
    assert_shows(state, chained)
    note = page.find_element(By.ID, "slider-note").text
    assert "median at 25% after greyscale; then sauvola" in note, note
    assert "on the original" not in note, note

    # The image's top three words, as the report has them, and the session's, as `top` says.
    expected_image = [f"{entry['word']} {entry['count']}" for entry in chained["topWords"][:3]]
    assert expected_image and top_words_shown(page, "top-image") == expected_image
    session_id = page.execute_script("return document.body.dataset.session")
    answer = server.request("POST", f"/api/sessions/{session_id}/commands", json_body={"command": "top"})
    top = answer.json["outputs"][0]
    assert top["kind"] == "top", top
    expected_session = [f"{entry['word']} {entry['count']}" for entry in top["sessionTopWords"][:3]]
    assert expected_session and top_words_shown(page, "top-session") == expected_session
    # The session counted four renderings of the image, so its counts are higher than the image's.
    assert top["sessionTopWords"][0]["count"] > chained["topWords"][0]["count"], (top, chained["topWords"])


def test_the_controls_are_the_servers_filters(page, server):
    """Every filter of /api/filters is a segment, in its order: the brief's beside Original
    with their keys, the others in the second row; the keyboard help names the same keys."""
    filters = server.request("GET", "/api/filters").json["filters"]
    open_workbench(page, server)
    brief = [b.get_attribute("data-segment") for b in page.find_elements(By.CSS_SELECTOR, "#segments .segmented [role=radio]")]
    more = [b.get_attribute("data-segment") for b in page.find_elements(By.CSS_SELECTOR, "#more-segments [role=radio]")]
    assert brief == ["original"] + [f["name"] for f in filters if f["brief"]]
    assert more == [f["name"] for f in filters if not f["brief"]]
    for entry in filters:
        button = page.find_element(By.ID, f"segment-{entry['name']}")
        if entry.get("shortcut"):
            assert button.get_attribute("aria-keyshortcuts") == entry["shortcut"]
    help_keys = [k.get_attribute("textContent") for k in page.find_elements(By.CSS_SELECTOR, "#help .shortcut-list dt kbd")]
    for entry in filters:
        if entry.get("shortcut"):
            assert entry["shortcut"] in help_keys, help_keys


@pytest.fixture(scope="module")
def scan_pdf(tmp_path_factory):
    """A two-page PDF made from the corpus, as a scanner's software would: phototest, then eurotext."""
    path = tmp_path_factory.mktemp("pdf") / "scan.pdf"
    subprocess.run(["/usr/bin/img2pdf", "--imgsize", "300dpix300dpi", "-o", str(path),
                    str(REPO / "corpus" / "phototest.tif"), str(REPO / "corpus" / "eurotext.tif")],
                   check=True, capture_output=True)
    return path


PAGER_STATE = """
const $ = (id) => document.getElementById(id);
return {hidden: $('pager').hidden, page: $('page-number').value, count: $('page-count').textContent,
        previous: $('page-previous').disabled, next: $('page-next').disabled};
"""


def test_a_pdf_upload_reads_page_by_page_with_the_picker(page, server, scan_pdf):
    # The API's answers for the same PDF and moves: the truth the page is held to.
    session, _ = server.new_session()
    answer = server.request("POST", f"/api/sessions/{session}/upload", body=scan_pdf.read_bytes(),
                            headers={"X-Filename": "scan.pdf", "Content-Type": "application/pdf"})
    assert answer.status == 200, answer
    first = answer.json["outputs"][0]
    assert (first["image"], first["page"], first["pageCount"]) == ("scan.pdf", 1, 2), first
    second = server.command(session, "page next")[0]
    assert second["page"] == 2 and second["pageCount"] == 2, second
    # phototest's "12 point text" on page 1; eurotext's fox in German on page 2.
    assert "12 point" in first["text"] and "Fuchs" not in first["text"], first["text"]
    assert "Fuchs" in second["text"] and "12 point" not in second["text"], second["text"]
    image = server.command(session, "status")[0]["status"]["image"]
    assert (image["page"], image["pageCount"]) == (2, 2), image
    refused = server.command(session, "page 3", expect=422)
    assert refused[0]["error"] == "there is no page 3: scan.pdf has 2 pages", refused
    binarized_one = [server.command(session, line)[0] for line in ("binarize", "page 1")][-1]
    assert binarized_one["page"] == 1 and binarized_one["script"] == "binarize", binarized_one

    state = open_workbench(page, server)
    assert page.execute_script(PAGER_STATE)["hidden"], "an image has no pages to pick"
    page.find_element(By.ID, "upload").send_keys(str(scan_pdf))
    state = wait_settled(page, state["recognitions"] + 1)
    assert state["image"] == "scan.pdf" and state["text"] == first["text"] and state["error"] == "", state
    assert page.execute_script(PAGER_STATE) == {"hidden": False, "page": "1", "count": "of 2", "previous": True, "next": False}

    page.find_element(By.ID, "page-next").click()
    state = wait_settled(page, state["recognitions"] + 1)
    assert_shows(state, second)
    assert page.execute_script(PAGER_STATE) == {"hidden": False, "page": "2", "count": "of 2", "previous": False, "next": True}

    # The filters go with the page: binarize on page 2, then page 1 by its number.
    page.find_element(By.ID, "segment-binarize").click()
    state = wait_settled(page, state["recognitions"] + 1)
    number = page.find_element(By.ID, "page-number")
    number.send_keys(Keys.CONTROL, "a")
    number.send_keys("1", Keys.ENTER)
    state = wait_settled(page, state["recognitions"] + 1)
    assert_shows(state, binarized_one)
    assert page.execute_script(PAGER_STATE)["page"] == "1"

    # Back to an image of the set: no pages to pick.
    Select(page.find_element(By.ID, "image-picker")).select_by_visible_text(MAIN_IMAGE)
    wait_settled(page, state["recognitions"] + 1)
    assert page.execute_script(PAGER_STATE)["hidden"]
    assert severe_console_entries(page) == []
    assert csp_violations(page) == []
