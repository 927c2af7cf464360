"""A question never creates a state record by itself; only a committing answer does.

Failure cause 1 (docs/design.md §1): a question about a drug plus a non-answer once became
an "active" record dated after the drug's true stop. Wording differs from the
demo patient on purpose.
"""

from __future__ import annotations

from memory.extraction.rules.qa import answer_stance, is_request
from tests.extraction_rules._helpers import facts


def _meds(*turns: tuple[str, str], entity: str) -> list[tuple[str | None, str]]:
    return [
        (f.status, f.assertion)
        for f in facts(*turns, kind="medication_status")
        if f.entity == entity
    ]


def test_noncommittal_answer_to_how_is_drug_question_makes_no_record() -> None:
    found = _meds(
        ("Doctor", "How are you getting on with the lisinopril?"),
        ("Patient", "There's something I need to tell you."),
        entity="lisinopril",
    )
    told = _meds(
        ("Doctor", "How are you getting on with the lisinopril?"),
        ("Patient", "There's something I need to tell you: I stopped it."),
        entity="lisinopril",
    )
    assert (found, told) == ([], [("stopped", "present")])


def test_chinese_noncommittal_answer_to_drug_question_makes_no_record() -> None:
    found = _meds(
        ("医生", "二甲双胍吃得怎么样？"),
        ("患者", "说实话，我有件事要告诉您。"),
        entity="metformin",
    )
    told = _meds(("医生", "二甲双胍吃得怎么样？"), ("患者", "说实话，我停了。"), entity="metformin")
    assert (found, told) == ([], [("stopped", "present")])


def test_okay_to_still_taking_question_settles_nothing() -> None:
    found = _meds(
        ("Doctor", "Are you still on the atorvastatin?"),
        ("Patient", "Okay."),
        entity="atorvastatin",
    )
    yes = _meds(
        ("Doctor", "Are you still on the atorvastatin?"), ("Patient", "Yes."), entity="atorvastatin"
    )
    assert (found, yes) == ([], [("active", "present")])


def test_chinese_bare_en_to_still_taking_question_settles_nothing() -> None:
    found = _meds(("医生", "阿司匹林还吃着吗？"), ("患者", "嗯。"), entity="aspirin")
    yes = _meds(("医生", "阿司匹林还吃着吗？"), ("患者", "吃着。"), entity="aspirin")
    assert (found, yes) == ([], [("active", "present")])


def test_confession_then_stop_leaves_only_the_stop() -> None:
    found = _meds(
        ("Doctor", "How's the escitalopram going?"),
        ("Patient", "I must admit something. I quit the escitalopram on my own in May."),
        entity="escitalopram",
    )
    assert found == [("stopped", "present")]


def test_patients_request_for_a_drug_is_not_an_active_record() -> None:
    found = _meds(
        ("Patient", "Could I restart naproxen for my back?"),
        ("Doctor", "I would rather you didn't, because of your kidneys."),
        entity="naproxen",
    )
    restarted = _meds(
        ("Patient", "I restarted naproxen for my back."),
        ("Doctor", "I would rather you didn't, because of your kidneys."),
        entity="naproxen",
    )
    assert (found, restarted) == ([], [("active", "present")])


def test_chinese_request_for_a_drug_is_not_an_active_record() -> None:
    found = _meds(("患者", "我能不能再吃点布洛芬？"), ("医生", "最好别吃。"), entity="ibuprofen")
    taken = _meds(("患者", "我又吃了点布洛芬。"), ("医生", "最好别吃。"), entity="ibuprofen")
    assert (found, taken) == ([], [("active", "present")])


def test_granted_request_is_planned_not_active() -> None:
    found = _meds(
        ("Patient", "May I take loratadine during hay fever season?"),
        ("Doctor", "Yes, one tablet a day is fine."),
        entity="loratadine",
    )
    assert found == [("planned", "present")]


def test_question_about_how_to_take_drug_classes_makes_no_record() -> None:
    found = facts(
        ("患者", "我的降糖药饭前吃还是饭后吃？"),
        ("医生", "随餐吃就可以。"),
        kind="medication_status",
    )
    told = facts(
        ("患者", "我的降糖药饭前吃。"), ("医生", "随餐吃就可以。"), kind="medication_status"
    )
    assert (found, [f.entity for f in told]) == ([], ["antidiabetics"])


def test_yes_to_still_taking_question_is_active() -> None:
    found = _meds(
        ("Doctor", "Do you still take your warfarin?"),
        ("Patient", "Yes, every evening."),
        entity="warfarin",
    )
    assert found == [("active", "present")]


def test_chinese_daily_use_answer_is_active() -> None:
    found = _meds(("医生", "氯吡格雷现在还在吃吗？"), ("患者", "每天都吃。"), entity="clopidogrel")
    assert found == [("active", "present")]


def test_spoken_dose_answer_is_active() -> None:
    found = _meds(
        ("Doctor", "What dose of metoprolol are you on now?"),
        ("Patient", "Fifty milligrams."),
        entity="metoprolol",
    )
    assert found == [("active", "present")]


def test_no_i_stopped_answer_is_stopped() -> None:
    found = _meds(
        ("Doctor", "Are you using the fluticasone spray?"),
        ("Patient", "No, I stopped a while ago."),
        entity="fluticasone",
    )
    assert found == [("stopped", "present")]


def test_plain_no_to_still_on_question_is_stopped() -> None:
    found = _meds(
        ("Doctor", "Are you still on omeprazole?"), ("Patient", "Nope."), entity="omeprazole"
    )
    assert found == [("stopped", "present")]


def test_chinese_no_longer_taking_answer_is_stopped() -> None:
    found = _meds(("医生", "氨氯地平还吃着吗？"), ("患者", "早就不吃了。"), entity="amlodipine")
    assert found == [("stopped", "present")]


def test_no_to_symptom_question_is_still_a_negated_finding() -> None:
    found = facts(("Doctor", "Any palpitations lately?"), ("Patient", "No."), kind="symptom")
    assert [(f.entity, f.assertion) for f in found] == [("palpitations", "negated")]


def test_general_question_about_a_supplement_makes_no_record() -> None:
    found = _meds(
        ("Patient", "Is fish oil worth taking for adults in general?"),
        ("Doctor", "The evidence is mixed."),
        entity="omega-3 fatty acids",  # fish oil's canonical name
    )
    # positive control not extracted yet: "Is the fish oil I take worth taking?" gives
    # nothing; the control says it plainly.
    taken = _meds(
        ("Patient", "I take fish oil every day."),
        ("Doctor", "The evidence is mixed."),
        entity="omega-3 fatty acids",
    )
    assert (found, taken) == ([], [("active", "present")])


def test_i_have_to_is_not_a_yes() -> None:
    stance = answer_stance("Are you taking the metformin?", "I have to ask you something.", False)
    assert not stance.settles


def test_no_problems_is_not_a_denial() -> None:
    stance = answer_stance("How has the ramipril been?", "No problems at all.", False)
    assert not stance.denies


def test_can_i_question_is_a_request() -> None:
    assert is_request("so can i go back on the prednisone for a week ?", False)


def test_chinese_may_i_question_is_a_request() -> None:
    assert is_request("我可以继续吃阿托伐他汀吗？", True)


def test_instruction_closed_by_okay_tag_stands_when_acknowledged() -> None:
    found = _meds(
        ("Doctor", "i'm going to start you on gabapentin 300 milligrams at night , okay ?"),
        ("Patient", "okay ."),
        entity="gabapentin",
    )
    assert found == [("planned", "present")]
