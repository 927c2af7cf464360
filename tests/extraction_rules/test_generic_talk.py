"""General-knowledge talk gives no patient facts (docs/design.md §4): a definition of
a disease, a test named for a condition, hearsay and questions about medicine in
general say nothing about this person. The patient's own statements, a doctor's
diagnosis of this patient and relatives' facts stay. Synthetic sentences, both
languages."""

from __future__ import annotations

from ._helpers import facts, one


def _present(*turns: tuple[str, str], entity: str) -> list[str]:
    """Statuses of the patient's present condition records of `entity`."""
    return [
        str(f.status)
        for f in facts(*turns, kind="condition")
        if f.entity == entity and f.subject == "patient" and f.assertion == "present"
    ]


# --- definitions of a disease -------------------------------------------------------


def test_chinese_early_symptoms_of_a_disease_are_no_diagnosis() -> None:
    text = "前列腺炎的早期症状是尿频、尿急和尿痛。"
    control = "你的前列腺炎的早期症状是尿频、尿急和尿痛。"
    found = [[f.entity for f in facts(("医生", t), kind="condition")] for t in (text, control)]
    assert found == [[], ["prostatitis"]]


def test_chinese_disease_caused_by_definition_is_no_diagnosis() -> None:
    texts = ("湿疹是由过敏引起的。", "你的湿疹是由过敏引起的。")
    found = [[f.entity for f in facts(("医生", t), kind="condition")] for t in texts]
    assert found == [[], ["eczema"]]


def test_greeting_before_a_definition_does_not_make_it_personal() -> None:
    text = "你好，前列腺炎的早期症状是尿频、尿急和尿痛。"
    control = "你好，你的前列腺炎的早期症状是尿频、尿急和尿痛。"
    found = [[f.entity for f in facts(("医生", t), kind="condition")] for t in (text, control)]
    assert found == [[], ["prostatitis"]]


def test_other_diseases_is_no_person() -> None:
    text = "艾滋病的早期症状与其他疾病非常相似。"
    control = "你的艾滋病的早期症状与其他疾病非常相似。"
    found = [[f.entity for f in facts(("医生", t), kind="condition")] for t in (text, control)]
    assert found == [[], ["hiv infection"]]


def test_english_symptoms_of_a_disease_are_no_diagnosis() -> None:
    text = "The early symptoms of prostatitis are frequent urination and pelvic pain."
    control = "The early symptoms of your prostatitis are frequent urination and pelvic pain."
    found = [[f.entity for f in facts(("Doctor", t), kind="condition")] for t in (text, control)]
    assert found == [[], ["prostatitis"]]


def test_english_disease_caused_by_definition_is_no_diagnosis() -> None:
    texts = ("Shingles is caused by a virus.", "Your shingles is caused by a virus.")
    found = [[f.entity for f in facts(("Doctor", t), kind="condition")] for t in texts]
    assert found == [[], ["herpes zoster"]]


def test_doctor_diagnosis_of_this_patient_stays_chinese() -> None:
    fact = one(("医生", "您这是前列腺炎。"), kind="condition", entity="prostatitis")
    assert (fact.subject, fact.assertion) == ("patient", "present")


def test_doctor_diagnosis_of_this_patient_stays_english() -> None:
    text = "Your symptoms of prostatitis are what I expected, you have prostatitis."
    assert _present(("Doctor", text), entity="prostatitis") != []


# --- a test named for a condition ---------------------------------------------------


def test_chinese_infertility_workup_is_no_infertility() -> None:
    texts = ("你可以先做一些基础的不孕检查。", "你可以先做一些基础的不孕治疗。")
    found = [[f.entity for f in facts(("医生", t), kind="condition")] for t in texts]
    assert found == [[], ["infertility"]]


def test_chinese_diabetes_screening_is_no_diabetes() -> None:
    texts = ("建议做个糖尿病筛查。", "建议做个糖尿病治疗。")
    found = [[f.entity for f in facts(("医生", t), kind="condition")] for t in texts]
    assert found == [[], ["diabetes"]]


def test_chinese_finding_of_an_examination_stays_a_diagnosis() -> None:
    fact = one(("患者", "体检的时候检查出糖尿病。"), kind="condition", entity="diabetes")
    assert fact.assertion == "present"


def test_english_screening_test_for_diabetes_is_no_diabetes() -> None:
    text = "We'll do a screening test for diabetes."
    control = "We'll do a follow-up for your diabetes."
    found = [[f.entity for f in facts(("Doctor", t), kind="condition")] for t in (text, control)]
    assert found == [[], ["diabetes"]]


# --- hearsay and questions about medicine in general ------------------------------


def test_chinese_hearsay_is_no_condition() -> None:
    text = "我听说按摩有助于缓解乳腺增生，但不确定是否有效。"
    control = "我有乳腺增生，听说按摩有助于缓解，但不确定是否有效。"
    found = [[f.entity for f in facts(("患者", t), kind="condition")] for t in (text, control)]
    assert found == [[], ["breast hyperplasia"]]


def test_chinese_wish_to_learn_about_a_disease_is_no_condition() -> None:
    text = "我还想了解一下关于艾滋病的传播途径。"
    control = "我还想了解一下我的艾滋病的传播途径。"
    found = [[f.entity for f in facts(("患者", t), kind="condition")] for t in (text, control)]
    assert found == [[], ["hiv infection"]]


def test_english_hearsay_is_no_condition() -> None:
    text = "I heard that massage helps with eczema."
    control = "I heard that massage helps with my eczema."
    found = [[f.entity for f in facts(("Patient", t), kind="condition")] for t in (text, control)]
    assert found == [[], ["eczema"]]


def test_a_murmur_the_doctor_heard_stays_a_finding() -> None:
    text = "The echo shows some mitral regurgitation, that's the heart murmur that I heard."
    assert "heart murmurs" in [f.entity for f in facts(("Doctor", text), kind="symptom")]


def test_hearsay_about_a_relative_stays_the_relatives() -> None:
    fact = one(("患者", "我听说我妈得了糖尿病。"), kind="condition", entity="diabetes")
    assert fact.subject == "family:mother"


def test_english_is_it_true_question_answered_yes_is_no_condition() -> None:
    turns = (
        ("Patient", "Is it true that diabetes can cause blindness?"),
        ("Doctor", "Yes, it can."),
    )
    mine = (("Patient", "Is it true that my diabetes can cause blindness?"), turns[1])
    found = [[f.entity for f in facts(*t, kind="condition")] for t in (turns, mine)]
    assert found == [[], ["diabetes"]]


def test_chinese_is_it_a_symptom_of_question_answered_yes_is_no_condition() -> None:
    turns = (("患者", "这也是前列腺炎的症状吗？"), ("医生", "是的。"))
    mine = (("患者", "我这也是前列腺炎的症状吗？"), ("医生", "是的。"))
    found = [[f.entity for f in facts(*t, kind="condition")] for t in (turns, mine)]
    assert found == [[], ["prostatitis"]]


def test_chinese_contagious_question_answered_yes_is_no_condition() -> None:
    turns = (("患者", "湿疹会传染吗？"), ("医生", "是的。"))
    mine = (("患者", "我的湿疹会传染吗？"), ("医生", "是的。"))
    found = [[f.entity for f in facts(*t, kind="condition")] for t in (turns, mine)]
    assert found == [[], ["eczema"]]


def test_question_to_the_patient_answered_yes_stays_a_condition() -> None:
    turns = (("Doctor", "Do you have diabetes?"), ("Patient", "Yes."))
    fact = one(*turns, kind="condition", entity="diabetes")
    assert (fact.subject, fact.assertion) == ("patient", "present")


def test_patient_first_person_statement_stays_confirmed() -> None:
    assert _present(("患者", "我腰椎间盘突出了"), entity="lumbar disc herniation") == ["confirmed"]
