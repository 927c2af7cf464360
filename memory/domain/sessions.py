"""The construction state of a session (L1): which status changes are allowed.

queued → extracting → done | failed. A session already built (done or failed)
can be queued again (re-import with changed turns, reconstruct) or re-extracted
directly; an open session (queued/extracting) can be queued again when its task
was lost. Nothing reaches done or failed without having been extracted, so a
"done" session always carries the extraction that made it so.
"""

from __future__ import annotations

QUEUED = "queued"
EXTRACTING = "extracting"
DONE = "done"
FAILED = "failed"

ALLOWED: dict[str, frozenset[str]] = {
    QUEUED: frozenset({QUEUED, EXTRACTING}),
    # extracting → extracting: a task that died mid-extraction is run again.
    EXTRACTING: frozenset({EXTRACTING, DONE, FAILED, QUEUED}),
    DONE: frozenset({QUEUED, EXTRACTING}),
    FAILED: frozenset({QUEUED, EXTRACTING}),
}


# Sessions whose facts are not (yet) in memory: the profile lists them as pending.
NOT_IN_MEMORY = (QUEUED, EXTRACTING, FAILED)

# Prefix of the extractor of a session the rule extractor built after the
# configured LLM failed: the session may miss what only the LLM would find.
# (Pure and light: `medgraph sessions --status fallback` filters on it and starts fast.)
RULE_FALLBACK_PREFIX = "rules after llm failure"


class IllegalTransition(ValueError):
    """A status change the session state machine does not allow; nothing was changed."""


def check_transition(current: str, target: str) -> None:
    """Raise IllegalTransition unless a session in `current` may move to `target`."""
    if target not in ALLOWED.get(current, frozenset()):
        raise IllegalTransition(f"session status cannot go from {current!r} to {target!r}")


def needs_reason(target: str) -> bool:
    """A failed session always says why."""
    return target == FAILED


def is_listed(status: str, extractor: str, dismissed: bool) -> bool:
    """A session is listed as not (fully) in memory in profiles and answers while it
    is not constructed, or was built by the rule extractor after the LLM failed, and
    no clinician has dismissed it."""
    listed = status in NOT_IN_MEMORY or extractor.startswith(RULE_FALLBACK_PREFIX)
    return listed and not dismissed
