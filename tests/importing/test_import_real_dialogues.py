"""Transcripts built at test time from the development data (../shared/data).

ACI-Bench and MTS-Dialog (CC BY 4.0) and CMtMedQA (Apache-2.0) rows are read
from the shared data folder and written to tmp_path as they would be
uploaded; nothing from them is copied into the repository.
"""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path
from typing import Any

from memory.importing import parse_file
from tests.importing.helpers import DATA

ACI_SPEAKERS = {"doctor": "doctor", "patient": "patient", "patient_guest": "relative"}
MTS_SPEAKERS = {"Doctor": "doctor", "Patient": "patient", "Guest_family": "caregiver"}


def _rows(relative: str) -> list[dict[str, str]]:
    with (DATA / relative).open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def _aci_expected(dialogue: str) -> list[tuple[str, str]]:
    """Turns as the format defines them: a "[tag]" line opens a turn, any
    other line continues it."""
    turns: list[tuple[str, list[str]]] = []
    for line in dialogue.splitlines():
        match = re.match(r"^\[(\w+)\] ?(.*)$", line)
        if match:
            turns.append((ACI_SPEAKERS[match[1]], [match[2]]))
        else:
            turns[-1][1].append(line)
    return [(speaker, "\n".join(lines).strip()) for speaker, lines in turns]


def _parse(tmp_path: Path, name: str, text: str, patient: str = "p1") -> list[tuple[str, str]]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return [(t.speaker, t.text) for t in parse_file(path, patient_id=patient)[0].turns]


def test_aci_bench_visits_keep_every_turn_verbatim(tmp_path: Path) -> None:
    rows = _rows("aci-bench/valid.csv")[:2]
    for row in rows:
        parsed = _parse(tmp_path, f"{row['encounter_id']}.txt", row["dialogue"])
        assert parsed == _aci_expected(row["dialogue"])


def test_aci_bench_unlabelled_line_joins_the_previous_turn(tmp_path: Path) -> None:
    # valid.csv row 0 has a doctor turn that continues on an unlabelled line.
    dialogue = _rows("aci-bench/valid.csv")[0]["dialogue"]
    parsed = _parse(tmp_path, "aci0.txt", dialogue)
    assert any("\n" in text for _, text in parsed)


def test_aci_bench_speaker_tags_map_to_doctor_and_patient(tmp_path: Path) -> None:
    row = _rows("aci-bench/valid.csv")[1]
    speakers = {speaker for speaker, _ in _parse(tmp_path, "aci1.txt", row["dialogue"])}
    assert speakers == {"doctor", "patient"}


def _mts_expected(dialogue: str) -> list[tuple[str, str]]:
    pairs = [line.split(":", 1) for line in dialogue.splitlines() if line.strip()]
    return [(MTS_SPEAKERS[label], text.strip()) for label, text in pairs]


def test_mts_dialog_family_rows_attribute_guest_family_to_a_caregiver(tmp_path: Path) -> None:
    family_rows = [
        r
        for r in _rows("mts-dialog/MTS-Dialog-ValidationSet.csv")
        if "Guest_family:" in r["dialogue"]
    ][:2]
    assert len(family_rows) == 2
    for row in family_rows:
        parsed = _parse(tmp_path, f"mts-{row['ID']}.txt", row["dialogue"])
        assert parsed == _mts_expected(row["dialogue"])


def test_mts_dialog_plain_row_keeps_doctor_and_patient_turns(tmp_path: Path) -> None:
    row = _rows("mts-dialog/MTS-Dialog-ValidationSet.csv")[1]
    text = "Date: 2023-11-20\n" + row["dialogue"]
    assert _parse(tmp_path, "mts-1.txt", text) == _mts_expected(row["dialogue"])


def _cmtmedqa_record() -> dict[str, Any]:
    records = json.loads((DATA / "cmtmedqa" / "CMtMedQA_dev_half.json").read_text("utf-8"))
    return next(r for r in records if len(r["history"]) >= 2)


def test_cmtmedqa_history_pairs_become_alternating_chinese_turns(tmp_path: Path) -> None:
    record = _cmtmedqa_record()
    pairs = [*record["history"], [record["instruction"], record["output"]]]
    expected = [
        (speaker, text.strip())
        for patient_text, doctor_text in pairs
        for speaker, text in (("patient", patient_text), ("doctor", doctor_text))
    ]
    lines = [f"患者：{p}\n医生：{d}" for p, d in pairs]
    text = "日期：2024-02-29\n" + "\n".join(lines)
    assert _parse(tmp_path, f"{record['id']}.txt", text) == expected
