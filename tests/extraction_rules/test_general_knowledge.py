"""General health knowledge stays in L1 (docs/design.md §4): a doctor's explanation
names diseases and drugs the patient does not have or take; real statements
about the patient, and results of this visit said without a pronoun, stay facts.
Sentences are shaped after CMtMedQA / ACI-Bench doctor turns (dev splits)."""

from __future__ import annotations

from ._helpers import facts, one


def test_chinese_definition_gives_no_fact() -> None:
    definition = "产后抑郁主要指的是女性在分娩后出现的持续情绪低落。"
    yours = "您的产后抑郁主要是分娩后出现的持续情绪低落。"
    found = [[f.entity for f in facts(("医生", t))] for t in (definition, yours)]
    assert found == [[], ["depression"]]


def test_chinese_treatment_description_gives_no_condition() -> None:
    text = "手术治疗主要是切除肿瘤组织，适用于初期乳腺癌患者；"
    yours = "手术治疗主要是切除肿瘤组织，适用于您的初期乳腺癌；"
    found = [[f.entity for f in facts(("医生", t), kind="condition")] for t in (text, yours)]
    assert found == [[], ["breast cancer"]]


def test_chinese_targeted_therapy_definition_gives_no_fact() -> None:
    general = facts(("医生", "靶向治疗是指针对肿瘤细胞的特定分子进行治疗的方法。"))
    # positive control not extracted yet with 肿瘤 itself (no lexicon condition, "您有肿瘤"
    # gives nothing); the patient's own named cancer is:
    yours = facts(("医生", "靶向治疗是针对您的肺癌细胞的特定分子进行治疗的方法。"))
    assert (general, [(f.type, f.entity) for f in yours]) == ([], [("condition", "lung cancer")])


def test_english_can_statement_gives_no_condition() -> None:
    general = facts(("Doctor", "Adenomas can turn into cancer over many years."))
    yours = facts(("Doctor", "Your adenomas can turn into cancer over many years."))
    assert (general, "adenoma" in [f.entity for f in yours]) == ([], True)


def test_english_whenever_statement_gives_no_symptom() -> None:
    text = (
        "Whenever there is an infection those guys are the first ones to be noticed with swelling."
    )
    since = "Since you had an infection, those guys are the first ones to be noticed with swelling."
    found = {(f.type, f.entity) for f in facts(("Doctor", since))}
    assert (facts(("Doctor", text)), found) == (
        [],
        {("condition", "infections"), ("symptom", "edema")},
    )


def test_common_problem_clause_gives_no_allergy() -> None:
    """The same clause said of the patient (您对花粉) is the patient's allergy."""
    general = facts(("医生", "季节性过敏是很常见的问题，您的症状与花粉症相似。"), kind="safety")
    own = facts(("医生", "您对花粉过敏是很常见的问题，您的症状与花粉症相似。"), kind="safety")
    told = [(f.safety_kind, f.entity, f.assertion) for f in own]
    assert (general, told) == ([], [("allergy", "花粉", "present")])


def test_personal_clause_after_general_clause_is_a_suspected_condition() -> None:
    text = "季节性过敏是很常见的问题，您的症状与花粉症相似。"
    fact = one(("医生", text), kind="condition")
    assert (fact.subject, fact.entity, fact.status) == ("patient", "pollinosis", "suspected")


def test_chinese_list_of_options_gives_no_medication() -> None:
    text = "常见的抗组胺药物有氯雷他定和扑尔敏等，您可以根据药物说明来选择。"
    taken = "您吃的抗组胺药物有氯雷他定和扑尔敏等，您可以根据药物说明来选择。"
    found = [
        {f.entity for f in facts(("医生", t), kind="medication_status")} for t in (text, taken)
    ]
    assert found == [set(), {"antihistamines", "loratadine", "chlorpheniramine"}]


def test_english_such_as_list_gives_no_medication() -> None:
    text = "Antihistamines such as loratadine or cetirizine help with hay fever."
    taken = "Antihistamines you take such as loratadine or cetirizine help with hay fever."
    found = [
        {f.entity for f in facts(("Doctor", t), kind="medication_status")} for t in (text, taken)
    ]
    assert found == [set(), {"loratadine", "cetirizine"}]


def test_chinese_seek_care_conditional_gives_no_fact() -> None:
    text = "如果术后出现剧烈疼痛、持续不减的出血或其他异常情况，应及时就医。"
    happened = "您术后出现剧烈疼痛、持续不减的出血或其他异常情况，应及时就医。"
    found = [[(f.type, f.entity) for f in facts(("医生", t))] for t in (text, happened)]
    assert found == [[], [("symptom", "疼痛")]]


def test_chinese_conditional_advice_to_you_gives_no_condition() -> None:
    text = "首先，如果你有血管疾病、皮肤病等，建议在按摩之前咨询医生。"
    stated = "首先，你有血管疾病、皮肤病等，建议在按摩之前咨询医生。"
    found = [[(f.type, f.entity) for f in facts(("医生", t))] for t in (text, stated)]
    assert found == [[], [("condition", "dermatosis")]]


def test_english_seek_care_conditional_gives_no_symptom() -> None:
    text = "If you ever notice chest pain or shortness of breath, call us right away."
    noticed = "You noticed chest pain or shortness of breath, call us right away."
    found = [[(f.type, f.entity) for f in facts(("Doctor", t))] for t in (text, noticed)]
    assert found == [[], [("symptom", "chest pain"), ("symptom", "dyspnea")]]


def test_conditional_about_your_own_reading_is_kept_hypothetical() -> None:
    text = "If your blood pressure stays high we will increase the lisinopril."
    fact = one(("Doctor", text), kind="medication_status", entity="lisinopril")
    assert fact.assertion == "hypothetical"


def test_patient_own_condition_statement_is_kept() -> None:
    fact = one(("患者", "我最近发现自己有宫颈息肉。"), kind="condition")
    assert (fact.subject, fact.entity) == ("patient", "cervical polyp")


def test_doctor_finding_without_pronoun_is_kept() -> None:
    fact = one(("医生", "检查结果显示是腮腺炎。"), kind="condition")
    assert (fact.subject, fact.entity) == ("patient", "parotitis")


def test_english_generic_cue_with_your_is_kept() -> None:
    text = "Your diabetes can cause the numbness in your feet."
    fact = one(("Doctor", text), kind="condition", entity="diabetes")
    assert fact.subject == "patient"


def test_chinese_diagnosis_without_pronoun_is_kept() -> None:
    text = "两项都超过了诊断标准，可以诊断为2型糖尿病。"
    fact = one(("医生", text), kind="condition")
    assert (fact.subject, fact.entity) == ("patient", "type 2 diabetes")


def test_chinese_dosing_order_without_pronoun_is_kept() -> None:
    fact = one(("医生", "先用二甲双胍，每次500毫克，一天两次，随餐吃。"), kind="medication_status")
    assert (fact.entity, fact.value) == ("metformin", "500")


def test_pronounless_chinese_results_are_patient_labs() -> None:
    found = facts(("医生", "空腹血糖8.9，糖化7.8%。"))
    assert {(f.subject, f.entity, f.value) for f in found} == {
        ("patient", "blood glucose", "8.9"),
        ("patient", "hba1c", "7.8"),
    }


def test_chinese_reference_range_is_not_a_reading() -> None:
    normal = facts(("医生", "正常空腹血糖一般在3.9到6.1之间。"))
    yours = facts(("医生", "您的空腹血糖今天是6.1。"))
    assert (normal, [(f.entity, f.value) for f in yours]) == ([], [("blood glucose", "6.1")])


def test_english_reference_range_is_not_a_reading() -> None:
    normal = facts(("Doctor", "A normal A1c is usually under 5.7 percent."))
    yours = facts(("Doctor", "Your A1c is usually under 5.7 percent."))
    assert (normal, [(f.type, f.entity) for f in yours]) == ([], [("lab_result", "hba1c")])


def test_general_line_with_an_order_about_the_drug_is_kept() -> None:
    fact = one(("医生", "布洛芬属于非甾体抗炎药，请停掉。"), kind="medication_status")
    assert (fact.entity, fact.status) == ("ibuprofen", "stopped")


def test_relative_result_in_focus_session_is_not_the_patients() -> None:
    found = facts(
        ("患者", "我带我爸来看看，他最近老是口渴。"),
        ("医生", "空腹血糖8.9，糖化7.8%。"),
    )
    labs = [f for f in found if f.entity in ("blood glucose", "hba1c")]
    assert labs and all(f.subject == "family:father" for f in labs)


def test_chinese_offered_options_give_no_medication() -> None:
    text = "您可以尝试口服非甾体消炎药，如布洛芬或对乙酰氨基酚。"
    # positive control not extracted yet: "您一直在口服非甾体消炎药，如布洛芬或对乙酰氨基酚。"
    # gives only the class, read as antibiotics (消炎药 inside 非甾体消炎药); without the
    # class word the drugs are read:
    taken = "您一直在口服布洛芬或对乙酰氨基酚。"
    found = [
        {f.entity for f in facts(("医生", t), kind="medication_status")} for t in (text, taken)
    ]
    assert found == [set(), {"ibuprofen", "acetaminophen"}]


def test_a_department_named_after_a_disease_is_no_diagnosis() -> None:
    found = facts(("Patient", "That's why I reached out to the Infectious Disease center."))
    mine = facts(("Patient", "That's why I reached out about my infectious disease."))
    conditions = [[f.entity for f in got if f.type == "condition"] for got in (found, mine)]
    assert conditions == [[], ["communicable diseases"]]


def test_a_chinese_department_named_after_a_disease_is_no_diagnosis() -> None:
    found = facts(("Patient", "我在感染科看过。"))
    named = facts(("Patient", "我在感染科看过肝炎。"))
    conditions = [[f.entity for f in got if f.type == "condition"] for got in (found, named)]
    assert conditions == [[], ["hepatitis"]]
