"""Any sequence of corrections leaves every fact stating what the last one said.

Hypothesis draws sequences of dose, reading, unit, frequency, route and blood
pressure corrections on the facts of tests/corrections/graph.py; after each
sequence, the slots hold the model's values, the value/unit columns are derived
from them, and the fact card, the API fact and the FHIR export show them.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from memory.actions.corrections import do_correct_fact
from memory.domain.stated import quantity
from memory.models import Fact
from memory.web.labels import unit_label
from tests.api.conftest import client_for
from tests.corrections.graph import build_patient
from tests.corrections.read_paths import READ_PATHS, Reading

pytestmark = pytest.mark.django_db
_ids = itertools.count()
NUMBER = st.decimals(min_value=1, max_value=400, places=1).map(lambda d: f"{d.normalize():f}")
EDITS = {
    "metformin": st.one_of(
        st.fixed_dictionaries({"value": NUMBER}),
        st.fixed_dictionaries({"unit": st.sampled_from(["mg", "g", "mcg"])}),
        st.fixed_dictionaries({"frequency": st.sampled_from(["once daily", "at night"])}),
        st.fixed_dictionaries({"route": st.sampled_from(["oral", "subcutaneous"])}),
    ),
    "total cholesterol": st.one_of(
        st.fixed_dictionaries({"value": NUMBER}),
        st.fixed_dictionaries({"unit": st.sampled_from(["mmol/L", "mg/dL"])}),
    ),
    "blood pressure": st.fixed_dictionaries(
        {"systolic": st.integers(90, 220).map(str), "diastolic": st.integers(50, 130).map(str)}
    ),
}
STEP = st.sampled_from(sorted(EDITS)).flatmap(lambda item: st.tuples(st.just(item), EDITS[item]))


def _latest(patient, item: str) -> Fact:
    return Fact.objects.filter(patient=patient, entity__name=item).order_by("effective_date").last()


@settings(
    max_examples=5,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(steps=st.lists(STEP, min_size=1, max_size=6))
@example(steps=[("metformin", {"value": "1"}), ("metformin", {"unit": "mcg"})])
def test_any_correction_sequence_is_what_the_card_api_and_fhir_show(client, clinician, steps):
    patient = build_patient(f"p-seq-{next(_ids)}")
    patient.care_team.add(clinician)
    client.force_login(clinician)
    model = {item: dict(_latest(patient, item).slots) for item in EDITS}
    for item, changes in steps:
        fact = _latest(patient, item)
        do_correct_fact(
            patient, fact.pk, "edit", {"changes": changes}, version=fact.version,
            actor=clinician, channel="api", reason="checked",
        )  # fmt: skip
        model[item].update({k: float(v) if k == "value" else v for k, v in changes.items()})
    api = client_for(clinician)
    for item, slots in model.items():
        fact = _latest(patient, item)
        number, unit = quantity(fact.slots)
        assert (fact.value, fact.unit) == (number, unit)
        assert {k: float(v) if k == "value" else v for k, v in fact.slots.items()} == {
            k: int(v) if k in ("systolic", "diastolic") else v for k, v in slots.items()
        }
        reading = Reading(client, api, patient, fact, "")
        shown = f"{number} {unit}".casefold()
        # Pages write a unit in its reader's spelling (mcg -> µg); the API as stored.
        on_card = f"{number} {unit_label(unit)}".casefold()
        assert on_card in READ_PATHS["fact card"](reading), (item, "fact card", on_card)
        assert shown in READ_PATHS["api fact"](reading), (item, "api fact", shown)
        # FHIR states a blood pressure as its two components
        in_fhir = f"{fact.slots['systolic']} {unit}" if "systolic" in fact.slots else shown
        assert in_fhir.casefold() in READ_PATHS["fhir"](reading), (item, in_fhir)
