"""Entity quality: procedures, HbA1c, drug vs class, plans, contraindication cues."""

from __future__ import annotations

from ._helpers import facts, one


def test_chinese_surgery_entity_is_canonical_procedure() -> None:
    fact = one(("患者", "做过，2003年做过胆囊切除术，恢复得挺好。"), kind="surgical_history")
    assert fact.entity == "cholecystectomy"


def test_doctor_recording_surgery_entity_is_canonical() -> None:
    fact = one(("医生", "好的，我记录为阑尾切除术史。"), kind="surgical_history")
    assert fact.entity == "appendectomy"


def test_removed_polyps_is_polypectomy() -> None:
    fact = one(
        ("Doctor", "During the scope the surgeon removed three tiny polyps."),
        kind="surgical_history",
    )
    assert fact.entity == "polypectomy"


def test_c_section_is_canonical_procedure() -> None:
    fact = one(("Patient", "I had a C-section in 2012."), kind="surgical_history")
    assert fact.entity == "cesarean section"


def test_chinese_stent_is_pci() -> None:
    fact = one(("患者", "我前年放过心脏支架。"), kind="surgical_history")
    assert fact.entity == "percutaneous coronary intervention"


def test_unknown_organ_removal_makes_no_garbage_entity() -> None:
    found = facts(("Doctor", "The cardiologist removed the old dressing."), kind="surgical_history")
    assert all("cardiologist" not in (f.entity or "") for f in found)


def test_planned_procedure_event_is_named_by_procedure() -> None:
    fact = one(("医生", "建议下个月做一次胃镜。"), kind="event")
    assert fact.entity == "gastroscopy"


def test_hba1c_is_its_own_lab() -> None:
    fact = one(("Doctor", "Your A1c came back at 7.4 percent."), kind="lab_result")
    assert (fact.entity, fact.value) == ("hba1c", "7.4")


def test_hba1c_name_digit_is_not_a_glucose_value() -> None:
    found = facts(("Doctor", "I want a fasting glucose, HbA1c and lipids."), kind="vital")
    said = "Your fasting glucose was 110, HbA1c and lipids are next."
    valued = facts(("Doctor", said), kind="vital")
    glucose = [[f.value for f in got if f.entity == "blood glucose"] for got in (found, valued)]
    assert glucose == [[], ["110"]]


def test_chinese_glycated_hemoglobin_this_visit_is_recorded() -> None:
    fact = one(("医生", "这次糖化血红蛋白7.2%。"), kind="lab_result")
    assert (fact.entity, fact.value) == ("hba1c", "7.2")


def test_time_span_is_not_a_lab_value() -> None:
    span = facts(("Doctor", "We'll check potassium in 4 weeks."), kind="lab_result")
    read = facts(("Doctor", "We checked potassium: 4.1."), kind="lab_result")
    assert (span, [(f.entity, f.value) for f in read]) == ([], [("potassium", "4.1")])


def test_drug_with_its_class_is_one_fact_about_the_drug() -> None:
    found = facts(
        ("Doctor", "I'd start escitalopram, an SSRI, 10 mg daily."), kind="medication_status"
    )
    assert [f.entity for f in found] == ["escitalopram"]


def test_chinese_drug_with_its_class_is_about_the_drug() -> None:
    found = facts(("医生", "布洛芬属于非甾体抗炎药，请停掉。"), kind="medication_status")
    assert [f.entity for f in found] == ["ibuprofen"]


def test_suggested_drug_is_planned() -> None:
    fact = one(
        ("Doctor", "I'd also suggest citalopram for the low mood."), kind="medication_status"
    )
    assert fact.status == "planned"


def test_chinese_jianyi_drug_is_planned() -> None:
    fact = one(("医生", "我建议用阿托伐他汀20毫克，每晚一次。"), kind="medication_status")
    assert fact.status == "planned"


def test_question_class_is_dropped_when_answer_names_the_drug() -> None:
    found = facts(
        ("医生", "您现在吃什么降糖药？"),
        ("患者", "我在吃二甲双胍，一天两次。"),
        kind="medication_status",
    )
    assert [f.entity for f in found] == ["metformin"]


def test_avoid_a_step_of_care_is_no_contraindication() -> None:
    """Avoiding "going to insulin" is a step of care; avoiding insulin is the drug."""
    step = facts(
        ("Doctor", "we wanna avoid going to insulin so let's keep the metformin"),
        kind="contraindication",
    )
    drug = facts(
        ("Doctor", "we wanna avoid insulin so let's keep the metformin"), kind="contraindication"
    )
    assert (step, [f.entity for f in drug]) == ([], ["insulin"])


def test_avoid_drug_is_contraindication() -> None:
    fact = one(("Doctor", "You should avoid taking any naproxen."), kind="contraindication")
    assert fact.entity == "naproxen"


def test_avoid_drug_list_covers_each_drug() -> None:
    found = facts(("Doctor", "Avoid ibuprofen, naproxen or diclofenac."), kind="contraindication")
    assert {f.entity for f in found} == {"ibuprofen", "naproxen", "diclofenac"}


def test_avoid_drug_with_other_drug_only_contraindicates_first() -> None:
    found = facts(("Doctor", "I'd avoid ibuprofen with your lisinopril."), kind="contraindication")
    assert {f.entity for f in found} == {"ibuprofen"}


def test_postposed_contraindicated_cue_governs_drug_before() -> None:
    fact = one(
        ("Doctor", "Metformin is contraindicated with your kidney function."),
        kind="contraindication",
    )
    assert fact.entity == "metformin"


def test_chinese_jinyong_drug_is_contraindication() -> None:
    fact = one(("医生", "您有哮喘，禁用普萘洛尔。"), kind="contraindication")
    assert fact.entity == "propranolol"


def test_when_i_was_a_kid_is_not_a_relative() -> None:
    fact = one(("Patient", "When I was a little kid I had asthma."), kind="condition")
    assert fact.subject == "patient"


def test_time_clause_sentence_is_a_statement() -> None:
    fact = one(
        ("Patient", "When I was twenty I took doxycycline for acne."), kind="medication_status"
    )
    assert fact.entity == "doxycycline"


def test_avoid_drug_with_condition_spares_the_partner_drug() -> None:
    found = facts(
        ("Doctor", "I'd avoid naproxen with your losartan and kidney disease."),
        kind="contraindication",
    )
    assert {f.entity for f in found} == {"naproxen"}
