"""Corrections through the web forms: HTMX partials, validation, audit."""

from __future__ import annotations

import pytest
from django.urls import reverse

from memory.models import AuditEvent, Fact

pytestmark = pytest.mark.django_db
HX = {"HTTP_HX_REQUEST": "true"}


def url(fact: Fact, kind: str) -> str:
    return reverse("fact-correct", args=[fact.patient.external_id, fact.pk, kind])


def post(client, fact: Fact, kind: str, data: dict, **extra):
    """Post a correction form as the page renders it: with the fact's hidden version."""
    return client.post(url(fact, kind), {"version": fact.version, **data}, **extra)


def med(patient, entity="indapamide") -> Fact:
    return Fact.objects.get(patient=patient, entity__name__iexact=entity)


def test_reassign_to_existing_person_moves_fact_and_returns_partial(client_in, patient):
    fact = Fact.objects.get(patient=patient, fact_type="symptom")
    data = {"person": "family:father", "reason": "the father has the headaches"}
    response = post(client_in, fact, "reassign", data, **HX)
    assert response.status_code == 200 and "<html" not in response.content.decode()
    fact.refresh_from_db()
    assert fact.subject.key == "family:father"


def test_reassign_by_typed_relation_creates_person(client_in, patient):
    fact = med(patient)
    post(client_in, fact, "reassign", {"relation": "mother", "reason": "misheard"}, **HX)
    fact.refresh_from_db()
    assert fact.subject.key == "family:mother"


def test_reassign_is_audited_with_reason(client_in, clinician, patient):
    fact = med(patient)
    post(client_in, fact, "reassign", {"relation": "patient", "reason": "his own"}, **HX)
    event = AuditEvent.objects.get(action="fact.reassign")
    assert (event.actor, event.reason, event.channel) == (clinician, "his own", "web")
    assert event.before["subject"] == "family:father" and event.after["subject"] == "patient"


def test_reassign_without_target_is_422_with_form(client_in, patient):
    fact = med(patient)
    response = post(client_in, fact, "reassign", {"reason": "x"}, **HX)
    assert response.status_code == 422
    assert "Pick a person or type a relation" in response.content.decode()


def test_reassign_to_same_person_shows_correction_error(client_in, patient):
    fact = med(patient)
    response = post(client_in, fact, "reassign", {"relation": "father", "reason": "x"}, **HX)
    assert response.status_code == 422
    assert "already belongs" in response.content.decode()


def test_refute_without_reason_is_rejected(client_in, patient):
    allergy = Fact.objects.get(patient=patient, fact_type="safety")
    response = post(client_in, allergy, "verify", {"verification": "refuted"}, **HX)
    assert response.status_code == 422
    allergy.refresh_from_db()
    assert allergy.verification == "unconfirmed"


def test_refute_with_reason_returns_struck_partial(client_in, patient):
    allergy = Fact.objects.get(patient=patient, fact_type="safety")
    data = {"verification": "refuted", "reason": "tolerated amoxicillin"}
    body = post(client_in, allergy, "verify", data, **HX).content.decode()
    assert "ruled-out" in body and "tolerated amoxicillin" in body


def test_edit_changes_only_changed_fields(client_in, patient):
    fact = Fact.objects.filter(patient=patient, entity__name__iexact="amlodipine").last()
    data = {"content": fact.content, "value": "7.5", "unit": fact.unit, "event_date": "",
            "status": fact.status, "reason": "typo in dose"}  # fmt: skip
    post(client_in, fact, "edit", data, **HX)
    event = AuditEvent.objects.get(action="fact.edit")
    assert event.after["value"] == "7.5" and event.before["value"] == "10"


def test_edit_without_change_is_rejected(client_in, patient):
    fact = med(patient)
    data = {"content": fact.content, "value": fact.value, "unit": fact.unit,
            "status": fact.status, "reason": "none"}  # fmt: skip
    response = post(client_in, fact, "edit", data, **HX)
    assert response.status_code == 422 and "Nothing was changed" in response.content.decode()


def test_edit_rejects_bad_date(client_in, patient):
    fact = med(patient)
    data = {"content": fact.content, "event_date": "2024-13-45", "reason": "x"}
    assert post(client_in, fact, "edit", data, **HX).status_code == 422


def test_plain_post_redirects_to_fact_page(client_in, patient):
    fact = Fact.objects.get(patient=patient, fact_type="safety")
    response = post(client_in, fact, "verify", {"verification": "confirmed"})
    assert response.status_code == 302
    assert response["Location"] == reverse("fact-detail", args=["p1", fact.pk])


def test_plain_get_of_form_redirects_to_fact_page_anchor(client_in, patient):
    fact = med(patient)
    response = client_in.get(url(fact, "edit"))
    assert response["Location"].endswith("#edit")


def test_htmx_get_of_form_returns_form_partial(client_in, patient):
    fact = med(patient)
    body = client_in.get(url(fact, "reassign"), **HX).content.decode()
    assert "<form" in body and "<html" not in body


def test_fact_page_shows_history_of_changes(client_in, patient):
    fact = Fact.objects.get(patient=patient, fact_type="safety")
    post(client_in, fact, "verify", {"verification": "confirmed", "reason": "checked"})
    body = client_in.get(reverse("fact-detail", args=["p1", fact.pk])).content.decode()
    assert "checked" in body and "fact.confirmed" not in body  # the change, in words
    assert 'data-label="Action">confirmed</td>' in body
