"""Whose body a fact concerns: subject labels canonicalised in either language
(domain.subjects; from the mutation pass)."""

from __future__ import annotations

import pytest

from memory.domain.subjects import (
    MAX_KEY_CHARS,
    SubjectError,
    canonical_relation,
    canonical_session_subject,
    canonical_subject,
    relation_keys,
)


def refusal(label: str) -> str:
    with pytest.raises(SubjectError) as caught:
        canonical_subject(label)
    return str(caught.value)


# --- canonical_relation -------------------------------------------------------------


def test_a_chinese_relation_word_is_its_english_relation() -> None:
    assert canonical_relation("父亲") == "father"


def test_my_before_a_relation_is_dropped() -> None:
    assert canonical_relation("  My Mom ") == "mother"


def test_wo_before_a_chinese_relation_is_dropped() -> None:
    assert canonical_relation("我女儿") == "daughter"


def test_a_relation_word_starting_with_wo_is_kept_whole() -> None:
    assert canonical_relation("我爸") == "father"


def test_an_unknown_relation_becomes_a_slug() -> None:
    assert canonical_relation("Step-Father's twin") == "step_father_s_twin"


def test_an_empty_relation_is_refused() -> None:
    with pytest.raises(SubjectError, match="empty relation in subject '--'"):
        canonical_relation("--")


# --- relation_keys ------------------------------------------------------------------


def test_a_question_about_a_child_means_a_son_or_daughter() -> None:
    assert relation_keys("child") == frozenset({"family:child", "family:son", "family:daughter"})


def test_a_question_about_a_father_means_the_father() -> None:
    assert relation_keys("father") == frozenset({"family:father"})


# --- canonical_subject --------------------------------------------------------------


@pytest.mark.parametrize("label", [None, "", " none ", "NULL", "无"])
def test_no_subject_is_none(label: str | None) -> None:
    assert canonical_subject(label) == "none"


@pytest.mark.parametrize("label", ["patient", " Self ", "患者", "本人", "病人"])
def test_the_patient_in_either_language_is_the_patient(label: str) -> None:
    assert canonical_subject(label) == "patient"


def test_a_chinese_family_label_is_the_english_relation() -> None:
    assert canonical_subject("family:父亲") == "family:father"


def test_a_family_label_with_a_full_width_colon_is_read() -> None:
    assert canonical_subject("家属：妈妈") == "family:mother"


def test_a_family_kind_in_chinese_is_read() -> None:
    assert canonical_subject("家人:哥哥") == "family:brother"


def test_a_friend_named_as_family_is_another_person() -> None:
    assert canonical_subject("family: my friend") == "other:friend"


def test_an_other_label_in_chinese_is_canonical() -> None:
    assert canonical_subject("其他:同事") == "other:colleague"


def test_an_other_label_of_my_friend_is_a_friend() -> None:
    assert canonical_subject("Other: My Friend") == "other:friend"


def test_an_unknown_other_label_becomes_a_slug() -> None:
    assert canonical_subject("other:Tennis Coach") == "other:tennis_coach"


def test_an_empty_other_label_is_refused() -> None:
    assert refusal("other: !!") == "empty label in subject ' !!'"


def test_an_unknown_subject_kind_is_refused() -> None:
    assert refusal("Pet:dog") == "unknown subject kind 'pet' in 'Pet:dog'"


def test_a_bare_relation_word_is_family() -> None:
    assert canonical_subject("grandma") == "family:grandmother"


def test_a_bare_neighbour_is_another_person() -> None:
    assert canonical_subject("neighbour") == "other:neighbor"


def test_a_key_of_the_longest_length_is_accepted() -> None:
    label = "other:" + "a" * (MAX_KEY_CHARS - len("other:"))
    assert canonical_subject(label) == label


def test_a_key_over_the_longest_length_is_refused_with_the_room_left() -> None:
    label = "other:" + "a" * (MAX_KEY_CHARS - len("other:") + 1)
    assert refusal(label) == (
        f"subject {label[:40]}…: the other label is 75 characters, at most 74 "
        "(a person key is at most 80, with 'other:')"
    )


# --- canonical_session_subject ------------------------------------------------------


@pytest.mark.parametrize("label", [" Mixed ", "混合"])
def test_a_mixed_session_is_mixed(label: str) -> None:
    assert canonical_session_subject(label) == "mixed"


def test_a_session_about_the_father_is_the_fathers() -> None:
    assert canonical_session_subject("family:爸爸") == "family:father"


def test_a_session_of_no_subject_is_none() -> None:
    assert canonical_session_subject(None) == "none"


def test_a_label_holding_a_colon_is_split_at_the_first() -> None:
    assert canonical_subject("other:coach: tennis") == "other:coach_tennis"


def test_a_label_holding_a_full_width_colon_is_split_at_the_first() -> None:
    assert canonical_subject("其他：网球：教练") == "other:网球_教练"
