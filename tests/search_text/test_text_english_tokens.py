"""English analysis in memory.search.text: tokens, numbers, stemming, stop words."""

from __future__ import annotations

from memory.search.text import bm25_tokens, lexical_tokens, light_stem


def test_words_are_lowercased() -> None:
    assert lexical_tokens("Valsartan") == ["valsartan"]


def test_punctuation_is_dropped() -> None:
    assert lexical_tokens("rash!? (itchy); hives...") == ["rash", "itchy", "hive"]


def test_english_stop_words_are_dropped() -> None:
    assert lexical_tokens("the patient and the doctor") == ["patient", "doctor"]


def test_decimal_lab_value_stays_one_token() -> None:
    assert "7.2" in lexical_tokens("HbA1c was 7.2 percent")


def test_decimal_is_not_also_split_into_its_digits() -> None:
    assert lexical_tokens("7.2") == ["7.2"]


def test_percent_sign_is_dropped_from_a_value() -> None:
    assert lexical_tokens("6.6%") == ["6.6"]


def test_blood_pressure_ratio_splits_into_both_numbers() -> None:
    assert lexical_tokens("150/90") == ["150", "90"]


def test_number_glued_to_unit_splits_into_number_and_unit() -> None:
    assert lexical_tokens("80mg") == lexical_tokens("80 mg") == ["80", "mg"]


def test_alphanumeric_test_name_stays_whole() -> None:
    assert lexical_tokens("HbA1c") == ["hba1c"]


def test_thousands_separator_is_removed() -> None:
    assert lexical_tokens("1,000 mg") == ["1000", "mg"]


def test_list_of_small_numbers_is_not_read_as_thousands() -> None:
    assert lexical_tokens("7.8, 7.1, 6.6") == ["7.8", "7.1", "6.6"]


def test_full_width_characters_fold_to_ascii() -> None:
    assert lexical_tokens("ＢＰ １５０／９０") == ["bp", "150", "90"]


def test_possessive_is_removed() -> None:
    assert lexical_tokens("father's") == ["father"]


def test_plural_and_singular_share_a_stem() -> None:
    assert light_stem("rashes") == light_stem("rash")


def test_ies_plural_meets_y_singular() -> None:
    assert light_stem("allergies") == light_stem("allergy")


def test_past_tense_meets_base_form() -> None:
    assert light_stem("stopped") == light_stem("stop")


def test_gerund_meets_base_form_with_final_e() -> None:
    assert light_stem("increasing") == light_stem("increase")


def test_plural_of_short_word_does_not_collide_with_an_abbreviation() -> None:
    assert light_stem("hives") != light_stem("hiv")


def test_latin_singular_ending_in_s_is_not_stripped() -> None:
    assert light_stem("mellitus") == "mellitus"


def test_double_consonant_of_base_word_is_kept() -> None:
    assert light_stem("filled") == "fill"


def test_short_words_are_not_stemmed() -> None:
    assert light_stem("gas") == "gas"


def test_duplicates_are_kept_for_term_frequency() -> None:
    assert lexical_tokens("pain pain pain") == ["pain", "pain", "pain"]


def test_month_name_may_is_not_a_stop_word() -> None:
    assert "may" in lexical_tokens("in May 2024")


def test_bm25_tokens_equal_lexical_tokens() -> None:
    text = "Stopped ibuprofen because of kidney risk; BP 135/85."
    assert bm25_tokens(text) == lexical_tokens(text)


def test_empty_text_gives_no_tokens() -> None:
    assert lexical_tokens("") == []
