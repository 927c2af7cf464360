"""Condition names said of no one, or of someone else (issue 30, item 3): a group of
other people, a study, a clinician's examples, a concern, a question an ASR
transcript did not mark, a pandemic as a time, what a test looks for, a defining
word. Each negative beside a control identical but for the cue, in English and
Chinese."""

from __future__ import annotations

import pytest

from ._helpers import facts
from ._helpers import present_conditions as _present


@pytest.mark.parametrize(
    ("speaker", "talk", "finding", "entity"),
    [
        (
            "Patient",
            "At my job I phone the results to patients with covid.",
            "At my job I phone the results to my boss with covid.",
            "covid-19",
        ),
        ("医生", "有哮喘的人冬天要注意保暖。", "您有哮喘冬天要注意保暖。", "asthma"),
    ],
)
def test_a_group_named_by_its_condition_is_not_the_patient(
    speaker: str, talk: str, finding: str, entity: str
) -> None:
    assert (_present(speaker, talk), _present(speaker, finding)) == ([], [entity])


@pytest.mark.parametrize(
    ("speaker", "talk", "finding", "entity"),
    [
        (
            "Doctor",
            "The results come from a large asthma study.",
            "The results come from a large asthma attack.",
            "asthma",
        ),
        ("医生", "这是一项哮喘研究的结果。", "这是一项哮喘发作的结果。", "asthma"),
    ],
)
def test_a_condition_naming_a_study_is_no_condition(
    speaker: str, talk: str, finding: str, entity: str
) -> None:
    assert (_present(speaker, talk), _present(speaker, finding)) == ([], [entity])


@pytest.mark.parametrize(
    ("speaker", "talk", "finding", "entities"),
    [
        (
            "Doctor",
            "The trial turns away either epilepsy, or psoriasis, things like that.",
            "The trial turns away either epilepsy, or psoriasis.",
            ["epilepsy", "psoriasis"],
        ),
        (
            "医生",
            "您要当心癫痫、银屑病之类的。",
            "您要当心癫痫、银屑病。",
            ["epilepsy", "psoriasis"],
        ),
        (
            "Doctor",
            "The clinic treats conditions such as epilepsy or psoriasis.",
            "The clinic treats conditions, epilepsy or psoriasis.",
            ["epilepsy", "psoriasis"],
        ),
        ("医生", "您要注意比如癫痫、银屑病。", "您要注意癫痫、银屑病。", ["epilepsy", "psoriasis"]),
    ],
)
def test_a_clinicians_examples_of_a_kind_are_no_conditions(
    speaker: str, talk: str, finding: str, entities: list[str]
) -> None:
    assert (_present(speaker, talk), _present(speaker, finding)) == ([], entities)


@pytest.mark.parametrize(
    ("speaker", "text", "entities"),
    [
        ("Doctor", "So you have epilepsy, psoriasis, things like that.", ["epilepsy", "psoriasis"]),
        ("Patient", "Epilepsy, psoriasis, stuff like that.", ["epilepsy", "psoriasis"]),
        ("医生", "您有癫痫、银屑病之类的。", ["epilepsy", "psoriasis"]),
    ],
)
def test_a_list_said_of_a_person_or_by_the_patient_is_kept(
    speaker: str, text: str, entities: list[str]
) -> None:
    assert _present(speaker, text) == entities


@pytest.mark.parametrize(
    ("speaker", "talk", "finding", "entity"),
    [
        (
            "Doctor",
            "The scan was done because of concern for a pulmonary embolism.",
            "The scan was done because of evidence of a pulmonary embolism.",
            "pulmonary embolism",
        ),
        ("医生", "这次拍片是担心出现肺炎。", "这次拍片是发现出现肺炎。", "pneumonia"),
    ],
)
def test_a_concern_of_what_may_be_is_no_condition(
    speaker: str, talk: str, finding: str, entity: str
) -> None:
    assert (_present(speaker, talk), _present(speaker, finding)) == ([], [entity])


@pytest.mark.parametrize(
    ("speaker", "text", "entity"),
    [
        ("Patient", "I am worried about my asthma this winter.", "asthma"),
        ("患者", "我担心我的哮喘今年冬天加重。", "asthma"),
    ],
)
def test_a_concern_about_ones_own_condition_keeps_it(speaker: str, text: str, entity: str) -> None:
    assert _present(speaker, text) == [entity]


@pytest.mark.parametrize(
    ("speaker", "talk", "finding", "entity"),
    [
        (
            "Doctor",
            "okay and then have you had any kidney stones before i forget",
            "okay and then you had some kidney stones before i forget",
            "kidney stones",
        ),
        ("医生", "您以前有没有得过痛风，我得记下来。", "您以前得过痛风，我得记下来。", "gout"),
        (
            "Doctor",
            "okay and then have you ever had what we call gout in the toe",
            "okay and then you ever had what we call gout in the toe",
            "gout",
        ),
    ],
)
def test_a_question_left_unmarked_asks_and_does_not_state(
    speaker: str, talk: str, finding: str, entity: str
) -> None:
    present = (_present(speaker, talk), _present(speaker, finding))
    assert present[0] == [] and entity in present[1] + [
        f.entity for f in facts((speaker, finding), kind="condition")
    ]


@pytest.mark.parametrize(
    ("speaker", "text", "entity"),
    [
        ("Doctor", "the toe looks red today do you still get the gout there", "gout"),
        ("Doctor", "the toe looks red today have you had any trouble with your gout", "gout"),
    ],
)
def test_a_question_that_presupposes_the_condition_keeps_it(
    speaker: str, text: str, entity: str
) -> None:
    assert _present(speaker, text) == [entity]


@pytest.mark.parametrize(
    ("speaker", "talk", "finding"),
    [
        (
            "Patient",
            "We walked a lot during covid while working from home.",
            "We walked a lot with covid while working from home.",
        ),
        ("患者", "我新冠疫情期间在家办公。", "我得了新冠在家办公。"),
    ],
)
def test_the_pandemic_as_a_time_is_no_covid(speaker: str, talk: str, finding: str) -> None:
    assert (_present(speaker, talk), _present(speaker, finding)) == ([], ["covid-19"])


def test_what_a_lab_is_looked_at_for_is_no_condition() -> None:
    looked = "Your BUN is 24, which is the number we look for for dehydration."
    found = "Your BUN is 24, which is the number we see for dehydration."
    assert (_present("Doctor", looked), _present("Doctor", found)) == ([], ["dehydration"])


@pytest.mark.parametrize(
    ("speaker", "defined", "listed", "entity"),
    [
        (
            "Doctor",
            "You have gout, and this is basically arthritis of the big toe.",
            "You have gout, and also arthritis of the big toe.",
            "arthritis",
        ),
        ("医生", "您有痛风，这其实是一种关节炎。", "您有痛风，还有关节炎。", "arthritis"),
    ],
)
def test_a_word_defining_the_condition_just_named_is_no_second_condition(
    speaker: str, defined: str, listed: str, entity: str
) -> None:
    assert (_present(speaker, defined), _present(speaker, listed)) == (
        ["gout"],
        sorted(["gout", entity]),
    )


def _assertions(*turns: tuple[str, str]) -> list[tuple[str, str | None, str]]:
    found = facts(*turns, kind="condition")
    return sorted((f.subject, f.entity, f.assertion) for f in found)


@pytest.mark.parametrize(
    ("speaker", "text", "entity"),
    [
        ("Doctor", "I don't see any gout or anything like that.", "gout"),
        ("医生", "您没有痛风之类的。", "gout"),
    ],
)
def test_a_denial_closed_by_a_list_word_stays_a_negative_finding(
    speaker: str, text: str, entity: str
) -> None:
    assert _assertions((speaker, text)) == [("patient", entity, "negated")]


def test_a_question_about_people_with_a_condition_answered_yes_is_theirs() -> None:
    asked = ("Doctor", "Anyone in the family with gout?")
    found = _assertions(asked, ("Patient", "Yes, my father."))
    assert found == [("family:father", "gout", "present")]


def test_a_statement_after_an_unmarked_question_is_said() -> None:
    text = "well hello there so how are you doing i heard you were in hospital for pneumonia"
    assert _present("Doctor", text) == ["pneumonia"]


@pytest.mark.parametrize(
    ("speaker", "clinic", "mine", "entity"),
    [
        (
            "Patient",
            "Then we opened the asthma clinic at work.",
            "Then we noticed the asthma at work.",
            "asthma",
        ),
        ("患者", "我每个月去哮喘门诊。", "我每个月去看哮喘。", "asthma"),
    ],
)
def test_a_clinic_named_after_a_disease_is_no_diagnosis(
    speaker: str, clinic: str, mine: str, entity: str
) -> None:
    assert (_present(speaker, clinic), _present(speaker, mine)) == ([], [entity])


@pytest.mark.parametrize(
    ("speaker", "reaction", "standing"),
    [
        (
            "Patient",
            "I have chronic itching with the prednisone.",
            "I have chronic itching with the eczema.",
        ),
        ("患者", "我吃了泼尼松就一直有瘙痒的毛病。", "我吃了泼尼松，一直有瘙痒的毛病。"),
    ],
)
def test_a_complaint_told_with_the_drug_that_brings_it_is_no_standing_condition(
    speaker: str, reaction: str, standing: str
) -> None:
    def itching(text: str) -> list[str]:
        return sorted(f.type for f in facts((speaker, text)) if f.entity in ("pruritus", "瘙痒"))

    assert (itching(reaction), itching(standing)) == (["symptom"], ["condition"])


@pytest.mark.parametrize(
    ("speaker", "text"),
    [
        ("Patient", "I have a pressure sore on my heel."),
        ("患者", "我脚跟上长了褥疮。"),
    ],
)
def test_a_pressure_sore_is_a_pressure_ulcer(speaker: str, text: str) -> None:
    assert _present(speaker, text) == ["pressure ulcer"]


def test_a_decubitus_position_is_no_pressure_ulcer() -> None:
    position = "We took the film in the left lateral decubitus position."
    ulcer = "We took the film of the left lateral decubitus ulcer."
    assert (_present("Doctor", position), _present("Doctor", ulcer)) == ([], ["pressure ulcer"])
