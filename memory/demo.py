"""The demo patient loaded by `medgraph run` into an empty database."""

from __future__ import annotations

import secrets
from pathlib import Path

from django.contrib.auth import get_user_model
from django.db import transaction

from memory.actions.imports import store_sessions
from memory.actions.patients import do_join_care_team
from memory.importing import parse_paths
from memory.models import Patient
from memory.pipeline.enqueue import queue_construction

DEMO_FILE = Path(__file__).resolve().parent / "fixtures" / "demo" / "demo_patient.json"
DEMO_USER = "demo"


def ensure_demo(var_dir: Path) -> tuple[str, str] | None:
    """Load the demo patient and a demo clinician if no patient exists yet.

    Returns the demo credentials when they exist (kept in var/ with mode 600).
    """
    cred_file = var_dir / "demo_credentials.txt"
    if not Patient.objects.exists():
        password = secrets.token_urlsafe(12)
        with transaction.atomic():
            report = store_sessions(
                parse_paths([DEMO_FILE]), channel="system", enqueue=queue_construction
            )
            user_model = get_user_model()
            user, _ = user_model.objects.get_or_create(username=DEMO_USER)
            user.set_password(password)
            user.save()
            for patient in Patient.objects.filter(external_id__in=report.patients_created):
                do_join_care_team(patient, user, channel="system")
        cred_file.write_text(f"{DEMO_USER}\n{password}\n")
        cred_file.chmod(0o600)
    if cred_file.exists():
        user, password = cred_file.read_text().split("\n")[:2]
        return user, password
    return None
