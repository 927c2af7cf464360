"""Importing sessions: the one path of the CLI, the web upload and the API upload.

`do_import_sessions` parses (memory.importing.parse_sources), checks the caller
may add to every patient named, stores L1 (raw turns, verbatim) and queues
construction. All-or-nothing: a batch is stored in one transaction; construction
tasks are queued only after it commits, in arrival order.

Re-importing a session with the same turns is a no-op ("already imported"),
unless another import of it was in flight at the same moment: then this one is
refused as a concurrent duplicate (IngestConflict), so of two identical
uploads one stores and one is told. Different turns are refused (IngestConflict)
unless `replace` is given, which supersedes the turns and re-extracts the
session while keeping every clinician's correction.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Max

from memory.access import patients_for
from memory.actions.audit import record
from memory.actions.patient_lock import hold_patient_lock_if_free
from memory.actions.patients import ensure_patient
from memory.actions.retry import retrying_deadlocks
from memory.actions.sessions import do_queue_sessions
from memory.domain.types import ParsedSession
from memory.importing import DEFAULT_MAX_BYTES, parse_sources
from memory.importing.limits import LimitError, check_id
from memory.models import Patient, Session, Turn

__all__ = [
    "Enqueue",
    "ImportRefused",
    "IngestConflict",
    "IngestError",
    "IngestReport",
    "do_import_sessions",
    "ensure_patient",
    "store_sessions",
]


class IngestError(ValueError):
    """A batch that cannot be stored; nothing from it was written."""


class IngestConflict(IngestError):
    """The batch collides with what is stored (changed turns, or a concurrent import)."""


class ImportRefused(IngestError):
    """The caller may not add sessions to a patient named in the batch."""


# Queues the construction of stored sessions (ids in arrival order), after the commit.
Enqueue = Callable[[list[int]], None]

FOREIGN_PATIENT = (
    "Sessions can only be added to your own patients or to a new patient id; nothing was imported."
)


def do_import_sessions(
    sources: Sequence[tuple[str, str | bytes]],
    *,
    channel: str,
    actor: Any = None,
    fmt: str = "auto",
    patient_id: str | None = None,
    replace: bool = False,
    enqueue: Enqueue | None = None,
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> IngestReport:
    """Parse every (name, text) source, then store all its sessions or none.

    Raises ImportFormatError (a source does not parse: file, place and problem),
    ImportRefused (an existing patient not on `actor`'s care team), IngestConflict
    and IngestError (see store_sessions). A new patient gets `actor` on its care team.
    `enqueue` queues the construction of the stored sessions (see store_sessions).
    """
    parsed = parse_sources(sources, fmt, patient_id, max_bytes)
    _check_access(actor, {patient_id} if patient_id else {s.patient_id for s in parsed})
    return store_sessions(
        parsed, patient_id, actor=actor, channel=channel, enqueue=enqueue, replace=replace
    )


def _check_access(actor: Any, wanted: set[str | None]) -> None:
    """A person may add sessions only to patients on their care team, or new ones;
    an existing patient outside it is refused in the same words as an unknown one."""
    if not getattr(actor, "is_authenticated", False):
        return  # the CLI and system callers act for the operator
    ids = {w for w in wanted if w}
    existing = set(
        Patient.objects.filter(external_id__in=ids).values_list("external_id", flat=True)
    )
    allowed = set(
        patients_for(actor).filter(external_id__in=ids).values_list("external_id", flat=True)
    )
    if existing - allowed:
        raise ImportRefused(FOREIGN_PATIENT)


@dataclass
class IngestReport:
    stored: list[Session] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # "patient/session: reason"
    patients_created: list[str] = field(default_factory=list)

    @property
    def stored_ids(self) -> list[int]:
        return [s.pk for s in self.stored]


def store_sessions(
    sessions: Sequence[ParsedSession],
    patient_id: str | None = None,
    *,
    actor: object | None = None,
    channel: str = "cli",
    enqueue: Enqueue | None = None,
    replace: bool = False,
) -> IngestReport:
    """Store every session (or none); after the commit, `enqueue` gets the stored
    session ids in arrival order (memory.pipeline.enqueue.queue_construction sends
    one construction task each; None queues nothing: the caller constructs).

    Raises IngestError for an invalid id and IngestConflict for a changed
    re-import without `replace` or a concurrent import of the same session.
    """
    return retrying_deadlocks(
        lambda: _store_all(sessions, patient_id, actor, channel, enqueue=enqueue, replace=replace)
    )


def _store_all(
    sessions: Sequence[ParsedSession],
    patient_id: str | None,
    actor: object | None,
    channel: str,
    *,
    enqueue: Enqueue | None,
    replace: bool,
) -> IngestReport:
    report = IngestReport()
    try:
        with transaction.atomic():
            # What was committed before this import took any lock: an identical
            # session that shows up only after the lock came from a concurrent import.
            seen = _stored_keys(sessions, patient_id)
            for parsed in sessions:
                pid = _checked_ids(parsed, patient_id)
                patient, created = ensure_patient(
                    pid, parsed.patient_name, actor=actor, channel=channel
                )
                if created:
                    report.patients_created.append(pid)
                _store_one(
                    patient, parsed, report, replace=replace, actor=actor, channel=channel,
                    seen=seen,
                )  # fmt: skip
            for session in report.stored:
                record(
                    "session.import", actor=actor, channel=channel, patient=session.patient,
                    obj=session,
                    after={"external_id": session.external_id, "turns": session.n_turns},
                )  # fmt: skip
            if enqueue is not None and report.stored:
                ids = report.stored_ids
                transaction.on_commit(lambda: enqueue(ids))
    except IntegrityError:
        raise IngestConflict(
            "another import of the same session(s) is in progress or just finished; "
            "nothing from this one was stored -- retry to see which sessions are new"
        ) from None
    return report


def lock_patient(patient_pk: int) -> None:
    """Serialize imports of one patient: they then see each other's sessions (no
    duplicate-key error) and get distinct, gap-free arrival numbers.

    FOR NO KEY UPDATE, not FOR UPDATE: a construction committing facts for the same
    patient checks its foreign keys with FOR KEY SHARE on this row at commit, after
    its deferred memory-version bump; FOR UPDATE would make that check wait on the
    import while the import's own version bump waits on the construction: a deadlock.
    """
    Patient.objects.select_for_update(no_key=True).get(pk=patient_pk)


def _stored_keys(sessions: Sequence[ParsedSession], patient_id: str | None) -> set[tuple[str, str]]:
    keys = {(patient_id or s.patient_id or "", s.external_id) for s in sessions}
    rows = Session.objects.filter(
        patient__external_id__in={p for p, _ in keys}, external_id__in={e for _, e in keys}
    ).values_list("patient__external_id", "external_id")
    return set(rows) & keys


def _checked_ids(parsed: ParsedSession, patient_id: str | None) -> str:
    pid = patient_id or parsed.patient_id
    where = parsed.source or parsed.external_id
    if not pid:
        raise IngestError(f"{where}: no patient id given")
    try:
        check_id(pid, "patient id")
        check_id(parsed.external_id, "session id")
    except LimitError as exc:
        raise IngestError(f"{where}: {exc}") from None
    return pid


def _store_one(
    patient: Patient,
    parsed: ParsedSession,
    report: IngestReport,
    *,
    replace: bool,
    actor: object | None,
    channel: str,
    seen: set[tuple[str, str]],
) -> None:
    lock_patient(patient.pk)
    existing = Session.objects.filter(patient=patient, external_id=parsed.external_id).first()
    if existing is not None:
        label = f"{patient.external_id}/{parsed.external_id}"
        if _turns_of(existing) == [(t.speaker, t.text) for t in parsed.turns]:
            if (patient.external_id, parsed.external_id) not in seen:
                raise IngestConflict(
                    f"{label}: an identical upload was being imported at the same moment; "
                    "it is stored once and nothing from this one was stored"
                )
            report.skipped.append(f"{label}: already imported")
        elif not replace:
            raise IngestConflict(
                f"{label}: already imported with different turns; nothing was stored. "
                'Re-import with --replace (web: "replace changed sessions"; API: '
                "?replace=true) to supersede the stored turns and re-extract the session; "
                "clinicians' corrections are kept."
            )
        else:
            _replace_turns(existing, parsed, actor=actor, channel=channel)
            report.stored.append(existing)
        return
    last = Session.objects.filter(patient=patient).aggregate(m=Max("seq"))["m"] or 0
    session = Session.objects.create(
        patient=patient,
        external_id=parsed.external_id,
        seq=last + 1,
        session_date=parsed.date,
        title=parsed.title[:500],
        source=parsed.source[:500],
    )
    Turn.objects.bulk_create(
        Turn(session=session, index=t.index, speaker=t.speaker, text=t.text) for t in parsed.turns
    )
    session.n_turns = len(parsed.turns)
    report.stored.append(session)


def _turns_of(session: Session) -> list[tuple[str, str]]:
    return [(t.speaker, t.text) for t in session.turns.order_by("index")]


def _replace_turns(
    session: Session, parsed: ParsedSession, *, actor: object | None, channel: str
) -> None:
    """Supersede a stored session's turns; its re-extraction keeps corrected facts.

    The session moves to queued through the state machine, with the patient's
    construction lock held to commit when free, so no construction starts on the old
    turns meanwhile. When a construction holds it, that construction is cancelled:
    it finds the session queued again and drops its result (is_current_extraction)."""
    hold_patient_lock_if_free(session.patient_id)
    old = _turns_of(session)
    digest = hashlib.sha256(repr(old).encode("utf-8", "surrogatepass")).hexdigest()
    session.turns.all().delete()
    Turn.objects.bulk_create(
        Turn(session=session, index=t.index, speaker=t.speaker, text=t.text) for t in parsed.turns
    )
    session.session_date = parsed.date
    session.title = parsed.title[:500]
    session.source = parsed.source[:500]
    session.save(update_fields=["session_date", "title", "source"])
    do_queue_sessions([session.pk])
    session.refresh_from_db()
    session.n_turns = len(parsed.turns)
    record(
        "session.replace", actor=actor, channel=channel, patient=session.patient, obj=session,
        before={"turns": len(old), "sha256": digest}, after={"turns": len(parsed.turns)},
    )  # fmt: skip
