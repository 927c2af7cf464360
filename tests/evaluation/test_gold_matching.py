"""Gold items are found in a context by lexicon or normalized string match."""

from __future__ import annotations

from memory.evaluation import gold as g
from memory.evaluation.histories import HistorySession
from memory.evaluation.metrics import entry_polluted
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
