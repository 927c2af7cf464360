"""The edit form and the API edit take the slot fields of the fact's kind, checked."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from memory.models import AuditEvent
from tests.corrections.conftest import latest

pytestmark = pytest.mark.django_db
HX = {"HTTP_HX_REQUEST": "true"}


def form_inputs(web, fact) -> set[str]:
    url = reverse("fact-correct", args=[fact.patient.external_id, fact.pk, "edit"])
    page = web.get(url, **HX).content.decode()
    return set(re.findall(r'name="([a-z_]+)"', page))


def post_edit(web, fact, **fields):
    url = reverse("fact-correct", args=[fact.patient.external_id, fact.pk, "edit"])
    data = {"version": fact.version, "content": fact.content, "status": fact.status,
            "reason": "chart", **fields}  # fmt: skip
    return web.post(url, data, **HX)


def test_a_medication_form_has_dose_unit_frequency_and_route(web, slotted):
    inputs = form_inputs(web, latest(slotted, "metformin"))
    assert {"value", "unit", "frequency", "route"} <= inputs and "systolic" not in inputs


def test_a_blood_pressure_form_has_systolic_and_diastolic_and_no_single_value(web, slotted):
    inputs = form_inputs(web, latest(slotted, "blood pressure"))
    assert {"systolic", "diastolic", "unit"} <= inputs and "value" not in inputs


def test_a_lab_form_has_value_and_unit_and_no_route(web, slotted):
    inputs = form_inputs(web, latest(slotted, "total cholesterol"))
    assert {"value", "unit"} <= inputs and not {"route", "frequency", "systolic"} & inputs


def test_the_form_opens_with_the_stated_dose(web, slotted):
    fact = latest(slotted, "metformin")
    url = reverse("fact-correct", args=[slotted.external_id, fact.pk, "edit"])
    page = web.get(url, **HX).content.decode()
    assert re.search(r'name="frequency"[^>]*value="twice daily"', page)


def test_a_dose_that_is_not_a_number_is_refused_and_nothing_changes(web, slotted):
    fact = latest(slotted, "metformin")
    response = post_edit(web, fact, value="five hundred", unit="mg")
    fact.refresh_from_db()
    assert (response.status_code, fact.slots["value"]) == (422, 79)


def test_a_dose_that_is_a_number_is_saved(web, slotted):
    fact = latest(slotted, "metformin")
    post_edit(web, fact, value="500", unit="mg", frequency="twice daily", route="oral")
    fact.refresh_from_db()
    assert (fact.slots["value"], fact.value) == (500, "500")


def test_a_systolic_that_is_not_a_number_is_refused(web, slotted):
    fact = latest(slotted, "blood pressure")
    response = post_edit(web, fact, systolic="high", diastolic="88", unit="mmHg")
    assert response.status_code == 422


def test_a_blood_pressure_is_corrected_in_both_numbers(web, slotted):
    fact = latest(slotted, "blood pressure")
    post_edit(web, fact, systolic="128", diastolic="80", unit="mmHg")
    fact.refresh_from_db()
    assert (fact.slots["systolic"], fact.slots["diastolic"], fact.value) == (128, 80, "128/80")


def test_the_audit_diff_names_each_changed_field(web, slotted):
    fact = latest(slotted, "metformin")
    post_edit(web, fact, value="500", unit="mg", frequency="at night", route="oral")
    event = AuditEvent.objects.get(action="fact.edit")
    changed = {k for k in event.after if event.before.get(k) != event.after[k]} - {"version"}
    assert changed == {"value", "frequency"}


def test_the_api_edits_the_frequency_with_if_match(api, slotted):
    fact = latest(slotted, "metformin")
    url = f"/api/patients/{slotted.external_id}/facts/{fact.pk}/edit/"
    body = api.post(
        url, {"frequency": "once daily", "reason": "pharmacy"}, format="json",
        HTTP_IF_MATCH=f'"{fact.version}"',
    ).json()  # fmt: skip
    assert body["slots"]["frequency"] == "once daily"


def test_the_api_refuses_a_stale_if_match(api, slotted):
    fact = latest(slotted, "metformin")
    url = f"/api/patients/{slotted.external_id}/facts/{fact.pk}/edit/"
    response = api.post(
        url, {"route": "oral", "reason": "x"}, format="json",
        HTTP_IF_MATCH=f'"{fact.version + 1}"',
    )  # fmt: skip
    assert response.status_code in (409, 412)


def test_the_api_names_a_dose_that_is_not_a_number(api, slotted):
    fact = latest(slotted, "metformin")
    url = f"/api/patients/{slotted.external_id}/facts/{fact.pk}/edit/"
    response = api.post(
        url, {"value": "lots", "reason": "x"}, format="json", HTTP_IF_MATCH=f'"{fact.version}"'
    )
    assert (response.status_code, list(response.json()["error"]["fields"])) == (400, ["value"])


def test_the_api_corrects_a_blood_pressure_by_its_two_numbers(api, slotted):
    fact = latest(slotted, "blood pressure")
    url = f"/api/patients/{slotted.external_id}/facts/{fact.pk}/edit/"
    said = {"systolic": 126, "diastolic": 78, "reason": "x"}
    body = api.post(url, said, format="json", HTTP_IF_MATCH=f'"{fact.version}"').json()
    assert (body["slots"]["systolic"], body["slots"]["diastolic"], body["value"]) == (
        126, 78, "126/78",
    )  # fmt: skip
