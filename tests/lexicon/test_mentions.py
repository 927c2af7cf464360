"""find_mentions(): non-overlapping, longest-first, word-bounded."""

from __future__ import annotations

import itertools

from memory.lexicon import find_mentions


def _canon(text: str) -> list[str]:
    return [m.entry.canonical for m in find_mentions(text)]


def test_chinese_product_name_is_one_mention_of_the_generic() -> None:
    (mention,) = find_mentions("每天吃阿司匹林肠溶片")
    assert (mention.surface, mention.entry.canonical) == ("阿司匹林肠溶片", "aspirin")


def test_salt_prefix_and_dosage_form_are_covered() -> None:
    (mention,) = find_mentions("盐酸二甲双胍缓释片 0.5g")
    assert (mention.surface, mention.entry.canonical) == ("盐酸二甲双胍缓释片", "metformin")


def test_offsets_index_the_original_text() -> None:
    text = "Patient on Lisinopril."
    (mention,) = find_mentions(text)
    assert text[mention.start : mention.end] == "Lisinopril"


def test_no_match_inside_longer_english_word() -> None:
    assert _canon("She is aspiring to run") == []


def test_english_match_is_case_insensitive() -> None:
    assert _canon("ASPIRIN 81 mg") == ["aspirin"]


def test_longer_disease_wins_over_contained_vital() -> None:
    assert _canon("有高血压") == ["hypertension"]


def test_multiword_english_phrase_is_one_mention() -> None:
    assert _canon("history of atrial fibrillation") == ["atrial fibrillation"]


def test_mixed_language_text_finds_both_scripts() -> None:
    assert _canon("他在吃Plavix和华法林") == ["clopidogrel", "warfarin"]


def test_brand_mention_maps_to_generic() -> None:
    assert _canon("takes Tylenol for pain") == ["acetaminophen"]


def test_package_fallback_finds_uncurated_english_drug() -> None:
    assert "tafamidis" in _canon("started on tafamidis last year")


def test_two_character_chinese_brand_is_not_found_in_free_text() -> None:
    # 可定 (Crestor) also occurs in ordinary phrases such as 可定期复查
    assert _canon("可定期复查") == []


def test_mentions_do_not_overlap() -> None:
    mentions = find_mentions("阿司匹林肠溶片和高血压，血压 140/90, HbA1c 7.1%")
    spans = [(m.start, m.end) for m in mentions]
    assert all(a[1] <= b[0] for a, b in itertools.pairwise(spans))


def test_vital_and_lab_are_found_in_chinese() -> None:
    assert _canon("血压145/90，糖化血红蛋白7.2%") == ["blood pressure", "hba1c"]


def test_empty_text_has_no_mentions() -> None:
    assert find_mentions("") == []


def test_nonsteroidal_anti_inflammatory_in_lay_chinese_is_no_antibiotic() -> None:
    """非甾体消炎药 holds 消炎药 (a lay word for antibiotics): the longer name wins."""
    assert (_canon("我在吃非甾体消炎药"), _canon("医生开了消炎药")) == (["nsaids"], ["antibiotics"])
