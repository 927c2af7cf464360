from __future__ import annotations

from memory.domain.drug_safety import SafetyRecord, match_record
from memory.lexicon.classes import ancestry


def test_drug_ancestry_lists_the_class_then_its_parents():
    assert ancestry("amoxicillin")[:3] == ("amoxicillin", "penicillins", "beta-lactam antibiotics")


def test_chinese_surface_form_has_the_same_ancestry():
    assert ancestry("阿莫西林") == ancestry("amoxicillin")


def test_unknown_name_has_no_ancestry():
    assert ancestry("xyzzy plugh") == ()


def _touches(drug: str, substance: str) -> bool:
    return match_record(drug, SafetyRecord(1, "allergy", substance), ancestry) is not None


def test_penicillin_allergy_touches_amoxicillin_ampicillin_and_piperacillin():
    assert all(_touches(d, "penicillin") for d in ("amoxicillin", "ampicillin", "piperacillin"))


def test_sulfonamide_allergy_touches_sulfamethoxazole():
    assert _touches("sulfamethoxazole", "sulfa")


def test_nsaid_intolerance_touches_ibuprofen_and_naproxen():
    assert _touches("ibuprofen", "NSAIDs") and _touches("naproxen", "NSAIDs")


def test_chinese_penicillin_allergy_touches_amoxicillin():
    assert _touches("阿莫西林", "青霉素")
