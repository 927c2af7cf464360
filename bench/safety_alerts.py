"""Safety rows and conflict alerts on the eval histories, tune vs check (issue 29, items 4-5).

    .venv/bin/python bench/safety_alerts.py [--histories 40]

Builds the histories of `medgraph eval` in a scratch database (created and
dropped) through the real pipeline, then counts per part, aggregates only:

- safety facts of the patients and the rows the profile lists them in
  (memory.queries.safety: one per substance / procedure);
- alerts as listed today (memory.queries.conflicts.conflicts_for), beside the
  alerts the previous rule raised (every present allergy / contraindication
  fact against every active, dose-changed or planned medication record, class
  words on either side included), with what the new rule leaves out: a class
  word as the allergy or as the drug, a planned drug, a repeat of one row.
An alert is judged right (issue 29's conflict-alert precision) when its allergy
or contraindication is true, i.e. the history's safety gold (the notes' allergy
items, memory.evaluation.histories) names its substance, and its drug is a
specific drug (not a class) that a note of the patient's own sessions names.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout
os.environ.setdefault("MEDGRAPH_EMBEDDED_DB", "bench_safety")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "medgraph_web.settings")
os.environ.setdefault("SECRET_KEY", "bench-only-" + "x" * 40)

import django

django.setup()

from django.db import connection  # noqa: E402

from memory.domain.anchors import anchor  # noqa: E402
from memory.domain.drug_safety import (  # noqa: E402
    CROSS_REACTIVE_CLASSES,
    SafetyRecord,
    match_record,
)
from memory.evaluation import gold as g  # noqa: E402
from memory.evaluation.histories import History  # noqa: E402
from memory.evaluation.splits import PARTS  # noqa: E402
from memory.lexicon.classes import ancestry  # noqa: E402
from memory.models import Chain, Fact, Patient, Person  # noqa: E402
from memory.queries.chains import members_of  # noqa: E402
from memory.queries.conflicts import Conflict, conflicts_for, substance_of  # noqa: E402
from memory.queries.safety import fact_rows, is_drug_class  # noqa: E402

PREVIOUS_IN_USE = ("active", "dose_changed", "planned")


def _previous_alerts(patient: Patient) -> list[tuple[Fact, Fact]]:
    """(medication, safety) pairs the rule before issue 29 raised."""
    safety = Fact.objects.in_force().filter(
        patient=patient, subject__kind=Person.Kind.PATIENT, fact_type="safety",
        safety_kind__in=("allergy", "contraindication"), assertion="present",
    ).select_related("entity")  # fmt: skip
    chains = Chain.objects.filter(
        patient=patient, subject__kind=Person.Kind.PATIENT, fact_type="medication_status"
    ).values("pk")
    current = [
        found.member.fact_id
        for members in members_of(chains).values()
        if (found := anchor(members)).member is not None and found.member.status in PREVIOUS_IN_USE
    ]
    meds = Fact.objects.in_force().filter(pk__in=current, assertion="present")
    out = []
    for med in meds.select_related("entity"):
        drug = med.entity.name if med.entity else ""
        for fact in safety:
            name = substance_of(fact)
            record = SafetyRecord(fact.pk, fact.safety_kind, name)
            if name and match_record(drug, record, ancestry) is not None:
                out.append((med, fact))
    return out


def _on_class_word(conflict: Conflict) -> bool:
    """The allergy is a broad class word, or the drug is a class word."""
    substance = substance_of(conflict.safety)
    broad = is_drug_class(substance) and substance.casefold() not in CROSS_REACTIVE_CLASSES
    entity = conflict.medication.entity
    return broad or (entity is not None and entity.kind == "drug_class")


def _gold_allergens(hist: History) -> list[g.GoldItem]:
    return [
        item
        for q in hist.questions
        if q.kind == "safety" and q.safety_kind == "allergy"
        for item in q.gold
    ]


def _patient_drugs(hist: History) -> frozenset[str]:
    notes = " ".join(s.note for s in hist.sessions if s.subject == "patient")
    return g.entities_in(notes)


def alert_is_right(conflict: Conflict, hist: History) -> bool:
    """True allergy (the notes say it) against a specific drug the patient takes."""
    entity = conflict.medication.entity
    if entity is None or entity.kind != "drug" or entity.name not in _patient_drugs(hist):
        return False
    said = g.judge(f"{substance_of(conflict.safety)} {conflict.safety.content}")
    return any(said.contains(item) for item in _gold_allergens(hist))


def _count(patient: Patient, tally: Counter, hist: History) -> None:
    own = Fact.objects.filter(patient=patient, subject__kind=Person.Kind.PATIENT)
    facts = list(own.filter(fact_type="safety").select_related("entity", "session"))
    tally["safety facts"] += len(facts)
    tally["safety rows"] += len(fact_rows(facts))
    alerts = conflicts_for(patient)
    tally["alerts now"] += len(alerts)
    tally["alerts now on a broad class word"] += sum(_on_class_word(c) for c in alerts)
    tally["alerts now that are right"] += sum(alert_is_right(c, hist) for c in alerts)
    tally["distinct (row, drug) pairs now"] += len({(c.safety.pk, c.medication.pk) for c in alerts})
    previous = _previous_alerts(patient)
    tally["alerts before"] += len(previous)
    tally["  before: allergy is a class word"] += sum(
        is_drug_class(substance_of(s)) for _, s in previous
    )
    tally["  before: drug is a class word"] += sum(
        m.entity is not None and m.entity.kind == "drug_class" for m, _ in previous
    )
    tally["  before: drug only planned"] += sum(m.status == "planned" for m, _ in previous)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--histories", type=int, default=40)
    parser.add_argument("--show", action="store_true", help="print the tune part's alerts")
    opts = parser.parse_args()
    from memory.evaluation.histories import build_histories
    from memory.evaluation.runner import build_memory

    test = connection.settings_dict.setdefault("TEST", {})
    test["NAME"] = "bench_safety_alerts"
    old = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        tallies = {part: Counter() for part in PARTS}
        for hist in build_histories(opts.histories):
            built = build_memory(hist)
            tallies[hist.part]["histories"] += 1
            _count(built.patient, tallies[hist.part], hist)
            if opts.show and hist.part == PARTS[0]:  # never a check record
                for c in conflicts_for(built.patient):
                    mark = "right" if alert_is_right(c, hist) else "WRONG"
                    print(f"TUNE {mark} {hist.patient_id}: {c.path} | {c.safety.content[:60]!r}")
    finally:
        connection.creation.destroy_test_db(old, verbosity=0)
    keys = list(dict.fromkeys(k for t in tallies.values() for k in t))
    print(f"{'':40s} " + " ".join(f"{p:>8s}" for p in PARTS))
    for key in keys:
        print(f"{key:40s} " + " ".join(f"{tallies[p][key]:8d}" for p in PARTS))


if __name__ == "__main__":
    main()
