"""Rebuilding a chain from every observation (fold_chain): each mention is compared with
the record before it in effective order, clinician-touched records are never folded
away, and struck-out records stay records that nothing folds into."""

from __future__ import annotations

from datetime import date

from memory.domain.chains import ChainMember, fold_chain


def seen(fact_id: int, content: str, day: date, **kw: object) -> ChainMember:
    return ChainMember(
        fact_id=fact_id, fact_type="medication_status", status=kw.pop("status", "active"),
        content=content, event_date=day, session_date=day, position=fact_id - 1,
        **kw,  # type: ignore[arg-type]
    )  # fmt: skip


FEB, MAR, APR = date(2025, 2, 3), date(2025, 3, 3), date(2025, 4, 3)


def test_every_restatement_folds_into_the_first_record() -> None:
    chain = [
        seen(1, "metoprolol 25 mg", FEB),
        seen(2, "still on metoprolol 25 mg", MAR),
        seen(3, "metoprolol 25 mg as before", APR),
    ]
    assert fold_chain(chain) == {1: (2, 3)}


def test_a_dose_back_to_an_earlier_one_is_a_record_again() -> None:
    chain = [
        seen(1, "metoprolol 25 mg", FEB),
        seen(2, "metoprolol raised to 50 mg", MAR, status="dose_changed"),
        seen(3, "metoprolol 25 mg", APR),
    ]
    assert fold_chain(chain) == {1: (), 2: (), 3: ()}


def test_a_record_a_clinician_touched_is_never_folded() -> None:
    chain = [seen(1, "metoprolol 25 mg", FEB), seen(2, "still on metoprolol 25 mg", MAR)]
    assert fold_chain(chain, fixed=frozenset({2})) == {1: (), 2: ()}


def test_a_struck_out_record_stays_a_record_with_nothing_folded_into_it() -> None:
    chain = [
        seen(1, "metoprolol 25 mg", FEB),
        seen(2, "metoprolol 25 mg", MAR, verification="refuted"),
        seen(3, "metoprolol 25 mg", APR),
    ]
    assert fold_chain(chain) == {2: (), 1: (3,)}


def test_folding_follows_the_dates_not_the_order_of_construction() -> None:
    chain = [seen(1, "metoprolol 25 mg", APR), seen(2, "metoprolol 25 mg", FEB)]
    assert fold_chain(chain) == {2: (1,)}
