"""The clinician UI read at a glance, at 390 px and 1366 px, in English and Chinese.

Every page is screenshotted at both widths in both languages and run through
axe-core (no serious or critical violation allowed); the flows check the
medication–safety conflict alert, the narrow-screen header, HTMX feedback
(loading, error, focus) and the trend plot.
"""

from __future__ import annotations

import pytest
from celery.contrib.testing.worker import start_worker
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

from medgraph_web.celery import app as celery_app
from memory.models import AuditEvent, Fact
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

ALLERGY_VISIT = (
    "Patient: I broke out in hives after the new pills.\n"
    "Doctor: That sounds like an allergy to amlodipine.\n"
    "Patient: Yes, I am allergic to amlodipine, I get hives.\n"
)
# What each language must show for the same record, and must not.
EXPECTED = {
    "en": {"says": ("Father", "10 mg", "amlodipine"), "never": ("毫克", "family:father")},
    "zh-hans": {"says": ("父亲", "10 毫克", "氨氯地平"), "never": ("family:father", "10 mg")},
}


@pytest.fixture
def worker(transactional_db):
    with start_worker(celery_app, perform_ping_check=False, pool="solo", concurrency=1):
        yield


def _focused(browser) -> str:
    return browser.execute_script("return document.activeElement.id")


def _structured_text(browser) -> str:
    parts = browser.find_elements(
        By.CSS_SELECTOR, ".row-item, .row-dose, .relative-title, .badge, h2, h3, h4"
    )
    return " ".join(p.get_attribute("textContent") for p in parts)


def _pages(patient) -> dict[str, str]:
    amlodipine = Fact.objects.get(patient=patient, status="dose_changed")
    base = "/patients/p1/"
    return {
        "patients": "/",
        "overview": base,
        "timeline": base + "timeline/",
        "chains": base + "chains/",
        "session": base + "sessions/v1/",
        "ask": base + "ask/",
        "fact": base + f"facts/{amlodipine.pk}/",
        "upload": "/upload/",
        "safety": "/safety/",
        "audit": "/audit/",
    }


def test_every_page_fits_speaks_the_language_and_passes_axe(browser, live_server, clinician):
    clinician.is_staff = True
    clinician.save()
    patient = build_patient(clinician)
    pages = _pages(patient)
    login(browser, live_server.url, "dr_li", "pw-for-tests-1")
    problems: list[str] = []
    for language in LANGUAGES:
        set_language(browser, live_server.url, language)
        for width in WIDTHS:
            browser.set_window_size(width, 900)
            for name, url in pages.items():
                browser.get(live_server.url + url)
                where = f"{name} @{width}px {language}"
                scroll = browser.execute_script("return document.documentElement.scrollWidth")
                if scroll > width:
                    problems.append(f"{where}: page is {scroll}px wide")
                problems += [f"{where}: {v}" for v in axe_violations(browser)]
                shot(browser, f"page-{name}-{width}-{language}", width)
                if name == "overview":  # structured parts only: quotes stay verbatim
                    text = _structured_text(browser)
                    problems += [f"{where}: missing {s!r}" for s in EXPECTED[language]["says"]
                                 if s not in text and s not in text.lower()]  # fmt: skip
                    problems += [f"{where}: shows {s!r}" for s in EXPECTED[language]["never"]
                                 if s in text]  # fmt: skip
    assert not problems, "\n".join(problems)


def test_trend_plots_both_pressures_wide_with_a_values_table(browser, live_server, clinician):
    build_patient(clinician)
    login(browser, live_server.url, "dr_li", "pw-for-tests-1")
    browser.set_window_size(1366, 900)
    browser.get(live_server.url + "/patients/p1/chains/")
    svg = wait_for(browser, "svg.trend")
    assert svg.rect["width"] >= 600
    assert len(svg.find_elements(By.CSS_SELECTOR, "polyline")) == 2  # systolic and diastolic
    dates = [t.text for t in svg.find_elements(By.CSS_SELECTOR, "text.axis")]
    assert "2024-01-08" in dates and "2024-03-18" in dates
    rows = browser.find_elements(By.CSS_SELECTOR, "table.values tbody tr")
    assert [r.text.split()[:3] for r in rows] == [
        ["2024-01-08", "156", "98"],
        ["2024-03-18", "138", "86"],
    ]


@pytest.mark.parametrize(("width", "language", "action"), [
    (390, "en", "stop"), (1366, "zh-hans", "acknowledge"),
])  # fmt: skip
def test_conflict_alert_appears_after_upload_and_clears_after_resolution(
    browser, live_server, clinician, worker, width, language, action
):
    build_patient(clinician)
    login(browser, live_server.url, "dr_li", "pw-for-tests-1")
    set_language(browser, live_server.url, language)
    browser.set_window_size(width, 900)
    browser.get(live_server.url + "/patients/p1/")
    assert not browser.find_elements(By.CSS_SELECTOR, ".conflict-banner")
    browser.get(live_server.url + "/upload/?patient=p1")
    browser.find_element(By.NAME, "text").send_keys(ALLERGY_VISIT)
    browser.execute_script("document.querySelector('[name=session_date]').value='2024-05-02'")
    browser.find_element(By.CSS_SELECTOR, "form.upload-form button[type=submit]").click()
    wait_for(browser, "#progress")  # the partial polls itself until construction is done
    wait_for(browser, "#progress.finished", timeout=90)
    assert browser.find_elements(By.CSS_SELECTOR, "#progress .status-done")
    shot(browser, f"flow-upload-finished-{width}-{language}", width)
    browser.get(live_server.url + "/patients/p1/")
    banner = wait_for(browser, ".conflict-banner")
    drug = "氨氯地平" if language == "zh-hans" else "amlodipine"
    assert drug in banner.text
    assert browser.find_elements(By.CSS_SELECTOR, ".current-list .conflict-flag:not(.ack)")
    assert not axe_violations(browser)
    shot(browser, f"flow-conflict-open-{width}-{language}", width)

    Select(banner.find_element(By.NAME, "action")).select_by_value(action)
    reason = banner.find_element(By.NAME, "reason")
    reason.send_keys("reviewed with the patient", Keys.ENTER)  # keyboard submit
    WebDriverWait(browser, 20).until(
        lambda d: not d.find_elements(By.CSS_SELECTOR, ".conflict-flag:not(.ack)")
    )
    WebDriverWait(browser, 5).until(lambda d: _focused(d) == "overview-live")
    if action == "stop":
        assert not browser.find_elements(By.CSS_SELECTOR, ".conflict-banner")
    else:  # never silent: the acknowledged conflict stays listed
        assert browser.find_elements(By.CSS_SELECTOR, ".conflict-banner.all-acknowledged")
    assert AuditEvent.objects.filter(
        action="conflict.resolve", reason__contains="reviewed"
    ).exists()
    shot(browser, f"flow-conflict-resolved-{width}-{language}", width)


def test_narrow_header_menu_and_skip_link(browser, live_server, clinician):
    build_patient(clinician)
    login(browser, live_server.url, "dr_li", "pw-for-tests-1")
    browser.set_window_size(390, 900)
    browser.get(live_server.url + "/patients/p1/")
    logout = browser.find_element(By.CSS_SELECTOR, ".topbar-right button.link")
    assert not logout.is_displayed()
    browser.find_element(By.CSS_SELECTOR, "[data-menu-toggle]").click()
    assert logout.is_displayed() and logout.rect["x"] + logout.rect["width"] <= 390
    shot(browser, "flow-menu-open-390-en", 390)
    browser.get(live_server.url + "/patients/p1/")
    ActionChains(browser).send_keys(Keys.TAB).perform()
    skip = browser.switch_to.active_element
    assert skip.get_attribute("class") == "skip-link" and skip.is_displayed()
    skip.send_keys(Keys.ENTER)
    assert browser.execute_script("return document.activeElement.id") == "main"


def test_htmx_actions_show_loading_errors_and_move_focus(browser, live_server, clinician):
    patient = build_patient(clinician)
    symptom = Fact.objects.get(patient=patient, fact_type="symptom")
    login(browser, live_server.url, "dr_li", "pw-for-tests-1")
    browser.set_window_size(1366, 900)
    browser.get(live_server.url + "/patients/p1/timeline/")
    browser.execute_script(
        "window.busySeen = false; document.addEventListener('htmx:beforeSend', function () {"
        " window.busySeen = !document.getElementById('busy').hidden; });"
    )
    Select(browser.find_element(By.NAME, "type")).select_by_value("vital")
    WebDriverWait(browser, 20).until(lambda d: "156/98" in d.find_element(By.ID, "timeline").text)
    assert browser.execute_script("return window.busySeen") is True
    WebDriverWait(browser, 5).until(lambda d: _focused(d) == "timeline")
    # A failing request shows a visible error instead of doing nothing.
    browser.execute_script("htmx.ajax('GET', '/patients/p1/no-such-page/', '#timeline')")
    error = wait_for(browser, "#htmx-error:not([hidden])")
    assert error.is_displayed() and "404" in error.text
    shot(browser, "flow-htmx-error-1366-en", 1366)
    # Keyboard correction: focus lands on the updated card, not on <body>.
    browser.get(live_server.url + "/patients/p1/timeline/")
    card = f"#fact-{symptom.pk}"
    browser.find_element(By.CSS_SELECTOR, f"{card} .actions a").send_keys(Keys.ENTER)
    form = wait_for(browser, f"{card} form.correction-reassign")
    Select(form.find_element(By.NAME, "person")).select_by_value("family:father")
    options = [o.text for o in form.find_elements(By.CSS_SELECTOR, "select[name=person] option")]
    assert "Father" in options and "family:father" not in options
    form.find_element(By.NAME, "reason").send_keys("the father has the headaches", Keys.ENTER)
    WebDriverWait(browser, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, f"{card}.changed"))
    WebDriverWait(browser, 5).until(lambda d: _focused(d) == f"fact-{symptom.pk}")
    # Live search keeps the focus in the search box while the list updates.
    browser.get(live_server.url + "/")
    browser.find_element(By.ID, "q").send_keys("Wang")
    WebDriverWait(browser, 10).until(lambda d: "search" in d.current_url or "q=" in d.current_url)
    assert _focused(browser) == "q"


def test_non_staff_audit_page_is_forbidden_not_a_login(browser, live_server, clinician):
    login(browser, live_server.url, "dr_li", "pw-for-tests-1")
    browser.get(live_server.url + "/audit/")
    assert "/admin/login" not in browser.current_url
    assert "Access denied" in browser.find_element(By.TAG_NAME, "h1").text
