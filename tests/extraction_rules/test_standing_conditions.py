"""A complaint told as long-standing, diagnosed or treated is a condition; today's is a symptom."""

from __future__ import annotations

from ._helpers import facts


def _types(speaker: str, text: str, entity: str) -> set[str]:
    return {f.type for f in facts((speaker, text)) if f.entity == entity}


def test_chronic_back_pain_is_a_condition() -> None:
    assert _types("Patient", "I have chronic back pain.", "low back pain") == {"condition"}


def test_back_pain_today_is_a_symptom() -> None:
    assert _types("Patient", "My back pain started this morning.", "low back pain") == {"symptom"}


def test_history_of_reaches_down_the_list() -> None:
    text = "He has a past medical history of gout, diabetes and anxiety."
    assert _types("Doctor", text, "anxiety") == {"condition"}


def test_history_list_ends_where_the_visits_complaint_begins() -> None:
    text = "She has a history of asthma and is here today for a headache."
    assert _types("Doctor", text, "headache") == {"symptom"}


def test_a_history_of_weeks_is_an_acute_complaint() -> None:
    text = "He reports a two-week history of headache."
    assert _types("Doctor", text, "headache") == {"symptom"}


def test_years_of_a_complaint_make_it_a_condition() -> None:
    text = "I've had these headaches for about ten years."
    assert _types("Patient", text, "headache") == {"condition"}


def test_days_of_a_complaint_keep_it_a_symptom() -> None:
    assert _types("Patient", "I've had a headache for three days.", "headache") == {"symptom"}


def test_diagnosed_complaint_is_a_condition() -> None:
    assert _types("Patient", "I was diagnosed with insomnia last year.", "insomnia") == {
        "condition"
    }


def test_regimen_for_a_complaint_makes_it_a_condition() -> None:
    text = "She is on duloxetine for her back pain."
    assert _types("Doctor", text, "low back pain") == {"condition"}


def test_one_off_remedy_for_a_complaint_keeps_it_a_symptom() -> None:
    text = "I took some ibuprofen for the headache this morning."
    assert _types("Patient", text, "headache") == {"symptom"}


def test_owned_anxiety_is_a_condition() -> None:
    assert _types("Patient", "My anxiety gets worse in the winter.", "anxiety") == {"condition"}


def test_feeling_anxious_is_a_symptom() -> None:
    assert _types("Patient", "I feel anxious about the biopsy.", "anxious") == {"symptom"}


def test_denied_history_is_a_negated_condition() -> None:
    found = [f for f in facts(("Patient", "No history of anxiety.")) if f.entity == "anxiety"]
    assert [(f.type, f.assertion) for f in found] == [("condition", "negated")]


def test_standing_condition_is_chronic() -> None:
    found = [f for f in facts(("Patient", "I have chronic back pain.")) if f.type == "condition"]
    assert [f.status for f in found] == ["chronic"]


def test_chinese_years_of_insomnia_is_a_condition() -> None:
    assert _types("患者", "我失眠好几年了。", "insomnia") == {"condition"}


def test_chinese_history_word_makes_a_condition() -> None:
    assert _types("患者", "我有便秘病史。", "constipation") == {"condition"}


def test_chinese_chronic_word_makes_a_condition() -> None:
    assert _types("患者", "我有慢性腰痛。", "low back pain") == {"condition"}


def test_chinese_old_complaint_is_a_condition() -> None:
    assert _types("患者", "腰痛是老毛病了。", "low back pain") == {"condition"}


def test_chinese_a_little_headache_is_a_symptom() -> None:
    assert _types("患者", "我今天有点头痛。", "headache") == {"symptom"}


def test_chinese_clause_break_ends_the_chronic_word() -> None:
    found = facts(("患者", "我长期便秘，最近又头痛。"))
    assert {f.entity: f.type for f in found if f.type in ("condition", "symptom")} == {
        "constipation": "condition",
        "headache": "symptom",
    }


def test_chinese_chronic_condition_is_chronic() -> None:
    found = [f for f in facts(("患者", "我有失眠病史。")) if f.type == "condition"]
    assert [f.status for f in found] == ["chronic"]


def test_a_disorder_name_is_a_condition() -> None:
    assert _types("Doctor", "The scores show you have panic disorder.", "anxiety") == {"condition"}


def test_chinese_disorder_name_is_a_condition() -> None:
    assert _types("患者", "我有焦虑症。", "anxiety") == {"condition"}


def test_anxiety_had_is_a_condition() -> None:
    assert _types("Patient", "I have depression and anxiety.", "anxiety") == {"condition"}


def test_anxiety_about_a_situation_is_a_symptom() -> None:
    text = "I have a lot of anxiety about the colonoscopy."
    assert _types("Patient", text, "anxiety") == {"symptom"}


def test_anxiety_of_today_is_a_symptom() -> None:
    assert _types("Patient", "I had some anxiety this morning.", "anxiety") == {"symptom"}


def test_chinese_a_little_anxious_lately_is_a_symptom() -> None:
    assert _types("患者", "我最近有点焦虑。", "anxiety") == {"symptom"}


def test_fillers_between_the_cue_and_the_complaint_are_read_past() -> None:
    text = "he has chronic , uh , back pain ."
    assert _types("Doctor", text, "low back pain") == {"condition"}


def test_a_flare_of_a_complaint_makes_it_a_condition() -> None:
    text = "My back pain flared up again last week."
    assert _types("Patient", text, "low back pain") == {"condition"}
