"""The reader's profile lists one row per substance and keeps every statement."""

from __future__ import annotations

from datetime import date

from memory.domain.evidence import FactView, ProfileData
from memory.domain.render import profile_text
from memory.domain.safety_rows import Mention, safety_rows


def stated(fid: int, content: str, day: int, assertion: str = "present") -> FactView:
    return FactView(
        fact_id=fid, session_id=f"visit-{day}", subject="patient", fact_type="safety",
        entity="penicillin", content=content, safety_kind="allergy", assertion=assertion,
        date=date(2024, 4, day), session_date=date(2024, 4, day),
    )  # fmt: skip


def mention(view: FactView) -> Mention:
    return Mention(view.safety_kind, view.entity, view.assertion, not view.excluded,
                   view.verification, view.date, view.session_id, view.session_date)  # fmt: skip


def text(*views: FactView) -> str:
    rows = tuple(safety_rows(list(views), mention))
    return profile_text(ProfileData(cutoff=None, at=None, safety=views, safety_rows=rows))


TWICE = (stated(1, "Penicillin brings me out in welts", 2),
         stated(2, "Still react to penicillin with welts", 20))  # fmt: skip


def test_a_substance_said_twice_heads_one_profile_row():
    rows = [line for line in text(*TWICE).splitlines() if line.startswith("- ")]
    assert len(rows) == 1


def test_the_row_says_how_often_and_how_lately():
    assert "said 2x, latest 2024-04-20, sessions visit-2, visit-20" in text(*TWICE)


def test_the_earlier_statement_stays_in_the_profile():
    assert "    · 2024-04-02 allergy penicillin: Penicillin brings me out in welts" in text(*TWICE)


def test_a_row_stated_then_denied_is_marked_conflicting():
    denied = stated(3, "Penicillin never bothered me", 25, assertion="negated")
    assert "CONFLICTING: stated present, denied 2024-04-25" in text(TWICE[0], denied)
