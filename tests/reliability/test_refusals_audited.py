"""Every refusal on every route writes an access.denied event.

The routes come from walking the URL resolver, so a route added later joins these
tables by itself: a patient-scoped route is probed by a clinician outside the care
team, a route with a record id by a member using another team's record id under
their own patient, and a staff-only route by a clinician who is not staff. A route
that fits none of these must be listed in NO_PATIENT with why it needs no probe.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.test import APIClient

from memory.actions.tokens import do_issue_token
from memory.models import AuditEvent, Chain, Fact, Patient, Session
from tests.fhir.graph import committed_graph

pytestmark = pytest.mark.django_db

MINE, THEIRS = "p-mine", "p-theirs"
PATIENT_KWARGS = {"pid", "patient_id"}
RECORD_KWARGS = {"fact_id", "med_id", "safety_id", "chain_id", "sid", "session_id"}
STAFF_ONLY = {"audit/", "api/audit/", "metrics"}
# Routes with no patient in the path and no staff restriction, and why no probe applies.
NO_PATIENT = {
    "": "patient list: only the user's care-team patients are listed",
    "healthz": "liveness probe, no patient data",
    "accounts/login/": "login: failures are audited as auth.login_failed",
    "accounts/logout/": "logout",
    "i18n/setlang/": "language switch",
    "api/schema/": "OpenAPI schema, no patient data",
    "api/docs/": "Swagger UI, no patient data",
    "api/auth/token/": "token issue: failures are audited as auth.login_failed",
    "api/patients/": "patient list / create: only the care team's patients",
    "upload/": "upload: a foreign patient id is probed in its own test below",
    "upload/progress/": "progress: a foreign session id is probed in its own test below",
    "safety/": "safety audit: lists the user's care-team patients only",
}
PLACEHOLDER = re.compile(r"<(?:(\w+):)?(\w+)>")


def _walk(patterns: list, prefix: str = "") -> Iterator[str]:
    for entry in patterns:
        if isinstance(entry, URLResolver):
            if str(entry.pattern).startswith("admin/"):
                continue  # Django's admin: superusers only, its views audited as admin.view
            yield from _walk(entry.url_patterns, prefix + str(entry.pattern))
        elif isinstance(entry, URLPattern):
            yield prefix + str(entry.pattern)


ROUTES = sorted(set(_walk(get_resolver().url_patterns)))


def _kwargs(route: str) -> set[str]:
    return {name for _, name in PLACEHOLDER.findall(route)}


PATIENT_ROUTES = [r for r in ROUTES if _kwargs(r) & PATIENT_KWARGS]
RECORD_ROUTES = [r for r in PATIENT_ROUTES if _kwargs(r) & RECORD_KWARGS]


@pytest.fixture(scope="module")
def graphs(django_db_setup, django_db_blocker):
    with committed_graph(django_db_blocker, MINE), committed_graph(django_db_blocker, THEIRS):
        yield


@pytest.fixture
def teams(graphs, clinician, outsider):
    """The clinician cares for p-mine, the outsider for p-theirs."""
    Patient.objects.get(external_id=MINE).care_team.add(clinician)
    Patient.objects.get(external_id=THEIRS).care_team.add(outsider)


def _ids(patient: str, unknown_session: bool) -> dict[str, str]:
    fact = Fact.objects.filter(patient__external_id=patient).order_by("pk").first()
    chain = Chain.objects.filter(patient__external_id=patient).order_by("pk").first()
    session = Session.objects.filter(patient__external_id=patient).order_by("seq").first()
    sid = "s-only-elsewhere" if unknown_session else session.external_id
    return {"fact_id": str(fact.pk), "med_id": str(fact.pk), "safety_id": str(fact.pk),
            "chain_id": str(chain.pk), "sid": sid, "session_id": sid, "kind": "edit"}  # fmt: skip


def _url(route: str, values: dict[str, str]) -> str:
    def fill(match: re.Match) -> str:
        name = match[2]
        assert name in values, f"route {route!r}: classify the new path parameter {name!r}"
        return values[name]

    return "/" + PLACEHOLDER.sub(fill, route)


def _client(user, url: str) -> Client:
    if url.startswith("/api/"):
        client = APIClient(raise_request_exception=False)
        token, _ = do_issue_token(user)
        client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
        return client
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


def _probe(user, url: str) -> list[tuple[str, int, bool]]:
    """(method, status, audited) for each method the route accepts."""
    client = _client(user, url)
    found = []
    for method in ("get", "post"):
        last = AuditEvent.objects.filter(action="access.denied").order_by("-id").first()
        extra = {"format": "json", "HTTP_IF_MATCH": '"1"'} if url.startswith("/api/") else {}
        response = getattr(client, method)(url, {}, **extra)
        if response.status_code == 405:
            continue
        audited = AuditEvent.objects.filter(
            action="access.denied", actor=user, id__gt=last.id if last else 0,
            after__path=url, after__method=method.upper(),
        ).exists()  # fmt: skip
        found.append((method, response.status_code, audited))
    assert found, f"{url}: no method accepted"
    return found


def test_every_route_is_probed_or_listed_with_a_reason():
    unclassified = [
        r for r in ROUTES if r not in PATIENT_ROUTES and r not in STAFF_ONLY and r not in NO_PATIENT
    ]
    assert unclassified == []


def test_the_route_walk_reaches_nested_record_routes():
    assert "api/patients/<extid:patient_id>/facts/<objid:fact_id>/" in RECORD_ROUTES


@pytest.mark.parametrize("route", PATIENT_ROUTES)
def test_outsider_on_a_patient_route_is_refused_and_audited(teams, outsider, route):
    url = _url(route, {"pid": MINE, "patient_id": MINE, **_ids(MINE, unknown_session=False)})
    outcomes = _probe(outsider, url)
    assert [(m, code in (403, 404), audited) for m, code, audited in outcomes] == [
        (m, True, True) for m, _, _ in outcomes
    ]


@pytest.mark.parametrize("route", RECORD_ROUTES)
def test_other_teams_record_through_own_patient_is_refused_and_audited(teams, clinician, route):
    url = _url(route, {"pid": MINE, "patient_id": MINE, **_ids(THEIRS, unknown_session=True)})
    outcomes = _probe(clinician, url)
    assert [(m, code in (403, 404), audited) for m, code, audited in outcomes] == [
        (m, True, True) for m, _, _ in outcomes
    ]


@pytest.mark.parametrize("route", sorted(STAFF_ONLY))
def test_staff_only_route_refuses_a_clinician_and_audits_it(clinician, route):
    outcomes = _probe(clinician, "/" + route)
    assert [(m, code, audited) for m, code, audited in outcomes] == [
        (m, 403, True) for m, _, _ in outcomes
    ]


def test_own_record_through_own_patient_writes_no_refusal(teams, clinician):
    """Positive control: the same nested path with the member's own ids is no refusal."""
    fact = _ids(MINE, unknown_session=False)["fact_id"]
    for url in (f"/api/patients/{MINE}/facts/{fact}/", f"/patients/{MINE}/facts/{fact}/"):
        assert _client(clinician, url).get(url).status_code == 200
    assert not AuditEvent.objects.filter(action="access.denied").exists()


def test_conflict_resolution_naming_one_foreign_record_is_refused_and_audited(teams, clinician):
    own, theirs = _ids(MINE, False)["fact_id"], _ids(THEIRS, False)["fact_id"]
    url = f"/patients/{MINE}/conflicts/{own}/{theirs}/"
    response = _client(clinician, url).post(url, {"action": "acknowledge", "reason": "checked"})
    assert response.status_code == 403
    assert AuditEvent.objects.filter(action="access.denied", after__path=url).exists()


def test_web_upload_to_another_teams_patient_is_refused_and_audited(teams, clinician):
    client = _client(clinician, "/upload/")
    text = "Patient: My knee has been stiff since Monday.\nDoctor: Any swelling?"
    response = client.post("/upload/", {"text": text, "patient_id": THEIRS})
    assert response.status_code == 400
    assert AuditEvent.objects.filter(action="access.denied", actor=clinician).exists()


def test_web_upload_to_own_patient_writes_no_refusal(teams, clinician):
    """Positive control for the upload refusal: the same upload to the member's patient."""
    client = _client(clinician, "/upload/")
    text = "Patient: My knee has been stiff since Monday.\nDoctor: Any swelling?"
    assert client.post("/upload/", {"text": text, "patient_id": MINE}).status_code == 302
    assert not AuditEvent.objects.filter(action="access.denied").exists()


def test_upload_progress_naming_another_teams_session_is_audited(teams, clinician):
    theirs = Session.objects.filter(patient__external_id=THEIRS).first().pk
    url = f"/upload/progress/?s={theirs}"
    page = _client(clinician, url).get(url)
    assert page.status_code == 200
    assert AuditEvent.objects.filter(action="access.denied", actor=clinician).exists()
