"""Read the development splits (never the test splits) into small value types.

Pure Python, no Django. Files are read at run time from ../shared/data
relative to the repository root (MEDGRAPH_EVAL_DATA overrides it); nothing is
copied into the project tree.
"""

from __future__ import annotations

import csv
import json
import os
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from memory.domain.subjects import canonical_relation
from memory.domain.types import Turn
from memory.evaluation.splits import CHECK, TUNE, aci_part, halves, mts_part

ROOT = Path(__file__).resolve().parents[2]
_SPEAKER = re.compile(
    r"^\s*\[?(doctor|patient|guest_family|guest_clinician|patient_\w*)\]?\s*:?\s*", re.I
)
_LABELS = {"doctor": "doctor", "guest_clinician": "doctor", "patient": "patient"}
# A CMtMedQA consultation is about a relative when its opening patient turn
# names one as the person concerned ("我爸爸…", "孩子…", "我老公…"). Only the
# first turn decides: later turns often mention family in passing.
_ZH_RELATIVE = re.compile(
    r"^(?:医生|大夫|您好|你好|请问|[，,。！!\s])*(?:我(?:家)?的?)?"
    r"(爸爸|爸|父亲|妈妈|妈|母亲|老公|丈夫|老婆|妻子|爱人|儿子|女儿|孩子|宝宝|小孩|"
    r"爷爷|奶奶|外公|外婆|姥姥|姥爷|哥哥|姐姐|弟弟|妹妹)"
)


def data_dir() -> Path:
    return Path(os.environ.get("MEDGRAPH_EVAL_DATA") or ROOT.parent / "shared" / "data")


@dataclass(frozen=True)
class AciVisit:
    encounter_id: str
    dialogue: str
    note: str
    first_name: str
    gender: str
    chronic: tuple[str, ...]  # metadata 2nd_complaints: the patient's known conditions
    part: str = TUNE  # splits.TUNE | splits.CHECK


@dataclass(frozen=True)
class MtsRow:
    row_id: str
    header: str
    section_text: str
    dialogue: str

    @property
    def part(self) -> str:
        return mts_part(self.row_id)

    @property
    def relative_answered(self) -> bool:
        return "guest_family" in self.dialogue.casefold()


@dataclass(frozen=True)
class CmtConsultation:
    consult_id: str
    turns: tuple[Turn, ...]
    relation: str | None  # canonical relation when the consultation is about a relative
    part: str = TUNE  # splits.halves of the file order, relative and general apart


def parse_dialogue(text: str) -> tuple[Turn, ...]:
    """'Doctor: ...' / '[patient] ...' lines -> turns; empty-text turns are dropped.

    Three ACI-Bench visits carry bare "[patient]" lines, which the importer
    rightly rejects; an empty utterance carries no information.
    """
    raw: list[tuple[str, str]] = []
    for line in text.splitlines():
        if not line.strip():
            continue
        m = _SPEAKER.match(line)
        if m:
            label = m[1].lower()
            raw.append((_LABELS.get(label, "relative"), line[m.end() :].strip()))
        elif raw:
            raw[-1] = (raw[-1][0], f"{raw[-1][1]} {line.strip()}".strip())
    kept = [(s, t) for s, t in raw if t]
    return tuple(Turn(i + 1, s, t) for i, (s, t) in enumerate(kept))


@cache
def aci_visits() -> tuple[AciVisit, ...]:
    out: list[AciVisit] = []
    for split in ("train", "valid"):
        meta_path = data_dir() / "aci-bench" / f"{split}_metadata.csv"
        with open(meta_path, encoding="utf-8") as fh:
            meta = {r["encounter_id"]: r for r in csv.DictReader(fh)}
        with open(data_dir() / "aci-bench" / f"{split}.csv", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                m = meta.get(row["encounter_id"], {})
                chronic = tuple(
                    c.strip() for c in (m.get("2nd_complaints") or "").split(";") if c.strip()
                )
                out.append(
                    AciVisit(
                        encounter_id=row["encounter_id"],
                        dialogue=row["dialogue"],
                        note=row["note"],
                        first_name=(m.get("patient_firstname") or "the patient").strip(),
                        gender=(m.get("patient_gender") or "").strip(),
                        chronic=chronic,
                        part=aci_part(split),
                    )
                )
    return tuple(out)


@cache
def mts_rows() -> tuple[MtsRow, ...]:
    out: list[MtsRow] = []
    for split, name in (("t", "MTS-Dialog-TrainingSet.csv"), ("v", "MTS-Dialog-ValidationSet.csv")):
        with open(data_dir() / "mts-dialog" / name, encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                out.append(
                    MtsRow(
                        row_id=f"{split}{row['ID']}",
                        header=row["section_header"],
                        section_text=row["section_text"],
                        dialogue=row["dialogue"],
                    )
                )
    return tuple(out)


def cmt_relation(first_patient_turn: str) -> str | None:
    m = _ZH_RELATIVE.match(first_patient_turn.strip())
    return canonical_relation(m[1]) if m else None


@cache
def cmt_consultations() -> tuple[CmtConsultation, ...]:
    path = data_dir() / "cmtmedqa" / "CMtMedQA_dev_half.json"
    with open(path, encoding="utf-8") as fh:
        records = json.load(fh)
    out: list[CmtConsultation] = []
    for rec in records:
        texts: list[tuple[str, str]] = []
        for patient_text, doctor_text in rec.get("history") or []:
            texts += [("patient", patient_text), ("doctor", doctor_text)]
        texts += [("patient", rec.get("instruction") or ""), ("doctor", rec.get("output") or "")]
        kept = [(s, t.strip()) for s, t in texts if t and t.strip()]
        if len(kept) < 2:
            continue
        turns = tuple(Turn(i + 1, s, t) for i, (s, t) in enumerate(kept))
        out.append(CmtConsultation(str(rec["id"]), turns, cmt_relation(turns[0].text)))
    return tuple(_with_parts(out))


def _with_parts(consultations: list[CmtConsultation]) -> list[CmtConsultation]:
    """Halve relative and general consultations apart, each in file order."""
    part: dict[str, str] = {}
    for about_relative in (True, False):
        kind = [c for c in consultations if bool(c.relation) == about_relative]
        for name, records in halves(kind).items():
            part.update({c.consult_id: name for c in records})
    return [c if part[c.consult_id] == TUNE else _check(c) for c in consultations]


def _check(c: CmtConsultation) -> CmtConsultation:
    return CmtConsultation(c.consult_id, c.turns, c.relation, CHECK)


def note_section(note: str, *headers: str) -> str:
    """Text under the given upper-case headers of an ACI-Bench note."""
    parts = re.split(r"\n(?=[A-Z][A-Z /&]{3,}\n)", "\n" + note)
    keep = [p.strip().split("\n", 1) for p in parts if p.strip()]
    return "\n".join(p[1] for p in keep if len(p) == 2 and p[0].strip() in headers)
