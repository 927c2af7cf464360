"""A patient's pages show no item named by another patient's words (issue 34).

Patient B says "back surgery" first; patient A then says "spine surgery" (a bare
"surgery" names no operation). A name the dictionary does not know is A's own, so
A's pages never show B's wording; in Chinese likewise (背部手术 / 脊柱手术).
"""

from __future__ import annotations

from datetime import date

import pytest
from django.urls import reverse

from memory.actions.imports import store_sessions
from memory.domain.types import ParsedSession, Turn
from memory.models import Patient
from memory.pipeline.construction import construct_pending

pytestmark = pytest.mark.django_db


def _import(patient: str, saying: str) -> None:
    turns = (Turn(1, "doctor", "Any operations?"), Turn(2, "patient", saying))
    session = ParsedSession(external_id=f"{patient}-1", date=date(2024, 5, 2), turns=turns,
                            patient_id=patient, patient_name=patient.upper())  # fmt: skip
    construct_pending(store_sessions([session]).stored[-1].pk)


def _overview(client, clinician, patient: str) -> str:
    Patient.objects.get(external_id=patient).care_team.add(clinician)
    client.force_login(clinician)
    return client.get(reverse("patient-overview", args=[patient])).content.decode()


@pytest.mark.parametrize(
    ("theirs", "ours", "their_item", "our_item"),
    [
        ("I had some back surgery when I was thirty.", "Years ago I had spine surgery.",
         "back surgery", "spine surgery"),
        ("我年轻时做过背部手术。", "我以前做过脊柱手术。", "背部手术", "脊柱手术"),
    ],
)  # fmt: skip
def test_the_overview_shows_the_patients_own_item_not_anothers_wording(
    client, clinician, theirs, ours, their_item, our_item
):
    _import("b", theirs)
    _import("a", ours)
    page = _overview(client, clinician, "a")
    assert our_item in page and their_item not in page
