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
    texts = ("这个囊肿是良性的，不会导致癌症。", "您这个囊肿是恶性的，已经导致癌症。")
    assert [_present(("医生", t), entity="cancer") for t in texts] == [[], ["confirmed"]]


def test_chinese_reassurance_to_the_patient_that_it_will_not_cause_cancer_is_negated() -> None:
    fact = one(("医生", "您这个囊肿不会导致癌症。"), kind="condition", entity="cancer")
    assert fact.assertion == "negated"


def test_chinese_does_not_indicate_tumour_is_no_cancer() -> None:
    text = "您这个指标偏高并不能确切表示恶性肿瘤，还需要复查。"
    control = "您这个指标偏高确切表示恶性肿瘤，还需要复查。"
    found = [_present(("医生", t), entity="cancer") for t in (text, control)]
    assert found == [[], ["confirmed"]]


def test_chinese_does_not_represent_cancer_is_no_cancer() -> None:
    texts = ("淋巴结肿大不代表癌症。", "您的淋巴结肿大代表癌症。")
    assert [_present(("医生", t), entity="cancer") for t in texts] == [[], ["confirmed"]]


def test_english_wont_cause_cancer_is_negated() -> None:
    fact = one(("Doctor", "This cyst won't cause cancer."), kind="condition", entity="cancer")
    assert fact.assertion == "negated"


def test_english_doesnt_mean_cancer_is_no_cancer() -> None:
    text = "A lump like this doesn't mean you have cancer."
    control = "A lump like this means you have cancer."
    found = [_present(("Doctor", t), entity="cancer") for t in (text, control)]
    assert found == [[], ["confirmed"]]


def test_english_not_a_sign_of_diabetes_is_no_diabetes() -> None:
    text = "Being thirsty after exercise isn't a sign of diabetes."
    control = "Being thirsty after exercise is a sign of your diabetes."
    found = [_present(("Doctor", t), entity="diabetes") for t in (text, control)]
    assert found == [[], ["confirmed"]]


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
    control = "避免重体力劳动，已经加重腰椎间盘突出。"
    found = [_present(("医生", t), entity="lumbar disc herniation") for t in (text, control)]
    assert found == [[], ["worsened"]]


def test_chinese_prevention_method_is_no_rhinitis() -> None:
    text = "少去花粉多的地方，避免受凉，这是预防鼻炎的好办法。"
    treating = "少去花粉多的地方，避免受凉，这是治疗您鼻炎的好办法。"
    found = [[f.entity for f in facts(("医生", t), kind="condition")] for t in (text, treating)]
    assert found == [[], ["allergic rhinitis"]]


def test_chinese_avoid_spraining_is_no_sprain() -> None:
    texts = ("建议您多休息，避免扭伤腰部。", "建议您多休息，您扭伤了腰部。")
    found = [[f.entity for f in facts(("医生", t), kind="condition")] for t in texts]
    assert found == [[], ["sprain"]]


def test_chinese_relieving_pressure_on_the_fracture_is_no_fracture() -> None:
    text = "避免提重物，这样可以减轻对骨折处的压力。"
    control = "避免提重物，您有骨折。"
    found = [_present(("医生", t), entity="fracture") for t in (text, control)]
    assert found == [[], ["confirmed"]]


def test_english_to_avoid_making_the_fracture_worse_is_no_worsening() -> None:
    text = "Keep the arm in the sling to avoid making the fracture worse."
    control = "Keep the arm in the sling, the fracture got worse."
    found = [_present(("Doctor", t), entity="fracture") for t in (text, control)]
    assert found == [[], ["worsened"]]


def test_english_to_prevent_flare_ups_of_eczema_is_no_eczema() -> None:
    text = "Use the moisturizer every day to prevent flare-ups of your eczema."
    control = "Use the moisturizer every day for the flare-ups of your eczema."
    found = [_present(("Doctor", t), entity="eczema") for t in (text, control)]
    assert found == [[], ["worsened"]]


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
    tried = "你试了热敷，疼痛缓解了。"  # control: the remedy tried, the pain relieved
    relieved = ["relief" in _symptom_changes(("医生", t)) for t in (text, tried)]
    assert relieved == [False, True]


def test_english_remedy_to_relieve_pain_is_no_relief() -> None:
    text = "Try a heating pad at night to relieve the pain."
    tried = "I tried a heating pad at night and it relieved the pain."
    relieved = ["relief" in _symptom_changes(("Patient", t)) for t in (text, tried)]
    assert relieved == [False, True]


def test_chinese_pain_that_has_eased_is_a_relief() -> None:
    assert "relief" in _symptom_changes(("患者", "吃了药以后疼痛缓解了。"))


# --- conditions and possible consequences ----------------------------------------


def test_chinese_written_conditional_is_hypothetical() -> None:
    text = "若您有高血脂，建议适量控制鸡蛋的摄入量。"
    fact = one(("医生", text), kind="condition", entity="hyperlipidemia")
    assert fact.assertion == "hypothetical"


def test_chinese_possible_consequence_is_hypothetical() -> None:
    text = "您的鼻腔受寒容易导致鼻炎。"
    control = "您的鼻腔受寒已经导致鼻炎。"
    found = [_present(("医生", t), entity="allergic rhinitis") for t in (text, control)]
    assert found == [[], ["confirmed"]]


def test_habitual_reaction_said_with_yidan_stays_a_present_allergy() -> None:
    fact = one(("患者", "我一旦吃青霉素就过敏。"), kind="allergy")
    assert (fact.entity, fact.assertion) == ("penicillin", "present")
