"""A lesion the sentence says was removed is history, not a current diagnosis; the
same lesion found, and not removed, is present. Wording is invented."""

from __future__ import annotations

from tests.extraction_rules._helpers import facts


def _conditions(speaker: str, text: str) -> dict[str, str]:
    return {f.entity: f.assertion for f in facts((speaker, text), kind="condition")}


def test_polyps_removed_are_history_en() -> None:
    removed = _conditions("Doctor", "The surgeon removed three small polyps from the colon.")
    found = _conditions("Doctor", "The surgeon found three small polyps in the colon.")
    assert (removed, found) == ({"colon polyps": "historical"}, {"colon polyps": "present"})


def test_polyps_removed_are_history_zh() -> None:
    removed = _conditions("Patient", "医生说我的肠息肉已经切除了。")
    found = _conditions("Patient", "医生说我的肠息肉还在。")
    assert (removed, found) == ({"colon polyps": "historical"}, {"colon polyps": "present"})


def test_a_cyst_said_removed_after_its_name_is_history_en() -> None:
    removed = _conditions("Patient", "The cyst was taken out in the spring.")
    seen = _conditions("Patient", "The cyst was seen on a scan in the spring.")
    assert (removed, seen) == ({"cysts": "historical"}, {"cysts": "present"})


def test_a_removal_of_something_else_leaves_the_lesion_present_en() -> None:
    other = _conditions("Patient", "I removed the dressing and the cyst is still there.")
    lesion = _conditions("Patient", "I had the cyst removed and the dressing is still there.")
    assert (other, lesion) == ({"cysts": "present"}, {"cysts": "historical"})
