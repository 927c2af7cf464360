"""After each kind of correction, every read path shows the corrected state.

One table: corrections (rows) x read paths (tests/corrections/read_paths.py). Each
cell names the words the path must show after the correction (absent before it)
and the words it must no longer show (present before it). A path missing from a
row never shows that part of a fact (the profile lists no lab readings, the
trend plot no doses); a new read path or a new correction joins the table.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from memory.actions.corrections import do_correct_fact
from memory.models import Fact
from tests.api.conftest import client_for
from tests.corrections.graph import build_patient
from tests.corrections.read_paths import READ_PATHS, Reading

pytestmark = pytest.mark.django_db

DOSE_Q = "What dose of metformin does she take?"
LAB_Q = "What was her last total cholesterol?"
BP_Q = "What was her blood pressure?"
HTML = ("overview", "fact card", "timeline", "chain")
ASK = ("ask answer", "ask evidence")


@dataclass(frozen=True)
class Correction:
    name: str
    entity: str
    kind: str
    data: dict
    question: str
    # read path -> (shown after, not before; shown before, not after); None: no check
    cells: dict[str, tuple[str | None, str | None]] = field(default_factory=dict)
    latest: bool = True  # correct the item's latest record (else its first)


def cells(paths: tuple[str, ...], new: str | None, old: str | None) -> dict:
    return {p: (new, old) for p in paths}


CORRECTIONS = [
    Correction(
        "dose value", "metformin", "edit", {"changes": {"value": "500"}}, DOSE_Q,
        {**cells(HTML + ASK + ("api fact", "api profile", "fhir"), "500 mg", "79 mg")},
    ),
    Correction(
        "lab value", "total cholesterol", "edit", {"changes": {"value": "5.6"}}, LAB_Q,
        {**cells(HTML + ASK + ("trend plot", "api fact", "fhir"), "5.6 mmol/l", "4.1 mmol/l")},
    ),
    Correction(
        "blood pressure", "blood pressure", "edit",
        {"changes": {"systolic": "132", "diastolic": "84"}}, BP_Q,
        {**cells(HTML + ASK + ("trend plot",), "132/84", "142/88"),
         "api fact": ("132/84 mmhg", "142/88 mmhg"), "fhir": ("132 mmhg", "142 mmhg")},
    ),
    Correction(
        "unit", "total cholesterol", "edit", {"changes": {"unit": "mg/dL"}}, LAB_Q,
        {**cells(HTML + ASK + ("trend plot", "api fact", "fhir"), "4.1 mg/dl", "4.1 mmol/l")},
    ),
    Correction(
        "frequency", "metformin", "edit", {"changes": {"frequency": "three times daily"}},
        DOSE_Q,
        {**cells(("overview", "fact card", *ASK, "api fact", "api profile", "fhir"),
                 "three times daily", "twice daily")},
    ),
    Correction(
        "route", "metformin", "edit", {"changes": {"route": "subcutaneous"}}, DOSE_Q,
        {**cells(("overview", "fact card", *ASK, "api fact", "api profile", "fhir"),
                 "subcutaneous", "oral")},
    ),
    Correction(
        "date", "metformin", "edit", {"changes": {"event_date": "2023-11-20"}}, DOSE_Q,
        {**cells(HTML + ASK + ("api fact", "api profile", "fhir"), "2023-11-20", None)},
    ),
    Correction(
        "status", "metformin", "edit", {"changes": {"status": "stopped"}}, DOSE_Q,
        {**cells(HTML + ASK + ("api fact", "api profile", "fhir"), "stopped", None)},
    ),
    Correction(
        "move to a relative", "metformin", "reassign", {"to_subject": "family:mother"}, DOSE_Q,
        {**cells(("fact card", "overview", "chain", "timeline"), "mother", None),
         "api fact": ("family:mother", None), "api profile": (None, "metformin"),
         "fhir": ("mother", None)},
    ),
    Correction(
        "entered in error", "metformin", "verify", {"verification": "entered_in_error"},
        DOSE_Q,
        {**cells(("fact card", "timeline", "chain", "ask answer"), "entered in error", None),
         "overview": (None, "79 mg"), "fhir": ("entered-in-error", None),
         "api fact": ("entered_in_error", None), "api profile": (None, "metformin")},
    ),
    Correction(
        "refute", "total cholesterol", "verify", {"verification": "refuted"}, LAB_Q,
        {**cells(("fact card", "timeline", "chain"), "refuted", None),
         "ask answer": ("3.4 mmol/l", "4.1 mmol/l"),
         "overview": ("3.4 mmol/l", "4.1 mmol/l"), "api fact": ("refuted", None),
         "trend plot": (None, "4.1 mmol/l"), "fhir": ("entered-in-error", None)},
    ),
]  # fmt: skip


def _fact(patient, correction: Correction) -> Fact:
    facts = Fact.objects.filter(patient=patient, entity__name=correction.entity)
    return facts.order_by("effective_date", "pk").last() if correction.latest else facts.first()


@pytest.mark.parametrize("correction", CORRECTIONS, ids=[c.name for c in CORRECTIONS])
def test_every_read_path_shows_the_correction(correction, client, clinician):
    patient = build_patient()
    patient.care_team.add(clinician)
    client.force_login(clinician)
    fact = _fact(patient, correction)
    reading = Reading(client, client_for(clinician), patient, fact, correction.question)
    before = {path: READ_PATHS[path](reading) for path in correction.cells}
    do_correct_fact(
        patient, fact.pk, correction.kind, correction.data, version=fact.version,
        actor=clinician, channel="web", reason="checked against the chart",
    )  # fmt: skip
    after = {path: READ_PATHS[path](reading) for path in correction.cells}
    wrong = []
    for path, (new, old) in correction.cells.items():
        shown = {w: (w in before[path], w in after[path]) for w in (new, old) if w}
        if new and shown[new] != (False, True):
            wrong.append(f"{path}: {new!r} shown (before, after) = {shown[new]}")
        if old and shown[old] != (True, False):
            wrong.append(f"{path}: {old!r} shown (before, after) = {shown[old]}")
    assert not wrong, "\n".join(wrong)
