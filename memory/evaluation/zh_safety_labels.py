"""Hand labels of Chinese safety items (bench/labels/zh_safety/) and their scoring.

The label format and the scoring rule are fixed by bench/labels/zh_safety/README.md:
an item the system lists for the patient is right when a label of the same
consultation, subject ``patient``, same kind, names the same thing after the
lexicon's name normalisation (so 青霉素 and penicillin are one item) with a
compatible status.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass, field
from pathlib import Path

from memory.lexicon import find_mentions, lookup
from memory.lexicon._norm import key

# A label's status and the status the system stores for the same clinical fact:
# a surgery the dialogue says was done is stored as a present surgical_history.
_COMPATIBLE: dict[str, frozenset[str]] = {
    "present": frozenset({"present"}),
    "negated": frozenset({"negated"}),
    "suspected": frozenset({"suspected"}),
    "done": frozenset({"present", "done"}),
    "planned": frozenset({"planned"}),
}


@dataclass(frozen=True)
class Label:
    consultation_id: str
    subject: str
    kind: str
    items: tuple[str, ...]
    status: str
    note: str = field(default="", compare=False)  # the labeller's words, not the label


@dataclass(frozen=True)
class Listed:
    kind: str
    name: str
    status: str


def canonical(name: str) -> str:
    """One spelling per substance/procedure: the lexicon's canonical, else the key."""
    entry = lookup(name)
    return entry.canonical if entry is not None else key(name)


def read_ids(path: Path) -> set[str] | None:
    """First column of a TSV with a header, or None when the file does not exist yet."""
    if not path.exists():
        return None
    with path.open(encoding="utf-8", newline="") as handle:
        rows = csv.reader(handle, delimiter="\t")
        next(rows, None)
        return {row[0].strip() for row in rows if row and row[0].strip()}


def read_labels(path: Path) -> list[Label] | None:
    """The label rows of one part, or None when that part is not labelled yet."""
    if not path.exists():
        return None
    with path.open(encoding="utf-8", newline="") as handle:
        rows = csv.DictReader(handle, delimiter="\t")
        return [
            Label(
                consultation_id=row["consultation_id"].strip(),
                subject=row["subject"].strip(),
                kind=row["kind"].strip(),
                items=tuple(i.strip() for i in row["item"].split("|") if i.strip()),
                status=row["status"].strip(),
                note=(row.get("note") or "").strip(),
            )
            for row in rows
        ]


def matches(listed: Listed, label: Label, *, loose: bool = False) -> bool:
    """README rule: patient subject, same kind, same canonical item, compatible status.
    `loose` (a diagnostic, never the reported figure) also takes a name that holds a
    label's wording or is held by it (新买的洗衣液 / 洗衣液), to tell how much of the gap
    is naming rather than a false item."""
    if label.subject != "patient" or label.kind != listed.kind:
        return False
    if listed.status not in _COMPATIBLE.get(label.status, frozenset()):
        return False
    name = canonical(listed.name)
    if any(canonical(alias) == name or name in _named_in(alias) for alias in label.items):
        return True
    return loose and _holds(key(listed.name), [key(a) for a in label.items])


def _holds(name: str, aliases: list[str]) -> bool:
    return len(name) >= 2 and any(len(a) >= 2 and (a in name or name in a) for a in aliases)


def _named_in(alias: str) -> set[str]:
    """Entities a label's wording holds: "膝关节关节镜手术" names the arthroscopy."""
    return {m.entry.canonical for m in find_mentions(alias)}


def unnamed(label: Label) -> bool:
    """README: an operation or allergy the dialogue never names ("做过手术") is
    labelled with the note "unnamed" so that no system is asked to list it."""
    return label.note.strip().casefold().startswith("unnamed")


@dataclass(frozen=True)
class PartScore:
    right: int
    listed: int
    found: int
    labelled: int


def score(
    listed: dict[str, list[Listed]], labels: list[Label], done: set[str], *, loose: bool = False
) -> PartScore:
    """Precision (right/listed) and recall (found/labelled) over finished consultations.

    A finished consultation with no label row has no safety item, so anything
    listed for it counts as wrong (README: the list is fixed by the cue rule).
    """
    by_id: dict[str, list[Label]] = {}
    for label in labels:
        if label.consultation_id in done:
            by_id.setdefault(label.consultation_id, []).append(label)
    right = listed_n = found = labelled = 0
    for cid in done:
        items, gold = listed.get(cid, []), by_id.get(cid, [])
        patient_gold = [g for g in gold if g.subject == "patient" and not unnamed(g)]
        listed_n += len(items)
        right += sum(any(matches(i, g, loose=loose) for g in gold) for i in items)
        labelled += len(patient_gold)
        found += sum(any(matches(i, g, loose=loose) for i in items) for g in patient_gold)
    return PartScore(right, listed_n, found, labelled)
