"""Length limits: every text that reaches a bounded column is refused with a clear
4xx at the form or serializer that receives it, never a 500 from the database.

The bounded columns come from walking every model of the app: each one is listed
either with the probes that send it an over-long value, or as written only by code
(with why). A column added later fails test_every_bounded_column_is_probed_or_internal
until it is classified.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.apps import apps
from django.contrib.postgres.fields import ArrayField
from django.db import models
from django.test import Client
from rest_framework.test import APIClient

from memory.actions.tokens import do_issue_token
from memory.extraction.validation import ValidationError, parse_extraction
from memory.models import Fact, Patient, Session
from tests.fhir.graph import committed_graph

pytestmark = pytest.mark.django_db

MINE = "p-lengths"
GLUCOSE = "Fasting glucose 7.2 mmol/L."
AMLODIPINE = "Started amlodipine 5 mg daily."

INTERNAL = {
    "AuditEvent.channel": "a channel constant of the code",
    "AuditEvent.action": "an event name constant of the code",
    "AuditEvent.object_type": "a model class name",
    "AuditEvent.object_id": "a primary key",
    "Entity.kind": "an Entity.Kind chosen by the code",
    "Entity.name_zh": "from the lexicon data files",
    "Chain.fact_type": "copied from its facts' type",
    "Fact.safety_kind": "extractor reply validated against SAFETY_KINDS",
    "Fact.assertion": "extractor reply validated against the assertion values",
    "Fact.date_precision": "day | month | year, derived from the date",
    "Fact.origin": "extractor | clinician, set by the code",
    "Fact.extraction_key": "a hash",
    "Fact.extractor": "the extractor's name",
    "Fact.model": "the configured model name (settings)",
    "Fact.prompt_version": "a prompt file version",
    "FactEdge.kind": "supersedes | causes, set by the code",
    "IndexState.embedder": "the configured embedder name (settings)",
    "Person.kind": "derived from the validated person key",
    "Person.display_name": "never written from input",
    "Session.status": "the session state machine",
    "Session.extractor": "the extractor's name",
    "Session.model": "the configured model name (settings)",
    "Session.prompt_version": "a prompt file version",
    "ApiToken.prefix": "cut from a generated token",
    "ApiToken.digest": "a SHA-256 hex digest",
}


def _bounded_columns() -> dict[str, int]:
    found = {}
    for model in apps.get_app_config("memory").get_models():
        for field in model._meta.get_fields():
            base = field.base_field if isinstance(field, ArrayField) else field
            if isinstance(base, models.CharField) and base.max_length:
                found[f"{model.__name__}.{field.name}"] = base.max_length
    return found


BOUNDED = _bounded_columns()


@pytest.fixture(scope="module")
def built(django_db_setup, django_db_blocker):
    with committed_graph(django_db_blocker, MINE):
        yield


@pytest.fixture
def env(built, clinician) -> dict:
    Patient.objects.get(external_id=MINE).care_team.add(clinician)
    api = APIClient(raise_request_exception=False)
    api.credentials(HTTP_AUTHORIZATION=f"Token {do_issue_token(clinician)[0]}")
    web = Client(raise_request_exception=False)
    web.force_login(clinician)
    return {"api": api, "web": web}


def _fact(content: str) -> Fact:
    return Fact.objects.get(patient__external_id=MINE, content=content)


def api_correct(env: dict, content: str, kind: str, body: dict):
    fact = _fact(content)
    url = f"/api/patients/{MINE}/facts/{fact.pk}/{kind}/"
    return env["api"].post(
        url, {"reason": "checked", **body}, format="json", HTTP_IF_MATCH=f'"{fact.version}"'
    )


def web_correct(env: dict, content: str, kind: str, body: dict):
    fact = _fact(content)
    base = {"version": fact.version, "reason": "checked"}
    if kind == "edit":
        base.update(content=fact.content, value=fact.value, unit=fact.unit, status=fact.status,
                    item=fact.entity.name, fact_type=fact.fact_type)  # fmt: skip
    return env["web"].post(f"/patients/{MINE}/facts/{fact.pk}/{kind}/", {**base, **body})


def api_upload(env: dict, session: dict, patient: dict | None = None):
    doc = {"patient": patient or {"id": MINE}, "sessions": [session]}
    return env["api"].post(f"/api/patients/{MINE}/sessions/", doc, format="json")


def _session(**over: object) -> dict:
    turns = [{"speaker": "patient", "text": "My elbow aches when I lift the kettle."}]
    return {"id": "s-len", "date": "2024-05-01", "turns": turns, **over}


def _reply(**over: object) -> str:
    import json

    fact = {"type": "vital", "subject": "patient", "entity": "pulse", "content": "Pulse 80.",
            "value": "80", "unit": "bpm", "evidence_turn": 1, "assertion": "present"}  # fmt: skip
    fact.update(over)
    return json.dumps({"session_subject": "patient", "facts": [fact]})


def _refused_reply(text: str) -> int:
    try:
        parse_extraction(text, n_turns=1)
    except ValidationError:
        return 400
    return 200


# Each probe sends one over-long value; (columns it guards, probe).
PROBES: dict[str, tuple[tuple[str, ...], Callable[[dict], object]]] = {
    "api reassign: relation label over the key": (("Person.key",), lambda e: api_correct(
        e, AMLODIPINE, "reassign", {"to_subject": "family:" + "x" * 74})),
    "api reassign: bare relation of 80": (("Person.key",), lambda e: api_correct(
        e, AMLODIPINE, "reassign", {"to_subject": "x" * 80})),
    "web reassign: typed relation of 80": (("Person.key",), lambda e: web_correct(
        e, AMLODIPINE, "reassign", {"relation": "x" * 80})),
    "api edit: value": (("Fact.value",), lambda e: api_correct(
        e, GLUCOSE, "edit", {"value": "7" * 201})),
    "api edit: unit": (("Fact.unit",), lambda e: api_correct(
        e, GLUCOSE, "edit", {"unit": "m" * 61})),
    "api edit: status": (("Fact.status",), lambda e: api_correct(
        e, AMLODIPINE, "edit", {"status": "s" * 21})),
    "api verification": (("Fact.verification",), lambda e: api_correct(
        e, GLUCOSE, "verification", {"verification": "v" * 21})),
    "web edit: value": (("Fact.value",), lambda e: web_correct(
        e, GLUCOSE, "edit", {"value": "7" * 201})),
    "web edit: unit": (("Fact.unit",), lambda e: web_correct(
        e, GLUCOSE, "edit", {"unit": "m" * 61})),
    "web edit: status": (("Fact.status",), lambda e: web_correct(
        e, AMLODIPINE, "edit", {"status": "s" * 21})),
    "web edit: type": (("Fact.fact_type", "Chain.fact_type"), lambda e: web_correct(
        e, AMLODIPINE, "edit", {"fact_type": "t" * 25})),
    "web edit: item": (("Entity.name", "Entity.normalized", "Entity.aliases"),
                       lambda e: web_correct(e, AMLODIPINE, "edit", {"item": "d" * 201})),
    "web verify": (("Fact.verification",), lambda e: web_correct(
        e, GLUCOSE, "verify", {"verification": "v" * 21})),
    "web conflict: action": (("ConflictResolution.action",), lambda e: e["web"].post(
        f"/patients/{MINE}/conflicts/{_fact(AMLODIPINE).pk}/{_fact(GLUCOSE).pk}/",
        {"action": "a" * 17, "reason": "checked"}, HTTP_HX_REQUEST="true")),
    "api patient: id": (("Patient.external_id",), lambda e: e["api"].post(
        "/api/patients/", {"external_id": "p" * 129}, format="json")),
    "api patient: name": (("Patient.display_name",), lambda e: e["api"].post(
        "/api/patients/", {"external_id": "p-named", "display_name": "n" * 201}, format="json")),
    "web upload: patient id": (("Patient.external_id",), lambda e: e["web"].post(
        "/upload/", {"text": "Patient: My elbow aches.", "patient_id": "p" * 129})),
    "api upload: patient name": (("Patient.display_name",), lambda e: api_upload(
        e, _session(), {"id": MINE, "name": "n" * 201})),
    "api upload: session id": (("Session.external_id",), lambda e: api_upload(
        e, _session(id="s" * 201))),
    "api upload: title": (("Session.title",), lambda e: api_upload(e, _session(title="t" * 501))),
    "api upload: speaker": (("Turn.speaker",), lambda e: api_upload(e, _session(
        turns=[{"speaker": "s" * 17, "text": "My elbow aches."}]))),
    "extractor reply: subject": (("Person.key",), lambda e: _refused_reply(
        _reply(subject="family:" + "x" * 74))),
    "extractor reply: session subject": (("Session.session_subject",), lambda e: _refused_reply(
        _reply().replace('"session_subject": "patient"', '"session_subject": "' + "x" * 80 + '"'))),
    "extractor reply: entity": (("Entity.name",), lambda e: _refused_reply(
        _reply(entity="e" * 201))),
    "extractor reply: value": (("Fact.value",), lambda e: _refused_reply(_reply(value="8" * 201))),
    "extractor reply: unit": (("Fact.unit",), lambda e: _refused_reply(_reply(unit="b" * 61))),
}  # fmt: skip


def _status(response: object) -> int:
    return response if isinstance(response, int) else response.status_code


def test_every_bounded_column_is_probed_or_internal():
    probed = {column for columns, _ in PROBES.values() for column in columns}
    probed |= {"Session.source"}  # an upload's file name: kept within the column, see below
    assert sorted(set(BOUNDED) - probed - set(INTERNAL)) == []


def test_no_probe_or_listing_names_a_column_that_does_not_exist():
    named = {c for columns, _ in PROBES.values() for c in columns} | set(INTERNAL)
    assert sorted(named - set(BOUNDED)) == []


@pytest.mark.parametrize("probe", sorted(PROBES))
def test_an_over_long_value_is_refused_with_a_4xx(env, probe):
    assert _status(PROBES[probe][1](env)) in (400, 422)


def test_the_api_refusal_names_the_field_and_the_limit(env):
    body = api_correct(env, AMLODIPINE, "reassign", {"to_subject": "x" * 80}).json()["error"]
    assert list(body["fields"]) == ["to_subject"] and "at most 73" in body["message"]


def test_a_relation_that_fits_the_key_is_accepted_by_the_api(env):
    """Positive control: the longest label that fits, with its prefix, moves the fact."""
    response = api_correct(env, AMLODIPINE, "reassign", {"to_subject": "family:" + "x" * 73})
    assert (response.status_code, response.json()["subject"]) == (200, "family:" + "x" * 73)


def test_a_web_relation_that_fits_the_key_is_accepted(env):
    response = web_correct(env, AMLODIPINE, "reassign", {"relation": "y" * 73})
    assert response.status_code == 302
    assert _fact(AMLODIPINE).subject.key == "family:" + "y" * 73


def test_an_item_that_normalizes_longer_than_its_column_is_stored(env):
    """200 × "ß" fits the name but case-folds to 400 letters: the key is cut, no 500."""
    response = web_correct(env, AMLODIPINE, "edit", {"item": "ß" * 200})
    assert response.status_code == 302
    assert len(_fact(AMLODIPINE).entity.normalized) == 200


def test_an_upload_file_name_longer_than_its_column_is_stored_within_it(env):
    import json

    from django.core.files.uploadedfile import SimpleUploadedFile

    doc = json.dumps({"patient": {"id": MINE}, "sessions": [_session(id="s-file")]})
    upload = SimpleUploadedFile("n" * 600 + ".json", doc.encode())
    response = env["api"].post(f"/api/patients/{MINE}/sessions/", {"files": [upload]})
    assert response.status_code == 201
    assert len(Session.objects.filter(patient__external_id=MINE).latest("seq").source) <= 500


def test_the_web_relation_error_is_shown_on_the_relation_field(env):
    page = web_correct(env, AMLODIPINE, "reassign", {"relation": "x" * 80}).content.decode()
    assert "at most 73" in page
