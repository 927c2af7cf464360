"""Rendering of the L3 profile and the evidence lines the reader gets (docs/design.md §5, §6.8).

Pure and deterministic: the same ProfileData / evidence items always give the
same text. The profile goes first; safety facts are printed in full, outside
the ~1,600-character budget that diagnoses, medications and preferences share
(paper Appendix C). Evidence lines are numbered [E1].. so answers can cite them.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from memory.domain.evidence import EvidenceItem, FactView, ProfileData
from memory.domain.pending import caveat_lines, qualify
from memory.domain.safety_rows import SafetyRow
from memory.domain.stated import VALUED_TYPES, stated_quantity

PROFILE_BUDGET = 1600
_TYPE_LABEL = {
    "medication_status": "medication",
    "condition": "condition",
    "lab_result": "lab",
    "vital": "vital",
    "symptom": "symptom",
    "safety": "safety",
    "preference": "preference",
    "event": "event",
}


def iso(value: date | None) -> str:
    return value.isoformat() if value else "undated"


def verification_mark(fact: FactView) -> str:
    """Refuted / entered-in-error records stay visible, labelled, with the reason."""
    if fact.verification == "refuted":
        return "REFUTED by clinician" + (
            f": {fact.verification_reason}" if fact.verification_reason else ""
        )
    if fact.verification == "entered_in_error":
        reason = f": {fact.verification_reason}" if fact.verification_reason else ""
        return "ENTERED IN ERROR" + reason
    return ""


CORRECTED = "corrected by a clinician"


def fact_marks(fact: FactView) -> list[str]:
    """Marks every rendering of a fact carries, whatever its role."""
    marks = []
    if fact.assertion == "negated":
        marks.append("NEGATIVE finding (denied/absent)")
    elif fact.assertion in ("hypothetical", "historical"):
        marks.append(fact.assertion)
    if mark := verification_mark(fact):
        marks.append(mark)
    if fact.corrected:
        marks.append(CORRECTED)  # the value may differ from the quote: a clinician edited it
    if fact.order_note:
        marks.append(fact.order_note)  # "reported late: ..." (docs/design.md §8)
    if fact.mention_count > 1:
        marks.append(f"mentioned {fact.mention_count}x, last {iso(fact.last_mentioned)}")
    return marks


def fact_line(fact: FactView, extra: Sequence[str] = ()) -> str:
    """One line per fact: date, type, item, status, content, marks, source session."""
    kind = fact.safety_kind or _TYPE_LABEL.get(fact.fact_type, fact.fact_type)
    head = f"{iso(fact.date)} {kind}"
    if fact.entity:
        head += f" {fact.entity}"
    if fact.status:
        head += f" ({fact.status})"
    head += _stated(fact)
    if fact.subject != "patient":
        head += f" <subject {fact.subject}>"
    marks = [*extra, *fact_marks(fact)]
    tail = f" [{'; '.join(marks)}]" if marks else ""
    return f"{head}: {fact.content}{tail} (session {fact.session_id})"


def _stated(fact: FactView) -> str:
    """ " 500 mg twice daily": the dose or reading the record states (its slots, a
    clinician's correction included), so a reader never takes the number from a
    quote the clinician has since corrected."""
    if fact.fact_type not in VALUED_TYPES:
        return ""
    number, unit = stated_quantity(fact)
    slots = fact.slots or {}
    words = [number, unit, slots.get("frequency"), slots.get("route")] if number else []
    return "".join(f" {w}" for w in words if w)


def row_marks(row: SafetyRow[FactView]) -> list[str]:
    """What the row adds to its latest statement: how often, how lately, where, disputes."""
    marks = []
    if len(row.kinds) > 1:
        marks.append("recorded as " + " and ".join(row.kinds))
    if row.is_conflicting:
        marks.append(f"CONFLICTING: stated present, denied {iso(row.denied_on)}; unresolved")
    if row.mention_count > 1:
        where = ", ".join(row.sessions)
        marks.append(f"said {row.mention_count}x, latest {iso(row.latest)}, sessions {where}")
    return marks


def safety_row_lines(row: SafetyRow[FactView]) -> list[str]:
    """The row's latest statement, then each earlier one indented: none is dropped."""
    head = f"- {fact_line(row.latest_item, row_marks(row))}"
    earlier = [f"    · {fact_line(f)}" for f in row.items if f is not row.latest_item]
    return [head, *earlier]


def _safety_lines(data: ProfileData) -> list[str]:
    if data.safety_rows:
        return [line for row in data.safety_rows for line in safety_row_lines(row)]
    return [f"- {fact_line(f)}" for f in data.safety] or [qualify("- none recorded", data)]


def _budgeted(sections: list[tuple[str, list[str]]], budget: int) -> tuple[list[str], int]:
    """Keep section lines in priority order while the shared budget lasts."""
    used, kept, dropped = 0, {title: [] for title, _ in sections}, 0
    for title, lines in sections:
        for line in lines:
            cost = len(line) + 1
            if used + cost > budget:
                dropped += 1
                continue
            used += cost
            kept[title].append(line)
    return [line for title, _ in sections for line in kept[title]], dropped


def _section(title: str, lines: list[str]) -> list[str]:
    return [title, *lines] if lines else []


def profile_text(data: ProfileData, budget: int = PROFILE_BUDGET) -> str:
    """The patient profile: cutoff, every safety fact (untrimmed), then budgeted sections."""
    head = f"Memory cutoff: latest session {iso(data.cutoff)}"
    if data.at:
        head += f" (records read as of {iso(data.at)})"
    safety = _safety_lines(data)
    priority = [  # clinically most urgent first when the budget runs out
        ("Active / planned medications:", [f"- {fact_line(f, m)}" for f, m in data.active_meds]),
        ("Diagnoses:", [f"- {fact_line(f, m)}" for f, m in data.diagnoses]),
        ("Stopped medications:", [f"- {fact_line(f, m)}" for f, m in data.stopped_meds]),
        ("Key preferences:", [f"- {fact_line(f)}" for f in data.preferences]),
    ]
    kept, dropped = _budgeted(priority, budget)
    keep = set(kept)
    out = [head, *caveat_lines(data)]
    out.append(
        "SAFETY (every recorded allergy, contraindication, interaction, surgery; "
        "one row per substance / procedure, earlier statements indented):"
    )
    out += safety
    for title in ("Diagnoses:", "Active / planned medications:", "Stopped medications:",
                  "Key preferences:"):  # fmt: skip
        lines = next(lines for t, lines in priority if t == title)
        out += _section(title, [line for line in lines if line in keep])
    if dropped:
        out.append(f"({dropped} more profile line(s) left out: {budget}-character budget)")
    out += list(data.notes)
    return "\n".join(out)


def window_text(item: EvidenceItem) -> str:
    where = f"session {item.session_id} ({iso(item.session_date)})"
    label = "source dialogue" if item.role == "source" else "raw dialogue (fallback)"
    body = "\n".join(f"    {line}" for line in item.text.splitlines())
    return f"{label}, {where}:\n{body}"


def evidence_line(item: EvidenceItem) -> str:
    if item.fact is None:
        return window_text(item)
    return fact_line(item.fact, (item.role, *item.marks))


def evidence_text(items: Sequence[EvidenceItem]) -> str:
    """Numbered evidence lines [E1].. in the given (deterministic) order."""
    return "\n".join(f"[E{i}] {evidence_line(item)}" for i, item in enumerate(items, start=1))
