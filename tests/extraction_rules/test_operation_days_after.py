"""The patient's side telling the days after an operation (我阑尾炎术后三天) tells that
operation done, named by the disease or site said before 术后 (issue 29: an operation
is a procedure the patient has had, named with its site or type). A clinician's
"术后注意休息" advises and tells nothing. Wording is invented; each negative sits
beside a control that differs only in its cue or speaker.
"""

from __future__ import annotations

import pytest

from tests.extraction_rules._helpers import facts


def _operations(speaker: str, sentence: str) -> dict[str, tuple[str, str, str | None]]:
    found = facts((speaker, sentence), kind="surgical_history")
    return {f.entity: (f.subject, f.assertion, f.status) for f in found if f.entity}


DONE = ("patient", "present", None)


def test_the_days_after_an_operation_named_by_its_disease_tell_it_done_zh() -> None:
    assert _operations("Patient", "我阑尾炎术后三天，伤口有点痒。") == {"阑尾炎手术": DONE}


def test_the_days_after_an_operation_named_by_its_site_tell_it_done_zh() -> None:
    found = _operations("Patient", "我小腿骨折术后一周，走路还疼。")
    assert found == {"小腿骨折手术": DONE}


def test_the_disease_said_in_the_clause_before_names_the_operation_zh() -> None:
    found = _operations("Patient", "上个月摔了一跤，手腕骨折了，术后一直有点麻。")
    assert found == {"fracture fixation": DONE}


def test_a_named_operation_the_days_after_tell_done_is_a_relatives_zh() -> None:
    found = _operations("Patient", "我爸爸髋关节置换术后走路还不太稳。")
    assert found == {"hip replacement": ("family:father", "present", None)}


def test_a_relation_word_never_enters_the_operation_name_zh() -> None:
    found = _operations("Patient", "我妈妈胆结石术后一直没胃口。")
    assert found == {"胆结石手术": ("family:mother", "present", None)}


@pytest.mark.parametrize(
    ("speaker", "sentence", "expected"),
    [
        ("Doctor", "阑尾炎术后要注意休息，别提重物。", {}),
        ("Patient", "我阑尾炎术后两周了，别提重物。", {"阑尾炎手术": DONE}),
    ],
)
def test_a_clinicians_post_operative_advice_tells_no_operation_zh(
    speaker: str, sentence: str, expected: dict
) -> None:
    assert _operations(speaker, sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("如果阑尾炎术后发烧，该怎么处理？", {}),
        ("我阑尾炎术后发烧了，该怎么处理？", {"阑尾炎手术": DONE}),
    ],
)
def test_a_supposed_time_after_an_operation_tells_nothing_zh(sentence: str, expected: dict) -> None:
    assert _operations("Patient", sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("一般阑尾炎术后多久能出院？", {}),
        ("我阑尾炎术后三天就出院了。", {"阑尾炎手术": DONE}),
    ],
)
def test_general_talk_about_the_time_after_an_operation_tells_nothing_zh(
    sentence: str, expected: dict
) -> None:
    assert _operations("Patient", sentence) == expected


def test_the_days_after_an_operation_tell_it_done_en() -> None:
    found = _operations("Patient", "I'm two weeks out from my gallbladder removal.")
    assert found == {"cholecystectomy": DONE}


def test_the_days_after_an_operation_named_in_the_sentence_add_no_second_item_zh() -> None:
    found = _operations("Patient", "做过，2001年做过胆囊切除术，是胆结石，术后恢复得挺好。")
    assert list(found) == ["cholecystectomy"]
