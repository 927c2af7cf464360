"""The Chinese interface shows no interface string in English: every msgid the code
marks (tests/web/untranslated.py) that appears on a page as it is was never
translated. Recorded data (what was said, audit rows) is not interface text."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.corrections.conftest import latest
from tests.web.untranslated import untranslated

pytestmark = pytest.mark.django_db
# Literal markers a pasted transcript must use ("Date:", "Patient:"), quoted as such.
FORMAT_MARKERS = {"Date", "Patient"}


def zh_page(web, url: str) -> str:
    response = web.get(url, HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert response.status_code == 200
    return response.content.decode()


def pages(patient) -> dict[str, str]:
    pid, fact = patient.external_id, latest(patient, "metformin")
    return {
        "patients": reverse("patient-list"),
        "overview": reverse("patient-overview", args=[pid]),
        "timeline": reverse("patient-timeline", args=[pid]),
        "chains": reverse("patient-chains", args=[pid]),
        "fact": reverse("fact-detail", args=[pid, fact.pk]),
        "ask": reverse("patient-ask", args=[pid]) + "?q=metformin",
        "safety audit": reverse("safety-audit"),
    }


@pytest.mark.parametrize(
    "page", ["patients", "overview", "timeline", "chains", "fact", "ask", "safety audit"]
)
def test_a_chinese_page_shows_no_untranslated_interface_string(web, slotted, page):
    assert untranslated(zh_page(web, pages(slotted)[page])) == []


def test_the_chinese_upload_page_shows_only_the_transcript_markers_in_english(web):
    assert set(untranslated(zh_page(web, reverse("upload")))) <= FORMAT_MARKERS


def test_the_chinese_audit_log_page_chrome_is_translated(web, slotted, clinician):
    clinician.is_staff = True
    clinician.save()
    page = zh_page(web, reverse("audit-log"))
    rows = re.sub(r"<tr>\s*<td\b.*?</tr>", " ", page, flags=re.S)  # the recorded events
    assert untranslated(rows) == []


def test_the_finder_sees_an_english_msgid_on_a_page():
    # The control: an English page's own heading is an untranslated msgid.
    assert "Frequency" in untranslated("<p><label>Frequency:</label> 每日两次</p>")


def test_the_audit_log_refuses_a_non_auditor_for_that_reason(web, slotted):
    response = web.get(reverse("audit-log"))
    body = response.content.decode()
    assert response.status_code == 403 and "auditors" in body and "care team" not in body
