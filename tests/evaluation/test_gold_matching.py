"""Gold items are found in a context by lexicon or normalized string match."""

from __future__ import annotations

from memory.evaluation import gold as g
from memory.evaluation.history_types import HistorySession
from memory.evaluation.metrics import entry_polluted, pollution_cause
from memory.evaluation.systems import Entry


def test_a_brand_name_in_the_context_finds_the_generic_gold():
    assert g.judge("She takes Lasix 20 mg daily.").contains(g.GoldItem("furosemide", "furosemide"))


def test_a_chinese_drug_name_finds_the_english_gold():
    assert g.judge("他在吃阿司匹林").contains(g.GoldItem("aspirin", "aspirin"))


def test_a_procedure_is_found_whatever_the_word_order():
    judged = g.judge("He had replacement of the knee in 2010")
    assert judged.contains(g.GoldItem("knee replacement"))


def test_a_missing_item_is_not_found():
    assert not g.judge("No medications today.").contains(g.GoldItem("metformin", "metformin"))


def test_a_negative_surgical_note_has_no_gold():
    assert g.surgical_terms("No previous surgeries.") == []


def test_raw_text_from_a_relatives_session_naming_a_disease_is_pollution():
    s = HistorySession("cmt-1", "relative", ())
    entry = Entry("text", "patient: 我爸爸有高血压", "cmt-1")
    assert entry_polluted(entry, {"cmt-1": s})


def test_a_patient_fact_from_the_patients_session_is_not_pollution():
    s = HistorySession("aci-1", "patient", ())
    entry = Entry("fact", "lisinopril 20 mg", "aci-1", "patient", "lisinopril")
    assert not entry_polluted(entry, {"aci-1": s})


def test_a_fact_labelled_as_a_relatives_is_pollution_wherever_it_came_from():
    s = HistorySession("aci-1", "patient", ())
    entry = Entry("fact", "diabetes", "aci-1", "family:father", "diabetes")
    assert entry_polluted(entry, {"aci-1": s})


# A caregiver's own first-person statement in a relative's session is the patient's;
# anything that involves someone else (a pronoun, a relation noun, a verb of care or
# observation, a question put to the caregiver) stays the relative's.


def test_caregivers_own_statements_are_their_own_english_and_chinese():
    assert g.caregiver_own("aspirin I take aspirin myself.")
    assert g.caregiver_own("我自己也有高血压。")


def test_a_caregivers_care_or_observation_is_not_their_own():
    assert not g.caregiver_own("ibuprofen I gave ibuprofen last night.")
    assert not g.caregiver_own("rash I noticed a rash on the back.")
    assert not g.caregiver_own("布洛芬 我给吃了布洛芬。")


def test_a_sentence_with_another_person_is_not_the_caregivers_own():
    assert not g.caregiver_own("ibuprofen I gave him ibuprofen.")
    assert not g.caregiver_own("糖尿病 我爸有糖尿病，我也有。")
    assert not g.caregiver_own("smoking Did you smoke? Yes, I did.")


def test_a_caregivers_own_fact_from_a_relatives_session_is_not_pollution():
    s = HistorySession("cmt-1", "relative", ())
    entry = Entry("fact", "aspirin 我自己也在吃阿司匹林。", "cmt-1", "patient", "aspirin")
    assert not entry_polluted(entry, {"cmt-1": s})
    assert entry_polluted(entry, {"cmt-1": s}, own_statements=False)


def test_a_drug_the_caregiver_gave_from_a_relatives_session_is_pollution():
    s = HistorySession("cmt-1", "relative", ())
    entry = Entry("fact", "ibuprofen I gave ibuprofen last night.", "cmt-1", "patient", "ibuprofen")
    assert entry_polluted(entry, {"cmt-1": s})


def test_pollution_cause_names_the_entry_role_and_session_kind():
    s = HistorySession("mts-1", "relative", ())
    entry = Entry("fact", "cough", "mts-1", "patient", "cough", role="profile")
    assert pollution_cause(entry, {"mts-1": s}) == "profile fact from a relative's session"


def test_the_speakers_own_statement_in_a_family_history_session_is_not_pollution():
    s = HistorySession("mts-2", "mixed", (), relative_items=frozenset({"dizziness"}))
    entry = Entry(
        "fact", "dizziness I am feeling kind of dizzy lately.", "mts-2", "patient", "dizziness"
    )
    assert not entry_polluted(entry, {"mts-2": s})
