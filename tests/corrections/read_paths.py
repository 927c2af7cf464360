"""Every place a fact is read, each as one function: (context) -> the text it shows.

A read path renders the whole page or document it is part of, reduced to plain
text (tags, JSON punctuation and runs of spaces removed, lower case), so a check
asks the question a clinician would: does the page say "500 mg"?
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from memory.models import Fact, Patient

_TAG = re.compile(r"<[^>]+>")
_SPACE = re.compile(r"\s+")
FHIR_SKIPPED = {"Composition", "Device", "Patient", "Provenance"}


@dataclass
class Reading:
    web: Client
    api: APIClient
    patient: Patient
    fact: Fact
    question: str

    @property
    def pid(self) -> str:
        return self.patient.external_id

    @property
    def api_base(self) -> str:
        return f"/api/patients/{self.pid}/"


def plain(text: str) -> str:
    return _SPACE.sub(" ", html.unescape(_TAG.sub(" ", text))).strip().casefold()


def _page(reading: Reading, name: str, *args: object) -> str:
    response = reading.web.get(reverse(name, args=[reading.pid, *args]))
    assert response.status_code == 200, (name, response.status_code)
    # Correction forms are inputs (their options name every status), not statements.
    return re.sub(r"<form\b.*?</form>", " ", response.content.decode(), flags=re.S)


def overview(reading: Reading) -> str:
    return plain(_page(reading, "patient-overview"))


def fact_card(reading: Reading) -> str:
    """The fact page without its audit history (which rightly keeps the old value)."""
    page = _page(reading, "fact-detail", reading.fact.pk)
    return plain(re.sub(r'<table class="grid small">.*', " ", page, flags=re.S))


def timeline(reading: Reading) -> str:
    return plain(_page(reading, "patient-timeline"))


def chain(reading: Reading) -> str:
    """The chains page without its trend plots (those are a read path of their own)."""
    page = _page(reading, "patient-chains")
    return plain(re.sub(r'<div class="trendbox">.*?</table>', " ", page, flags=re.S))


def trend_plot(reading: Reading) -> str:
    """The trend plots and their every-reading tables on the chains page."""
    page = _page(reading, "patient-chains")
    return plain(" ".join(re.findall(r'<div class="trendbox">.*?</table>', page, flags=re.S)))


def _ask(reading: Reading) -> dict[str, Any]:
    response = reading.api.post(
        reading.api_base + "ask/", {"question": reading.question}, format="json"
    )
    assert response.status_code == 200, response.content[:300]
    return response.json()


def ask_answer(reading: Reading) -> str:
    return plain(_ask(reading)["answer"])


def ask_evidence(reading: Reading) -> str:
    return plain(" ".join(e["text"] for e in _ask(reading)["evidence"]))


def _json_text(data: Any) -> str:
    """Values of a JSON document, a quantity as "500 mg", keys and punctuation dropped."""
    if isinstance(data, dict):
        if "value" in data and "unit" in data and not isinstance(data["value"], dict | list):
            return f"{data['value']} {data['unit']} " + _json_text(
                {k: v for k, v in data.items() if k not in ("value", "unit")}
            )
        return " ".join(_json_text(v) for v in data.values())
    if isinstance(data, list):
        return " ".join(_json_text(v) for v in data)
    return "" if data is None else str(data)


def api_fact(reading: Reading) -> str:
    response = reading.api.get(f"{reading.api_base}facts/{reading.fact.pk}/")
    assert response.status_code == 200
    body = response.json()
    return plain(_json_text({k: body[k] for k in ("subject", "value", "unit", "slots", "status",
                                                   "event_date", "verification")}))  # fmt: skip


def api_profile(reading: Reading) -> str:
    body = reading.api.get(reading.api_base + "profile/").json()
    body.pop("text")  # the structured lists; the text is the evidence lines' format
    return plain(_json_text(body))


def fhir(reading: Reading) -> str:
    bundle = reading.api.get(reading.api_base + "fhir").json()
    resources = [e["resource"] for e in bundle["entry"]]
    clinical = [r for r in resources if r["resourceType"] not in FHIR_SKIPPED]
    for resource in clinical:
        resource.pop("id", None)
        resource.pop("subject", None)
        resource.pop("patient", None)
    return plain(_json_text(clinical))


READ_PATHS: dict[str, Callable[[Reading], str]] = {
    "overview": overview,
    "fact card": fact_card,
    "timeline": timeline,
    "chain": chain,
    "trend plot": trend_plot,
    "ask answer": ask_answer,
    "ask evidence": ask_evidence,
    "api fact": api_fact,
    "api profile": api_profile,
    "fhir": fhir,
}
