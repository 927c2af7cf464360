"""Counselling and general talk name diseases the patient does not have (issue 30,
item 3): a risk, a complication or side effect, a list of possible causes, what a
medicine is for, a defining word, a word the disease
recognizer misreads. Each negative beside a control identical but for the cue."""

from __future__ import annotations

import pytest

from ._helpers import present_conditions as _present


@pytest.mark.parametrize(
    ("speaker", "talk", "finding", "entity"),
    [
        ("Doctor", "You have a stroke risk.", "You have a stroke.", "stroke"),
        ("医生", "您有中风的风险。", "您有中风。", "stroke"),
        ("医生", "您出现偏头痛的几率不高。", "您出现偏头痛的次数不高。", "migraine"),
    ],
)
def test_a_risk_said_after_the_name_is_no_condition(
    speaker: str, talk: str, finding: str, entity: str
) -> None:
    assert (_present(speaker, talk), _present(speaker, finding)) == ([], [entity])


@pytest.mark.parametrize(
    ("speaker", "talk", "finding", "entity"),
    [
        (
            "Doctor",
            "Your risk of infection is small.",
            "Your sign of infection is small.",
            "infections",
        ),
        (
            "Doctor",
            "Its side effects include a migraine.",
            "Your symptoms include a migraine.",
            "migraine",
        ),
        ("医生", "您的副作用包括偏头痛。", "您的问题包括偏头痛。", "migraine"),
    ],
)
def test_a_risk_or_side_effect_said_before_the_name_is_no_condition(
    speaker: str, talk: str, finding: str, entity: str
) -> None:
    assert (_present(speaker, talk), _present(speaker, finding)) == ([], [entity])


@pytest.mark.parametrize(
    ("speaker", "talk", "finding", "entities"),
    [
        (
            "Doctor",
            "The possible causes are a migraine and a tumor.",
            "The likely findings are a migraine and a tumor.",
            ["migraine", "tumor"],
        ),
        ("医生", "您头晕的常见原因包括高血压。", "您头晕的诊断包括高血压。", ["hypertension"]),
    ],
)
def test_a_list_of_possible_causes_is_no_condition(
    speaker: str, talk: str, finding: str, entities: list[str]
) -> None:
    assert (_present(speaker, talk), _present(speaker, finding)) == ([], entities)


def test_what_a_medicine_is_used_for_is_no_condition_of_the_patient() -> None:
    general = "You will get a medicine that has been used for diabetes treatment."
    yours = "You will get a medicine that has been used for your diabetes treatment."
    assert (_present("Doctor", general), _present("Doctor", yours)) == ([], ["diabetes"])


def test_chinese_indication_of_a_medicine_is_no_condition_unless_it_is_yours() -> None:
    general, yours = "这个药用于治疗糖尿病。", "这个药用于治疗您的糖尿病。"
    assert (_present("医生", general), _present("医生", yours)) == ([], ["diabetes"])


def test_the_defining_word_of_a_condition_is_no_second_condition() -> None:
    defined = "Sinusitis is the inflammation of your nasal airways."
    listed = "Sinusitis and the inflammation of your nasal airways."
    assert (_present("Doctor", defined), _present("Doctor", listed)) == (
        ["sinusitis"],
        ["inflammation", "sinusitis"],
    )


def test_chinese_defining_word_of_a_condition_is_no_second_condition() -> None:
    defined, listed = "您有痛风，就是一种关节炎。", "您有痛风，还有关节炎。"
    assert (_present("医生", defined), _present("医生", listed)) == (
        ["gout"],
        ["arthritis", "gout"],
    )


@pytest.mark.parametrize(
    ("speaker", "word", "disease", "entity"),
    [
        ("Patient", "I live a healthy lifestyle.", "I live with eczema.", "eczema"),
        ("Patient", "That food tastes good.", "That food gave me gout.", "gout"),
        ("Patient", "I breastfed both kids.", "I had gout with both kids.", "gout"),
        ("患者", "我一直过着健康的生活方式。", "我一直有痛风。", "gout"),
    ],
)
def test_an_everyday_word_the_recognizer_misreads_is_no_condition(
    speaker: str, word: str, disease: str, entity: str
) -> None:
    assert (_present(speaker, word), _present(speaker, disease)) == ([], [entity])


@pytest.mark.parametrize(
    ("speaker", "may", "did", "entities"),
    [
        (
            "Doctor",
            "Your high blood pressure can lead to a stroke.",
            "Your high blood pressure has led to a stroke.",
            ["hypertension", "stroke"],
        ),
        ("医生", "您的高血压会导致中风。", "您的高血压导致了中风。", ["hypertension", "stroke"]),
    ],
)
def test_a_consequence_that_may_come_is_no_condition(
    speaker: str, may: str, did: str, entities: list[str]
) -> None:
    assert (_present(speaker, may), _present(speaker, did)) == (["hypertension"], entities)


@pytest.mark.parametrize(
    ("speaker", "skin", "stomach"),
    [
        ("Patient", "I have an ulcer on my left heel.", "I have an ulcer in my stomach."),
        ("患者", "我有下肢溃疡。", "我有胃溃疡。"),
    ],
)
def test_an_ulcer_on_the_skin_is_a_skin_ulcer_not_a_stomach_ulcer(
    speaker: str, skin: str, stomach: str
) -> None:
    assert (_present(speaker, skin), _present(speaker, stomach)) == (
        ["skin ulcer"],
        ["peptic ulcer disease"],
    )


@pytest.mark.parametrize(
    ("speaker", "text", "entities"),
    [
        ("Doctor", "Your headache is a migraine.", ["migraine"]),
        ("医生", "您的头痛就是偏头痛。", ["migraine"]),
        ("Doctor", "Your diabetes is type 2 diabetes.", ["diabetes", "type 2 diabetes"]),
    ],
)
def test_a_diagnosis_or_form_named_after_a_copula_is_kept(
    speaker: str, text: str, entities: list[str]
) -> None:
    assert _present(speaker, text) == entities


def test_a_clitic_split_denial_denies_the_condition() -> None:
    denied = "The test shows you do n't have diabetes."
    said = "The test shows you do have diabetes."
    assert (_present("Doctor", denied), _present("Doctor", said)) == ([], ["diabetes"])


def test_a_chinese_denial_denies_the_condition() -> None:
    assert (
        _present("医生", "检查说明您没有糖尿病。"),
        _present("医生", "检查说明您有糖尿病。"),
    ) == (
        [],
        ["diabetes"],
    )
