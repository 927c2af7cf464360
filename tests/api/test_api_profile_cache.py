"""The profile endpoint reads through the memory-version cache and is never stale.

Committed for real (transaction=True): the cache is bypassed inside an open
transaction, and the memory version only moves when a write commits.
"""

from __future__ import annotations

import pytest

from memory.models import Fact
from memory.reading import read_cache

pytestmark = pytest.mark.django_db(transaction=True)

BASE = "/api/patients/p-own/"
PENICILLIN = "Penicillin allergy: anaphylaxis in 2015."


@pytest.fixture(autouse=True)
def _fresh_cache(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv("MEDGRAPH_READ_CACHE", raising=False)
    read_cache.clear()
    yield
    read_cache.clear()


def _penicillin(body: dict) -> dict:
    return next(f for f in body["safety"] if f["content"] == PENICILLIN)


def test_repeated_profile_reads_reuse_the_cached_profile(own_patient, api):
    first = api.get(BASE + "profile/").json()
    hits = read_cache.stats()["hits"]
    assert api.get(BASE + "profile/").json() == first
    assert read_cache.stats()["hits"] >= hits + 2  # the profile and its conflicts


def test_profile_shows_a_correction_on_the_next_read(own_patient, api):
    assert _penicillin(api.get(BASE + "profile/").json())["verification"] != "entered_in_error"
    fid = Fact.objects.get(patient=own_patient, content=PENICILLIN).pk
    response = api.post(
        BASE + f"facts/{fid}/verification/",
        {"verification": "entered_in_error", "reason": "wrong patient"},
        HTTP_IF_MATCH=f'"{Fact.objects.get(pk=fid).version}"',
    )
    assert response.status_code == 200
    assert _penicillin(api.get(BASE + "profile/").json())["verification"] == "entered_in_error"
