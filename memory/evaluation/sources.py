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

from memory.domain.subjects import RELATIONS, canonical_relation
from memory.domain.types import Turn
from memory.evaluation.splits import CHECK, TUNE, aci_part, halves, mts_part

ROOT = Path(__file__).resolve().parents[2]
_SPEAKER = re.compile(
    r"^\s*\[?(doctor|patient|guest_family|guest_clinician|patient_\w*)\]?\s*:?\s*", re.I
)
_LABELS = {"doctor": "doctor", "guest_clinician": "doctor", "patient": "patient"}
# Which CMtMedQA consultations are tuning records and which check records was
# fixed with a first, narrow labelling of relative consultations (a relation
# noun right at the start of the opening turn). The split keeps that labelling
# so that a better labeller (cmt_relation) never moves a record from one part
# to the other: a tuning record seen while writing rules stays a tuning record.
_SPLIT_OPENING = re.compile(
    r"^(?:医生|大夫|您好|你好|请问|[，,。！!\s])*(?:我(?:家)?的?)?"
    r"(爸爸|爸|父亲|妈妈|妈|母亲|老公|丈夫|老婆|妻子|爱人|儿子|女儿|孩子|宝宝|小孩|"
    r"爷爷|奶奶|外公|外婆|姥姥|姥爷|哥哥|姐姐|弟弟|妹妹)"
)
# The relatives a consultation can be about: multi-character relation words
# (a single 儿/母/哥 starts too many other words), generic "家人" left out.
_ZH_PERSONS = {
    a: canon
    for canon, aliases in RELATIONS.items()
    for a in aliases
    if not a.isascii() and len(a) >= 2 and canon != "relative" and not a.startswith("我")
} | {"新生儿": "child", "宝贝": "child", "小宝": "child"}
_BARE_OK = frozenset(_ZH_PERSONS) - {"婴儿", "新生儿"}  # "婴儿橄榄油": a product, not a person
_PERSON_WORDS = "|".join(sorted(_ZH_PERSONS, key=len, reverse=True))
# Leading words that do not change whom a clause is about.
_LEAD = re.compile(
    r"^(?:医生|大夫|您好|你好|请问|麻烦|那个|就是|嗯|为什么|怎么|关于|"
    r"(?:我)?想(?:问|知道|咨询|了解|请教)(?:一下|下)?|咨询(?:一下|下)?|"
    r"我?(?:最近|今天|刚刚|刚)?(?:发现|注意到)|最近|之前|现在|今天|昨天|前几天|这几天|这两天)+"
)
_AGE = (
    r"(?:[0-9一二三四五六七八九十两几半]+(?:个多?月|岁半?|多岁|周|天)多?的?"
    r"|刚刚?(?:出生|生下|生)的?|才?出生[^，。]{0,4}?的)?"
)
# The person concerned opens the clause, owned by the speaker or in his care
# ("我爸爸…", "我家孩子…", "我60岁的母亲…", "我带孩子做检查…"), and is not
# merely the one who reports ("老婆说…") or accompanies ("老公陪我…").
_ABOUT = re.compile(
    rf"^(?P<owner>我们家的?|我家的?|我的|我(?:带|给|替|帮|陪)(?:着)?(?:我家的?|我的)?|我)?"
    rf"{_AGE}(?P<rel>{_PERSON_WORDS}|(?<=我)(?:爸|妈))"
    r"(?!说|讲|告诉|陪我|带我|让我|叫我|建议|觉得我|问我|和我|跟我)"
)
# The speaker's own complaint comes first: the consultation is his.
_SELF_FIRST = re.compile(
    r"^(?:我|本人|自己)(?:自己|本人)?(?:最近|一直|经常|总是|总|也|今年|现在|之前|平时|"
    r"前段时间|这几天|老是|早上|晚上)*"
    r"(?:感觉|觉得|有|患|得了|得过|出现|长了|检查|体检|怀孕|月经|例假|吃了|服用|在吃|身体|"
    r"的(?!" + _PERSON_WORDS + r"))"
)
_CLAUSE = re.compile(r"[，,。！!？?；;：:、\s]+")


def split_relative(first_patient_turn: str) -> bool:
    """The labelling the tuning/check split was fixed with (see _SPLIT_OPENING)."""
    return bool(_SPLIT_OPENING.match(first_patient_turn.strip()))


def cmt_relation(first_patient_turn: str) -> str | None:
    """The relative a CMtMedQA consultation is about, from its opening turn (or None).

    Clause by clause: the first clause that opens with a relative the speaker
    owns or cares for decides; a clause in which the speaker first tells of his
    own complaint ("我最近总感觉腿酸，老婆说…") makes the consultation his.
    Only the opening turn counts: later turns mention family in passing.
    """
    for clause in _CLAUSE.split(first_patient_turn.strip()):
        clause = _LEAD.sub("", clause)
        m = _ABOUT.match(clause)
        if m and (m["owner"] or m["rel"] in _BARE_OK):
            return _ZH_PERSONS.get(m["rel"]) or canonical_relation(m["rel"])
        if _SELF_FIRST.match(clause):
            return None
    return None


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
    split_relative: bool = False  # the labelling the split was fixed with


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
        first = turns[0].text
        relation = cmt_relation(first)
        out.append(CmtConsultation(str(rec["id"]), turns, relation, TUNE, split_relative(first)))
    return tuple(_with_parts(out))


def _with_parts(consultations: list[CmtConsultation]) -> list[CmtConsultation]:
    """Halve relative and general consultations apart, each in file order."""
    part: dict[str, str] = {}
    for about_relative in (True, False):
        kind = [c for c in consultations if c.split_relative == about_relative]
        for name, records in halves(kind).items():
            part.update({c.consult_id: name for c in records})
    return [c if part[c.consult_id] == TUNE else _check(c) for c in consultations]


def _check(c: CmtConsultation) -> CmtConsultation:
    return CmtConsultation(c.consult_id, c.turns, c.relation, CHECK, c.split_relative)


def note_section(note: str, *headers: str) -> str:
    """Text under the given upper-case headers of an ACI-Bench note."""
    parts = re.split(r"\n(?=[A-Z][A-Z /&]{3,}\n)", "\n" + note)
    keep = [p.strip().split("\n", 1) for p in parts if p.strip()]
    return "\n".join(p[1] for p in keep if len(p) == 2 and p[0].strip() in headers)
