"""The watch page (/watch) in headless Chromium, following the feed whoever writes it; and
both pages free of console errors and Content-Security-Policy violations."""

import json
import time
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import MAIN_IMAGE, csp_violations, read_feed, run_ocr, severe_console_entries
from pages import open_window, open_workbench, wait_settled, watch_state

pytestmark = pytest.mark.browser

SHOWN_WITHIN = 1.0  # seconds from a writer's exit to the watch showing its words


@pytest.fixture(scope="module")
def server(servers):
    return servers.start()


@pytest.fixture
def windows(browser):
    """The module's browser with its console drained; extra windows closed at the end."""
    browser.get_log("browser")
    first = browser.current_window_handle
    yield browser
    for handle in browser.window_handles:
        if handle != first:
            browser.switch_to.window(handle)
            browser.close()
    browser.switch_to.window(first)
    browser.get("about:blank")


def wait_for_watch(driver, condition, timeout=10.0, message="the watch"):
    def shown(d):
        state = watch_state(d)
        return state if condition(state) else None

    return WebDriverWait(driver, timeout, poll_frequency=0.01).until(shown, message=message)


def top_words(feed):
    return [[entry["word"], str(entry["count"])] for entry in feed["topWords"][:3]]


def test_the_watch_follows_another_process_and_the_workbench(windows, server, binary):
    driver = windows
    open_workbench(driver, server)  # a recognition, so the feed exists
    workbench = driver.current_window_handle
    feed = read_feed(server.feed)
    assert Path(feed["image"]).name == MAIN_IMAGE

    open_window(driver, server.url("/watch"))
    watch = driver.current_window_handle
    state = wait_for_watch(driver, lambda s: s["connection"] == "live" and s["sequence"] == str(feed["sequence"]),
                           message="the watch to connect and show the current feed")
    assert state["words"] == top_words(feed) and state["words"], state
    assert Path(state["image"]).name == MAIN_IMAGE, state

    # Another process recognises another image with the same feed: shown within a second.
    completed, exited = run_ocr(binary, server.images / "street_sign.jpg", server.feed, "--json")
    ocr = json.loads(completed.stdout.splitlines()[0])
    feed = read_feed(server.feed)
    assert feed["source"] == "ocr" and feed["topWords"] == ocr["topWords"] and ocr["topWords"], (feed, ocr)
    state = wait_for_watch(driver, lambda s: s["sequence"] == str(feed["sequence"]), timeout=5.0,
                           message="the watch to show the ocr process's recognition")
    elapsed = time.monotonic() - exited
    print(f"the watch showed the ocr process's words {elapsed * 1000:.0f} ms after it exited")
    assert elapsed < SHOWN_WITHIN, f"the watch showed the ocr's words {elapsed:.3f} s after it exited"
    assert state["words"] == top_words(feed), (state["words"], feed["topWords"])
    assert Path(state["image"]).name == "street_sign.jpg" and state["source"] == "ocr", state
    assert state["wordCount"] == str(ocr["wordCount"]) and state["connection"] == "live", state

    # A command in the workbench's window: the watch follows too.
    driver.switch_to.window(workbench)
    recognitions = driver.execute_script("return Number(document.body.dataset.recognitions)")
    driver.find_element(By.ID, "segment-binarize").click()
    page = wait_settled(driver, recognitions + 1)
    clicked = time.monotonic()
    driver.switch_to.window(watch)
    state = wait_for_watch(driver, lambda s: s["segment"].startswith("binarize") and s["source"] == "serve",
                           timeout=5.0, message="the watch to show the workbench's binarize")
    assert time.monotonic() - clicked < SHOWN_WITHIN + 1.0
    feed = read_feed(server.feed)
    assert state["sequence"] == str(feed["sequence"]) and state["words"] == top_words(feed) and state["words"], state
    assert Path(state["image"]).name == Path(page["image"]).name == MAIN_IMAGE, state
    assert state["wordCount"] == page["wordCount"], (state, page)


def test_no_console_errors_or_policy_violations(windows, server):
    driver = windows
    state = open_workbench(driver, server)
    driver.find_element(By.ID, "segment-blur").click()
    state = wait_settled(driver, state["recognitions"] + 1)
    driver.find_element(By.ID, "step-75").click()
    state = wait_settled(driver, state["recognitions"] + 1)
    assert state["script"] == "blur; 75%", state
    driver.find_element(By.ID, "segment-original").click()
    state = wait_settled(driver, state["recognitions"] + 1)
    assert state["error"] == ""
    # The stylesheet applied (a policy that blocked it would leave the page unstyled).
    assert driver.execute_script("return getComputedStyle(document.getElementById('upload')).position") == "absolute"
    assert csp_violations(driver) == []
    assert severe_console_entries(driver) == []

    driver.get(server.url("/watch"))
    wait_for_watch(driver, lambda s: s["connection"] == "live" and s["words"], message="the watch with words")
    assert driver.execute_script("return getComputedStyle(document.getElementById('meta')).display") != "inline"
    assert csp_violations(driver) == []
    assert severe_console_entries(driver) == []


def test_both_pages_work_with_the_token_cookie(own_servers, browser):
    token = "SECRET1234"
    server = own_servers.start("--token", token)
    try:
        browser.get_log("browser")
        # Without the token the page is refused...
        browser.get(server.url("/"))
        assert "access token" in browser.find_element(By.TAG_NAME, "body").text
        # ...with it, the token moves into a cookie and out of the address bar.
        browser.get(server.url(f"/?token={token}"))
        assert browser.current_url == server.url("/"), browser.current_url
        cookie = browser.get_cookie("filterocr_token")
        assert cookie and cookie["value"] == token and cookie["httpOnly"] and cookie["sameSite"] == "Strict", cookie
        assert browser.execute_script("return document.cookie") == ""  # HttpOnly: not for scripts
        state = wait_settled(browser, 1)
        assert state["text"].strip() and state["error"] == "", state

        browser.get(server.url("/watch"))
        state = wait_for_watch(browser, lambda s: s["connection"] == "live" and s["words"], message="the watch with the cookie")
        assert state["sequence"] == str(read_feed(server.feed)["sequence"])
        # The refused first load logged its 401; nothing else went wrong.
        assert [entry for entry in severe_console_entries(browser) if "401" not in entry["message"]] == []
    finally:
        browser.delete_all_cookies()  # of the server's origin, where the browser is
        browser.get("about:blank")
