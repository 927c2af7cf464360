"""Session focus: a consultation about a relative keeps every fact of that relative.

The dialogues here are written for these tests (not the demo's sentences): each
rule is checked in English and in Chinese.
"""

from __future__ import annotations

from memory.domain.types import Turn
from memory.extraction.rules.discourse.focus import session_focus

from ._helpers import run, run_titled


def _subjects(extraction: object, kind: str | None = None) -> set[str]:
    return {
        f.subject
        for f in extraction.facts  # type: ignore[attr-defined]
        if kind is None or f.type == kind
    }


def _turns(*pairs: tuple[str, str]) -> tuple[Turn, ...]:
    return tuple(Turn(i + 1, sp, tx) for i, (sp, tx) in enumerate(pairs))


# --------------------------------------------------------------------------- focus detection


def test_harness_header_with_relationship_is_exclusive_focus() -> None:
    focus = session_focus("[Health consultation record about Li Na(daughter)]", ())
    assert (focus.subject, focus.exclusive) == ("family:daughter", True)


def test_harness_header_with_chinese_relationship_is_canonical() -> None:
    focus = session_focus("[Health consultation record about 王建国(父亲)]", ())
    assert focus.subject == "family:father"


def test_harness_header_about_a_relative_is_generic_relative() -> None:
    focus = session_focus("[Health consultation record about a relative]", ())
    assert focus.subject == "family:relative"


def test_general_harness_header_has_no_focus() -> None:
    assert not session_focus("[Health consultation record]", ()).active


def test_title_naming_relative_gives_focus_english() -> None:
    assert session_focus("Grandma's hip pain", ()).subject == "family:grandmother"


def test_title_naming_relative_gives_focus_chinese() -> None:
    assert session_focus("关于我妈的血糖", ()).subject == "family:mother"


def test_title_about_patient_has_no_focus() -> None:
    assert not session_focus("Knee pain follow-up", ()).active


def test_bring_introduction_gives_focus_english() -> None:
    turns = _turns(("Patient", "Hello. I brought my daughter today, she has had a fever."))
    assert session_focus("", turns).subject == "family:daughter"


def test_bring_introduction_for_interpreting_is_no_focus() -> None:
    turns = _turns(("Patient", "I brought my wife so she can translate for me."))
    assert not session_focus("", turns).active


def test_accompany_introduction_gives_focus_chinese() -> None:
    turns = _turns(("患者", "医生，我今天陪我爸来看看。"))
    assert session_focus("", turns).subject == "family:father"


def test_relative_self_identification_with_own_visit_is_focus() -> None:
    turns = _turns(("家属", "医生好，我是张女士的母亲，女儿陪我来的。"))
    assert session_focus("", turns).subject == "family:mother"


def test_relative_answering_for_patient_is_no_focus() -> None:
    turns = _turns(
        ("Doctor", "Are you his wife?"),
        ("Guest_family", "Yes, I am his wife. He has been confused since Monday."),
    )
    focus = session_focus("", turns)
    assert (focus.subject, focus.speaker) == (None, "family:wife")


# --------------------------------------------------------------------------- resolution


def test_relative_speakers_own_drug_is_the_relatives() -> None:
    found = run_titled(
        "My daughter's eczema",
        ("Patient", "She has had eczema since she was a baby."),
        ("Guest_family", "I put hydrocortisone cream on my arms every night."),
    )
    assert _subjects(found, "medication_status") == {"family:daughter"}


def test_doctor_third_person_drug_is_focus_relatives() -> None:
    found = run_titled(
        "Dad's gout",
        ("Patient", "My father has gout again."),
        ("Doctor", "He should start allopurinol 100 mg daily once the flare settles."),
    )
    assert _subjects(found, "medication_status") == {"family:father"}


def test_doctor_unmarked_sentence_follows_topic() -> None:
    found = run_titled(
        "My son's asthma",
        ("Patient", "He wheezes when he runs."),
        ("Doctor", "Montelukast 5 mg at night is a reasonable choice."),
    )
    assert _subjects(found, "medication_status") == {"family:son"}


def test_doctor_you_after_relative_turn_is_the_relative() -> None:
    found = run_titled(
        "孩子咳嗽",
        ("患者", "我带我女儿来，她咳嗽一个星期了。"),
        ("家属", "嗯，晚上咳得厉害。"),
        ("Doctor", "你先用氨溴索，一天三次。"),
    )
    assert _subjects(found, "medication_status") == {"family:daughter"}


def test_doctor_you_after_patient_turn_is_the_patient() -> None:
    found = run_titled(
        "Mother's dementia; my blood pressure",
        ("Patient", "My mother is more forgetful."),
        ("Doctor", "I see."),
        ("Patient", "And my own pressure is up."),
        ("Doctor", "Let's increase your lisinopril to 20 mg."),
    )
    assert _subjects(found, "medication_status") == {"patient"}


def test_doctor_you_after_a_turn_about_both_is_the_relative() -> None:
    # "your" after a turn about the mother and the speaker is uncertain: not the patient's
    # (a turn that turns the talk to himself, "my own pressure", is his: test_turn_ends_on_self).
    found = run_titled(
        "Mother's dementia",
        ("Patient", "My mother is more forgetful. My pressure is up too."),
        ("Doctor", "Let's increase your lisinopril to 20 mg."),
    )
    assert _subjects(found, "medication_status") == {"family:mother"}


def test_patient_first_person_in_focus_session_stays_patient() -> None:
    found = run_titled(
        "父亲的高血压",
        ("患者", "我爸血压高。我自己在吃二甲双胍，500毫克一天两次。"),
    )
    assert _subjects(found, "medication_status") == {"patient"}


def test_chinese_honorific_is_focus_relative() -> None:
    found = run_titled(
        "陪母亲看头晕",
        ("家属", "我是他妈妈，最近老是头晕。"),
        ("医生", "老太太的硝苯地平先减到半片。"),
    )
    assert _subjects(found, "medication_status") == {"family:mother"}


def test_chinese_relative_speaker_switch_new_drug_active() -> None:
    found = run_titled(
        "",
        ("家属", "我是李先生的母亲，今天儿子陪我来。"),
        ("家属", "二甲双胍停了以后，医生给我换了格列美脲，2毫克。"),
    )
    statuses = {(f.entity, f.subject, f.status) for f in found.facts}
    assert ("glimepiride", "family:mother", "active") in statuses


def test_chinese_relative_speaker_switch_old_drug_stopped() -> None:
    found = run_titled(
        "",
        ("家属", "我是李先生的母亲，今天儿子陪我来。"),
        ("家属", "二甲双胍停了以后，医生给我换了格列美脲，2毫克。"),
    )
    statuses = {(f.entity, f.subject, f.status) for f in found.facts}
    assert ("metformin", "family:mother", "stopped") in statuses


def test_header_makes_relative_answered_facts_the_relatives() -> None:
    found = run_titled(
        "[Health consultation record about a relative]",
        ("Doctor", "Are you his wife?"),
        ("Guest_family", "Yes. He takes warfarin and he has atrial fibrillation."),
    )
    assert found.facts and _subjects(found) == {"family:relative"}


def test_header_relationship_applies_to_patient_speaker() -> None:
    found = run_titled(
        "[Health consultation record about 王芳(女儿)]",
        ("患者", "最近在吃布洛芬，一天两次。"),
    )
    assert _subjects(found) == {"family:daughter"}


def test_without_focus_guest_family_still_answers_for_patient() -> None:
    found = run(("Doctor", "What is he taking?"), ("Guest_family", "He takes metoprolol daily."))
    assert _subjects(found, "medication_status") == {"patient"}


# --------------------------------------------------------------------------- session subject


def test_focus_session_without_facts_is_the_relatives() -> None:
    found = run_titled("My father's appointment", ("Patient", "He is doing fine, thank you."))
    assert found.session_subject == "family:father"


def test_focus_session_with_patient_facts_too_is_mixed() -> None:
    found = run_titled(
        "Son's asthma; my check-up",
        ("Patient", "He uses salbutamol twice a week."),
        ("Patient", "My own weight is 80 kg and I take metformin 500 mg twice a day."),
    )
    assert found.session_subject == "mixed"


def test_focus_session_with_one_patient_aside_is_the_relatives() -> None:
    found = run_titled(
        "Son's asthma",
        ("Patient", "He uses salbutamol twice a week. I am tired today."),
    )
    assert found.session_subject == "family:son"


def test_focus_session_with_only_relative_facts_is_relatives() -> None:
    found = run_titled("Son's asthma", ("Patient", "He uses salbutamol twice a week."))
    assert found.session_subject == "family:son"
