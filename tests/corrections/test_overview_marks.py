"""The overview's row of a corrected record says a clinician corrected it: its value no
longer matches the quoted words, and the doctor must see why."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from memory.actions.corrections import do_correct_fact
from memory.models import Fact
from tests.corrections.graph import build_patient

pytestmark = pytest.mark.django_db


def _row(client, patient, fact: Fact) -> str:
    page = client.get(reverse("patient-overview", args=[patient.external_id])).content.decode()
    found = re.search(rf'<li[^>]*id="row-{fact.pk}".*?</li>', page, flags=re.S)
    assert found, f"no overview row for fact {fact.pk}"
    return found[0]


@pytest.mark.parametrize("corrected", [False, True])
def test_overview_row_says_when_a_clinician_corrected_the_value(client, clinician, corrected):
    patient = build_patient()
    patient.care_team.add(clinician)
    client.force_login(clinician)
    fact = Fact.objects.filter(patient=patient, entity__name="metformin").last()
    if corrected:
        do_correct_fact(
            patient, fact.pk, "edit", {"changes": {"value": "500"}}, version=fact.version,
            actor=clinician, channel="web", reason="checked against the chart",
        )  # fmt: skip
    assert ("corrected by a clinician" in _row(client, patient, fact)) is corrected
