"""Which stored statements raise a medication–allergy alert (memory.queries.conflicts).

Each "no alert" case has a positive control identical but for the cue. The
wording is invented, in English and Chinese.
"""

from __future__ import annotations

import pytest

from memory.actions.imports import store_sessions
from memory.importing import parse_text
from memory.models import Patient
from memory.queries.conflicts import conflicts_for
from tests.web.graph import _apply, fact

pytestmark = pytest.mark.django_db

VISIT = """Date: 2024-06-03
Patient: The chest infection is back.
Doctor: I am putting you on a course of amoxicillin.
Patient: About my reactions to medicines, let me tell you.
"""
VISIT_LATER = """Date: 2024-09-12
Doctor: Any reactions to medicines since we last met?
Patient: Let me think about that.
"""
ZH_VISIT = """Date: 2024-06-03
患者：咳嗽又加重了。
医生：先吃阿莫西林。
患者：我说一下我对药物的反应。
"""


def _taking(drug: str = "amoxicillin", status: str = "active", content: str = "") -> object:
    return fact("medication_status", content or f"Started {drug}", entity=drug, status=status,
                evidence_turn=2)  # fmt: skip


def _reaction(substance: str, content: str, **kw: object) -> object:
    return fact("safety", content, entity=substance, safety_kind=kw.pop("kind", "allergy"),
                evidence_turn=3, **kw)  # fmt: skip


def _patient(*facts: object, visit: str = VISIT, later: tuple[object, ...] = ()) -> Patient:
    text = [parse_text(visit, "a.txt", patient_id="p9")]
    if later:
        text.append(parse_text(VISIT_LATER, "b.txt", patient_id="p9"))
    report = store_sessions([s for part in text for s in part])
    _apply(report.stored[0], tuple(facts))
    if later:
        _apply(report.stored[1], later)
    return Patient.objects.get(external_id="p9")


def test_a_penicillin_allergy_alerts_on_amoxicillin_in_use():
    patient = _patient(_taking(), _reaction("penicillin", "Penicillin makes me swell up"))
    assert len(conflicts_for(patient)) == 1


def test_the_alert_names_the_path_substance_class_drug():
    patient = _patient(_taking(), _reaction("penicillin", "Penicillin makes me swell up"))
    (alert,) = conflicts_for(patient)
    assert alert.path == "penicillin allergy → penicillins → amoxicillin"


def test_a_class_word_allergy_raises_no_alert():
    patient = _patient(_taking(), _reaction("antibiotics", "Antibiotics make me swell up"))
    assert conflicts_for(patient) == []


def test_a_chinese_class_word_allergy_raises_no_alert():
    patient = _patient(_taking("阿莫西林", content="开始吃阿莫西林"),
                       _reaction("抗生素", "我对抗生素过敏"), visit=ZH_VISIT)  # fmt: skip
    assert conflicts_for(patient) == []


def test_a_chinese_penicillin_allergy_alerts_on_amoxicillin():
    patient = _patient(_taking("阿莫西林", content="开始吃阿莫西林"),
                       _reaction("青霉素", "我对青霉素过敏"), visit=ZH_VISIT)  # fmt: skip
    (alert,) = conflicts_for(patient)
    assert alert.path == "penicillin allergy → penicillins → amoxicillin"


def test_a_class_word_in_the_medication_list_raises_no_alert():
    patient = _patient(_taking("antibiotics", content="Started antibiotics"),
                       _reaction("penicillin", "Penicillin makes me swell up"))  # fmt: skip
    assert conflicts_for(patient) == []


def test_a_denied_allergy_raises_no_alert():
    patient = _patient(_taking(), _reaction("penicillin", "No problem with penicillin",
                                            assertion="negated"))  # fmt: skip
    assert conflicts_for(patient) == []


def test_a_suspected_allergy_raises_no_alert():
    patient = _patient(_taking(), _reaction("penicillin", "Maybe penicillin made me swell",
                                            assertion="hypothetical"))  # fmt: skip
    assert conflicts_for(patient) == []


def test_a_relatives_allergy_raises_no_alert():
    patient = _patient(_taking(), _reaction("penicillin", "My sister swells up on penicillin",
                                            subject="family:sister"))  # fmt: skip
    assert conflicts_for(patient) == []


def test_a_stopped_drug_raises_no_alert():
    patient = _patient(_taking(status="stopped", content="Stopped amoxicillin"),
                       _reaction("penicillin", "Penicillin makes me swell up"))  # fmt: skip
    assert conflicts_for(patient) == []


def test_an_allergy_said_in_two_visits_raises_one_alert_per_drug():
    patient = _patient(_taking(), _reaction("penicillin", "Penicillin makes me swell up"),
                       later=(_reaction("penicillin", "Still can't have penicillin"),))  # fmt: skip
    (alert,) = conflicts_for(patient)
    assert alert.mention_count == 2


def test_an_allergy_stated_then_denied_keeps_its_alert_showing_the_denial():
    patient = _patient(_taking(), _reaction("penicillin", "Penicillin makes me swell up"),
                       later=(_reaction("penicillin", "Penicillin is fine for me",
                                        assertion="negated"),))  # fmt: skip
    (alert,) = conflicts_for(patient)
    assert alert.as_flag()["also_denied_on"] == "2024-09-12"
