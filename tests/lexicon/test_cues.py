"""The cue files load, and a malformed row names its file and line."""

from __future__ import annotations

from pathlib import Path

import pytest

from memory.lexicon.cues import CueFileError, cue_files, cues, load_cue_file

HEADER = "category\ten\tzh\tmatch\tnote\n"


def _write(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "sample.tsv"
    path.write_text(HEADER + body, encoding="utf-8")
    return path


@pytest.mark.parametrize("path", cue_files(), ids=lambda p: p.name)
def test_every_cue_file_loads_with_forms_in_each_category(path: Path) -> None:
    table = load_cue_file(path)
    assert table.categories()
    assert all(table.forms(category) for category in table.categories())


def test_there_is_a_readme_beside_the_cue_files() -> None:
    assert cue_files()
    assert (cue_files()[0].parent / "README.md").exists()


def test_english_literal_matches_on_word_boundaries(tmp_path: Path) -> None:
    table = load_cue_file(_write(tmp_path, "pet\tcat dander|cat\t猫毛\t\t\n"))
    regex = table.regex("pet")
    assert regex.search("allergic to Cat  dander").group(0) == "Cat  dander"
    assert regex.search("a catalogue") is None


def test_chinese_literal_matches_inside_text(tmp_path: Path) -> None:
    table = load_cue_file(_write(tmp_path, "pet\tcat\t猫毛\t\t\n"))
    assert table.regex("pet", "zh").search("对猫毛过敏")


def test_language_selection_keeps_the_other_language_out(tmp_path: Path) -> None:
    table = load_cue_file(_write(tmp_path, "pet\tcat\t猫毛\t\t\n"))
    assert table.regex("pet", "en").search("对猫毛过敏") is None


def test_pattern_rows_are_regular_expressions(tmp_path: Path) -> None:
    table = load_cue_file(_write(tmp_path, "allergy\tallerg\\w*\t过敏\tpattern\t\n"))
    assert table.regex("allergy").search("allergies")


def test_malformed_pattern_names_file_and_line(tmp_path: Path) -> None:
    path = _write(tmp_path, "ok\tfine\t\t\t\nbad\t(unclosed\t\tpattern\t\n")
    with pytest.raises(CueFileError, match=r"sample\.tsv:3"):
        load_cue_file(path)


def test_unknown_match_kind_is_refused(tmp_path: Path) -> None:
    with pytest.raises(CueFileError, match="match 'regex'"):
        load_cue_file(_write(tmp_path, "x\tfoo\t\tregex\t\n"))


def test_row_without_forms_is_refused(tmp_path: Path) -> None:
    with pytest.raises(CueFileError, match="neither"):
        load_cue_file(_write(tmp_path, "x\t\t\t\tnote only\n"))


def test_wrong_header_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bad.tsv"
    path.write_text("kind\ten\tzh\n", encoding="utf-8")
    with pytest.raises(CueFileError, match="header"):
        load_cue_file(path)


def test_asking_for_an_unknown_category_fails_loudly() -> None:
    with pytest.raises(KeyError):
        cues("pronouns").pattern("no_such_category")


def test_pattern_puts_the_longest_form_first_by_default(tmp_path: Path) -> None:
    table = load_cue_file(_write(tmp_path, "unit\tg|mcg\t\t\t\n"))
    assert table.pattern("unit") == r"(?:\bmcg\b|\bg\b)"


def test_ordered_pattern_keeps_the_file_order(tmp_path: Path) -> None:
    table = load_cue_file(_write(tmp_path, "unit\tm|mg\t\tpattern\t\n"))
    assert table.regex("unit", ordered=True).match("mg").group(0) == "m"


def test_ordered_and_longest_first_regexes_are_compiled_apart(tmp_path: Path) -> None:
    table = load_cue_file(_write(tmp_path, "unit\tm|mg\t\tpattern\t\n"))
    assert table.regex("unit").match("mg").group(0) == "mg"
    assert table.regex("unit", ordered=True).match("mg").group(0) == "m"


def test_a_grouped_alternation_in_a_pattern_row_stays_one_form(tmp_path: Path) -> None:
    table = load_cue_file(_write(tmp_path, "idiom\tstrain\\s+(?:your|the)\t\tpattern\t\n"))
    assert table.forms("idiom") == (r"strain\s+(?:your|the)",)


def test_a_bar_inside_a_character_class_stays_in_its_form(tmp_path: Path) -> None:
    table = load_cue_file(_write(tmp_path, "sep\tx[|/]y\t\tpattern\t\n"))
    assert table.forms("sep") == ("x[|/]y",)


def test_a_pattern_row_splits_on_a_top_level_bar(tmp_path: Path) -> None:
    row = "idiom\tshock\\s+wave|strain\\s+(?:your|the)\t\tpattern\t\n"
    table = load_cue_file(_write(tmp_path, row))
    assert table.forms("idiom") == (r"shock\s+wave", r"strain\s+(?:your|the)")


def test_a_group_left_open_across_bars_names_file_and_line(tmp_path: Path) -> None:
    path = _write(tmp_path, "ok\tfine\t\t\t\nbad\tstrain\\s+(?:your|the\t\tpattern\t\n")
    with pytest.raises(CueFileError, match=r"sample\.tsv:3"):
        load_cue_file(path)


def test_a_literal_row_splits_on_every_bar(tmp_path: Path) -> None:
    table = load_cue_file(_write(tmp_path, "pet\tcat (tabby|stray)\t\t\t\n"))
    assert table.forms("pet") == ("cat (tabby", "stray)")
