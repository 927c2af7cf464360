"""A badge says "confirmed" only for a present, asserted condition (issue 30, item 3):
a hypothetical mention shows as hypothetical, whatever status it was stored with."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from memory.actions.imports import store_sessions
from memory.importing import parse_text
from tests.web.graph import _apply, fact

pytestmark = pytest.mark.django_db

VISIT = """Date: 2024-05-02
Doctor: If the numbness spreads it could be a neuropathy. Your gout is flaring.
"""


@pytest.fixture
def with_mentions(patient):
    session = store_sessions(parse_text(VISIT, "v4.txt", patient_id="p1")).stored[0]
    _apply(session, (
        fact("condition", "It could be a neuropathy", entity="peripheral neuropathy",
             status="confirmed", assertion="hypothetical", evidence_turn=1),
        fact("condition", "Your gout is flaring", entity="gout", status="confirmed",
             evidence_turn=1),
    ))  # fmt: skip
    return patient


def _timeline_card(client, name: str) -> str:
    body = client.get(reverse("patient-timeline", args=["p1"])).content.decode()
    cards = re.findall(r'<article class="fact.*?</article>', body, re.S)
    return next(c for c in cards if f">{name}</h4>" in c)


def test_hypothetical_condition_is_badged_hypothetical_not_confirmed(client_in, with_mentions):
    card = _timeline_card(client_in, "peripheral neuropathy")
    head = card.split("</div>")[0]
    assert 'class="badge">hypothetical' in head and "st-confirmed" not in head


def test_present_condition_is_badged_confirmed_control(client_in, with_mentions):
    head = _timeline_card(client_in, "gout").split("</div>")[0]
    assert "st-confirmed" in head
