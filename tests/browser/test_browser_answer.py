"""The ask page's answer as a clinician sees it in a real browser: every safety line
names its kind and substance in words, in both languages, readable (axe contrast) and
within a phone's width."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By

from tests.browser.conftest import (
    LANGUAGES,
    WIDTHS,
    axe_violations,
    login,
    set_language,
    shot,
    wait_for,
)
from tests.web.graph import build_patient

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

QUESTION = {"en": "Can I give amoxicillin?", "zh-hans": "可以给他用阿莫西林吗？"}
SAFETY_HEAD = {"en": "Allergy: penicillin", "zh-hans": "过敏：青霉素"}
CODES = ("allergy penicillin", "surgical_history", "medication_status", "family:")


def test_answer_safety_lines_read_in_words_fit_and_pass_axe(browser, live_server, clinician):
    build_patient(clinician)
    login(browser, live_server.url, "dr_li", "pw-for-tests-1")
    problems: list[str] = []
    for language in LANGUAGES:
        set_language(browser, live_server.url, language)
        for width in WIDTHS:
            where = f"ask @{width}px {language}"
            browser.set_window_size(width, 900)
            browser.get(live_server.url + "/patients/p1/ask/")
            wait_for(browser, "textarea[name=question], input[name=question]").send_keys(
                QUESTION[language]
            )
            browser.find_element(By.CSS_SELECTOR, "form.askform button[type=submit]").click()
            wait_for(browser, "#answer .answer-safety")
            heads = [e.text for e in browser.find_elements(By.CSS_SELECTOR, ".safety-head")]
            if SAFETY_HEAD[language] not in heads:
                problems.append(f"{where}: safety heads {heads}")
            shown = browser.find_element(By.CSS_SELECTOR, "#answer").text
            problems += [f"{where}: shows {c!r}" for c in CODES if c in shown]
            scroll = browser.execute_script("return document.documentElement.scrollWidth")
            if scroll > width:
                problems.append(f"{where}: page is {scroll}px wide")
            problems += [f"{where}: {v}" for v in axe_violations(browser)]
            shot(browser, f"answer-safety-{width}-{language}", width)
    assert not problems, "\n".join(problems)
