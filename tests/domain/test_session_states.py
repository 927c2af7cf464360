"""The construction state machine of a session: which status changes are allowed."""

from __future__ import annotations

import pytest

from memory.domain.sessions import (
    DONE,
    EXTRACTING,
    FAILED,
    QUEUED,
    IllegalTransition,
    check_transition,
)


@pytest.mark.parametrize("start", [QUEUED, DONE, FAILED])
def test_nothing_becomes_done_without_being_extracted(start: str) -> None:
    with pytest.raises(IllegalTransition, match=f"from '{start}' to 'done'"):
        check_transition(start, DONE)


@pytest.mark.parametrize("start", [QUEUED, DONE])
def test_only_an_extraction_can_fail(start: str) -> None:
    with pytest.raises(IllegalTransition):
        check_transition(start, FAILED)


@pytest.mark.parametrize("start", [QUEUED, EXTRACTING, DONE, FAILED])
def test_every_session_can_be_queued_again(start: str) -> None:
    check_transition(start, QUEUED)


def test_extraction_ends_done_or_failed() -> None:
    for target in (DONE, FAILED):
        check_transition(EXTRACTING, target)


def test_unknown_status_is_refused() -> None:
    with pytest.raises(IllegalTransition):
        check_transition("archived", QUEUED)
