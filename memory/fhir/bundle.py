"""The IPS-style FHIR document Bundle of one patient's memory.

Bundle(type "document") = Composition first (sections Allergies, Medications,
Problems, Results, Family history, plus Alerts and Procedures when recorded),
then Patient, the clinical resources, and one Provenance per resource that
points at the dialogue session and turn it was taken from.

FHIR version: "R4" by default because the International Patient Summary is
an R4 implementation guide (MedicationStatement.status active|stopped|
intended...). "R5" produces the same document with the R5 element names,
which is what `fhir.resources.bundle.Bundle` (the package's default) parses.
"""

from __future__ import annotations

import html
import uuid
from collections import defaultdict
from collections.abc import Iterable
from datetime import datetime
from typing import Any

from django.db.models import Max, Min
from django.utils import timezone

from memory.domain.chains import ChainMember
from memory.fhir import codes
from memory.fhir.conflicts import conflict_flags
from memory.fhir.family import family_history
from memory.fhir.resources import (
    Built,
    alert,
    allergy,
    condition,
    medication,
    observation,
    procedure,
)
from memory.fhir.safety_rows import GROUPED_KINDS, safety_row_resources
from memory.models import Chain, Fact, Patient, Person
from memory.queries.chains import members_of

VERSIONS = ("R4", "R5")
MEDGRAPH_VERSION = "0.1.0"
# Sections always present (IPS requires the first three; the issue asks for all five).
REQUIRED_SECTIONS = ("allergies", "medications", "problems", "results", "family")


class FhirExportError(ValueError):
    """An export that cannot be produced (unknown FHIR version)."""


def build_bundle(
    patient: Patient, *, version: str = "R4", now: datetime | None = None
) -> dict[str, Any]:
    if version not in VERSIONS:
        raise FhirExportError(f"unknown FHIR version {version!r} (allowed: {', '.join(VERSIONS)})")
    now = now or timezone.now()
    urls = _Urls(patient.external_id)
    patient_ref = {"reference": urls.of("patient")}
    built = _own_resources(patient, patient_ref, version) + _family(patient, patient_ref)
    built += conflict_flags(patient, patient_ref)
    device = {"reference": urls.of("device"), "display": "MedGraph"}
    entries = [
        _entry(urls.of("patient"), _patient_resource(patient, urls.of("patient"))),
        _entry(urls.of("device"), _device_resource(version)),
    ]
    for index, item in enumerate(built):
        url = urls.of(f"resource:{index}")
        item.resource["id"] = url.removeprefix("urn:uuid:")
        entries.append(_entry(url, item.resource))
        prov_url = urls.of(f"provenance:{index}")
        entries.append(_entry(prov_url, _provenance(item, url, device, patient)))
    composition = _composition(patient, built, patient_ref, version, now, urls)
    composition["author"] = [device]
    entries.insert(0, _entry(urls.of("composition"), composition))
    return {
        "resourceType": "Bundle",
        "id": str(uuid.uuid4()),
        "identifier": {"system": codes.BUNDLE_SYSTEM, "value": str(uuid.uuid4())},
        "type": "document",
        "timestamp": now.isoformat(),
        "entry": entries,
    }


def validate_bundle(data: dict[str, Any], version: str = "R4") -> Any:
    """Parse with fhir.resources (R4B models for R4); raises pydantic.ValidationError,
    or FhirExportError when a profile rule fhir.resources cannot check is broken."""
    if version == "R5":
        from fhir.resources.bundle import Bundle
    else:
        from fhir.resources.R4B.bundle import Bundle
    parsed = Bundle.model_validate(data)
    problems = profile_problems(data)
    if problems:
        raise FhirExportError("; ".join(problems))
    return parsed


def profile_problems(data: dict[str, Any]) -> list[str]:
    """IPS rules beyond the base models: Composition first, authored by a Device in the
    bundle, every section LOINC-coded from the IPS list, required sections present,
    every Quantity in UCUM."""
    entries = data.get("entry") or []
    resources = [e.get("resource", {}) for e in entries]
    if not resources or resources[0].get("resourceType") != "Composition":
        return ["the first entry must be the Composition"]
    composition, problems = resources[0], []
    urls = {e.get("fullUrl"): e.get("resource", {}).get("resourceType") for e in entries}
    authors = [a.get("reference") for a in composition.get("author", [])]
    if not authors or any(urls.get(a) != "Device" for a in authors):
        problems.append("Composition.author must reference a Device in the bundle")
    allowed = {code: key for key, (_, code, _) in codes.SECTIONS.items()}
    seen = set()
    for section in composition.get("section", []):
        coding = (section.get("code", {}).get("coding") or [{}])[0]
        if coding.get("system") != codes.LOINC or coding.get("code") not in allowed:
            problems.append(f"section {section.get('title')!r}: not an IPS LOINC section code")
        seen.add(allowed.get(coding.get("code")))
    missing = [key for key in REQUIRED_SECTIONS if key not in seen]
    if missing:
        problems.append(f"missing sections: {', '.join(missing)}")
    for resource in resources:
        value = resource.get("valueQuantity")
        if value is not None and value.get("system") != codes.UCUM:
            problems.append(f"{resource.get('resourceType')} quantity without the UCUM system")
    return problems


class _Urls:
    """Stable urn:uuid fullUrls: the same patient and key give the same id."""

    def __init__(self, patient_key: str) -> None:
        self._prefix = f"medgraph:{patient_key}:"

    def of(self, key: str) -> str:
        return f"urn:uuid:{uuid.uuid5(uuid.NAMESPACE_URL, self._prefix + key)}"


def _entry(url: str, resource: dict[str, Any]) -> dict[str, Any]:
    resource.setdefault("id", url.removeprefix("urn:uuid:"))
    return {"fullUrl": url, "resource": resource}


def _patient_resource(patient: Patient, url: str) -> dict[str, Any]:
    resource: dict[str, Any] = {
        "resourceType": "Patient",
        "identifier": [{"system": codes.PATIENT_SYSTEM, "value": patient.external_id}],
    }
    if patient.display_name:
        resource["name"] = [{"text": patient.display_name}]
    return resource


def _facts(patient: Patient) -> Iterable[Fact]:
    return (
        Fact.objects.filter(patient=patient)
        .select_related("subject", "entity", "session")
        .defer("embedding", "search")
        .order_by("effective_date", "id")
    )


def _own_resources(patient: Patient, ref: dict[str, str], version: str) -> list[Built]:
    """Resources about the patient: ONLY facts whose subject is the patient node."""
    out: list[Built] = []
    chained: dict[int, list[Fact]] = defaultdict(list)
    grouped: list[Fact] = []  # allergies and operations: one resource per row
    for fact in _facts(patient):
        if fact.subject.key != "patient":
            continue
        if fact.fact_type == "safety" and fact.safety_kind in GROUPED_KINDS:
            grouped.append(fact)
            continue
        if fact.chain_id and fact.fact_type in ("medication_status", "condition"):
            chained[fact.chain_id].append(fact)
            continue
        item = _single(fact, ref, version)
        if item is not None:
            out.append(item)
    out += safety_row_resources(grouped, ref, version)
    members_by_chain = members_of(list(chained))
    for chain in Chain.objects.filter(pk__in=list(chained)).order_by("fact_type", "pk"):
        ordered = sorted(chained[chain.pk], key=lambda f: (f.chain_position or 0, f.pk))
        members = members_by_chain.get(chain.pk, [])
        if chain.fact_type == "medication_status":
            out.append(medication(ordered, members, ref, version))
        else:
            out.append(condition(ordered, members, ref))
    return out


def _single(fact: Fact, ref: dict[str, str], version: str) -> Built | None:
    if fact.fact_type == "safety":  # never skipped, whatever its assertion (docs/design.md §1.3)
        if fact.safety_kind == "allergy":
            return allergy(fact, ref)
        if fact.safety_kind == "surgical_history":
            return procedure(fact, ref, version)
        return alert(fact, ref)
    if fact.assertion == "hypothetical":
        return None  # "if it gets worse we might start X" is not a record
    if fact.fact_type in ("lab_result", "vital"):
        return observation(fact, ref)
    if fact.fact_type == "condition":
        return condition([fact], None, ref)
    if fact.fact_type == "medication_status" and fact.assertion != "negated":
        return _lone_medication(fact, ref, version)
    return None  # symptoms, events, preferences: not part of the summary


def _lone_medication(fact: Fact, ref: dict[str, str], version: str) -> Built:
    # A medication record outside any chain (no resolved entity) is its own current record.
    member = ChainMember(
        fact_id=fact.pk, fact_type=fact.fact_type, status=fact.status or None,
        content=fact.content, event_date=fact.event_date,
        session_date=fact.session.session_date, position=0, valid_from=fact.valid_from,
        valid_to=fact.valid_to, verification=fact.verification,
    )  # fmt: skip
    return medication([fact], [member], ref, version)


def _family(patient: Patient, ref: dict[str, str]) -> list[Built]:
    by_person: dict[int, list[Fact]] = defaultdict(list)
    persons: dict[int, Person] = {}
    for fact in _facts(patient):
        if fact.subject.kind == Person.Kind.FAMILY:
            by_person[fact.subject_id].append(fact)
            persons[fact.subject_id] = fact.subject
    return [family_history(persons[pid], facts, ref) for pid, facts in sorted(by_person.items())]


def _device_resource(version: str) -> dict[str, Any]:
    """The software that wrote the summary: author of the Composition, agent of Provenance."""
    names = (
        {"name": [{"value": "MedGraph", "type": "user-friendly-name"}]}
        if version == "R5"
        else {"deviceName": [{"name": "MedGraph", "type": "user-friendly-name"}]}
    )
    return {"resourceType": "Device", **names, "version": [{"value": MEDGRAPH_VERSION}]}


def _provenance(
    item: Built, target: str, device: dict[str, str], patient: Patient
) -> dict[str, Any]:
    """Where the resource came from: the session(s) and turn(s) of its records."""
    seen: dict[tuple[str, int], Fact] = {}
    for fact in item.facts:
        seen.setdefault((fact.session.external_id, fact.evidence_turn), fact)
    entities = [
        {
            "role": "source",
            "what": {
                "identifier": {
                    "system": codes.SESSION_SYSTEM,
                    "value": f"{patient.external_id}/{session_id}#turn-{turn}",
                },
                "display": f"session {session_id}"
                + (f" ({f.session.session_date})" if f.session.session_date else "")
                + f", turn {turn}",
            },
        }
        for (session_id, turn), f in seen.items()
    ]
    origins = sorted({f.origin for f in item.facts}) or ["extractor"]
    recorded = max(f.updated_at for f in item.facts) if item.facts else timezone.now()
    return {
        "resourceType": "Provenance",
        "target": [{"reference": target}],
        "recorded": recorded.isoformat(),
        "agent": [{"who": {**device, "display": f"MedGraph ({', '.join(origins)})"}}],
        "entity": entities,
    }


def _composition(
    patient: Patient,
    built: list[Built],
    ref: dict[str, str],
    version: str,
    now: datetime,
    urls: _Urls,
) -> dict[str, Any]:
    urls_by_section: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for index, item in enumerate(built):
        urls_by_section[item.section].append((urls.of(f"resource:{index}"), item.line))
    sections = [
        _section(key, urls_by_section[key])
        for key in codes.SECTIONS
        if key in REQUIRED_SECTIONS or urls_by_section[key]
    ]
    span = patient.sessions.aggregate(first=Min("session_date"), last=Max("session_date"))
    composition: dict[str, Any] = {
        "resourceType": "Composition",
        "status": "final",
        "type": codes.concept(codes.LOINC, "60591-5", "Patient summary Document"),
        "subject": [ref] if version == "R5" else ref,
        "date": now.isoformat(),
        "title": f"Patient summary: {patient.display_name or patient.external_id}",
        "section": sections,
    }
    if span["last"]:
        # The memory cutoff (docs/design.md §5): nothing after the latest session is known.
        period = {"start": span["first"].isoformat(), "end": span["last"].isoformat()}
        composition["event"] = [{"period": period}]
    return composition


def _section(key: str, items: list[tuple[str, str]]) -> dict[str, Any]:
    title, code, display = codes.SECTIONS[key]
    lines = "".join(f"<li>{html.escape(line)}</li>" for _, line in items)
    body = f"<ul>{lines}</ul>" if items else "<p>No information recorded.</p>"
    section: dict[str, Any] = {
        "title": title,
        "code": codes.concept(codes.LOINC, code, display),
        "text": {
            "status": "generated",
            "div": f'<div xmlns="http://www.w3.org/1999/xhtml">{body}</div>',
        },
    }
    if items:
        section["entry"] = [{"reference": url} for url, _ in items]
    else:
        section["emptyReason"] = codes.concept(codes.LIST_EMPTY_REASON, "nilknown", "Nil Known")
    return section
