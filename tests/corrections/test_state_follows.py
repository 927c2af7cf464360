"""Badges, headings and every part of the fact page follow a correction at once."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from memory.actions.corrections import do_correct_fact
from tests.corrections.conftest import latest
from tests.corrections.read_paths import READ_PATHS, Reading

pytestmark = pytest.mark.django_db
HX = {"HTTP_HX_REQUEST": "true"}
CONFIRMED = "✓ confirmed"


def verify(patient, fact, clinician, verification: str) -> None:
    fact.refresh_from_db()
    do_correct_fact(
        patient, fact.pk, "verify", {"verification": verification}, version=fact.version,
        actor=clinician, channel="web", reason="wrong chart",
    )  # fmt: skip


@pytest.mark.parametrize("verdict", ["entered_in_error", "refuted"])
@pytest.mark.parametrize("path", ["overview", "fact card", "chain", "timeline"])
def test_a_confirmed_fact_ruled_out_shows_no_confirmed_badge(
    web, api, slotted, clinician, path, verdict
):
    fact = latest(slotted, "metformin")
    reading = Reading(web, api, slotted, fact, "")
    verify(slotted, fact, clinician, "confirmed")
    assert CONFIRMED in READ_PATHS[path](reading)  # the control: the badge is shown
    verify(slotted, fact, clinician, verdict)
    assert CONFIRMED not in READ_PATHS[path](reading)


def test_a_ruled_out_fact_heading_names_its_state(web, slotted, clinician):
    fact = latest(slotted, "metformin")
    verify(slotted, fact, clinician, "entered_in_error")
    page = web.get(reverse("fact-detail", args=[slotted.external_id, fact.pk])).content.decode()
    heading = re.search(r"<h2 id=\"fact-\d+-heading\".*?</h2>", page, re.S)[0]
    assert "entered in error" in heading.casefold()


def correct_on(web, fact, kind: str, data: dict, page_url: str):
    url = reverse("fact-correct", args=[fact.patient.external_id, fact.pk, kind])
    body = {"version": fact.version, **data}
    return web.post(url, body, HTTP_HX_CURRENT_URL=f"http://testserver{page_url}", **HX)


def oob(html: str, part: str) -> str:
    """The out-of-band element `part`: from its tag to the next out-of-band one."""
    start = rf'id="fact-\d+-{part}" hx-swap-oob="true">'
    found = re.search(start + r"(.*?)(?=hx-swap-oob|$)", html, re.S)
    return found[1] if found else ""


def test_a_move_on_the_fact_page_updates_its_heading_out_of_band(web, slotted):
    fact = latest(slotted, "metformin")
    page = reverse("fact-detail", args=[slotted.external_id, fact.pk])
    html = correct_on(web, fact, "reassign", {"relation": "mother", "reason": "hers"}, page)
    assert "Mother" in oob(html.content.decode(), "heading")


def test_a_correction_on_the_fact_page_updates_its_history_out_of_band(web, slotted):
    fact = latest(slotted, "metformin")
    page = reverse("fact-detail", args=[slotted.external_id, fact.pk])
    html = correct_on(web, fact, "reassign", {"relation": "mother", "reason": "hers"}, page)
    history = oob(html.content.decode(), "history")
    assert "hers" in history and "No change recorded" not in history


def test_a_correction_on_the_fact_page_gives_the_other_forms_the_new_version(web, slotted):
    fact = latest(slotted, "metformin")
    page = reverse("fact-detail", args=[slotted.external_id, fact.pk])
    html = correct_on(web, fact, "reassign", {"relation": "mother", "reason": "hers"}, page)
    versions = re.findall(r'name="version" value="(\d+)"', oob(html.content.decode(), "forms"))
    assert versions and set(versions) == {str(fact.version + 1)}


def test_a_correction_on_the_timeline_swaps_only_the_card(web, slotted):
    fact = latest(slotted, "metformin")
    page = reverse("patient-timeline", args=[slotted.external_id])
    html = correct_on(web, fact, "reassign", {"relation": "mother", "reason": "hers"}, page)
    body = html.content.decode()
    assert "hx-swap-oob" not in body and f'id="fact-{fact.pk}"' in body
