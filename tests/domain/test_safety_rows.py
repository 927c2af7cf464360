"""One row per substance and per procedure: grouping and the row's state."""

from __future__ import annotations

from datetime import date

from memory.domain.safety_rows import Mention, safety_rows


def said(
    name: str,
    day: int,
    kind: str = "allergy",
    assertion: str = "present",
    in_force: bool = True,
    session: str = "",
) -> Mention:
    return Mention(
        kind=kind, name=name, assertion=assertion, in_force=in_force,
        verification="unconfirmed" if in_force else "refuted",
        date=date(2024, 3, day), session=session or f"visit-{day}",
    )  # fmt: skip


def rows(*mentions: Mention):
    return safety_rows(list(mentions), lambda m: m)


def test_one_substance_said_in_three_visits_is_one_row():
    (row,) = rows(said("ibuprofen", 1), said("ibuprofen", 9), said("Ibuprofen", 20))
    assert row.mention_count == 3


def test_a_row_shows_its_latest_date():
    (row,) = rows(said("ibuprofen", 9), said("ibuprofen", 1))
    assert row.latest == date(2024, 3, 9)


def test_a_row_lists_each_source_session_once_oldest_first():
    (row,) = rows(said("aspirin", 9, session="b"), said("aspirin", 1, session="a"),
                  said("aspirin", 12, session="b"))  # fmt: skip
    assert row.sessions == ("a", "b")


def test_a_row_keeps_every_mention():
    mentions = [said("penicillin", d) for d in (5, 2, 8)]
    (row,) = rows(*mentions)
    assert sorted(row.items, key=lambda m: m.date) == sorted(mentions, key=lambda m: m.date)


def test_an_interaction_and_a_contraindication_of_one_drug_share_a_row():
    (row,) = rows(said("ibuprofen", 1, kind="interaction"),
                  said("ibuprofen", 2, kind="contraindication"))  # fmt: skip
    assert row.kinds == ("contraindication", "interaction")


def test_an_operation_and_an_allergy_of_the_same_word_are_separate_rows():
    found = rows(said("latex", 1), said("latex", 2, kind="surgical_history"))
    assert [r.group for r in found] == ["substance", "procedure"]


def test_two_substances_are_two_rows():
    assert len(rows(said("penicillin", 1), said("amoxicillin", 1))) == 2


def test_stated_present_then_denied_is_a_conflicting_row():
    (row,) = rows(said("sulfa", 1), said("sulfa", 10, assertion="negated"))
    assert row.state == "conflicting"


def test_a_conflicting_row_shows_when_it_was_denied():
    (row,) = rows(said("sulfa", 1), said("sulfa", 10, assertion="negated"))
    assert row.denied_on == date(2024, 3, 10)


def test_a_row_denied_only_is_a_negative_finding():
    (row,) = rows(said("latex", 4, assertion="negated"))
    assert row.state == "denied"


def test_a_row_refuted_by_a_clinician_in_every_mention_shows_as_excluded():
    (row,) = rows(said("codeine", 4, in_force=False), said("codeine", 6, in_force=False))
    assert row.state == "excluded"


def test_a_refuted_mention_beside_a_later_present_one_leaves_the_row_present():
    (row,) = rows(said("codeine", 4, in_force=False), said("codeine", 6))
    assert row.state == "present"


def test_only_present_statements_in_force_can_carry_an_alert():
    refuted = said("codeine", 2, in_force=False)
    denied = said("codeine", 3, assertion="negated")
    stated = said("codeine", 5)
    (row,) = rows(refuted, denied, stated)
    assert row.present_items == (stated,)


def test_a_suspected_allergy_row_is_not_present():
    (row,) = rows(said("cat dander", 3, assertion="hypothetical"))
    assert row.state == "hypothetical"


def test_rows_that_hold_come_before_denied_ones():
    found = rows(said("latex", 1, assertion="negated"), said("penicillin", 2))
    assert [r.name for r in found] == ["penicillin", "latex"]


def test_each_earlier_source_session_is_linked_once():
    (row,) = rows(said("ibuprofen", 1, session="a"), said("ibuprofen", 2, session="b"),
                  said("ibuprofen", 3, session="b"), said("ibuprofen", 4, session="c"))  # fmt: skip
    assert [m.session for m in row.earlier_sources] == ["a", "b"]


def test_one_sentence_stored_under_two_kinds_is_one_mention():
    contra = Mention("contraindication", "ibuprofen", "present", True, "unconfirmed",
                     date(2024, 3, 1), "visit-1", turn=4)  # fmt: skip
    interaction = Mention("interaction", "ibuprofen", "present", True, "unconfirmed",
                          date(2024, 3, 1), "visit-1", turn=4)  # fmt: skip
    (row,) = rows(contra, interaction)
    assert row.mention_count == 1


def test_a_repeat_the_store_folded_into_one_record_still_counts():
    folded = Mention("allergy", "latex", "present", True, "unconfirmed", date(2024, 3, 1),
                     "visit-1", count=3, turn=2)  # fmt: skip
    (row,) = rows(folded)
    assert row.mention_count == 3


def test_denied_first_and_stated_later_is_a_new_allergy_not_a_dispute():
    (row,) = rows(said("sulfa", 1, assertion="negated"), said("sulfa", 10))
    assert row.state == "present"


def test_a_denial_before_the_allergy_was_stated_is_not_shown_as_a_dispute():
    (row,) = rows(said("sulfa", 1, assertion="negated"), said("sulfa", 10))
    assert row.denied_on is None


def test_an_operation_done_after_its_plan_quotes_the_telling_of_it_done():
    from dataclasses import replace

    plan = replace(said("colonoscopy", 14, kind="surgical_history"), planned=True)
    done = said("colonoscopy", 14, kind="surgical_history", session="after")
    (row,) = rows(done, plan)
    assert row.latest_item is done


def test_an_operation_only_planned_quotes_its_plan():
    from dataclasses import replace

    plan = replace(said("colonoscopy", 14, kind="surgical_history"), planned=True)
    (row,) = rows(plan)
    assert row.latest_item is plan


def test_the_quoted_sessions_statement_is_not_listed_again_as_an_earlier_source():
    from dataclasses import replace

    done = said("colonoscopy", 14, kind="surgical_history", session="after")
    plan = replace(said("colonoscopy", 14, kind="surgical_history", session="before"), planned=True)
    (row,) = rows(done, plan)
    assert row.earlier_sources == (plan,)
