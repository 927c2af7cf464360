"""End-to-end clinician flows in headless Chromium; screenshots in test-artifacts/."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from memory.models import Fact
from tests.browser.conftest import axe_violations, login, shot, wait_for
from tests.web.graph import build_patient

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


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
    assert browser.find_elements(By.CSS_SELECTOR, "#answer .evidence .row-item")  # item names
    assert not axe_violations(browser)
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
