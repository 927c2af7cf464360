"""The patient profile as text (domain.render.profile_text): its head, the caveats,
the safety section, the budgeted sections in print order, the note of what the
budget left out, and the profile's notes (from the mutation pass over render)."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from memory.domain.evidence import FactView, PendingSession, ProfileData
from memory.domain.render import PROFILE_BUDGET, profile_text

SAFETY_TITLE = (
    "SAFETY (every recorded allergy, contraindication, interaction, surgery; "
    "one row per substance / procedure, earlier statements indented):"
)
BASE = FactView(
    fact_id=1, session_id="visit-a", subject="patient", fact_type="preference",
    entity="", content="", date=date(2025, 3, 9),
)  # fmt: skip


def fact(fact_type: str, entity: str, content: str, **changes: object) -> FactView:
    return replace(BASE, fact_type=fact_type, entity=entity, content=content, **changes)


GOUT = fact("condition", "gout", "Big toe flares after seafood")
ALLOPURINOL = fact("medication_status", "allopurinol", "每天早上一片别嘌醇", status="active")
COLCHICINE = fact("medication_status", "colchicine", "Stopped colchicine, it upset my gut",
                  status="stopped")  # fmt: skip
NO_CALLS = fact("preference", "", "Prefers letters to phone calls")
PEANUT = fact("safety", "peanut", "Throat closes up with peanuts", safety_kind="allergy")


def lines_of(data: ProfileData, budget: int = PROFILE_BUDGET) -> list[str]:
    return profile_text(data, budget).splitlines()


def test_a_full_profile_reads_head_caveat_safety_then_each_section_in_print_order() -> None:
    data = ProfileData(
        cutoff=date(2025, 3, 9), at=date(2025, 2, 1), safety=(PEANUT,),
        diagnoses=((GOUT, ("current",)),), active_meds=((ALLOPURINOL, ("since 2024-11",)),),
        stopped_meds=((COLCHICINE, ("stopped 2025-01",)),), preferences=(NO_CALLS,),
        notes=("2 older sessions summarised",), pending=(PendingSession("visit-z", "queued"),),
    )  # fmt: skip
    assert lines_of(data) == [
        "Memory cutoff: latest session 2025-03-09 (records read as of 2025-02-01)",
        "1 session(s) not in memory: visit-z (queued). Their facts (allergies included) are "
        "missing from this profile and from the evidence.",
        SAFETY_TITLE,
        "- 2025-03-09 allergy peanut: Throat closes up with peanuts (session visit-a)",
        "Diagnoses:",
        "- 2025-03-09 condition gout: Big toe flares after seafood [current] (session visit-a)",
        "Active / planned medications:",
        "- 2025-03-09 medication allopurinol (active): 每天早上一片别嘌醇 [since 2024-11] "
        "(session visit-a)",
        "Stopped medications:",
        "- 2025-03-09 medication colchicine (stopped): Stopped colchicine, it upset my gut "
        "[stopped 2025-01] (session visit-a)",
        "Key preferences:",
        "- 2025-03-09 preference: Prefers letters to phone calls (session visit-a)",
        "2 older sessions summarised",
    ]


def test_a_profile_read_at_the_latest_session_names_only_the_cutoff() -> None:
    head = lines_of(ProfileData(cutoff=date(2025, 3, 9), at=None))[0]
    assert head == "Memory cutoff: latest session 2025-03-09"


def test_an_empty_profile_is_its_head_and_an_empty_safety_section() -> None:
    assert lines_of(ProfileData(cutoff=None, at=None)) == [
        "Memory cutoff: latest session undated",
        SAFETY_TITLE,
        "- none recorded",
    ]


# --- the shared budget -----------------------------------------------------------------


def preference(content: str) -> FactView:
    return replace(NO_CALLS, content=content)


def pref_line(content: str) -> str:
    return f"- 2025-03-09 preference: {content} (session visit-a)"


def cost(content: str) -> int:
    return len(pref_line(content)) + 1  # each kept line and its newline


def budgeted(*contents: str, budget: int = PROFILE_BUDGET) -> list[str]:
    """The profile's lines after the safety section."""
    data = ProfileData(cutoff=None, at=None, preferences=tuple(map(preference, contents)))
    return lines_of(data, budget)[3:]


def test_a_line_that_exactly_fills_the_budget_is_kept() -> None:
    assert budgeted("Likes morning slots", budget=cost("Likes morning slots")) == [
        "Key preferences:",
        pref_line("Likes morning slots"),
    ]


def test_a_line_one_character_over_the_budget_is_left_out_and_counted() -> None:
    assert budgeted("Likes morning slots", budget=cost("Likes morning slots") - 1) == [
        f"(1 more profile line(s) left out: {cost('Likes morning slots') - 1}-character budget)"
    ]


def test_two_lines_that_each_fit_but_not_together_keep_the_first() -> None:
    budget = cost("想要女医生") + cost("Wants a female doctor") - 1
    assert budgeted("想要女医生", "Wants a female doctor", budget=budget) == [
        "Key preferences:",
        pref_line("想要女医生"),
        f"(1 more profile line(s) left out: {budget}-character budget)",
    ]


def test_three_lines_that_together_overrun_keep_the_first_two() -> None:
    texts = ("No needles before noon", "Brings an interpreter", "Avoids gelatin capsules")
    budget = sum(map(cost, texts)) - 1
    assert budgeted(*texts, budget=budget) == [
        "Key preferences:",
        pref_line(texts[0]),
        pref_line(texts[1]),
        f"(1 more profile line(s) left out: {budget}-character budget)",
    ]


def test_a_short_line_after_a_left_out_long_one_is_still_kept() -> None:
    texts = ("Walks with a cane", "Would rather not discuss weight at every single visit", "素食")
    budget = cost(texts[0]) + cost(texts[2])
    assert budgeted(*texts, budget=budget) == [
        "Key preferences:",
        pref_line(texts[0]),
        pref_line(texts[2]),
        f"(1 more profile line(s) left out: {budget}-character budget)",
    ]


def test_every_left_out_line_is_counted() -> None:
    assert budgeted("Hard of hearing", "耳背", "Reads large print", budget=10) == [
        "(3 more profile line(s) left out: 10-character budget)"
    ]


def test_a_line_one_character_over_the_default_budget_is_left_out() -> None:
    long = "x" * (PROFILE_BUDGET - cost(""))  # exactly 1,600 with its newline
    assert budgeted(long + "y") == ["(1 more profile line(s) left out: 1600-character budget)"]


def test_a_line_of_exactly_the_default_budget_is_kept() -> None:
    long = "x" * (PROFILE_BUDGET - cost(""))
    assert budgeted(long) == ["Key preferences:", pref_line(long)]


def test_active_medications_take_the_budget_before_diagnoses() -> None:
    budget = len(f"- 2025-03-09 medication allopurinol (active): {ALLOPURINOL.content} "
                 "(session visit-a)") + 1  # fmt: skip
    data = ProfileData(cutoff=None, at=None, diagnoses=((GOUT, ()),),
                       active_meds=((ALLOPURINOL, ()),))  # fmt: skip
    assert lines_of(data, budget)[3:5] == [
        "Active / planned medications:",
        "- 2025-03-09 medication allopurinol (active): 每天早上一片别嘌醇 (session visit-a)",
    ]
