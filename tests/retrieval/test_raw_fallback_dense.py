"""The raw-turn fallback's dense list is never emptied by other patients' turns.

An approximate (HNSW) walk without iterative scanning visits only the
hnsw.ef_search globally nearest pairs and filters them afterwards: when
another patient's pairs are all nearer, the patient's own list comes back short
or empty. The fallback ranks the patient's own pairs exactly instead
(docs/design.md §6.7), so it returns its k pairs whoever else is stored.
"""

from __future__ import annotations

from datetime import date

import numpy as np
import pytest
from django.db import connection

from memory.indexing import vector_cursor
from memory.models import Patient, Session, TurnPair
from memory.retrieval.ranking import dense_turn_pairs, embed_query
from tests.retrieval.graph import GraphBuilder

pytestmark = pytest.mark.django_db

QUESTION = "What did the doctor say about his blood pressure?"


def _pairs(patient: Patient, count: int, vector: np.ndarray) -> set[int]:
    """`count` turn pairs of one session about the patient, all at `vector`."""
    session = Session.objects.create(
        patient=patient, external_id="s1", seq=1, session_date=date(2024, 1, 2),
        session_subject="patient",
    )  # fmt: skip
    TurnPair.objects.bulk_create(
        TurnPair(session=session, patient=patient, first_turn=2 * i + 1, last_turn=2 * i + 2,
                 text=f"doctor: question {i}\npatient: answer {i}")
        for i in range(count)
    )  # fmt: skip
    with vector_cursor() as cur:
        cur.execute(
            "UPDATE memory_turnpair SET embedding = %s WHERE patient_id = %s", [vector, patient.pk]
        )
        cur.execute("ANALYZE memory_turnpair, memory_session")
    return set(TurnPair.objects.filter(patient=patient).values_list("pk", flat=True))


def test_filtered_dense_fallback_returns_k_pairs_when_others_are_nearer() -> None:
    vector = embed_query(QUESTION)
    # Many pairs of another patient lie exactly on the question's vector; all of the
    # patient's own lie as far away as possible, so any index walk meets only the others.
    _pairs(GraphBuilder("p-crowd").patient, 1500, vector)
    patient = GraphBuilder("p-own-turns").patient
    own = _pairs(patient, 300, -vector)
    with connection.cursor() as cur:  # the planner's costs then favour an index walk
        cur.execute("SET LOCAL enable_sort = off")
    found = dense_turn_pairs(patient.pk, vector, 4)
    assert len(found) == 4 and set(found) <= own
