"""Fact filters and chains with the current marker."""

from __future__ import annotations

import pytest

from tests.api.conftest import BASE

pytestmark = pytest.mark.django_db


def contents(response) -> list[str]:
    return [f["content"] for f in response.json()["results"]]


def test_filter_by_person_returns_only_that_persons_facts(patient, api):
    facts = api.get(BASE + "facts/", {"person": "family:father"}).json()["results"]
    assert {f["subject"] for f in facts} == {"family:father"} and len(facts) == 2


def test_filter_by_type(patient, api):
    facts = api.get(BASE + "facts/", {"type": "lab_result"}).json()["results"]
    assert [f["value"] for f in facts] == ["7.2", "6.1"]


def test_filter_by_date_range_uses_effective_date(patient, api):
    response = api.get(BASE + "facts/", {"type": "lab_result", "date_from": "2024-02-01"})
    assert contents(response) == ["Fasting glucose 6.1 mmol/L."]


def test_filter_by_status(patient, api):
    assert contents(api.get(BASE + "facts/", {"status": "stopped"})) == [
        "Stopped amlodipine (ankle oedema)."
    ]


def test_full_text_search_finds_the_fact(patient, api):
    assert "Appendectomy in 2010." in contents(api.get(BASE + "facts/", {"q": "appendectomy"}))


def test_filter_by_chain_lists_its_members(patient, api):
    chain = api.get(BASE + "facts/", {"status": "stopped"}).json()["results"][0]["chain"]
    assert len(api.get(BASE + "facts/", {"chain": chain}).json()["results"]) == 2


def test_invalid_filter_is_a_field_error(patient, api):
    response = api.get(BASE + "facts/", {"type": "gossip", "date_from": "yesterday"})
    assert response.status_code == 400
    assert set(response.json()["error"]["fields"]) == {"type", "date_from"}


def test_inverted_date_range_is_a_field_error(patient, api):
    response = api.get(BASE + "facts/", {"date_from": "2024-05-01", "date_to": "2024-01-01"})
    assert list(response.json()["error"]["fields"]) == ["date_to"]


def _amlodipine(api, **params) -> dict:
    chains = api.get(BASE + "chains/", params).json()["results"]
    chain = next(c for c in chains if c["entity"] == "amlodipine")
    return api.get(BASE + f"chains/{chain['id']}/", params).json()


def test_chain_members_are_ordered_with_the_current_record_marked(patient, api):
    chain = _amlodipine(api)
    assert [(m["status"], m["role"]) for m in chain["members"]] == [
        ("active", "relation"), ("stopped", "current")
    ]  # fmt: skip


def test_chain_current_at_a_past_date_is_the_record_then_in_force(patient, api):
    chain = _amlodipine(api, at="2024-02-01")
    current = next(m for m in chain["members"] if m["id"] == chain["current"])
    assert current["status"] == "active"


def test_chain_list_gives_current_for_every_chain(patient, api):
    chains = api.get(BASE + "chains/").json()["results"]
    assert all(c["current"] is not None for c in chains)


def test_fact_of_another_patient_is_404(patient, empty_patient, api):
    fact = api.get(BASE + "facts/").json()["results"][0]["id"]
    assert api.get(f"/api/patients/p-empty/facts/{fact}/").status_code == 404


def test_facts_carry_their_value_slots(own_patient, api):
    from memory.models import Fact

    Fact.objects.filter(patient=own_patient, fact_type="lab_result", value="7.2").update(
        slots={"value": 7.2, "unit": "mmol/L"}
    )
    facts = api.get(
        f"/api/patients/{own_patient.external_id}/facts/", {"type": "lab_result"}
    ).json()["results"]
    assert [f["slots"] for f in facts] == [{"value": 7.2, "unit": "mmol/L"}, {}]
