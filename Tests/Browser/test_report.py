"""`filterocr report --format html`: the page opens from a file in headless Chromium with no
console error, no CSP violation and no request but its own, and shows the chart, the tables and
each page's aligned texts; a truth holding markup stays text."""

import base64
import hashlib
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from conftest import SET_IMAGES, SOURCE_IMAGES, csp_violations, make_driver, make_image_set, network_requests, \
    severe_console_entries

pytestmark = pytest.mark.browser

# A truth that would run a script, close a textarea and load an image if it were markup.
HOSTILE = ('<script>window.__pwned = 1</script></textarea><img src="https://example.invalid/x.png" '
           'onerror="window.__pwned = 2"> ')


@pytest.fixture(scope="module")
def report(binary, tmp_path_factory):
    """A report of the set's images, one more whose truth is hostile, and one without truth."""
    folder = make_image_set(tmp_path_factory.mktemp("report") / "images")
    shutil.copy(SOURCE_IMAGES / "price_tag.bmp", folder / "hostile.bmp")
    (folder / "hostile.txt").write_text(HOSTILE + (SOURCE_IMAGES / "price_tag.txt").read_text(encoding="utf-8"),
                                        encoding="utf-8")
    shutil.copy(SOURCE_IMAGES / "slide.gif", folder / "untruthed.gif")
    page = folder.parent / "report.html"
    completed = subprocess.run([str(binary), "report", "--format", "html", "-o", str(page), "-j", "2", str(folder)],
                               capture_output=True, text=True, timeout=300)
    assert completed.returncode == 0, completed.stderr
    return page


@pytest.fixture(scope="module")
def browser():
    driver = make_driver(network_log=True)
    yield driver
    driver.quit()


def open_report(driver, page):
    network_requests(driver)  # forget what came before
    driver.get(page.as_uri())
    assert driver.execute_script("return document.readyState") == "complete"
    return driver


def test_opens_with_no_console_error_and_no_request_but_its_own(browser, report):
    open_report(browser, report)
    assert severe_console_entries(browser) == []
    assert csp_violations(browser) == []
    requests = network_requests(browser)
    assert report.as_uri() in requests
    assert [url for url in requests if url != report.as_uri()] == []
    assert browser.execute_script("return performance.getEntriesByType('resource').length") == 0


def test_policy_allows_exactly_the_page_style_sheet(browser, report):
    html = report.read_text(encoding="utf-8")
    policy = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', html).group(1)
    style = re.search(r"<style>(.*?)</style>", html, re.S).group(1)
    digest = base64.b64encode(hashlib.sha256(style.encode("utf-8")).digest()).decode()
    assert policy.startswith("default-src 'none'; ")
    assert f"style-src 'sha256-{digest}'" in policy
    # The sheet applied: errors are struck and underlined, not only coloured.
    open_report(browser, report)
    struck = browser.execute_script(
        "return getComputedStyle(document.querySelector('del.d, del.s')).textDecorationLine")
    underlined = browser.execute_script(
        "return getComputedStyle(document.querySelector('ins.i, ins.s')).textDecorationLine")
    assert "line-through" in struck and "underline" in underlined
    assert csp_violations(browser) == []


def test_chart_tables_and_aligned_views(browser, report):
    open_report(browser, report)
    scored = len(SET_IMAGES) + 1
    bars = browser.find_elements(By.CSS_SELECTOR, "#chart svg rect.bar")
    assert len(bars) == scored
    assert browser.find_element(By.CSS_SELECTOR, "#chart svg line.micro") and \
        browser.find_element(By.CSS_SELECTOR, "#chart svg line.macro")
    assert browser.find_element(By.ID, "micro-cer").text.endswith("%")
    assert browser.find_element(By.ID, "macro-cer").text.endswith("%")
    rows = browser.find_elements(By.CSS_SELECTOR, "table.pages tbody tr")
    assert len(rows) == scored + 1
    assert "no truth" in rows[-1].text and "untruthed.gif" in rows[-1].text
    # Worst first: the rates in the table never rise.
    rates = [float(row.find_elements(By.TAG_NAME, "td")[2].text.rstrip("%")) for row in rows[:scored]]
    assert rates == sorted(rates, reverse=True)
    assert len(browser.find_elements(By.CSS_SELECTOR, "article.page table.aligned")) == scored
    assert browser.find_elements(By.CSS_SELECTOR, "table.confusions tbody tr")
    # Every bar and every row links to a page's aligned view, which exists.
    for link in browser.find_elements(By.CSS_SELECTOR, "#chart svg a, table.pages a"):
        target = link.get_dom_attribute("href").split("#", 1)[1]
        assert browser.find_elements(By.ID, target), target


def test_a_bar_leads_to_its_page(browser, report):
    open_report(browser, report)
    assert network_requests(browser) == [report.as_uri()]
    browser.find_element(By.CSS_SELECTOR, "#chart svg a").click()
    assert browser.execute_script("return location.hash") == "#page-1"
    top = browser.execute_script("return document.getElementById('page-1').getBoundingClientRect().top")
    assert abs(top) < 5
    assert network_requests(browser) == []


def test_a_hostile_truth_stays_text(browser, report):
    open_report(browser, report)
    assert browser.execute_script("return window.__pwned === undefined")
    assert browser.find_elements(By.TAG_NAME, "script") == []
    assert browser.find_elements(By.TAG_NAME, "img") == []
    assert browser.find_elements(By.TAG_NAME, "textarea") == []
    article = next(a for a in browser.find_elements(By.CSS_SELECTOR, "article.page") if "hostile.bmp" in a.text)
    truth = "".join(cell.text for cell in article.find_elements(By.CSS_SELECTOR, "td.truth"))
    assert "<script>window.__pwned = 1</script></textarea><img" in truth.replace("\n", "")
    assert severe_console_entries(browser) == []
    assert csp_violations(browser) == []
