"""answer(): readers, language, payload, audit, and the `ask` command."""

from __future__ import annotations

import json
from datetime import date
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.test import override_settings

from memory.answering import answer
from memory.models import AuditEvent
from tests.retrieval.graph import fact

pytestmark = pytest.mark.django_db

KEYS = {"answer", "reader", "profile", "rendered", "evidence", "timings_ms"}
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


def _llm(fake_openai):
    return override_settings(
        LLM_BASE_URL=fake_openai.base_url, LLM_READER_MODEL="fake-reader", LLM_MAX_ATTEMPTS=1
    )


def test_extractive_reader_quotes_the_current_record(valsartan) -> None:
    result = answer(valsartan.patient, "What dose of valsartan is he on now?")
    assert "Valsartan raised to 160 mg every morning." in result.text


def test_extractive_reader_says_it_is_extractive(valsartan) -> None:
    result = answer(valsartan.patient, "What dose of valsartan is he on now?")
    assert (result.reader, "no LLM configured" in result.text) == ("extractive", True)


def test_extractive_reader_answers_state_on_a_date(valsartan) -> None:
    result = answer(valsartan.patient, "What valsartan dose on March 20, 2024?")
    assert "Valsartan 80 mg every morning." in result.text.split("\n")[2]


def test_extractive_reader_cites_evidence_lines(valsartan) -> None:
    result = answer(valsartan.patient, "What dose of valsartan is he on now?")
    line = next(x for x in result.text.splitlines() if "160 mg" in x)
    cited = line.rsplit(" ", 1)[1]  # "[E2]"
    assert "160 mg" in next(x for x in result.evidence_text.splitlines() if x.startswith(cited))


def test_chinese_question_gets_chinese_framing(valsartan) -> None:
    result = answer(valsartan.patient, "患者有药物过敏吗？")
    assert result.text.startswith("抽取式回答")


def test_generic_allergy_question_lists_the_allergy_as_applying(valsartan) -> None:
    result = answer(valsartan.patient, "患者有药物过敏吗？")
    assert "Penicillin allergy: hives." in result.text.split("其他")[0]


def test_llm_reader_makes_exactly_one_call(valsartan, fake_openai) -> None:
    fake_openai.reply("160 mg [E1]").reply("second")
    with _llm(fake_openai):
        result = answer(valsartan.patient, "What dose of valsartan now?")
    assert (fake_openai.calls, result.reader, result.text) == (1, "llm", "160 mg [E1]")


def test_llm_reader_gets_the_profile_and_evidence(valsartan, fake_openai) -> None:
    fake_openai.reply("160 mg [E1]")
    with _llm(fake_openai):
        result = answer(valsartan.patient, "What dose of valsartan now?")
    prompt = fake_openai.requests[0].prompt
    assert prompt == result.rendered and result.profile.text in prompt


def test_llm_failure_falls_back_to_extractive_and_says_so(valsartan, fake_openai) -> None:
    fake_openai.error(500, "boom")
    with _llm(fake_openai):
        result = answer(valsartan.patient, "What dose of valsartan now?")
    assert result.reader == "extractive" and "LLM reader failed" in result.text


def test_every_ask_is_audited(valsartan) -> None:
    answer(valsartan.patient, "What dose of valsartan now?", channel="api")
    event = AuditEvent.objects.get(action="patient.ask")
    assert (event.channel, event.after["question"]) == ("api", "What dose of valsartan now?")


def test_payload_has_exactly_the_documented_keys(valsartan) -> None:
    payload = answer(valsartan.patient, "valsartan").to_payload()
    assert set(payload) == KEYS and all(set(i) == ITEM_KEYS for i in payload["evidence"])


def test_payload_evidence_names_the_external_session_id(valsartan) -> None:
    payload = answer(valsartan.patient, "valsartan").to_payload()
    facts = [i for i in payload["evidence"] if i["fact_id"] is not None]
    assert {i["session_id"] for i in facts} <= {"visit-1", "visit-2"}


def test_ask_command_prints_the_json_document(valsartan) -> None:
    out = StringIO()
    call_command("ask", "valsartan dose?", patient="p-retrieval", json=True, stdout=out)
    assert set(json.loads(out.getvalue())) == KEYS


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
    assert "No record of indapamide for this patient" in result.text


def test_unrecorded_drug_answer_quotes_no_unrelated_record(valsartan) -> None:
    result = answer(valsartan.patient, "Is he taking indapamide?")
    assert "Valsartan" not in result.text


def test_chinese_question_about_an_unrecorded_drug_says_so_in_chinese(valsartan) -> None:
    result = answer(valsartan.patient, "患者在吃吲达帕胺吗？")
    assert "患者本人没有吲达帕胺的记录" in result.text


def test_a_recorded_drug_is_still_answered_from_its_record(valsartan) -> None:
    result = answer(valsartan.patient, "What dose of valsartan is he on?")
    assert "160 mg" in result.text and "No record" not in result.text
