"""No test carries a record of the check part of the development data.

The check part (MTS-Dialog ValidationSet, ACI-Bench valid, the second half of
CMtMedQA) is read only as aggregates: a rule tested on one of its records has been
written from it, and the check figures stop measuring generalization. A string
literal of a test (or a fixture file under tests/) that shares 40 characters
(whitespace collapsed, case folded) or 15 consecutive Chinese characters with a
check-part record fails here; rewrite it as invented wording.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from memory.evaluation import sources
from memory.evaluation.splits import CHECK

TESTS = Path(__file__).resolve().parents[1]
EN_WINDOW = 40
ZH_WINDOW = 15
_SPACE = re.compile(r"\s+")
_NOT_CJK = re.compile(r"[^\u4e00-\u9fff]+")
_FIXTURE_SUFFIXES = (".json", ".jsonl", ".txt", ".csv", ".tsv")


def _plain(text: str) -> str:
    return _SPACE.sub(" ", text).casefold().strip()


def _cjk(text: str) -> str:
    return _NOT_CJK.sub("", text)


def _grams(text: str, n: int) -> Iterator[str]:
    for i in range(len(text) - n + 1):
        yield text[i : i + n]


def check_texts() -> Iterator[str]:
    for row in sources.mts_rows():
        if row.part == CHECK:
            yield row.dialogue
            yield row.section_text
    for visit in sources.aci_visits():
        if visit.part == CHECK:
            yield visit.dialogue
            yield visit.note
    for consultation in sources.cmt_consultations():
        if consultation.part == CHECK:
            yield from (turn.text for turn in consultation.turns)


@cache
def check_shingles() -> tuple[frozenset[str], frozenset[str]]:
    english: set[str] = set()
    chinese: set[str] = set()
    for text in check_texts():
        english.update(_grams(_plain(text), EN_WINDOW))
        chinese.update(_grams(_cjk(text), ZH_WINDOW))
    return frozenset(english), frozenset(chinese)


def shared_with_check(text: str) -> str | None:
    """The first window of `text` that a check-part record also holds, if any."""
    english, chinese = check_shingles()
    for gram in _grams(_plain(text), EN_WINDOW):
        if gram in english:
            return gram
    for gram in _grams(_cjk(text), ZH_WINDOW):
        if gram in chinese:
            return gram
    return None


def literals_of(path: Path) -> Iterator[tuple[int, str]]:
    if path.suffix == ".py":
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                yield node.lineno, node.value
    else:
        yield from enumerate(path.read_text(encoding="utf-8").splitlines(), 1)


def scanned_files() -> list[Path]:
    suffixes = (".py", *_FIXTURE_SUFFIXES)
    return sorted(p for p in TESTS.rglob("*") if p.suffix in suffixes and p.is_file())


def test_no_test_file_holds_check_part_text() -> None:
    found = []
    for path in scanned_files():
        for line, text in literals_of(path):
            gram = shared_with_check(text)
            if gram is not None:
                found.append(f"{path.relative_to(TESTS.parent)}:{line}: {gram[:24]!r}…")
    assert not found, "check-part text in tests (rewrite as invented wording):\n" + "\n".join(found)


def _middle(grams: frozenset[str]) -> str:
    return sorted(grams)[len(grams) // 2]


# Positive controls: a window taken from the check part itself is found, so an empty
# result above means "no check text", not "nothing was loaded".
def test_the_detector_finds_english_check_text_inside_a_literal() -> None:
    sample = _middle(check_shingles()[0])
    assert shared_with_check(f"prefix {sample} suffix") == sample


def test_the_detector_finds_chinese_check_text_inside_a_literal() -> None:
    sample = _middle(check_shingles()[1])
    assert shared_with_check(f"前缀，{sample}。后缀") == sample


def test_invented_wording_is_not_reported() -> None:
    assert shared_with_check("Zorblax the patient ate seventeen purple lanterns on Tuesday") is None
