"""What a doctor could misread on the patient page, said in the page language:
a symptom's relief, an allergy's reaction, a Chinese-named symptom on the English
page, and the "reported late" note (no English text, no internal fact ids)."""

from __future__ import annotations

from datetime import date

import pytest
from django.urls import reverse
from django.utils import translation

from memory.actions.imports import store_sessions
from memory.domain.chain_notes import format_late, parse_note
from memory.importing import parse_text
from memory.models import Entity, Fact
from memory.web.labels import unit_label
from memory.web.present import (
    course_text,
    dose_text,
    entity_name,
    held_since,
    item_name,
    late_text,
    note_text,
    slot_rows,
)
from tests.web.graph import _apply, fact

NOTE = format_late(date(2024, 9, 1), date(2025, 1, 13), 768)


def _symptom(value: str, assertion: str = "present") -> Fact:
    return Fact(fact_type="symptom", value=value, assertion=assertion)


def test_a_relieved_symptom_reads_better_in_english() -> None:
    with translation.override("en"):
        assert course_text(_symptom("relief")) == "better / gone"


def test_a_relieved_symptom_reads_better_in_chinese() -> None:
    with translation.override("zh-hans"):
        assert course_text(_symptom("relief")) == "好转 / 已消失"


def test_a_new_symptom_has_no_course_mark() -> None:
    assert course_text(_symptom("onset")) == ""


def test_a_symptom_value_is_never_shown_as_a_dose() -> None:
    assert dose_text(_symptom("relief")) == ""


def test_a_chinese_named_symptom_reads_in_english_on_the_english_page() -> None:
    with translation.override("en"):
        assert entity_name(Entity(name="头晕")) == "dizziness"


def test_a_mesh_condition_name_reads_in_chinese_on_the_chinese_page() -> None:
    with translation.override("zh-hans"):
        assert entity_name(Entity(name="exanthema")) == "皮疹"


def test_an_allergy_reaction_reads_in_chinese() -> None:
    allergy = Fact(fact_type="safety", slots={"reaction": "exanthema, urticaria"})
    with translation.override("zh-hans"):
        assert ("反应", "皮疹、荨麻疹") in slot_rows(allergy)


def test_a_stated_severity_reads_in_chinese() -> None:
    depression = Fact(fact_type="condition", slots={"severity": "moderate"})
    with translation.override("zh-hans"):
        assert ("严重程度", "中度") in slot_rows(depression)


def test_a_stated_severity_reads_in_english() -> None:
    depression = Fact(fact_type="condition", slots={"severity": "moderate"})
    with translation.override("en"):
        assert ("Severity", "moderate") in slot_rows(depression)


def test_the_late_note_keeps_its_fields() -> None:
    fields = parse_note(NOTE)
    assert (fields.kind, fields.event, fields.current) == (
        "late",
        date(2024, 9, 1),
        date(2025, 1, 13),
    )


def test_an_anchor_note_about_an_undated_record_reads_in_chinese() -> None:
    with translation.override("zh-hans"):
        text = note_text("a later record of unknown date exists (fact 5)")
    assert text == "此项有一条更晚的记录未注明日期。"


def test_the_late_note_reads_in_chinese_without_english() -> None:
    with translation.override("zh-hans"):
        text = late_text(Fact(order_note=NOTE))
    assert text.startswith("补报") and "reported" not in text and "2024-09-01" in text


def test_an_anchor_late_note_speaks_of_the_other_record_in_chinese() -> None:
    note = "reported late: event 2024-01-01 (fact 9) precedes current record of 2024-09-01 (fact 8)"
    with translation.override("zh-hans"):
        text = note_text(note)
    assert text.startswith("补报：一条在此记录之后告知的记录日期更早") and "fact" not in text


def test_the_late_note_gives_the_event_to_its_stated_precision() -> None:
    late = Fact(order_note=NOTE, event_date=date(2024, 9, 1), date_precision="month")
    with translation.override("en"):
        assert "(2024-09)" in late_text(late)


def test_the_late_note_shows_no_internal_fact_id() -> None:
    with translation.override("en"):
        text = late_text(Fact(order_note=NOTE))
    assert "768" not in text and "fact" not in text


VISITS = (
    "Date: 2024-07-08\nPatient: I take sertraline 50 mg every morning.\n",
    "Date: 2025-02-10\nPatient: I stopped the sertraline in September.\n",
)


@pytest.fixture
def late_stop(patient):
    parsed = [s for i, text in enumerate(VISITS)
              for s in parse_text(text, f"late{i}.txt", patient_id="p1")]  # fmt: skip
    first, second = store_sessions(parsed).stored
    _apply(first, (fact("medication_status", "I take sertraline 50 mg every morning.",
                        entity="sertraline", status="active", value="50", unit="mg",
                        evidence_turn=1),))  # fmt: skip
    _apply(second, (fact("medication_status", "I stopped the sertraline in September.",
                         entity="sertraline", status="stopped", date="2024-06-01",
                         evidence_turn=1),))  # fmt: skip
    return patient


@pytest.mark.django_db
def test_the_chains_page_says_reported_late_in_chinese(client_in, late_stop) -> None:
    assert Fact.objects.exclude(order_note="").exists()
    client_in.post("/i18n/setlang/", {"language": "zh-hans", "next": "/"})
    body = client_in.get(reverse("patient-chains", args=["p1"])).content.decode()
    assert "补报：此事件" in body and "reported late" not in body


def _diagnosis(pk: int, day: date, status: str = "confirmed") -> Fact:
    return Fact(pk=pk, fact_type="condition", status=status, assertion="present",
                valid_from=day, effective_date=day)  # fmt: skip


def test_a_restated_diagnosis_is_held_since_it_was_first_made() -> None:
    first, again = _diagnosis(1, date(2024, 1, 8)), _diagnosis(2, date(2025, 5, 12))
    assert held_since([first, again], again) == "2024-01-08"


def test_a_diagnosis_after_a_resolution_is_held_since_it_came_back() -> None:
    first = _diagnosis(1, date(2023, 1, 8))
    gone, back = _diagnosis(2, date(2024, 1, 8), "resolved"), _diagnosis(3, date(2025, 5, 12))
    assert held_since([first, gone, back], back) == "2025-05-12"


ADVICE_VISIT = "Date: 2025-06-09\nDoctor: You can take Tylenol if the pain comes back.\n"


@pytest.fixture
def advised(patient):
    parsed = parse_text(ADVICE_VISIT, "advice.txt", patient_id="p1")
    session = store_sessions(parsed).stored[0]
    _apply(session, (fact("medication_status", "You can take Tylenol if the pain comes back.",
                          entity="acetaminophen", status="planned", evidence_turn=1),))  # fmt: skip
    return patient


def _medications_card(client) -> str:
    body = client.get(reverse("patient-overview", args=["p1"])).content.decode()
    return body.split("Current medications</h3>", 1)[1].split("</section>", 1)[0]


@pytest.mark.django_db
def test_an_advised_drug_is_not_listed_as_a_current_medication(client_in, advised) -> None:
    current, _, _ = _medications_card(client_in).partition("Planned or recommended")
    assert "acetaminophen" not in current


@pytest.mark.django_db
def test_an_advised_drug_is_listed_as_planned_or_recommended(client_in, advised) -> None:
    _, _, planned = _medications_card(client_in).partition("Planned or recommended")
    assert "acetaminophen" in planned


def test_a_preference_code_reads_in_chinese() -> None:
    with translation.override("zh-hans"):
        assert item_name(Fact(fact_type="preference", entity=Entity(name="schedule"))) == "日程安排"


def test_an_event_code_reads_in_chinese() -> None:
    event = Fact(fact_type="event", entity=Entity(name="emergency visit"))
    with translation.override("zh-hans"):
        assert item_name(event) == "急诊就诊"


def test_puffs_read_in_chinese() -> None:
    with translation.override("zh-hans"):
        assert unit_label("puffs") == "喷"


def test_a_late_note_about_a_year_dated_record_reads_the_year() -> None:
    note = "reported late: event 2024 (fact 9) precedes current record of 2024-09-01 (fact 3)"
    with translation.override("en"):
        text = note_text(note)
    assert "(2024);" in text and "2024-01-01" not in text


def test_a_late_note_by_year_still_parses_its_date() -> None:
    note = "reported late: event 2024 (fact 9) precedes current record of 2024-09-01 (fact 3)"
    assert parse_note(note).event == date(2024, 1, 1)


def test_a_lab_abbreviation_keeps_its_capitals_on_the_english_page() -> None:
    with translation.override("en"):
        assert entity_name(Entity(name="egfr")) == "eGFR"
