"""Chinese and mixed-language analysis (segmentation via memory.lexicon.segment_zh)."""

from __future__ import annotations

from memory.search.text import lexical_tokens


def test_chinese_drug_name_is_one_token() -> None:
    assert "青霉素" in lexical_tokens("我对青霉素过敏")


def test_chinese_stop_words_are_dropped() -> None:
    tokens = lexical_tokens("我的血压是高了")
    assert not {"我", "的", "是", "了"} & set(tokens)


def test_chinese_content_word_survives_stop_word_removal() -> None:
    assert "血压" in lexical_tokens("我的血压是高了")


def test_chinese_punctuation_is_dropped() -> None:
    tokens = lexical_tokens("皮疹，瘙痒。")
    assert not {"，", "。", ",", "."} & set(tokens)


def test_decimal_inside_chinese_sentence_stays_one_token() -> None:
    assert "7.2" in lexical_tokens("糖化血红蛋白7.2%")


def test_ratio_inside_chinese_sentence_splits_into_numbers() -> None:
    tokens = lexical_tokens("血压150/90")
    assert [t for t in tokens if t.isdigit()] == ["150", "90"]


def test_full_width_ratio_in_chinese_sentence_matches_ascii_ratio() -> None:
    assert lexical_tokens("血压１５０／９０") == lexical_tokens("血压150/90")


def test_english_word_inside_chinese_sentence_is_lowercased() -> None:
    assert "hba1c" in lexical_tokens("这次HbA1c是多少")


def test_mixed_text_keeps_both_languages_in_reading_order() -> None:
    tokens = lexical_tokens("青霉素 penicillin")
    assert tokens.index("青霉素") < tokens.index("penicillin")


def test_only_stop_words_give_no_tokens() -> None:
    assert lexical_tokens("我的了吗？") == []
