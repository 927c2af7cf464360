"""Chinese safety-item precision against hand labels, tune vs check (issue 29, item 1).

    .venv/bin/python bench/zh_safety_precision.py [--show-tune]

Every consultation listed in bench/labels/zh_safety/consultations.tsv that a
labeller finished (done.tsv) is imported as one session of its own patient, in
a scratch database (created and dropped), and constructed through the real
pipeline (offline extractor unless an LLM is configured). The safety rows the
profile lists for the patient (memory.queries.safety.fact_rows: one row per
substance / procedure, the rows the pages, the reader and FHIR show) are scored
against the labels as bench/labels/zh_safety/README.md says:

- precision = rows matching a patient label of the same consultation / rows listed;
- recall = patient labels matched / patient labels.

Only aggregates are printed for the check part; `--show-tune` lists the tune
part's wrong and missed items to write rules from; `--diagnose` counts, per part,
why items are wrong or missed (categories only, never a record).
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections import Counter
from collections.abc import Iterable
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout
os.environ.setdefault("MEDGRAPH_EMBEDDED_DB", "bench_zh_safety")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "medgraph_web.settings")
os.environ.setdefault("SECRET_KEY", "bench-only-" + "x" * 40)

import django

django.setup()

from django.db import connection  # noqa: E402

from memory.domain.safety_rows import SafetyRow  # noqa: E402
from memory.evaluation.splits import PARTS, TUNE  # noqa: E402
from memory.evaluation.zh_safety_labels import (  # noqa: E402
    Label,
    Listed,
    PartScore,
    canonical,
    matches,
    read_ids,
    read_labels,
    score,
)
from memory.lexicon import class_members, is_class_name, lookup  # noqa: E402
from memory.models import Fact, Patient, Person  # noqa: E402
from memory.queries.safety import fact_rows  # noqa: E402

_DAY = date(2024, 3, 1)  # one dated visit; the date plays no part in the score
LABELS = Path(__file__).resolve().parent / "labels" / "zh_safety"
# An interaction ("not with your warfarin") is a contraindication of the drug for
# this patient: the labels have the one kind for both.
_LABEL_KIND = {"interaction": "contraindication"}
# The row state a clinician reads, as the label's status vocabulary.
_ROW_STATUS = {
    "present": "present",
    "conflicting": "present",
    "historical": "present",
    "hypothetical": "suspected",
    "denied": "negated",
}


# README: a denial of every allergy ("没有过敏史") is labelled with this item; the
# profile lists such a statement under its own words, as it names no substance.
ANY_ALLERGEN = "allergens"


def _item_name(row: SafetyRow[Fact]) -> str:
    if row.state == "denied" and all(f.entity_id is None for f in row.items):
        return ANY_ALLERGEN
    return row.name


def listed_items(rows: Iterable[SafetyRow[Fact]]) -> list[Listed]:
    """What the profile shows, one item per row and kind (interaction read as
    contraindication); a row a clinician excluded is not shown as a finding."""
    out: list[Listed] = []
    for row in rows:
        if row.is_excluded:
            continue
        kinds = dict.fromkeys(_LABEL_KIND.get(k, k) for k in row.kinds)
        for kind in kinds:
            status = _ROW_STATUS.get(row.state, row.state)
            if kind == "surgical_history":
                status = "planned" if row.latest_item.status == "planned" else "present"
            out.append(Listed(kind=kind, name=_item_name(row), status=status))
    return out


def _patient_items(patient: Patient) -> list[Listed]:
    own = Fact.objects.filter(
        patient=patient, subject__kind=Person.Kind.PATIENT, fact_type="safety"
    ).select_related("entity", "session")
    return listed_items(fact_rows(list(own)))


def _build(cid: str, turns: tuple) -> Patient:
    from memory.evaluation.histories import History, HistorySession
    from memory.evaluation.runner import build_memory

    hist = History(patient_id=f"zh-{cid}", name=f"zh-{cid}")
    hist.sessions.append(HistorySession(external_id=cid, subject="patient", turns=turns, day=_DAY))
    return build_memory(hist).patient


def _consultations(wanted: set[str]) -> dict[str, tuple]:
    from memory.evaluation.sources import cmt_consultations

    return {c.consult_id: (c.part, c.turns) for c in cmt_consultations() if c.consult_id in wanted}


def _show(cid: str, items: list[Listed], gold: list[Label]) -> None:
    for item in items:
        if not any(matches(item, g) for g in gold):
            print(f"TUNE WRONG  {cid}: {item.kind} {item.name!r} {item.status}")
    for g in gold:
        if g.subject == "patient" and not any(matches(i, g) for i in items):
            print(f"TUNE MISSED {cid}: {g.kind} {'|'.join(g.items)} {g.status}")


def why_wrong(item: Listed, gold: list[Label]) -> str:
    """The nearest label a wrong item misses, as a category (aggregates only)."""
    name = canonical(item.name)
    same = [g for g in gold if g.kind == item.kind and any(canonical(a) == name for a in g.items)]
    if any(g.subject == "patient" for g in same):
        return "right item, other status"
    if same:
        return "a relative's or another's item"
    kin = [g for g in gold if g.kind == item.kind and g.subject == "patient"]
    if kin:
        return "other name than the labelled item(s): " + name_relation(item.name, kin)
    return "nothing of its kind labelled"


def name_relation(name: str, labels: list[Label]) -> str:
    """How a listed name and the labelled names of its kind relate (a category):
    a scorer that cannot normalise a label differs from an extractor that names
    a class, or a word the lexicon does not hold, or another substance."""
    listed = lookup(name)
    aliases = [a for g in labels for a in g.items]
    known = [lookup(a) for a in aliases]
    if any(name in a or a in name for a in aliases):
        return "one name holds the other"
    if listed is None:
        return "listed name not in the lexicon"
    if all(k is None for k in known):
        return "labelled names not in the lexicon"
    if is_class_name(listed.canonical):
        return "listed a class word"
    for k in known:
        if k is not None and (
            listed.canonical in class_members(k.canonical)
            or k.canonical in class_members(listed.canonical)
        ):
            return "class and member"
    return "another lexicon entry"


def why_missed(label: Label, items: list[Listed]) -> str:
    names = {canonical(a) for a in label.items}
    if any(canonical(i.name) in names for i in items):
        return "listed under another kind or status"
    kin = [i for i in items if i.kind == label.kind]
    if kin:
        return "its kind listed under another name: " + ", ".join(
            sorted({name_relation(i.name, [label]) for i in kin})
        )
    return "nothing of its kind listed"


def _diagnose(listed: dict[str, list[Listed]], labels: list[Label], done: set[str]) -> Counter:
    tally: Counter = Counter()
    for cid in done:
        items, gold = listed.get(cid, []), [g for g in labels if g.consultation_id == cid]
        for item in items:
            if not any(matches(item, g) for g in gold):
                tally[f"wrong {item.kind}/{item.status}: {why_wrong(item, gold)}"] += 1
        for g in gold:
            if g.subject == "patient" and not any(matches(i, g) for i in items):
                tally[f"missed {g.kind}/{g.status}: {why_missed(g, items)}"] += 1
    return tally


def _pct(hit: int, total: int) -> str:
    return f"{100 * hit / total:5.1f}% ({hit}/{total})" if total else "   n/a (0/0)"


def run(
    show_tune: bool, diagnose: bool, labels_dir: Path = LABELS, load=None
) -> dict[str, PartScore | None]:
    """Scores per part; `load` maps the wanted ids to (part, turns) (CMtMedQA here)."""
    done = read_ids(labels_dir / "done.tsv") or set()
    sources = (load or _consultations)(done)
    labels = {part: read_labels(labels_dir / f"{part}.tsv") for part in PARTS}
    listed: dict[str, dict[str, list[Listed]]] = {part: {} for part in PARTS}
    for cid, (part, turns) in sorted(sources.items()):
        listed[part][cid] = _patient_items(_build(cid, turns))
        if show_tune and part == TUNE:
            gold = [g for g in labels[part] or [] if g.consultation_id == cid]
            _show(cid, listed[part][cid], gold)
    if diagnose:
        for part in PARTS:
            if labels[part] is not None:
                for key, n in sorted(_diagnose(listed[part], labels[part], done).items()):
                    print(f"{part:6s} {n:4d}  {key}")
    finished = {part: {c for c in done if sources.get(c, ("",))[0] == part} for part in PARTS}
    return {
        (part, loose): None
        if labels[part] is None
        else score(listed[part], labels[part], finished[part], loose=loose)
        for part in PARTS
        for loose in (False, True)
    }


def main(labels_dir: Path = LABELS, load=None, title: str = "Chinese safety items") -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--show-tune", action="store_true")
    parser.add_argument("--diagnose", action="store_true", help="why items are wrong, counts")
    opts = parser.parse_args()
    logging.disable(logging.INFO)  # the pipeline's per-session log lines
    test = connection.settings_dict.setdefault("TEST", {})
    test["NAME"] = "bench_zh_safety_precision"
    old = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        scores = run(opts.show_tune, opts.diagnose, labels_dir, load)
    finally:
        connection.creation.destroy_test_db(old, verbosity=0)
    print(f"{title + ' (labelled)':34s} " + " ".join(f"{p:>20s}" for p in PARTS))
    rows = (
        ("precision (right / listed)", False, lambda s: _pct(s.right, s.listed)),
        ("recall (found / labelled)", False, lambda s: _pct(s.found, s.labelled)),
        # A diagnostic, not the figure: how much of the gap is a name that holds the
        # labelled wording (or is held by it) rather than a false item.
        ("  precision, names held count", True, lambda s: _pct(s.right, s.listed)),
        ("  recall, names held count", True, lambda s: _pct(s.found, s.labelled)),
    )
    for name, loose, cell in rows:
        found = [scores[(p, loose)] for p in PARTS]
        values = [cell(s) if s is not None else "not labelled" for s in found]
        print(f"{name:34s} " + " ".join(f"{v:>20s}" for v in values))


if __name__ == "__main__":
    main()
