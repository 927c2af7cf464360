"""ConText scopes of general talk (rules.context): a consequence ruled out ("不会导致
癌症", "won't cause cancer") is a negated mention, "not necessarily" and a written
conditional leave it open, and what a purpose, prevention or avoidance clause names
("以免加重", "to prevent flare-ups of") has no current status and no change.
Synthetic sentences, both languages."""

from __future__ import annotations

from ._helpers import facts, one


def _present(*turns: tuple[str, str], entity: str) -> list[str]:
    """Statuses of the patient's present condition records of `entity`."""
    return [
        str(f.status)
        for f in facts(*turns, kind="condition")
        if f.entity == entity and f.subject == "patient" and f.assertion == "present"
    ]


# --- a consequence ruled out -------------------------------------------------------


def test_chinese_reassurance_that_it_will_not_cause_cancer_is_no_cancer() -> None:
    assert _present(("医生", "这个囊肿是良性的，不会导致癌症。"), entity="cancer") == []


def test_chinese_reassurance_to_the_patient_that_it_will_not_cause_cancer_is_negated() -> None:
    fact = one(("医生", "您这个囊肿不会导致癌症。"), kind="condition", entity="cancer")
    assert fact.assertion == "negated"


def test_chinese_does_not_indicate_tumour_is_no_cancer() -> None:
    text = "您这个指标偏高并不能确切表示恶性肿瘤，还需要复查。"
    assert _present(("医生", text), entity="cancer") == []


def test_chinese_does_not_represent_cancer_is_no_cancer() -> None:
    assert _present(("医生", "淋巴结肿大不代表癌症。"), entity="cancer") == []


def test_english_wont_cause_cancer_is_negated() -> None:
    fact = one(("Doctor", "This cyst won't cause cancer."), kind="condition", entity="cancer")
    assert fact.assertion == "negated"


def test_english_doesnt_mean_cancer_is_no_cancer() -> None:
    text = "A lump like this doesn't mean you have cancer."
    assert _present(("Doctor", text), entity="cancer") == []


def test_english_not_a_sign_of_diabetes_is_no_diabetes() -> None:
    text = "Being thirsty after exercise isn't a sign of diabetes."
    assert _present(("Doctor", text), entity="diabetes") == []


def test_english_not_necessarily_cancer_is_left_open() -> None:
    fact = one(("Doctor", "It is not necessarily cancer."), kind="condition", entity="cancer")
    assert fact.assertion == "hypothetical"


def test_chinese_not_necessarily_cancer_is_left_open() -> None:
    fact = one(("医生", "您这个结节不一定是癌症。"), kind="condition", entity="cancer")
    assert fact.assertion == "hypothetical"


def test_refusing_a_drug_with_wont_keeps_the_allergy() -> None:
    text = "I won't take penicillin, I'm allergic to it."
    fact = one(("Patient", text), kind="allergy")
    assert (fact.entity, fact.assertion) == ("penicillin", "present")


# --- purpose, prevention, avoidance -----------------------------------------------


def test_chinese_lest_it_worsen_is_no_worsening() -> None:
    text = "避免重体力劳动，以免加重腰椎间盘突出。"
    assert _present(("医生", text), entity="lumbar disc herniation") == []


def test_chinese_prevention_method_is_no_rhinitis() -> None:
    text = "少去花粉多的地方，避免受凉，这是预防鼻炎的好办法。"
    assert facts(("医生", text), kind="condition") == []


def test_chinese_avoid_spraining_is_no_sprain() -> None:
    assert facts(("医生", "建议您多休息，避免扭伤腰部。"), kind="condition") == []


def test_chinese_relieving_pressure_on_the_fracture_is_no_fracture() -> None:
    text = "避免提重物，这样可以减轻对骨折处的压力。"
    assert _present(("医生", text), entity="fracture") == []


def test_english_to_avoid_making_the_fracture_worse_is_no_worsening() -> None:
    text = "Keep the arm in the sling to avoid making the fracture worse."
    assert _present(("Doctor", text), entity="fracture") == []


def test_english_to_prevent_flare_ups_of_eczema_is_no_eczema() -> None:
    text = "Use the moisturizer every day to prevent flare-ups of your eczema."
    assert _present(("Doctor", text), entity="eczema") == []


def test_english_so_it_doesnt_get_worse_is_no_worsening() -> None:
    text = "You have a sprain, so rest the ankle so the sprain doesn't get worse."
    assert _present(("Doctor", text), entity="sprain") == ["confirmed"]


def test_condition_before_a_purpose_clause_stays_with_its_own_status() -> None:
    text = "我有腰椎间盘突出，医生让我多休息以免加重。"
    assert _present(("患者", text), entity="lumbar disc herniation") == ["confirmed"]


def _symptom_changes(*turns: tuple[str, str]) -> list[str]:
    return [str(f.value) for f in facts(*turns, kind="symptom") if f.assertion == "present"]


def test_chinese_remedy_to_relieve_pain_is_no_relief() -> None:
    text = "你可以试试热敷来缓解疼痛。"
    assert "relief" not in _symptom_changes(("医生", text))


def test_english_remedy_to_relieve_pain_is_no_relief() -> None:
    text = "Try a heating pad at night to relieve the pain."
    assert "relief" not in _symptom_changes(("Doctor", text))


def test_chinese_pain_that_has_eased_is_a_relief() -> None:
    assert "relief" in _symptom_changes(("患者", "吃了药以后疼痛缓解了。"))


# --- conditions and possible consequences ----------------------------------------


def test_chinese_written_conditional_is_hypothetical() -> None:
    text = "若您有高血脂，建议适量控制鸡蛋的摄入量。"
    fact = one(("医生", text), kind="condition", entity="hyperlipidemia")
    assert fact.assertion == "hypothetical"


def test_chinese_possible_consequence_is_hypothetical() -> None:
    text = "您的鼻腔受寒容易导致鼻炎。"
    assert _present(("医生", text), entity="allergic rhinitis") == []


def test_habitual_reaction_said_with_yidan_stays_a_present_allergy() -> None:
    fact = one(("患者", "我一旦吃青霉素就过敏。"), kind="allergy")
    assert (fact.entity, fact.assertion) == ("penicillin", "present")
