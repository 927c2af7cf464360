"""Uncited claims of an LLM answer are flagged (pure)."""

from __future__ import annotations

from memory.answering.citations import bad_citations, flag_lines, uncited_claims


def test_cited_sentences_are_not_flagged() -> None:
    text = "Valsartan 160 mg once daily since 2024-06-17 [E2]. Penicillin allergy [profile]."
    assert uncited_claims(text) == []


def test_a_claim_without_citation_is_flagged() -> None:
    text = "Valsartan 160 mg once daily [E2]. He also takes aspirin every day."
    assert uncited_claims(text) == ["He also takes aspirin every day."]


def test_an_abstention_is_not_a_claim() -> None:
    assert uncited_claims("The recorded evidence does not contain an eGFR value.") == []


def test_chinese_claim_without_citation_is_flagged() -> None:
    assert uncited_claims("缬沙坦160毫克每日一次[E1]。他还在吃阿司匹林。") == ["他还在吃阿司匹林。"]


def test_citing_a_line_that_does_not_exist_is_flagged() -> None:
    assert bad_citations("Dose 160 mg [E2][E9].", evidence_lines=5) == ["[E9]"]


def test_flag_lines_are_empty_for_a_fully_cited_answer() -> None:
    assert flag_lines("Amlodipine 5 mg daily [E1].", 3, "en") == []
