"""Questions for bench/load_ask.py: generated from the demo patient's own records.

The 18 questions of memory/fixtures/demo/questions.json alone, cycled over
800 requests, are each asked ~44 times: the per-process caches (question
vectors, chain states) then carry the result. The load asks instead about
every item in the patient's memory, in English and Chinese, for now and at
the dates of its sessions (the date channel), in templates a clinician would
use: a few hundred distinct questions, shuffled with a fixed seed so two runs
send the same sequence.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# (fact type, English templates, Chinese templates); {n} = the item's name.
TEMPLATES: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = (
    ("medication_status",
     ("What dose of {n} is he on now?", "Is he still taking {n}?", "When did he start {n}?"),
     ("他现在{n}吃多少？", "他还在吃{n}吗？")),
    ("condition",
     ("Does he have {n}?", "What is the status of his {n}?"),
     ("他有{n}吗？", "{n}现在怎么样？")),
    ("lab_result",
     ("What was his last {n}?", "How has his {n} changed?"),
     ("最近一次{n}是多少？",)),
    ("vital",
     ("What was his last {n}?", "How has his {n} changed?"),
     ("最近一次{n}是多少？",)),
    ("safety",
     ("Can I prescribe {n} for him?", "Is he allergic to {n}?"),
     ("他对{n}过敏吗？",)),
)  # fmt: skip
DATED = ("What was he taking on {d}?", "What was his blood pressure on {d}?", "{d}他在吃什么药？")
FIXED = (
    "What dose of amlodipine is he on now?",
    "Is he allergic to anything?",
    "What did the doctor say about his blood pressure?",
    "Does his father have diabetes?",
    "他现在在吃什么降压药？",
    "What was his last fasting glucose?",
)


def questions(patient_external_id: str, seed: int = 16) -> list[str]:
    """Distinct questions about the patient, in a fixed shuffled order."""
    demo = json.loads((ROOT / "memory/fixtures/demo/questions.json").read_text())["questions"]
    found = [q["question"] for q in demo] + list(FIXED)
    items, dates = _items_and_dates(patient_external_id)
    for fact_type, english, chinese in TEMPLATES:
        for name, name_zh in items.get(fact_type, []):
            found += [t.format(n=name) for t in english]
            found += [t.format(n=name_zh) for t in chinese if name_zh]
    for day in dates:
        found += [t.format(d=day) for t in DATED]
    unique = list(dict.fromkeys(found))
    random.Random(seed).shuffle(unique)
    return unique


def _items_and_dates(
    patient_external_id: str,
) -> tuple[dict[str, list[tuple[str, str]]], list[str]]:
    from django.db import connection

    with connection.cursor() as cur:
        cur.execute(
            "SELECT DISTINCT f.fact_type, e.name, e.name_zh FROM memory_fact f "
            "JOIN memory_entity e ON e.id = f.entity_id "
            "JOIN memory_person p ON p.id = f.subject_id "
            "JOIN memory_patient pt ON pt.id = f.patient_id "
            "WHERE pt.external_id = %s AND p.key = 'patient' ORDER BY 1, 2",
            [patient_external_id],
        )
        items: dict[str, list[tuple[str, str]]] = {}
        for fact_type, name, name_zh in cur.fetchall():
            items.setdefault(fact_type, []).append((name, name_zh or ""))
        cur.execute(
            "SELECT DISTINCT s.session_date FROM memory_session s "
            "JOIN memory_patient pt ON pt.id = s.patient_id "
            "WHERE pt.external_id = %s AND s.session_date IS NOT NULL ORDER BY 1",
            [patient_external_id],
        )
        dates = [day.isoformat() for (day,) in cur.fetchall()]
    return items, dates
