"""Store parsed sessions as L1 (raw turns, verbatim) and queue their construction.

All-or-nothing: a batch is stored in one transaction; construction tasks are
queued only after it commits, in arrival order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Max

from memory.audit import record
from memory.domain.types import ParsedSession
from memory.models import Patient, Person, Session, Turn


class IngestError(ValueError):
    """A batch that cannot be stored; nothing from it was written."""


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
) -> IngestReport:
    """Store every session (or none) and queue one construction task per new session."""
    report = IngestReport()
    with transaction.atomic():
        for parsed in sessions:
            pid = patient_id or parsed.patient_id
            if not pid:
                raise IngestError(f"{parsed.source or parsed.external_id}: no patient id given")
            patient, created = ensure_patient(pid, parsed.patient_name)
            if created:
                report.patients_created.append(pid)
            _store_one(patient, parsed, report)
        for session in report.stored:
            record(
                "session.import", actor=actor, channel=channel, patient=session.patient,
                obj=session, after={"external_id": session.external_id, "turns": session.n_turns},
            )  # fmt: skip
        if queue and report.stored:
            ids = report.stored_ids
            transaction.on_commit(lambda: _queue(ids))
    return report


def _store_one(patient: Patient, parsed: ParsedSession, report: IngestReport) -> None:
    existing = Session.objects.filter(patient=patient, external_id=parsed.external_id).first()
    if existing is not None:
        same = [(t.speaker, t.text) for t in existing.turns.order_by("index")] == [
            (t.speaker, t.text) for t in parsed.turns
        ]
        note = "already imported" if same else "already imported with different turns; kept"
        report.skipped.append(f"{patient.external_id}/{parsed.external_id}: {note}")
        return
    # Lock the patient row so concurrent imports get distinct, gap-free arrival numbers.
    Patient.objects.select_for_update().get(pk=patient.pk)
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


def _queue(session_ids: list[int]) -> None:
    from memory.tasks import construct_session_task

    for sid in session_ids:
        construct_session_task.delay(sid)
