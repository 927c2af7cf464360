"""One coherent state per fact (issue 30, items 3 and 4): benefit, risk, test-order and
conditional mentions create no condition or event; an allergy's reaction told again
stays with the allergy; a vaccine given today is immunization history. Each negative
has a positive control that differs only in the cue."""

from __future__ import annotations

from tests.extraction_rules._helpers import facts


def _kinds(*turns: tuple[str, str], kind: str) -> dict[str, object]:
    return {f.entity: f.status or f.value for f in facts(*turns, kind=kind)}


# --- benefit and risk statements ------------------------------------------------------


def test_english_benefit_of_a_drug_gives_no_condition() -> None:
    said = "We'll keep you on the statin; it cuts the risk of heart attack."
    # Control: the condition named without the benefit cue is kept.
    had = "We'll keep you on the statin; you had a heart attack."
    found = [list(_kinds(("doctor", s), kind="condition")) for s in (said, had)]
    assert found == [[], ["myocardial infarction"]]


def test_english_benefit_keeps_the_drug_active_not_changed() -> None:
    said = "We'll keep you on the statin; it cuts the risk of heart attack."
    assert _kinds(("doctor", said), kind="medication_status") == {"statins": "active"}


def test_english_general_benefit_statement_gives_no_medication_and_no_condition() -> None:
    general = facts(("doctor", "Clopidogrel reduces the risk of stroke."))
    # Control: the same verb lowering a dose is a change of the drug.
    lowered = _kinds(
        ("doctor", "Clopidogrel reduces to 75 mg from tomorrow."), kind="medication_status"
    )
    assert (general, lowered) == ([], {"clopidogrel": "dose_changed"})


def test_chinese_benefit_of_a_drug_gives_no_condition() -> None:
    said = "他汀要长期吃，可以降低心梗和脑卒中的风险。"
    # Control: the condition named without the benefit cue is kept.
    had = "他汀要长期吃，您得过心梗。"
    found = [list(_kinds(("医生", s), kind="condition")) for s in (said, had)]
    assert found == [[], ["myocardial infarction"]]


# --- a test ordered for a condition ---------------------------------------------------


def test_chinese_test_ordered_for_a_condition_is_not_the_condition() -> None:
    said = "我爸手脚发麻，医生让他去查一下糖尿病肾病。"
    found = "我爸手脚发麻，医生说他有糖尿病肾病。"  # control: the condition found
    named = ["diabetic nephropathy" in _kinds(("患者", s), kind="condition") for s in (said, found)]
    assert named == [False, True]


def test_chinese_condition_found_is_the_condition_control() -> None:
    said = "我爸手脚发麻，医生说他有糖尿病肾病。"
    assert "diabetic nephropathy" in _kinds(("患者", said), kind="condition")


def test_english_test_ordered_for_a_condition_is_not_the_condition() -> None:
    said = "Her doctor wants her checked for diabetic nephropathy."
    found = "Her doctor says she has diabetic nephropathy."  # control: the condition found
    named = [
        "diabetic nephropathy" in _kinds(("patient", s), kind="condition") for s in (said, found)
    ]
    assert named == [False, True]


def test_english_condition_found_is_the_condition_control() -> None:
    said = "Her doctor says she has diabetic nephropathy."
    assert "diabetic nephropathy" in _kinds(("patient", said), kind="condition")


# --- a conditional event --------------------------------------------------------------


def test_english_event_under_if_is_no_event() -> None:
    said = "If she passes out again, take her to the emergency room."
    # Control: the same event told as having happened is an event.
    happened = "She passed out again, so we took her to the emergency room."
    found = [list(_kinds(("doctor", s), kind="event")) for s in (said, happened)]
    assert found == [[], ["emergency visit"]]


def test_chinese_event_under_ruguo_is_no_event() -> None:
    said = "如果他再晕倒，要马上去急诊。"
    happened = "他昨天晕倒了，马上去了急诊。"  # control: told as having happened
    found = [list(_kinds(("医生", s), kind="event")) for s in (said, happened)]
    assert found == [[], ["emergency visit"]]


# --- the reaction of an allergy told again --------------------------------------------

_ALLERGY_EN = "I'm allergic to sulfa, it gave me hives all over."
_ALLERGY_ZH = "我对磺胺过敏，吃了以后全身起荨麻疹。"


def test_english_reaction_told_again_after_the_allergy_is_no_condition() -> None:
    """Told after stress instead of the allergy, the hives are the patient's own."""

    def hives_after(first: str) -> list[str]:
        turns = [
            ("patient", first),
            ("doctor", "Any swelling of your face that time?"),
            ("patient", "No, only the hives, but they itched for days."),
        ]
        found = {**_kinds(*turns, kind="condition"), **_kinds(*turns, kind="symptom")}
        return [e for e in found if e == "urticaria"]

    stressed = "I'm stressed at work, it gave me hives all over."
    assert (hives_after(_ALLERGY_EN), hives_after(stressed)) == ([], ["urticaria"])


def test_english_reaction_told_again_stays_on_the_allergy() -> None:
    turns = [
        ("patient", _ALLERGY_EN),
        ("doctor", "Any swelling of your face that time?"),
        ("patient", "No, only the hives, but they itched for days."),
    ]
    [allergy] = facts(*turns, kind="allergy")
    assert "urticaria" in str(allergy.slots.get("reaction"))


def test_english_other_complaint_after_an_allergy_is_kept_control() -> None:
    turns = [
        ("patient", _ALLERGY_EN),
        ("doctor", "Anything else bothering you?"),
        ("patient", "I have asthma, it's been bad this month."),
    ]
    assert "asthma" in _kinds(*turns, kind="condition")


def test_chinese_reaction_told_again_after_the_allergy_is_no_condition() -> None:
    def hives_after(first: str) -> list[str]:
        turns = [
            ("患者", first),
            ("医生", "当时嘴唇肿了吗？"),
            ("患者", "没有，就是荨麻疹，痒了好几天。"),
        ]
        found = {**_kinds(*turns, kind="condition"), **_kinds(*turns, kind="symptom")}
        return [e for e in found if e == "urticaria"]

    stressed = "最近工作压力大，全身起荨麻疹。"
    assert (hives_after(_ALLERGY_ZH), hives_after(stressed)) == ([], ["urticaria"])


# --- a vaccine given today ------------------------------------------------------------


def _events(*turns: tuple[str, str]) -> dict[str, object]:
    return {f.entity: f.value for f in facts(*turns, kind="event")}


def test_chinese_vaccine_given_today_is_administered() -> None:
    said = "今天给您打肺炎疫苗，打完观察半小时。"
    assert _events(("医生", said)) == {"pneumococcal vaccine": "administered"}


def test_chinese_vaccine_given_today_is_not_a_planned_medication() -> None:
    said = "今天给您打肺炎疫苗，打完观察半小时。"
    meds = [f for f in facts(("医生", said), kind="medication_status")]
    assert (meds, _events(("医生", said))) == ([], {"pneumococcal vaccine": "administered"})


def test_chinese_vaccine_offered_under_a_condition_is_not_given() -> None:
    said = "如果您愿意，今天可以打肺炎疫苗。"
    agreed = "既然您愿意，今天给您打肺炎疫苗。"
    assert (_events(("医生", said)), _events(("医生", agreed))) == (
        {},
        {"pneumococcal vaccine": "administered"},
    )


def test_english_vaccine_given_today_is_administered() -> None:
    said = "We'll give you the shingles vaccine today before you leave."
    assert _events(("doctor", said)) == {"shingles vaccine": "administered"}


def test_english_vaccine_asked_about_is_not_given() -> None:
    asked = _events(("doctor", "Did you get the shingles vaccine?"))
    told = _events(("doctor", "You got the shingles vaccine."))
    assert (asked, told) == ({}, {"shingles vaccine": "administered"})


def test_english_vaccine_recommended_for_later_is_not_given() -> None:
    said = "You should get the shingles vaccine this fall."
    today = "You should get the shingles vaccine today."
    assert (_events(("doctor", said)), _events(("doctor", today))) == (
        {},
        {"shingles vaccine": "administered"},
    )


def test_english_vaccine_received_before_is_history() -> None:
    said = "I got the shingles vaccine last spring."
    assert _events(("patient", said)) == {"shingles vaccine": "administered"}
