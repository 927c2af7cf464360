"""A course told in the simple past with its length is over; "was prescribed" is not a plan;
a stated allergy list does not turn a later, unrelated question into an allergy question;
an answer re-reads its question as the asker's words."""

from __future__ import annotations

from ._helpers import facts, one


def test_course_taken_for_some_days_is_stopped() -> None:
    fact = one(("Patient", "I took ibuprofen for three days."), kind="medication_status")
    assert fact.status == "stopped"


def test_drug_one_was_on_for_a_week_is_stopped() -> None:
    fact = one(
        ("Patient", "I was on a course of prednisone for a week last month."),
        kind="medication_status",
    )
    assert fact.status == "stopped"


def test_drug_used_for_weeks_up_to_now_stays_active() -> None:
    fact = one(("Patient", "I have used ibuprofen for two weeks."), kind="medication_status")
    assert fact.status == "active"


def test_was_prescribed_is_in_use_not_planned() -> None:
    fact = one(("Patient", "I was prescribed amoxicillin by my GP."), kind="medication_status")
    assert fact.status == "active"


def test_prescribing_now_is_a_plan() -> None:
    fact = one(("Doctor", "I'm prescribing you amoxicillin 500 mg."), kind="medication_status")
    assert fact.status == "planned"


def test_stated_intolerance_does_not_make_a_later_question_about_allergies() -> None:
    found = facts(
        ("Doctor", "Then you developed intolerance to lenalidomide."),
        ("Patient", "Yes, I had severe diarrhea."),
        ("Doctor", "Here it says that you injured your leg? Tell me what happened."),
        ("Patient", "I got swelling. I had some prescribed steroids."),
        kind="allergy",
    )
    assert [f.entity for f in found if f.assertion == "present"] == ["lenalidomide"]


def test_stated_allergy_list_goes_on_when_asked_for_more() -> None:
    found = facts(
        ("Patient", "I'm allergic to penicillin."),
        ("Doctor", "Anything else?"),
        ("Patient", "Sulfa drugs."),
        kind="allergy",
    )
    assert {f.entity for f in found if f.assertion == "present"} >= {
        "penicillin",
        "sulfonamide antibiotics",
    }


def test_question_naming_a_drug_keeps_a_stated_allergy_list_open() -> None:
    found = facts(
        ("Doctor", "Are you allergic to any drugs?"),
        ("Patient", "Oh yes, I am allergic to Cipro."),
        ("Doctor", "Ciprofloxacin?"),
        ("Patient", "Yes! And also that coated one."),
        ("Doctor", "Oh, you mean enteric coated aspirin?"),
        ("Patient", "Yes, yes, that one!"),
        kind="allergy",
    )
    assert "aspirin" in {f.entity for f in found if f.assertion == "present"}


def test_an_answer_reads_the_doctors_question_as_the_doctors_words() -> None:
    # The doctor's "I" is nobody: the pain asked about is hers.
    found = facts(
        ("Patient", "My mother has had back pain for a week."),
        ("Doctor", "Any pain if I touch her here or here?"),
        ("Patient", "No."),
        kind="symptom",
    )
    assert {f.subject for f in found if f.assertion == "negated"} == {"family:mother"}
