"""Headless Chromium (Debian chromium + chromedriver) against pytest-django's live_server.

Screenshots go to test-artifacts/screenshots/ (gitignored; the path is printed at
the end of the run) and every page checked is run through axe-core.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from axe_selenium_python import Axe
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-artifacts" / "screenshots"
FLAGS = (
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--no-first-run", "--window-size=1280,1000", "--lang=en-US",
)  # fmt: skip


@pytest.fixture(scope="session")
def chromium() -> None:
    subprocess.run(["bash", str(ROOT / "scripts" / "ensure-browser.sh")], check=True)


@pytest.fixture
def browser(chromium: None) -> Iterator[webdriver.Chrome]:
    profile = tempfile.mkdtemp(prefix="medgraph-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for flag in (*FLAGS, f"--user-data-dir={profile}"):
        options.add_argument(flag)
    service = Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_page_load_timeout(60)
    driver.set_script_timeout(60)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


WIDTHS = (390, 1366)
LANGUAGES = ("en", "zh-hans")
BLOCKING = ("serious", "critical")


def pytest_terminal_summary(terminalreporter: object) -> None:
    if SHOTS.exists() and any(SHOTS.glob("*.png")):
        terminalreporter.write_line(f"browser screenshots: {SHOTS}")  # type: ignore[attr-defined]


def shot(driver: webdriver.Chrome, name: str, width: int = 1280) -> Path:
    """A full-page screenshot at `width` CSS pixels."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    driver.set_window_size(width, 900)
    height = driver.execute_script("return document.documentElement.scrollHeight")
    driver.set_window_size(width, min(max(height + 40, 800), 6000))
    driver.execute_script("window.scrollTo(0, 0)")
    driver.save_screenshot(str(path))
    driver.set_window_size(width, 900)
    return path


def axe_violations(driver: webdriver.Chrome) -> list[str]:
    """axe-core's serious and critical violations on the current page, readable."""
    axe = Axe(driver)
    axe.inject()
    results = axe.run()
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:5]}"
        for v in results["violations"]
        if v.get("impact") in BLOCKING
    ]


def set_language(driver: webdriver.Chrome, base: str, language: str) -> None:
    driver.get(base + "/accounts/login/")
    driver.add_cookie({"name": "django_language", "value": language, "path": "/"})


def wait_for(driver: webdriver.Chrome, css: str, timeout: float = 30):
    return WebDriverWait(driver, timeout).until(
        EC.presence_of_element_located((By.CSS_SELECTOR, css))
    )


def login(driver: webdriver.Chrome, base: str, username: str, password: str) -> None:
    driver.get(base + "/accounts/login/")
    driver.find_element(By.NAME, "username").send_keys(username)
    driver.find_element(By.NAME, "password").send_keys(password)
    driver.find_element(By.CSS_SELECTOR, "button[type=submit].primary").click()
    wait_for(driver, ".whoami")
