"""construct_session: L1 session -> extraction -> L2 graph, one call per session.

The extractor runs outside any transaction (an LLM call can take a minute);
everything it produces is written in one transaction by memory.actions, so a
crash midway leaves no half-built graph and the raw session stays as it was.
Every status change goes through the session state machine (memory.actions.sessions).
"""

from __future__ import annotations

import logging
import time
from dataclasses import replace

from celery.exceptions import SoftTimeLimitExceeded
from django.db import InterfaceError, OperationalError, transaction

from memory.actions.patient_lock import lock_patient_construction, unlock_patient_construction
from memory.actions.sessions import (
    do_fail_session,
    do_record_timing,
    do_start_extraction,
)
from memory.domain.sessions import RULE_FALLBACK_PREFIX
from memory.domain.types import Turn as TurnValue
from memory.extraction.base import ExtractionFailed, ExtractionResult, Extractor, SessionText
from memory.models import Session
from memory.queries.sessions import is_current_extraction

log = logging.getLogger(__name__)


class PatientBusy(RuntimeError):
    """Another process is constructing this patient's sessions right now."""


def construct_pending(
    session_id: int,
    extractor: Extractor | None = None,
    *,
    block: bool = True,
    budget_s: float | None = None,
    drain_all: bool = False,
) -> list[int]:
    """Drain the patient's queue up to and including `session_id`, in arrival order.

    block=False raises PatientBusy instead of waiting for the patient's lock, so a
    worker slot is never tied up behind another worker (the task retries later).
    drain_all=True goes on past `session_id` with sessions that arrive meanwhile, so
    a busy patient's later tasks find their session already done.
    budget_s stops the drain after the session that crosses it; the caller re-queues.
    """
    session = Session.objects.select_related("patient").get(pk=session_id)
    patient_id = session.patient_id
    if not lock_patient_construction(patient_id, block):
        raise PatientBusy(f"patient {session.patient.external_id} is being constructed")
    started = time.monotonic()
    done: list[int] = []
    pending = Session.objects.filter(
        patient_id=patient_id, status__in=[Session.Status.QUEUED, Session.Status.EXTRACTING]
    ).order_by("seq")
    if not drain_all:
        pending = pending.filter(seq__lte=session.seq)
    try:
        # One at a time, re-reading the queue: arrival order holds for late arrivals too.
        while (
            sid := pending.exclude(pk__in=done).values_list("pk", flat=True).first()
        ) is not None:
            construct_session(sid, extractor=extractor)
            done.append(sid)
            if budget_s is not None and time.monotonic() - started > budget_s:
                log.info("drain budget used after %d session(s)", len(done))
                break
    finally:
        unlock_patient_construction(patient_id)
    return done


def construct_session(session_id: int, extractor: Extractor | None = None) -> Session:
    """Extract one session and write its facts; re-running replaces its previous extraction."""
    from memory.actions.graph import apply_extraction
    from memory.actions.index import index_session
    from memory.extraction import get_extractor

    extractor = extractor or get_extractor()
    started = time.perf_counter()
    session = do_start_extraction(session_id)
    text = SessionText(
        date=session.session_date,
        turns=tuple(
            TurnValue(index=t.index, speaker=t.speaker, text=t.text)
            for t in session.turns.order_by("index")
        ),
        title=session.title,
    )
    failure, failed_reply = "", ""
    ctx = {"session_id": session_id, "patient_id": session.patient_id, "seq": session.seq}
    log.info("construction started", extra={**ctx, "extractor": getattr(extractor, "name", "")})
    try:
        result = extractor.extract(text)
    except ExtractionFailed as exc:
        failure = f"LLM extraction failed ({exc.kind}): {exc.reason}"
        failed_reply = exc.raw_reply or ""
        result = _rule_fallback(text, extractor, failure, exc.attempts)
        if result is None:
            return _fail(session, exc.reason, exc.raw_reply or "", exc.attempts, extractor)
    except SoftTimeLimitExceeded:
        # The task's time is nearly up while the LLM still works on the session: the
        # rule extractor builds it now, so the patient's allergies are in memory
        # before the hard limit ends the task (one rule extraction takes ~0.1 s).
        failure = (
            "LLM extraction failed (time_limit): still running at the task's soft time "
            "limit; check MEDGRAPH_TASK_SOFT_TIME_LIMIT_S, LLM_TIMEOUT_S and LLM_MAX_ATTEMPTS"
        )
        result = _rule_fallback(text, extractor, failure)
        if result is None:
            return _fail(session, failure, "", 0, extractor)
    except (OperationalError, InterfaceError):
        raise  # the database is away: the task retries, the session is not failed
    except Exception as exc:  # an extractor bug must not leave the session "extracting"
        log.exception("extractor crashed on session %s", session_id)
        return _fail(session, f"extractor error: {exc!r}", "", 0, extractor)
    extracted_ms = (time.perf_counter() - started) * 1000
    n_facts = len(result.extraction.facts)
    log.info("extracted", extra={**ctx, "facts": n_facts, "ms": round(extracted_ms)})
    try:
        with transaction.atomic():
            if not is_current_extraction(session_id, session.started_at):
                return _superseded(session_id, ctx)
            created = apply_extraction(session, result)
            log.info("graph updated", extra={**ctx, "facts_created": len(created)})
            index_session(session, created)
            elapsed = (time.perf_counter() - started) * 1000
            # The failure stays visible: the profile lists the session until dismissed.
            kept = {"raw_reply": failed_reply[:200_000]} if failed_reply else {}
            do_record_timing(
                session_id, construct_ms=elapsed, status_reason=failure[:5000],
                dismissed_at=None, dismissed_by=None, dismissed_reason="", **kept,
            )  # fmt: skip
        log.info("indexed; construction done", extra={**ctx, "ms": round(elapsed)})
    except (OperationalError, InterfaceError):
        raise  # the database is away: the task retries, the session is not failed
    except Exception as exc:
        log.exception("writing the extraction of session %s failed", session_id)
        return _fail(
            session, f"could not store extraction: {exc!r}", result.raw_reply, 0, extractor
        )
    return Session.objects.get(pk=session_id)


def _rule_fallback(
    text: SessionText, extractor: Extractor, failure: str, attempts: int = 0
) -> ExtractionResult | None:
    """When the LLM gave up on a session, the rule extractor constructs it, so its
    allergies are in memory at once; it is marked as such (extractor name)."""
    if getattr(extractor, "name", "") != "llm":
        return None
    from memory.extraction.rules import RuleExtractor

    try:
        result = RuleExtractor().extract(text)
    except Exception:
        log.exception("rule fallback failed too")
        return None
    log.warning("constructing with the rule extractor: %s", failure)
    return replace(result, extractor=RULE_FALLBACK_PREFIX, attempts=attempts)


def _superseded(session_id: int, ctx: dict[str, object]) -> Session:
    """The session was replaced (or restarted elsewhere) while this extraction ran: its
    result is dropped; the replace queued the session again for its new turns."""
    log.info("extraction superseded by a replace or a restart; result dropped", extra=ctx)
    return Session.objects.get(pk=session_id)


def _fail(
    session: Session, reason: str, raw_reply: str, attempts: int, extractor: Extractor
) -> Session:
    log.warning(
        "construction failed",
        extra={"session_id": session.pk, "reason": reason[:300], "attempts": attempts},
    )
    with transaction.atomic():
        if not is_current_extraction(session.pk, session.started_at):
            return _superseded(session.pk, {"session_id": session.pk})
        return do_fail_session(
            session.pk,
            reason[:5000] or "unknown failure",
            raw_reply=raw_reply[:200_000],
            attempts=attempts,
            extractor=getattr(extractor, "name", ""),
        )
