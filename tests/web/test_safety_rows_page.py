"""The overview lists each substance once, with how often and how lately it was said."""

from __future__ import annotations

import re

import pytest
from django.test import override_settings
from django.urls import reverse

from memory.actions.imports import store_sessions
from memory.importing import parse_text
from memory.models import Fact
from tests.web.graph import _apply, fact

pytestmark = pytest.mark.django_db

VISIT_3 = """Date: 2024-05-02
Doctor: Remind me of your drug reactions.
Patient: Penicillin still gives me a rash, same as before.
"""


def _said_again(patient) -> None:
    report = store_sessions(parse_text(VISIT_3, "v3.txt", patient_id="p1"))
    _apply(report.stored[0], (fact("safety", "Penicillin gives a rash", entity="penicillin",
                                   safety_kind="allergy", evidence_turn=2),))  # fmt: skip


def _overview(client, lang: str = "en") -> str:
    client.cookies["django_language"] = lang
    return client.get(reverse("patient-overview", args=["p1"])).content.decode()


def test_a_substance_said_in_two_visits_is_listed_once(client_in, patient):
    _said_again(patient)
    assert _overview(client_in).count('data-row="substance:penicillin"') == 1


def test_the_row_shows_its_mention_count_and_latest_date(client_in, patient):
    _said_again(patient)
    assert "2 mentions · latest 2024-05-02" in _overview(client_in)


def test_the_row_links_every_source_session(client_in, patient):
    _said_again(patient)
    body = _overview(client_in)
    said_in = Fact.objects.filter(patient=patient, entity__name="penicillin").values_list(
        "session__external_id", flat=True
    )
    links = [reverse("session-detail", args=["p1", s]) + "#turn-" for s in said_in]
    assert len(links) == 2 and all(link in body for link in links)


def test_the_chinese_overview_shows_the_mention_count(client_in, patient):
    _said_again(patient)
    assert "提及 2 次" in _overview(client_in, "zh-hans")


VISIT_4 = """Date: 2024-06-10
Doctor: For the ear infection, take amoxicillin three times a day.
Patient: Fine.
"""


def _on_amoxicillin(patient) -> None:
    report = store_sessions(parse_text(VISIT_4, "v4.txt", patient_id="p1"))
    taking = fact("medication_status", "Amoxicillin three times a day", entity="amoxicillin",
                  status="active", evidence_turn=1)  # fmt: skip
    _apply(report.stored[0], (taking,))


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_the_alert_names_the_path_from_allergy_to_drug(client_in, patient):
    _on_amoxicillin(patient)
    assert "penicillin allergy → penicillins → amoxicillin" in _text(_overview(client_in))


def test_the_chinese_alert_names_the_path_in_chinese(client_in, patient):
    _on_amoxicillin(patient)
    assert "青霉素 过敏 → 青霉素类 → 阿莫西林" in _text(_overview(client_in, "zh-hans"))


def _asked(client) -> str:
    with override_settings(LLM_BASE_URL=None, LLM_READER_MODEL=None):
        url = reverse("patient-ask", args=["p1"])
        response = client.post(url, {"question": "Amlodipine dose?"}, HTTP_HX_REQUEST="true")
    body = response.content.decode()
    return body.split('class="card answer-safety"')[1].split("</section>")[0]


def test_the_answer_lists_a_substance_said_twice_on_one_line(client_in, patient):
    _said_again(patient)
    assert _asked(client_in).count('class="safety-line safety-allergy') == 1


def test_the_answer_still_shows_the_earlier_statement(client_in, patient):
    _said_again(patient)
    assert "Allergic to penicillin (rash)" in _asked(client_in)


def test_the_answer_alert_names_the_path(client_in, patient):
    _on_amoxicillin(patient)
    with override_settings(LLM_BASE_URL=None, LLM_READER_MODEL=None):
        url = reverse("patient-ask", args=["p1"])
        body = client_in.post(url, {"question": "Amoxicillin dose?"}, HTTP_HX_REQUEST="true")
    assert "penicillin allergy → penicillins → amoxicillin" in _text(body.content.decode())


VISIT_DENIED = """Date: 2024-05-02
Doctor: Remind me of your drug reactions.
Patient: Penicillin? No, I never had any trouble with it.
"""


def test_a_row_stated_then_denied_shows_both_on_the_overview(client_in, patient):
    report = store_sessions(parse_text(VISIT_DENIED, "v3.txt", patient_id="p1"))
    denial = fact("safety", "Never had trouble with penicillin", entity="penicillin",
                  safety_kind="allergy", assertion="negated", evidence_turn=2)  # fmt: skip
    _apply(report.stored[0], (denial,))
    assert "stated as present, denied on 2024-05-02" in _overview(client_in)
