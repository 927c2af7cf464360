"""Date removal must never eat a dose or measurement value: checked on every
text of the development splits (MTS-Dialog, ACI-Bench: CC BY 4.0; CMtMedQA:
Apache-2.0), read in place from ../shared/data. A lost value would turn a
real change ("2000 mg") into a repeated mention and hide the new state."""

from __future__ import annotations

import csv
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from memory.domain.chains import numerals
from memory.evaluation.sources import data_dir

DATA = data_dir()  # MEDGRAPH_EVAL_DATA, else ../shared/data beside the repository
VALUE_WITH_UNIT = re.compile(
    r"(?<![\d.,])(\d+(?:\.\d+)?)\s*(?:mg|mcg|milligrams?|ml|units|毫克|mmhg|kg|%)", re.IGNORECASE
)


def _csv_texts(path: Path, columns: tuple[str, ...]) -> Iterator[str]:
    with path.open(newline="", encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            yield from (row[c] for c in columns)


def _all_texts() -> list[str]:
    texts: list[str] = []
    for name in ("MTS-Dialog-TrainingSet.csv", "MTS-Dialog-ValidationSet.csv"):
        texts += _csv_texts(DATA / "mts-dialog" / name, ("section_text", "dialogue"))
    for name in ("train.csv", "valid.csv"):
        texts += _csv_texts(DATA / "aci-bench" / name, ("note", "dialogue"))
    records = json.loads((DATA / "cmtmedqa" / "CMtMedQA_dev_half.json").read_text("utf-8"))
    for record in records:
        texts += [record["instruction"], record["output"]]
        texts += [turn for pair in record["history"] for turn in pair]
    return texts


@pytest.fixture(scope="module")
def texts() -> list[str]:
    return _all_texts()


def test_development_data_is_present(texts: list[str]) -> None:
    assert len(texts) > 5000


def test_no_value_with_a_unit_is_removed_as_a_date(texts: list[str]) -> None:
    lost = [
        match.group(0)
        for text in texts
        for match in VALUE_WITH_UNIT.finditer(text)
        if str(float(match.group(1))).removesuffix(".0") not in numerals(text)
    ]
    assert lost == []
