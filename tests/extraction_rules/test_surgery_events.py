"""Surgical history only when a procedure was done to the subject.

A procedure named as a preparation, a time anchor, a plan or an explanation is
not surgical history (a plan is an event at most); a done one - diagnostic
colonoscopy included, see rules.surgery - always is. Wording differs from the
demo patient on purpose.
"""

from __future__ import annotations

from tests.extraction_rules._helpers import facts


def _surgical(*turns: tuple[str, str]) -> list[str | None]:
    """Operations stored as history: a planned one is stored as planned, not here."""
    found = facts(*turns, kind="surgical_history")
    return [f.entity for f in found if f.assertion != "negated" and f.status != "planned"]


def test_procedure_prep_as_time_reference_is_not_surgical_history() -> None:
    prep = "My reflux flared up back in April, around the time of the colonoscopy preparation."
    had = "My reflux flared up back in April, around the time I had the colonoscopy."
    assert (_surgical(("Patient", prep)), _surgical(("Patient", had))) == ([], ["colonoscopy"])


def test_before_your_procedure_is_not_surgical_history() -> None:
    before = "As we did last time, hold the clopidogrel for seven days before your gastroscopy."
    had = (
        "As we did last time, you held the clopidogrel for seven days before you had "
        "your gastroscopy."
    )
    assert (_surgical(("Doctor", before)), _surgical(("Doctor", had))) == ([], ["gastroscopy"])


def test_chinese_planned_procedure_is_not_surgical_history() -> None:
    planned = _surgical(("患者", "去年医生就建议过，我准备下个月做胃镜。"))
    done = _surgical(("患者", "去年医生就建议过，我上个月做了胃镜。"))
    assert (planned, done) == ([], ["gastroscopy"])


def test_chinese_before_procedure_time_reference_is_not_surgical_history() -> None:
    before = _surgical(("医生", "和以前一样，胃镜前一天晚上十点以后不要吃东西。"))
    done = _surgical(("患者", "和以前一样，我去年做过胃镜，前一天晚上十点以后没吃东西。"))
    assert (before, done) == ([], ["gastroscopy"])


def test_general_explanation_of_a_procedure_is_not_surgical_history() -> None:
    general = _surgical(("Doctor", "A gastroscopy is generally done with light sedation."))
    own = _surgical(("Doctor", "Your gastroscopy was done with light sedation."))
    assert (general, own) == ([], ["gastroscopy"])


def test_scheduled_reply_to_procedure_question_is_not_surgical_history() -> None:
    asked = ("Doctor", "Have you ever had a colonoscopy?")
    booked = _surgical(asked, ("Patient", "Yes, it's booked for next month."))
    done = _surgical(asked, ("Patient", "Yes, I had a colonoscopy last month."))
    # The control names the procedure: the pronoun reply "Yes, I had it last month."
    # is not read as the asked procedure done yet (nor is "Yes, I had one last year.").
    assert (booked, done) == ([], ["colonoscopy"])


def test_done_and_planned_procedures_in_one_sentence_keep_only_the_done_one() -> None:
    assert _surgical(("患者", "去年做过胃镜，下个月准备做肠镜。")) == ["gastroscopy"]


def test_past_tonsil_removal_is_surgical_history() -> None:
    assert _surgical(("Patient", "I had my tonsils out when I was seven.")) == ["tonsillectomy"]


def test_chinese_past_gallbladder_removal_is_surgical_history() -> None:
    assert _surgical(("患者", "我2012年做过胆囊切除术。")) == ["cholecystectomy"]


def test_polyps_removed_by_the_surgeon_are_a_polypectomy() -> None:
    found = _surgical(("Doctor", "They removed three polyps from your colon last year."))
    assert "polypectomy" in found


def test_chinese_polyps_cut_during_colonoscopy_are_a_polypectomy() -> None:
    found = _surgical(("患者", "去年做肠镜的时候切了两个息肉。"))
    assert "polypectomy" in found


def test_done_diagnostic_colonoscopy_is_kept() -> None:
    found = _surgical(("Doctor", "Your last colonoscopy was performed in March 2022."))
    assert found == ["colonoscopy"]


def test_time_anchor_on_own_past_operation_keeps_it() -> None:
    found = _surgical(("Patient", "I quit smoking two years ago, just before my knee replacement."))
    assert found == ["knee replacement"]


def test_unpunctuated_question_after_stacked_lead_ins_is_no_operation() -> None:
    """Transcripts drop '?': "okay and have you had ..." still asks, it states nothing."""
    asked = _surgical(
        ("Doctor", "okay and have you had any shoulder surgeries in the past"),
        ("Patient", "no surgeries, just some stiffness now and then"),
    )
    told = _surgical(
        ("Doctor", "okay and you had shoulder surgery in the past"),
        ("Patient", "yes, a while ago"),
    )
    assert (asked, told) == ([], ["shoulder surgery"])


def test_spelled_out_acronym_names_the_ligament_reconstruction() -> None:
    """Transcripts spell letters out: "A C L reconstruction" is the ACL operation."""
    found = _surgical(("Patient", "I had an A C L reconstruction on the left side in 2012."))
    assert found == ["acl reconstruction"]


def test_posterior_cruciate_reconstruction_is_not_the_anterior_one() -> None:
    found = _surgical(("Patient", "我上个月做了后交叉韧带重建手术。"))
    assert found == ["pcl reconstruction"]


def test_double_eyelid_operation_without_an_operation_word_is_history() -> None:
    found = _surgical(("Patient", "我前年做过全切双眼皮，现在不太对称。"))
    assert found == ["blepharoplasty"]
