"""What the browser tests read from the pages, and how they wait for them."""

import math
import urllib.parse
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import CSP_RECORDER, MAIN_IMAGE

ACTION_TIMEOUT = 30  # seconds for one action of the page (a recognition, an upload)

WORKBENCH_STATE = """
const body = document.body, $ = (id) => document.getElementById(id);
const checked = document.querySelector('#segments [role="radio"][aria-checked="true"]');
return {
  ready: body.dataset.ready, busy: body.dataset.busy, recognitions: Number(body.dataset.recognitions),
  session: body.dataset.session || null,
  text: $('text').textContent, wordCount: $('word-count').textContent, script: $('script').textContent,
  segment: checked ? checked.dataset.segment : null, image: $('image-name').textContent,
  error: $('error').textContent,
  step25: $('step-25').disabled, step75: $('step-75').disabled, slider: $('slider').disabled,
  sliderValue: $('slider').value, sliderShown: $('slider-value').textContent,
  boxes: $('boxes').querySelectorAll('rect').length,
};
"""


def workbench_state(driver):
    return driver.execute_script(WORKBENCH_STATE)


def wait_settled(driver, recognitions, timeout=ACTION_TIMEOUT):
    """Waits until the page is idle with `recognitions` recognitions shown (it sets
    data-ready when a job and its image are done); returns the page's state."""
    def settled(d):
        state = workbench_state(d)
        return state if state["ready"] == "true" and state["busy"] == "false" and state["recognitions"] >= recognitions else None

    state = WebDriverWait(driver, timeout, poll_frequency=0.02).until(
        settled, message=f"the workbench to settle after recognition {recognitions}")
    assert state["recognitions"] == recognitions, f"{state['recognitions']} recognitions, expected {recognitions}"
    return state


def open_workbench(driver, server, image=MAIN_IMAGE):
    """Loads the workbench and opens `image` with the page's picker (a session starts on a
    random image); returns the page's state."""
    driver.get(server.url("/"))
    state = wait_settled(driver, 1)
    if Path(state["image"]).name != image:
        Select(driver.find_element(By.ID, "image-picker")).select_by_visible_text(image)
        state = wait_settled(driver, 2)
    assert Path(state["image"]).name == image, state
    return state


def open_window(driver, url):
    """A new browser window (not a background tab: both stay visible) at `url`; returns its handle."""
    driver.switch_to.new_window("window")
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": CSP_RECORDER})
    driver.get(url)
    return driver.current_window_handle


def js_round(value):
    """Math.round, which rounds halves up (Python's round() rounds them to even)."""
    return math.floor(value + 0.5)


def data_url(html):
    return "data:text/html;charset=utf-8," + urllib.parse.quote(html)


WATCH_STATE = """
const body = document.body, $ = (id) => document.getElementById(id);
return {
  sequence: body.dataset.sequence || '',
  connection: $('connection').dataset.state,
  words: Array.from(document.querySelectorAll('#words .word')).map((item) => [
    item.querySelector('.word-text').textContent, item.querySelector('.word-count').textContent]),
  image: $('source-image').textContent, segment: $('segment').textContent,
  age: $('age').textContent, wordCount: $('word-count').textContent, source: $('source').textContent,
};
"""


def watch_state(driver):
    return driver.execute_script(WATCH_STATE)
