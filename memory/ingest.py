"""Store parsed sessions as L1 (raw turns, verbatim) and queue their construction.

All-or-nothing: a batch is stored in one transaction; construction tasks are
queued only after it commits, in arrival order. Re-importing a session with the
same turns is a no-op; with different turns it is refused (IngestConflict)
unless `replace` is given, which supersedes the turns and re-extracts the
session while keeping every clinician's correction.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.db import IntegrityError, transaction
from django.db.models import Max

from memory.audit import record
from memory.domain.types import ParsedSession
from memory.importing.limits import LimitError, check_id
from memory.models import Patient, Person, Session, Turn


class IngestError(ValueError):
    """A batch that cannot be stored; nothing from it was written."""


class IngestConflict(IngestError):
    """The batch collides with what is stored (changed turns, or a concurrent import)."""


@dataclass
class IngestReport:
    stored: list[Session] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # "patient/session: reason"
    patients_created: list[str] = field(default_factory=list)

    @property
    def stored_ids(self) -> list[int]:
        return [s.pk for s in self.stored]


def ensure_patient(external_id: str, display_name: str | None = None) -> tuple[Patient, bool]:
    patient, created = Patient.objects.get_or_create(
        external_id=external_id, defaults={"display_name": display_name or ""}
    )
    if not created and display_name and not patient.display_name:
        patient.display_name = display_name
        patient.save(update_fields=["display_name"])
    Person.objects.get_or_create(
        patient=patient, key="patient", defaults={"kind": Person.Kind.PATIENT}
    )
    return patient, created


def store_sessions(
    sessions: Sequence[ParsedSession],
    patient_id: str | None = None,
    *,
    actor: object | None = None,
    channel: str = "cli",
    queue: bool = True,
    replace: bool = False,
) -> IngestReport:
    """Store every session (or none) and queue one construction task per new session.

    Raises IngestError for an invalid id and IngestConflict for a changed
    re-import without `replace` or a concurrent import of the same session.
    """
    report = IngestReport()
    try:
        with transaction.atomic():
            for parsed in sessions:
                pid = _checked_ids(parsed, patient_id)
                patient, created = ensure_patient(pid, parsed.patient_name)
                if created:
                    report.patients_created.append(pid)
                _store_one(patient, parsed, report, replace=replace, actor=actor, channel=channel)
            for session in report.stored:
                record(
                    "session.import", actor=actor, channel=channel, patient=session.patient,
                    obj=session,
                    after={"external_id": session.external_id, "turns": session.n_turns},
                )  # fmt: skip
            if queue and report.stored:
                ids = report.stored_ids
                transaction.on_commit(lambda: _queue(ids))
    except IntegrityError:
        raise IngestConflict(
            "another import of the same session(s) is in progress or just finished; "
            "nothing from this one was stored -- retry to see which sessions are new"
        ) from None
    return report


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
) -> None:
    # Lock the patient row first: concurrent imports then see each other's sessions
    # (no duplicate-key error) and get distinct, gap-free arrival numbers.
    Patient.objects.select_for_update().get(pk=patient.pk)
    existing = Session.objects.filter(patient=patient, external_id=parsed.external_id).first()
    if existing is not None:
        label = f"{patient.external_id}/{parsed.external_id}"
        if _turns_of(existing) == [(t.speaker, t.text) for t in parsed.turns]:
            report.skipped.append(f"{label}: already imported")
        elif not replace:
            raise IngestConflict(
                f"{label}: already imported with different turns; nothing was stored. "
                "Re-import with --replace (API: ?replace=1) to supersede the stored turns "
                "and re-extract the session; clinicians' corrections are kept."
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
    """Supersede a stored session's turns; its re-extraction keeps corrected facts."""
    old = _turns_of(session)
    digest = hashlib.sha256(repr(old).encode("utf-8", "surrogatepass")).hexdigest()
    session.turns.all().delete()
    Turn.objects.bulk_create(
        Turn(session=session, index=t.index, speaker=t.speaker, text=t.text) for t in parsed.turns
    )
    session.session_date = parsed.date
    session.title = parsed.title[:500]
    session.source = parsed.source[:500]
    session.status = Session.Status.QUEUED
    session.status_reason = ""
    session.save(update_fields=["session_date", "title", "source", "status", "status_reason"])
    session.n_turns = len(parsed.turns)
    record(
        "session.replace", actor=actor, channel=channel, patient=session.patient, obj=session,
        before={"turns": len(old), "sha256": digest}, after={"turns": len(parsed.turns)},
    )  # fmt: skip


def _queue(session_ids: list[int]) -> None:
    from memory.tasks import construct_session_task

    for sid in session_ids:
        construct_session_task.delay(sid)
