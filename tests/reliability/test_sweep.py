"""Every API path and web URL with hostile ids, query values and bodies: never a 500.

Routes are read from the URL configuration, so a new route is swept too.
"""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from django.urls import URLPattern

from memory.api.urls import urlpatterns as api_patterns
from memory.models import Chain, Fact
from memory.web.urls import urlpatterns as web_patterns
from tests.reliability.corpus import BAD_UPLOADS, HOSTILE_IDS, HOSTILE_QUERY_VALUES

pytestmark = pytest.mark.django_db
PARAM = re.compile(r"<(?:\w+:)?(\w+)>")
QUERY_NAMES = ("q", "at", "type", "person", "date_from", "date_to", "chain", "page", "s",
               "start", "end", "kind", "verification", "question", "patient")  # fmt: skip
BODIES = [BAD_UPLOADS["object nested 5000 deep"], BAD_UPLOADS["nul in a turn"],
          '{"question": "\\u0000", "at": "2999-01-01", "to_subject": "\\ud800"}',
          '{"value": "9", "reason": "x", "event_date": "0001-01-01"}', "[" * 3000]  # fmt: skip


def routes() -> list[tuple[str, str]]:
    out = [("/api/", str(p.pattern)) for p in api_patterns if isinstance(p, URLPattern)]
    return out + [("/", str(p.pattern)) for p in web_patterns if isinstance(p, URLPattern)]


def fill(prefix: str, pattern: str, values: dict[str, str]) -> str:
    return prefix + PARAM.sub(lambda m: values.get(m[1], values["*"]), pattern)


def hostile(value: str) -> str:
    return quote(value.encode("utf-8", "surrogatepass"), safe="")


def check(response, path: str) -> None:
    assert response.status_code < 500, (path, response.status_code)
    documentation = path.startswith(("/api/schema/", "/api/docs/"))  # OpenAPI YAML / HTML
    if path.startswith("/api/") and not documentation and response.status_code >= 400:
        assert "json" in response["Content-Type"], path


def valid_values(graph) -> dict[str, str]:
    fact = Fact.objects.filter(patient=graph).first()
    chain = Chain.objects.filter(patient=graph).first()
    return {"patient_id": graph.external_id, "pid": graph.external_id, "session_id": "s1",
            "sid": "s1", "fact_id": str(fact.pk), "chain_id": str(chain.pk), "kind": "edit",
            "*": "x"}  # fmt: skip


@pytest.mark.parametrize("value", HOSTILE_IDS)
def test_hostile_ids_in_every_route_never_500(value, web, api_raw, graph):
    for prefix, pattern in routes():
        if not PARAM.search(pattern):
            continue
        path = fill(prefix, pattern, {"*": hostile(value)})
        client = api_raw if prefix == "/api/" else web
        check(client.get(path), path)
        check(client.post(path, "{}", content_type="application/json"), path)


def test_hostile_query_values_and_bodies_on_every_route_never_500(web, api_raw, graph):
    values = valid_values(graph)
    for prefix, pattern in routes():
        path = fill(prefix, pattern, values)
        client = api_raw if prefix == "/api/" else web
        for value in HOSTILE_QUERY_VALUES:
            query = "&".join(f"{name}={hostile(value)}" for name in QUERY_NAMES)
            check(client.get(f"{path}?{query}"), f"{path}?{query[:60]}")
        for body in BODIES:
            data = body.encode("utf-8", "surrogatepass")
            check(client.post(path, data, content_type="application/json"), path)
