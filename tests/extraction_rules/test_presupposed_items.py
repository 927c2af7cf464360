"""A "no" denies what the question asks, not the item the question takes for granted."""

from __future__ import annotations

from ._helpers import facts


def _findings(*turns: tuple[str, str]) -> list[tuple[str, str, str]]:
    return [
        (f.entity or "", f.subject, f.assertion)
        for f in facts(*turns)
        if f.type in ("condition", "symptom")
    ]


def test_no_issues_with_the_condition_denies_no_condition() -> None:
    found = _findings(
        ("Doctor", "And no trouble with the gout lately?"),
        ("Patient", "No, none at all."),
    )
    # Control: a question about the condition itself, answered no, denies it.
    asked = _findings(*(("Doctor", "Any gout lately?"), ("Patient", "No, none at all.")))
    denied = ("gout", "patient", "negated")
    assert (denied in found, denied in asked) == (False, True)


def test_no_to_a_treatment_for_your_condition_denies_no_condition() -> None:
    found = _findings(
        ("Doctor", "Have you tried any cream for your psoriasis?"),
        ("Patient", "No, nothing yet."),
    )
    # Control: a question about the condition itself, answered no, denies it.
    asked = _findings(*(("Doctor", "Have you had any psoriasis?"), ("Patient", "No, never.")))
    denied = ("psoriasis", "patient", "negated")
    assert (denied in found, denied in asked) == (False, True)


def test_no_to_is_your_condition_worse_denies_no_condition() -> None:
    found = _findings(
        ("Doctor", "Is your type 2 diabetes any worse since the spring?"),
        ("Patient", "No."),
    )
    assert all(assertion != "negated" for _, _, assertion in found)


def test_no_to_a_plain_condition_question_still_denies_it() -> None:
    found = _findings(("Doctor", "Do you have gout?"), ("Patient", "No."))
    assert ("gout", "patient", "negated") in found


def test_no_to_a_relatives_condition_still_denies_it() -> None:
    found = _findings(("Doctor", "Does your father have gout?"), ("Patient", "No."))
    assert ("gout", "family:father", "negated") in found


def test_chinese_no_to_your_condition_worse_denies_no_condition() -> None:
    found = _findings(("医生", "您的痛风最近有没有发作？"), ("患者", "没有。"))
    # Control: a question about the condition itself, answered no, denies it.
    asked = _findings(*(("医生", "您有没有痛风？"), ("患者", "没有。")))
    denied = ("gout", "patient", "negated")
    assert (denied in found, denied in asked) == (False, True)


def test_chinese_no_to_a_plain_condition_question_still_denies_it() -> None:
    found = _findings(("医生", "有没有痛风？"), ("患者", "没有。"))
    assert ("gout", "patient", "negated") in found
