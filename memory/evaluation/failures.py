"""Why an answer missed: a diagnostic over the facts the memory actually holds.

For every value question answered wrongly and every list item left out, the
patient's stored facts (all subjects, all types) tell where the gold was lost:

value questions
* item not extracted — no patient fact about the asked item at all;
* value not extracted — facts about the item, none with the gold number;
* someone else's — the number is stored only under another subject;
* reader chose another record — a patient fact has the number, the answer's
  first line states another one (or none); split by whether the record the
  answer dates is newer, of the same day or older than the one with the number;
* unit missing — the first line has the number, not the dose's unit.
list items
* not extracted — no fact names the item;
* someone else's — no patient fact names it, a fact of another subject drawn
  from the gold session (the patient's own visit) does: misattributed, or
  only a relative's mention of it in that visit was extracted;
* stored as another type — the patient's facts name it, none of the type the
  list reads: a symptom (a condition kept as one), a safety fact (a drug kept
  as an allergy), or another type;
* not listed — a patient fact of the right type exists, the answer leaves it
  out; split by what the records say: only planned, stopped, denied or
  possible, a class word, or in force (a reader miss).

Pure: it takes FactViews and the answer text. Counts of these kinds are all the
report shows of the check part (memory/evaluation/splits.py).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date

from memory.domain.evidence import FactView
from memory.evaluation import gold as g
from memory.evaluation.notes import canonical
from memory.lexicon import lookup

_OTHER = "reader chose another record"
VALUE_KINDS = (
    "item not extracted",
    "value not extracted",
    "someone else's",
    f"{_OTHER}: a newer one",
    f"{_OTHER}: of the same day",
    f"{_OTHER}: an older one",
    f"{_OTHER}: none stated",
    "unit missing",
)
_UNLISTED = "not listed"
LIST_KINDS = (
    "not extracted",
    "someone else's",
    "stored as another type: symptom",
    "stored as another type: safety",
    "stored as another type: other",
    f"{_UNLISTED}: planned only",
    f"{_UNLISTED}: stopped",
    f"{_UNLISTED}: denied or possible",
    f"{_UNLISTED}: a class word",
    f"{_UNLISTED}: in force",
)
_NUMBER = re.compile(r"\d+(?:\.\d+)?")
_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


def about_item(fact: FactView, item: g.GoldItem) -> bool:
    """The fact's entity is the item (lexicon canonical, else all its words)."""
    if not fact.entity:
        return False
    if item.canonical and canonical(fact.entity) == item.canonical:
        return True
    return g.judge(fact.entity).contains(item)


def _numbers(fact: FactView) -> set[str]:
    """The numbers a fact stores, normalised ("25.0" -> "25"); "128/72" for a reading."""
    slots = fact.slots or {}
    raw = [fact.value, *(str(v) for v in slots.values() if isinstance(v, int | float | str))]
    out = {_norm(n) for text in raw for n in _NUMBER.findall(str(text))}
    sys_, dia = slots.get("systolic"), slots.get("diastolic")
    if sys_ not in (None, "") and dia not in (None, ""):
        out.add(f"{_norm(str(sys_))}/{_norm(str(dia))}")
    if "/" in fact.value:
        out.add("/".join(_norm(p) for p in fact.value.split("/") if p.strip()))
    return out


def _norm(number: str) -> str:
    try:
        value = float(number)
    except ValueError:
        return number.strip()
    return f"{value:g}"


def value_failure(item: g.GoldItem, number: str, first_line: str, facts: Sequence[FactView]) -> str:
    """The kind of a wrong value answer (VALUE_KINDS)."""
    wanted = "/".join(_norm(p) for p in number.split("/"))
    about = [f for f in facts if about_item(f, item)]
    holding = [f for f in about if wanted in _numbers(f)]
    mine = [f for f in holding if f.subject == "patient"]
    if mine:
        said = {_norm(n) for n in _NUMBER.findall(_DAY.sub(" ", first_line))}
        return "unit missing" if wanted.split("/")[0] in said else _other(first_line, mine)
    if holding:
        return "someone else's"
    if any(f.subject == "patient" for f in about):
        return "value not extracted"
    return "item not extracted"


def _other(first_line: str, holding: Sequence[FactView]) -> str:
    """Whether the record the answer states is newer, as new or older than the gold's."""
    days = _DAY.findall(first_line)
    gold_day = max((f.date.isoformat() for f in holding if f.date), default="")
    if not days or not gold_day:
        return f"{_OTHER}: none stated"
    stated = max(days)
    if stated == gold_day:
        return f"{_OTHER}: of the same day"
    return f"{_OTHER}: a newer one" if stated > gold_day else f"{_OTHER}: an older one"


def list_failure(
    item: g.GoldItem, fact_types: Sequence[str], facts: Sequence[FactView], session: str = ""
) -> str:
    """The kind of a list item the answer left out (LIST_KINDS); `session`: the external
    id of the gold session."""
    about = [f for f in facts if about_item(f, item)]
    mine = [f for f in about if f.subject == "patient"]
    if not mine:
        theirs = [f for f in about if f.session_id == session]
        return "someone else's" if theirs else "not extracted"
    typed = [f for f in mine if f.fact_type in fact_types]
    if not typed:
        stored = {f.fact_type for f in mine}
        kind = next((t for t in ("symptom", "safety") if t in stored), "other")
        return f"stored as another type: {kind}"
    return _unlisted(typed)


def _unlisted(typed: Sequence[FactView]) -> str:
    relied = [f for f in typed if f.assertion == "present" and not f.excluded]
    if not relied:
        return f"{_UNLISTED}: denied or possible"
    if all(f.status == "planned" for f in relied):
        return f"{_UNLISTED}: planned only"
    latest = max(relied, key=lambda f: (f.date or date.min, f.fact_id))
    if latest.status == "stopped":
        return f"{_UNLISTED}: stopped"
    entry = lookup(latest.entity)
    if entry is not None and entry.kind == "drug_class":
        return f"{_UNLISTED}: a class word"
    return f"{_UNLISTED}: in force"
