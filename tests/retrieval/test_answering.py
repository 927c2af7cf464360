"""answer(): readers, language, payload, audit, and the `ask` command."""

from __future__ import annotations

import json
import re
from datetime import date
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from memory.answering import answer
from memory.models import AuditEvent
from tests.retrieval.graph import fact, llm_reader

pytestmark = pytest.mark.django_db

KEYS = {"answer", "reader", "profile", "safety", "rendered", "evidence", "timings_ms",
        "reader_model", "reader_prompt_version", "reader_failure", "safety_rows"}  # fmt: skip
SAFETY_KEYS = {"fact_id", "session_id", "kind", "entity", "date", "assertion", "verification",
               "in_force", "text"}  # fmt: skip
ITEM_KEYS = {"role", "fact_id", "session_id", "subject", "type", "date", "status", "text"}


@pytest.fixture
def valsartan(graph):
    graph.session(
        date(2024, 1, 8),
        [fact("medication_status", "valsartan", "Valsartan 80 mg every morning.",
              status="active"),
         fact("safety", "penicillin", "Penicillin allergy: hives.", safety_kind="allergy",
              turn=2)],
        external_id="visit-1",
    )  # fmt: skip
    graph.session(
        date(2024, 4, 15),
        [fact("medication_status", "valsartan", "Valsartan raised to 160 mg every morning.",
              status="dose_changed")],
        external_id="visit-2",
    )  # fmt: skip
    return graph


def test_extractive_reader_quotes_the_current_record(valsartan) -> None:
    result = answer(valsartan.patient, "What dose of valsartan is he on now?")
    assert "Valsartan raised to 160 mg every morning." in result.text


def test_extractive_reader_says_it_is_extractive(valsartan) -> None:
    result = answer(valsartan.patient, "What dose of valsartan is he on now?")
    assert (result.reader, "no LLM configured" in result.text) == ("extractive", True)


def test_extractive_reader_answers_state_on_a_date(valsartan) -> None:
    result = answer(valsartan.patient, "What valsartan dose on March 20, 2024?")
    assert result.text.splitlines()[0].startswith("On 2024-03-20: Valsartan 80 mg every morning")


def test_extractive_reader_cites_evidence_lines(valsartan) -> None:
    result = answer(valsartan.patient, "What dose of valsartan is he on now?")
    line = next(x for x in result.text.splitlines() if "160 mg" in x)
    # the line's own record is cited first ("...; changed from 80 mg ... [E2]" follows)
    cited = re.search(r"\[E\d+\]", line)[0]  # type: ignore[index]
    assert "160 mg" in next(x for x in result.evidence_text.splitlines() if x.startswith(cited))


def test_chinese_question_gets_chinese_framing(valsartan) -> None:
    result = answer(valsartan.patient, "患者有药物过敏吗？")
    assert result.text.startswith("过敏和不耐受（1项）") and "抽取式回答" in result.text


def test_generic_allergy_question_lists_the_allergy_as_applying(valsartan) -> None:
    result = answer(valsartan.patient, "患者有药物过敏吗？")
    assert "Penicillin allergy: hives." in result.text.split("其他")[0]


def test_llm_reader_makes_exactly_one_call(valsartan, fake_openai) -> None:
    fake_openai.reply("160 mg [E1]").reply("second")
    with llm_reader(fake_openai.base_url):
        result = answer(valsartan.patient, "What dose of valsartan now?")
    assert (fake_openai.calls, result.reader, result.text) == (1, "llm", "160 mg [E1]")


def test_llm_reader_gets_the_profile_and_evidence(valsartan, fake_openai) -> None:
    fake_openai.reply("160 mg [E1]")
    with llm_reader(fake_openai.base_url):
        result = answer(valsartan.patient, "What dose of valsartan now?")
    prompt = fake_openai.requests[0].prompt
    assert prompt == result.rendered and result.profile.text in prompt


def test_llm_failure_falls_back_to_extractive_and_says_so(valsartan, fake_openai) -> None:
    fake_openai.error(500, "boom")
    with llm_reader(fake_openai.base_url):
        result = answer(valsartan.patient, "What dose of valsartan now?")
    assert result.reader == "extractive" and "the LLM reader failed" in result.text


def test_every_ask_is_audited(valsartan) -> None:
    answer(valsartan.patient, "What dose of valsartan now?", channel="api")
    event = AuditEvent.objects.get(action="patient.ask")
    assert (event.channel, event.after["question"]) == ("api", "What dose of valsartan now?")


def test_payload_has_exactly_the_documented_keys(valsartan) -> None:
    payload = answer(valsartan.patient, "valsartan").to_payload()
    assert set(payload) == KEYS and all(set(i) == ITEM_KEYS for i in payload["evidence"])


def test_payload_lists_every_safety_fact_whatever_the_question(valsartan) -> None:
    payload = answer(valsartan.patient, "How is his weight?").to_payload()
    assert [(s["entity"], s["in_force"]) for s in payload["safety"]] == [("penicillin", True)]
    assert set(payload["safety"][0]) == SAFETY_KEYS


def test_payload_evidence_names_the_external_session_id(valsartan) -> None:
    payload = answer(valsartan.patient, "valsartan").to_payload()
    facts = [i for i in payload["evidence"] if i["fact_id"] is not None]
    assert {i["session_id"] for i in facts} <= {"visit-1", "visit-2"}


def test_ask_command_prints_the_json_document(valsartan) -> None:
    out = StringIO()
    call_command("ask", "valsartan dose?", patient="p-retrieval", json=True, stdout=out)
    assert set(json.loads(out.getvalue())) == KEYS | {"conflicts"}


def test_ask_command_reads_at_a_date(valsartan) -> None:
    out = StringIO()
    call_command("ask", "valsartan dose?", patient="p-retrieval", at="2024-03-01", json=True,
                 stdout=out)  # fmt: skip
    assert "Valsartan 80 mg every morning." in json.loads(out.getvalue())["answer"]


def test_ask_command_rejects_an_unknown_patient(db) -> None:
    with pytest.raises(CommandError, match="unknown patient id 'nobody'"):
        call_command("ask", "anything?", patient="nobody")


def test_ask_command_rejects_a_bad_date(valsartan) -> None:
    with pytest.raises(CommandError, match="expected a date as YYYY-MM-DD"):
        call_command("ask", "anything?", patient="p-retrieval", at="20-03-2024")


def test_extractive_reader_says_a_named_drug_is_not_recorded_for_the_patient(valsartan) -> None:
    result = answer(valsartan.patient, "Is he taking indapamide?")
    assert result.text.splitlines()[0] == "No record of indapamide for the patient."


def test_unrecorded_drug_answer_quotes_no_unrelated_record(valsartan) -> None:
    result = answer(valsartan.patient, "Is he taking indapamide?")
    assert "Valsartan" not in result.text


def test_chinese_question_about_an_unrecorded_drug_says_so_in_chinese(valsartan) -> None:
    result = answer(valsartan.patient, "患者在吃吲达帕胺吗？")
    assert "患者本人没有吲达帕胺的记录" in result.text


def test_a_recorded_drug_is_still_answered_from_its_record(valsartan) -> None:
    result = answer(valsartan.patient, "What dose of valsartan is he on?")
    assert "160 mg" in result.text and "No record" not in result.text


def test_value_answer_states_dose_and_cites_first(valsartan) -> None:
    first = answer(valsartan.patient, "What is the current dose of valsartan?").text.splitlines()[0]
    assert first.startswith("Valsartan 160 mg every morning since 2024-04-15 [E")


def test_relatives_condition_is_named_as_theirs_not_the_patients(valsartan) -> None:
    valsartan.session(
        date(2024, 5, 2),
        [fact("condition", "asthma", "My son has asthma.", subject="family:son",
              status="chronic")],
    )  # fmt: skip
    lines = answer(valsartan.patient, "Does the patient have asthma?").text.splitlines()
    assert lines[:2] == [
        "No record of asthma for the patient.",
        "Asthma is recorded for the son, not the patient.",
    ]


def test_relatives_record_never_enters_the_evidence_of_a_yes_no_answer(valsartan) -> None:
    valsartan.session(
        date(2024, 5, 2),
        [fact("condition", "asthma", "My son has asthma.", subject="family:son",
              status="chronic")],
    )  # fmt: skip
    result = answer(valsartan.patient, "Does the patient have asthma?")
    assert {i.fact.subject for i in result.evidence.fact_items} == {"patient"}


def test_nonsense_question_says_nothing_matches(valsartan) -> None:
    first = answer(valsartan.patient, "xyzzy plugh").text.splitlines()[0]
    assert first == "Nothing in the patient's record matches the question."


def test_medication_list_holds_every_current_medication(valsartan) -> None:
    valsartan.session(
        date(2024, 5, 2),
        [fact("medication_status", "amlodipine", "Amlodipine 5 mg daily.", status="active"),
         fact("medication_status", "metformin", "Metformin 500 mg twice daily.",
              status="active", turn=2)],
    )  # fmt: skip
    first = answer(valsartan.patient, "What medications is he taking?").text.splitlines()[0]
    assert first.startswith("Current medications (3): ")
    assert {"Valsartan", "Amlodipine", "Metformin"} <= set(first.split(": ")[1].split(", "))


def test_medication_list_at_a_date_in_the_question(valsartan) -> None:
    valsartan.session(
        date(2024, 5, 2),
        [fact("medication_status", "amlodipine", "Amlodipine 5 mg daily.", status="active")],
    )  # fmt: skip
    first = answer(valsartan.patient, "Which medications was he on as of 2024-02-01?").text
    assert first.splitlines()[0] == "Medications in force on 2024-02-01 (1): Valsartan"


def test_amoxicillin_question_puts_the_penicillin_allergy_first(valsartan) -> None:
    first = answer(valsartan.patient, "Can I give amoxicillin?").text.splitlines()[0]
    assert first.startswith("CAUTION") and "Penicillin allergy: hives." in first


def test_chinese_amoxicillin_question_matches_the_penicillin_allergy(valsartan) -> None:
    first = answer(valsartan.patient, "患者能用阿莫西林吗？").text.splitlines()[0]
    assert first.startswith("注意：已记录过敏/不耐受 青霉素")


def test_a_record_outside_the_top_units_still_answers_its_item(graph) -> None:
    graph.session(date(2024, 1, 8), [fact("lab_result", "egfr", "eGFR 58 mL/min.")])
    for n in range(12):  # other records that crowd retrieval's 8 units
        graph.session(date(2024, 2, 1 + n), [fact("symptom", f"symptom {n}", f"Cough {n}.")])
    result = answer(graph.patient, "What was his eGFR?")
    assert result.text.splitlines()[0].startswith("eGFR 58")
