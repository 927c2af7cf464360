"""What a clinician reads: labelled kinds and dates, never stored codes; an older record
never reads as the current one; a denied record never reads as a status."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from django.db import transaction
from django.urls import reverse
from django.utils import translation

from memory.actions.corrections import set_verification
from memory.actions.imports import store_sessions
from memory.importing import parse_text
from memory.models import Fact, Patient
from memory.web.labels import label, person_label
from memory.web.present import when_text
from tests.web.graph import _apply, fact

pytestmark = pytest.mark.django_db

VISIT_3 = """Date: 2024-06-01
Doctor: Any operations in the past?
Patient: I had my appendix out in 1995.
Doctor: Keep amlodipine 10 mg once a day. And no ibuprofen for you.
"""
THIRD = (
    fact("safety", "Appendectomy in 1995", entity="appendectomy", safety_kind="surgical_history",
         date="1995-01-01", date_precision="year", evidence_turn=2),
    fact("medication_status", "Keep amlodipine 10 mg once a day", entity="amlodipine",
         status="active", value="10", unit="mg", evidence_turn=3),
    fact("medication_status", "No ibuprofen", entity="ibuprofen", status="active",
         assertion="negated", evidence_turn=3),
)  # fmt: skip
FORBIDDEN_CODES = ("surgical_history", "medication_status", "family:", "safety_kind")


@pytest.fixture
def visited(patient: Patient) -> Patient:
    report = store_sessions(parse_text(VISIT_3, "v3.txt", patient_id="p1"))
    _apply(report.stored[0], THIRD)
    return patient


def _ask(client, question: str) -> str:
    response = client.post(
        reverse("patient-ask", args=["p1"]), {"question": question}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    return response.content.decode()


def _section(body: str, css: str) -> str:
    found = re.search(rf'<(section|div) class="{css}".*?</\1>', body, re.S)
    assert found, css
    return found.group(0)


def _no_codes(html: str) -> None:
    """What a reader sees (the text, not the markup's class names) holds no stored code."""
    text = re.sub(r"<[^>]+>", " ", html)
    for code in FORBIDDEN_CODES:
        assert code not in text, code


def test_ask_safety_lines_name_the_kind_and_item_in_words(client_in, visited):
    body = _ask(client_in, "Can I give amoxicillin?")
    safety = _section(body, "card answer-safety")
    assert "Allergy: penicillin" in safety
    assert "Surgical / bleeding history: appendectomy" in safety
    assert "dated 1995, recorded 2024-06-01" in safety and "1995-01-01" not in safety
    assert reverse("session-detail", args=["p1", "v3"]) + "#turn-2" in safety
    _no_codes(safety)


def test_ask_safety_lines_read_in_chinese(client_in, visited):
    client_in.post("/i18n/setlang/", {"language": "zh-hans", "next": "/"})
    safety = _section(_ask(client_in, "可以用阿莫西林吗？"), "card answer-safety")
    assert "过敏：青霉素" in safety and "手术/出血史：" in safety
    assert "日期 1995，2024-06-01 记录" in safety
    _no_codes(safety)


def test_extractive_answer_quotes_records_in_words(client_in, visited):
    answer = _section(_ask(client_in, "Can I give amoxicillin?"), "answer-text")
    assert "Surgical history: Appendectomy" in answer and "dated 1995" in answer
    _no_codes(answer)


def test_ask_evidence_marks_the_older_dose_superseded(client_in, visited):
    body = _ask(client_in, "What dose of amlodipine now?")
    rows = re.findall(r'<li class="ev .*?</li>', body, re.S)
    older = [r for r in rows if '<span class="row-dose">5 mg</span>' in r]
    assert older and all("superseded 2024-03-18" in r for r in older)
    assert any('<span class="row-dose">10 mg</span>' in r and ">current<" in r for r in rows)


def test_current_dose_is_dated_from_when_it_began_not_its_restatement(client_in, visited):
    body = client_in.get(reverse("patient-overview", args=["p1"])).content.decode()
    head = r'<li class="[^"]*" id="row-\d+">\s*<div class="row-main">\s*'
    row = re.search(head + r'<strong class="row-item">amlodipine</strong>.*?</li>', body, re.S)
    assert row, "amlodipine row"
    assert "since 2024-03-18" in row.group(0) and "last recorded 2024-06-01" in row.group(0)


def test_denied_record_reads_denied_not_its_status(client_in, visited):
    denied = Fact.objects.get(entity__name="ibuprofen")
    body = client_in.get(reverse("patient-timeline", args=["p1"])).content.decode()
    card = re.search(rf'<article[^>]*id="fact-{denied.pk}".*?</article>', body, re.S).group(0)
    assert ">denied<" in card and "st-active" not in card


def test_safety_audit_names_the_change_in_words(client_in, clinician, visited):
    allergy = Fact.objects.get(safety_kind="allergy")
    with transaction.atomic():
        set_verification(allergy, "confirmed", actor=clinician, reason="", channel="web")
    body = client_in.get(reverse("safety-audit")).content.decode()
    assert "fact.confirmed" not in body and "· confirmed ·" in body


def test_chain_validity_is_labelled(client_in, visited):
    body = client_in.get(reverse("patient-chains", args=["p1"])).content.decode()
    found = re.findall(r"validity small\">([^<]*)<", body)
    assert found and all(v.startswith("in force ") for v in found), found


class _HxLinks(HTMLParser):
    """(hx-get URL, what a browser without scripts follows instead: the element's own
    href, or the action of the GET form it belongs to)."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, str]] = []
        self.forms: list[str] = []
        self.hrefs: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "form":
            self.forms.append(a.get("action") or "")
        if a.get("href"):
            self.hrefs.add(a["href"].split("#")[0])
        if a.get("hx-get"):
            own = a.get("href") or a.get("action") or (self.forms[-1] if self.forms else "")
            self.found.append((a["hx-get"].split("?")[0], own.split("?")[0].split("#")[0]))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form" and self.forms:
            self.forms.pop()


@pytest.mark.parametrize(
    ("name", "args"),
    [("patient-list", []), ("patient-timeline", ["p1"]), ("safety-audit", []),
     ("patient-overview", ["p1"])],
)  # fmt: skip
def test_every_hx_get_is_a_link_or_form_without_scripts(client_in, visited, name, args):
    parser = _HxLinks()
    parser.feed(client_in.get(reverse(name, args=args)).content.decode())
    assert parser.found or name == "patient-overview"
    for target, fallback in parser.found:
        assert fallback, f"hx-get {target} has no href or form action"


def test_unnamed_relative_and_changes_read_as_words_in_both_languages():
    with translation.override("zh-hans"):
        assert person_label("family:relative") == "亲属" and label("family:relative") == "亲属"
        assert label("fact.reassign") == "已移至他人名下" and label("system") == "系统"
    with translation.override("en"):
        assert person_label("family:relative") == "Relative"
        assert label("fact.entered_in_error") == "marked entered in error"


def test_record_date_says_what_it_is(visited):
    surgery = Fact.objects.select_related("session").get(safety_kind="surgical_history")
    reading = Fact.objects.select_related("session").filter(fact_type="vital").first()
    with translation.override("en"):
        assert when_text(surgery) == "dated 1995, recorded 2024-06-01"
        assert when_text(reading).startswith("measured 2024-")
    with translation.override("zh-hans"):
        assert when_text(surgery) == "日期 1995，2024-06-01 记录"


def test_medication_list_answer_dates_each_dose_from_when_it_began(client_in, visited):
    answer = _section(_ask(client_in, "What medications is he currently taking?"), "answer-text")
    line = next(x for x in answer.split("<br>") if "Amlodipine 10 mg" in x)
    assert "since 2024-03-18" in line, line
