"""ConText negation scope: pseudo-negations, terminations, entity-less negatives."""

from __future__ import annotations

from memory.extraction.rules.context import assertion_of

from ._helpers import facts, one


def _assertion(text: str, word: str, zh: bool = False) -> str:
    start = text.index(word)
    return assertion_of(text, start, start + len(word), zh)


def test_never_again_after_reaction_affirms_allergy() -> None:
    found = facts(
        ("Doctor", "Any drug allergies?"),
        ("Patient", "Sulfa. The ER doctor said I should never take sulfa drugs again."),
        kind="allergy",
    )
    assert found and {f.assertion for f in found} == {"present"}


def test_never_again_is_pseudo_negation() -> None:
    assert _assertion("They said never to use codeine again.", "codeine") == "present"


def test_plain_never_still_negates() -> None:
    assert _assertion("I have never taken codeine.", "codeine") == "negated"


def test_unchanged_chinese_is_not_negation() -> None:
    assert _assertion("没有变化：二甲双胍500毫克一天两次。", "二甲双胍", zh=True) == "present"


def test_bu_bian_after_drug_keeps_it_active() -> None:
    fact = one(
        ("医生", "把氨氯地平减到2.5毫克，缬沙坦80毫克不变。"),
        kind="medication_status",
        entity="valsartan",
    )
    assert (fact.status, fact.assertion) == ("active", "present")


def test_no_change_english_is_not_negation() -> None:
    assert _assertion("No change to the metformin dose.", "metformin") == "present"


def test_answer_particle_no_does_not_negate_rest() -> None:
    assert _assertion("No, just the hives, it was bad.", "hives") == "present"


def test_second_no_after_answer_particle_negates() -> None:
    assert _assertion("No, no wheezing.", "wheezing") == "negated"


def test_but_terminates_negation_scope() -> None:
    assert _assertion("No fever but a bad cough.", "cough") == "present"


def test_chinese_chule_terminates_negation_scope() -> None:
    assert _assertion("没有别的不舒服除了头痛", "头痛", zh=True) == "present"


def test_from_terminates_negation_of_the_drug() -> None:
    fact = one(("Patient", "No stomach upset from the naproxen."), kind="medication_status")
    assert fact.assertion == "present"


def test_no_longer_taking_is_a_present_stop() -> None:
    fact = one(("Patient", "I'm no longer taking the simvastatin."), kind="medication_status")
    assert (fact.status, fact.assertion) == ("stopped", "present")


def test_chinese_mei_zai_chi_is_a_present_stop() -> None:
    fact = one(("患者", "阿司匹林我后来就没再吃。"), kind="medication_status")
    assert (fact.status, fact.assertion) == ("stopped", "present")


def test_no_to_reaction_follow_up_is_not_a_negated_allergy() -> None:
    found = facts(
        ("Doctor", "Are you allergic to any medicines?"),
        ("Patient", "Yes, codeine, it made me itch."),
        ("Doctor", "Any swelling of the face or trouble breathing?"),
        ("Patient", "No, only the itching, but it was awful."),
        kind="allergy",
    )
    # Control: the same "No" to an allergy question is the denial. (After an allergy
    # is named, a "No" to "Any other drug allergies?" adds nothing, by design, so the
    # pair is the reply on its own under the reaction and the allergy question.)
    no = ("Patient", "No, only the itching, but it was awful.")
    reaction = facts(
        ("Doctor", "Any swelling of the face or trouble breathing?"), no, kind="allergy"
    )
    allergy = facts(("Doctor", "Are you allergic to any medicines?"), no, kind="allergy")
    denials = [[f.assertion for f in got if f.entity is None] for got in (found, reaction, allergy)]
    assert denials == [[], [], ["negated"]]


def test_no_to_allergy_question_is_negative_finding() -> None:
    fact = one(("Doctor", "Do you have any drug allergies?"), ("Patient", "No."), kind="allergy")
    assert (fact.entity, fact.assertion) == (None, "negated")


def test_chinese_no_drug_allergy_history_is_negative_finding() -> None:
    fact = one(("医生", "请说一下既往史。"), ("患者", "无药物过敏史。"), kind="allergy")
    assert (fact.entity, fact.assertion) == (None, "negated")


def test_chinese_follow_up_no_is_not_negated_allergy() -> None:
    def denials(follow_up: str) -> list[str]:
        found = facts(
            ("医生", "对什么药过敏？"),
            ("患者", "青霉素，起过皮疹。"),
            ("医生", follow_up),
            ("患者", "没有，就是皮疹。"),
            kind="allergy",
        )
        return [f.assertion for f in found if f.entity is None]

    assert (denials("当时有没有喘不上气？"), denials("当时还对别的药过敏吗？")) == ([], ["negated"])
