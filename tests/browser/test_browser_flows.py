"""End-to-end clinician flows in headless Chromium; screenshots in test-artifacts/."""

from __future__ import annotations

import pytest
from celery.contrib.testing.worker import start_worker
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from medgraph_web.celery import app as celery_app
from memory.models import Fact
from tests.browser.conftest import login, shot, wait_for
from tests.web.graph import build_patient

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TRANSCRIPT = (
    "Patient: I have been taking metformin 500 mg twice a day for diabetes.\n"
    "Doctor: Any allergies?\n"
    "Patient: I am allergic to sulfa drugs.\n"
    "Doctor: Fasting glucose today is 7.8 mmol/L. Continue metformin.\n"
)


@pytest.fixture
def worker(transactional_db):
    """A real Celery worker thread consuming this test process's queue."""
    with start_worker(celery_app, perform_ping_check=False, pool="solo", concurrency=1):
        yield


def test_upload_progress_then_timeline(browser, live_server, clinician, worker):
    login(browser, live_server.url, "dr_li", "pw-for-tests-1")
    browser.get(live_server.url + "/upload/")
    browser.find_element(By.NAME, "text").send_keys(TRANSCRIPT)
    browser.find_element(By.NAME, "patient_id").send_keys("web-1")
    browser.execute_script("document.querySelector('[name=session_date]').value='2024-06-03'")
    shot(browser, "01-upload-form")
    browser.find_element(By.CSS_SELECTOR, "form.upload-form button[type=submit]").click()
    wait_for(browser, "#progress")
    shot(browser, "02-upload-progress")
    # The partial polls itself: no reload here, the page must update on its own.
    wait_for(browser, "#progress.finished", timeout=90)
    assert "done" in browser.find_element(By.CSS_SELECTOR, "#progress tbody").text
    shot(browser, "03-upload-finished")
    browser.find_element(By.PARTIAL_LINK_TEXT, "web-1").click()
    wait_for(browser, "#timeline .fact")
    assert "metformin" in browser.find_element(By.ID, "timeline").text.lower()
    shot(browser, "04-timeline")


def test_overview_and_chain_view(browser, live_server, clinician):
    build_patient(clinician)
    login(browser, live_server.url, "dr_li", "pw-for-tests-1")
    browser.get(live_server.url + "/patients/p1/")
    banner = browser.find_element(By.CSS_SELECTOR, ".safety-banner")
    assert "penicillin" in banner.text
    shot(browser, "05-overview")
    browser.find_element(By.LINK_TEXT, "Chains").click()
    current = wait_for(browser, ".chain .is-current")
    assert current.text
    assert browser.find_elements(By.CSS_SELECTOR, "svg.trend polyline")
    shot(browser, "06-chains")


def test_correction_moves_fact_to_relative(browser, live_server, clinician):
    patient = build_patient(clinician)
    symptom = Fact.objects.get(patient=patient, fact_type="symptom")
    login(browser, live_server.url, "dr_li", "pw-for-tests-1")
    browser.get(live_server.url + "/patients/p1/timeline/")
    card = f"#fact-{symptom.pk}"
    browser.find_element(By.CSS_SELECTOR, f"{card} .actions a").click()  # "Move to person"
    form = wait_for(browser, f"{card} form.correction-reassign")
    Select(form.find_element(By.NAME, "person")).select_by_value("family:father")
    form.find_element(By.NAME, "reason").send_keys("the father has these headaches")
    shot(browser, "07-correction-form")
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    WebDriverWait(browser, 20).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, f"{card}.changed .badge.person")
    )
    shot(browser, "08-correction-done")
    symptom.refresh_from_db()
    assert symptom.subject.key == "family:father"


def test_ask_shows_answer_and_evidence_links(browser, live_server, clinician):
    build_patient(clinician)
    login(browser, live_server.url, "dr_li", "pw-for-tests-1")
    browser.get(live_server.url + "/patients/p1/ask/")
    browser.find_element(By.NAME, "question").send_keys("What is the current amlodipine dose?")
    browser.find_element(By.CSS_SELECTOR, "form.askform button[type=submit]").click()
    wait_for(browser, "#answer .answer-text")
    links = browser.find_elements(By.CSS_SELECTOR, "#answer .evidence a[href*='#turn-']")
    assert links
    shot(browser, "09-ask")
    links[0].click()
    wait_for(browser, ".turn:target")
    shot(browser, "10-session-turn")


def test_non_member_gets_403(browser, live_server, clinician, outsider):
    build_patient(clinician)
    login(browser, live_server.url, "dr_out", "pw-for-tests-2")
    assert "Wang" not in browser.find_element(By.TAG_NAME, "main").text
    browser.get(live_server.url + "/patients/p1/")
    assert "Access denied" in browser.find_element(By.TAG_NAME, "h1").text
    shot(browser, "11-forbidden")


def test_language_switch_to_chinese(browser, live_server, clinician):
    build_patient(clinician)
    login(browser, live_server.url, "dr_li", "pw-for-tests-1")
    browser.get(live_server.url + "/patients/p1/")
    Select(browser.find_element(By.ID, "language")).select_by_value("zh-hans")
    WebDriverWait(browser, 20).until(lambda d: "安全" in d.find_element(By.TAG_NAME, "main").text)
    shot(browser, "12-overview-zh")
