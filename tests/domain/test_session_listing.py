"""Which sessions profiles and answers list as not (fully) in memory (domain.sessions.is_listed)."""

from __future__ import annotations

from memory.domain.sessions import RULE_FALLBACK_PREFIX, is_listed


def test_a_failed_session_is_listed() -> None:
    assert is_listed("failed", "llm", dismissed=False)


def test_a_queued_session_is_listed() -> None:
    assert is_listed("queued", "", dismissed=False)


def test_a_constructed_session_is_not_listed() -> None:
    assert not is_listed("done", "llm", dismissed=False)


def test_a_session_the_rules_built_after_the_llm_failed_is_listed() -> None:
    assert is_listed("done", f"{RULE_FALLBACK_PREFIX} (timeout)", dismissed=False)


def test_a_dismissed_failed_session_is_not_listed() -> None:
    assert not is_listed("failed", "llm", dismissed=True)
