"""Extraction precision/recall per fact type and attribution, against the notes.

Computed on the facts the pipeline actually stored for each history (so it is
the offline extractor plus entity resolution, as used by MedGraph):
* medication_status — gold: the current-question drugs of the core note
  (said in the dialogue); precision: extracted patient drugs of the core
  session that the note names anywhere.
* condition — gold: the history-question conditions; precision: extracted
  patient conditions of the core session that the note names anywhere.
* safety/allergy and safety/surgical_history — gold: the safety-question items
  of the session that carries them; precision: present facts of that kind in
  that session that match a gold item.
* attribution — among facts of sessions about someone else whose entity is a
  relative's (mixed: from the note; relative sessions: any entity), the share
  stored under a person other than the patient, by kind of session (a
  caregiver's own first-person statement stored under the patient is right:
  gold.caregiver_own);
* clean sessions — among sessions about a relative, the share with no fact
  stored under the patient.
"""

from __future__ import annotations

from collections import defaultdict

from memory.evaluation import gold as g
from memory.evaluation.history_types import History
from memory.models import Fact


def _facts_by_session(patient_pk: int) -> dict[str, list[Fact]]:
    out: dict[str, list[Fact]] = defaultdict(list)
    qs = Fact.objects.filter(patient_id=patient_pk).select_related("entity", "subject", "session")
    for f in qs:
        out[f.session.external_id].append(f)
    return out


def _canon(f: Fact) -> str:
    return g.canonical(f.entity.name) if f.entity_id else ""


def extraction_counts(hist: History, patient_pk: int) -> dict:
    """Counters: {type: {tp, gold, pred_ok, pred}} and attribution {source: [ok, total]}."""
    facts = _facts_by_session(patient_pk)
    notes = {s.external_id: s.note for s in hist.sessions}
    counts: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for q in hist.questions:
        own = [f for f in facts.get(q.gold_session, []) if f.subject.key == "patient"]
        note = notes.get(q.gold_session, "")
        if q.kind == "current":
            _score(counts["medication_status"], q.gold, own, "medication_status", note)
        elif q.kind == "history":
            _score(counts["condition"], q.gold, own, "condition", note)
        elif q.kind == "safety":
            kind = q.safety_kind
            # A planned operation is no history (status planned): not a prediction.
            pred = [f for f in own if f.fact_type == "safety" and f.safety_kind == kind
                    and f.assertion == "present" and f.status != "planned"]  # fmt: skip
            c = counts[f"safety/{kind}"]
            c["gold"] += len(q.gold)
            c["tp"] += sum(any(_matches(f, i) for f in pred) for i in q.gold)
            c["pred"] += len(pred)
            c["pred_ok"] += sum(any(_matches(f, i) for i in q.gold) for f in pred)
    attribution: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    clean: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for s in hist.sessions:
        if s.subject not in ("mixed", "relative"):
            continue
        source = source_kind(s.external_id, s.subject)
        kept = [
            f
            for f in facts.get(s.external_id, [])
            if f.entity_id and (s.subject != "mixed" or _canon(f) in s.relative_items)
        ]
        # A caregiver's own first-person statement is the patient's (gold.caregiver_own).
        ok = [f.subject.key != "patient" or _own(f, s.subject) for f in kept]
        attribution[source][0] += sum(ok)
        attribution[source][1] += len(ok)
        if s.subject == "relative" and any(g.manages_for_relative(t.text) for t in s.turns):
            attribution[MANAGED][0] += sum(ok)
            attribution[MANAGED][1] += len(ok)
        if s.subject == "relative":
            clean[source][0] += all(ok)
            clean[source][1] += 1
    return {
        "types": {k: dict(v) for k, v in counts.items()},
        "attribution": dict(attribution),
        "clean_sessions": dict(clean),
    }


def _own(f: Fact, session_subject: str) -> bool:
    return session_subject == "relative" and g.caregiver_own(f.content)


# Caregiver sessions (any kind) where the caregiver manages the relative's medicines
# or readings in the first person (gold.manages_for_relative): issue 29's target row.
MANAGED = "caregiver sessions with first-person management"
_KINDS = (
    ("care-named-", "English caregiver, named once"),
    ("care-follow-up-", "English caregiver, follow-up never named"),
    ("cmt-", "CMtMedQA caregiver"),
)


def source_kind(external_id: str, subject: str) -> str:
    """The kind of someone else's session, for the attribution rows."""
    if subject == "mixed":
        return "MTS-Dialog family history"
    for prefix, name in _KINDS:
        if external_id.startswith(prefix):
            return name
    return "MTS-Dialog relative answering"


def _matches(f: Fact, item: g.GoldItem) -> bool:
    if item.canonical and _canon(f) == item.canonical:
        return True
    return g.judge(f"{f.entity.name if f.entity_id else ''} {f.content}").contains(item)


def _score(
    c: dict[str, int],
    gold_items: tuple[g.GoldItem, ...],
    own: list[Fact],
    fact_type: str,
    note: str,
) -> None:
    pred = {_canon(f) for f in own if f.fact_type == fact_type and f.entity_id}
    gold_names = {i.canonical or i.text.casefold() for i in gold_items}
    note_entities = g.entities_in(note) | g.drug_names(note)
    c["gold"] += len(gold_names)
    c["tp"] += len(gold_names & pred)
    c["pred"] += len(pred)
    c["pred_ok"] += len(pred & (note_entities | gold_names))


def merge_counts(parts: list[dict]) -> dict:
    types: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    attribution: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    clean: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for p in parts:
        for t, c in p["types"].items():
            for k, v in c.items():
                types[t][k] += v
        for into, key in ((attribution, "attribution"), (clean, "clean_sessions")):
            for src, (ok, n) in p.get(key, {}).items():
                into[src][0] += ok
                into[src][1] += n
    return {
        "types": {
            t: {**c, "recall": _div(c["tp"], c["gold"]), "precision": _div(c["pred_ok"], c["pred"])}
            for t, c in types.items()
        },
        "attribution": _ratios(attribution),
        "clean_sessions": _ratios(clean),
    }


def _ratios(counts: dict[str, list[int]]) -> dict[str, dict]:
    out = {s: {"ok": ok, "total": n, "value": _div(ok, n)} for s, (ok, n) in counts.items()}
    kinds = [v for s, v in counts.items() if s != MANAGED]  # MANAGED overlaps the kinds
    ok = sum(ok for ok, _ in kinds)
    n = sum(n for _, n in kinds)
    if counts:
        out["all"] = {"ok": ok, "total": n, "value": _div(ok, n)}
    return out


def _div(a: int, b: int) -> float | None:
    return a / b if b else None
