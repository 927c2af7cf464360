"""Two clinicians correcting one fact at once: one change wins, the other is told, none is lost."""

from __future__ import annotations

import threading

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from memory.actions.tokens import do_issue_token
from memory.models import AuditEvent, Fact

GLUCOSE = "Fasting glucose 7.2 mmol/L."


def glucose(patient) -> Fact:
    return Fact.objects.get(patient=patient, content=GLUCOSE)


@pytest.mark.django_db
def test_stale_web_edit_is_refused_and_shows_the_newer_value(web, api_raw, graph):
    fact = glucose(graph)
    seen = fact.version
    api_url = f"/api/patients/{graph.external_id}/facts/{fact.pk}/edit/"
    first = api_raw.post(api_url, {"value": "7.4", "reason": "lab report"}, format="json",
                         HTTP_IF_MATCH=f'"{seen}"')  # fmt: skip
    assert first.status_code == 200 and first["ETag"] == f'"{seen + 1}"'
    url = reverse("fact-correct", args=[graph.external_id, fact.pk, "edit"])
    form = {"version": seen, "content": GLUCOSE, "value": "7.0", "unit": "mmol/L",
            "reason": "typo"}  # fmt: skip
    response = web.post(url, form)
    assert response.status_code == 409
    assert "7.4" in response.content.decode()
    assert glucose(graph).value == "7.4"


@pytest.mark.django_db
def test_stale_api_edit_is_409_with_the_current_fact(api_raw, graph):
    fact = glucose(graph)
    url = f"/api/patients/{graph.external_id}/facts/{fact.pk}/"
    etag = api_raw.get(url)["ETag"]
    api_raw.post(url + "verification/", {"verification": "entered_in_error", "reason": "wrong"},
                 format="json", HTTP_IF_MATCH=etag)  # fmt: skip
    stale = api_raw.post(url + "verification/", {"verification": "confirmed"}, format="json",
                         HTTP_IF_MATCH=etag)  # fmt: skip
    body = stale.json()["error"]
    assert (stale.status_code, body["code"], body["current"]["verification"]) == (
        409, "conflict", "entered_in_error"
    )  # fmt: skip
    assert glucose(graph).verification == "entered_in_error"


@pytest.mark.django_db(transaction=True)
def test_concurrent_corrections_of_one_fact_lose_no_update(clinician, django_user_model):
    from tests.fhir.graph import build_graph

    patient = build_graph("p-race")
    other = django_user_model.objects.create_user("dr_wu", password="pw-for-tests-3")
    patient.care_team.add(clinician, other)
    fact = glucose(patient)
    version = fact.version
    web_url = reverse("fact-correct", args=[patient.external_id, fact.pk, "edit"])
    api_url = f"/api/patients/{patient.external_id}/facts/{fact.pk}/edit/"
    outcomes: list[tuple[str, int]] = []
    barrier = threading.Barrier(6)

    def web_edit(n: int) -> None:
        client = Client(raise_request_exception=False)
        client.force_login(clinician)
        form = {"version": version, "content": GLUCOSE, "value": f"8.{n}", "unit": "mmol/L",
                "reason": f"web {n}"}  # fmt: skip
        barrier.wait()
        outcomes.append((f"8.{n}", client.post(web_url, form).status_code))
        connection.close()

    def api_edit(n: int) -> None:
        client = APIClient(raise_request_exception=False)
        token, _ = do_issue_token(other)
        client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
        barrier.wait()
        answer = client.post(api_url, {"value": f"9.{n}", "reason": f"api {n}"}, format="json",
                             HTTP_IF_MATCH=f'"{version}"')  # fmt: skip
        outcomes.append((f"9.{n}", answer.status_code))
        connection.close()

    threads = [threading.Thread(target=web_edit, args=(n,)) for n in range(3)]
    threads += [threading.Thread(target=api_edit, args=(n,)) for n in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    winners = [value for value, code in outcomes if code in (200, 302)]
    assert len(outcomes) == 6 and all(code in (200, 302, 409) for _, code in outcomes)
    assert len(winners) == 1
    final = glucose(patient)
    # The value is the number written ("9.0" is stored as the number 9).
    assert (float(final.value), final.version) == (float(winners[0]), version + 1)
    edits = AuditEvent.objects.filter(action="fact.edit", object_id=str(fact.pk))
    assert [float(e.after["value"]) for e in edits] == [float(w) for w in winners]


@pytest.mark.django_db
def test_correction_forms_carry_the_fact_version_hidden(web, graph):
    fact = glucose(graph)
    page = web.get(reverse("fact-detail", args=[graph.external_id, fact.pk])).content.decode()
    hidden = f'<input type="hidden" name="version" value="{fact.version}"'
    assert page.count(hidden) == 3  # reassign, edit, verify
