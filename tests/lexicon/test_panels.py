"""Test panels (lexicon/data/panels.tsv): every panel and member is a lexicon test."""

from __future__ import annotations

from memory.lexicon import lookup
from memory.lexicon.panels import _table, panel_members


def test_every_panel_and_member_is_a_canonical_test_of_the_lexicon() -> None:
    names = [n for panel, members in _table().items() for n in (panel, *members)]
    wrong = [n for n in names if (entry := lookup(n)) is None or entry.canonical != n]
    assert names and wrong == []


def test_kidney_function_stands_for_egfr_and_creatinine() -> None:
    panel = lookup("肾功能")
    assert panel is not None and {"egfr", "creatinine"} <= set(panel_members(panel.canonical))


def test_a_single_test_stands_for_no_other() -> None:
    assert panel_members("egfr") == ()
