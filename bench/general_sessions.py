"""Patient facts drawn from general-knowledge sessions, tune vs check.

Run from the repository root:  .venv/bin/python bench/general_sessions.py [--list]

The development histories (memory/evaluation/histories.py, 40 histories, seed 7)
carry distractor sessions under "[Health consultation record]": CMtMedQA
consultations and MTS-Dialog GENHX exchanges of other people. Whatever the rule
extractor stores from them as the patient's present condition or medication is
what a relative-trap question ("Does X personally have any history of ...?") can
wrongly answer "yes" from. Some of it is the speaker's own first-person history
("I have high blood pressure"), which the extractor keeps by design; the rest is
general talk turned into facts (a definition, a prevention clause, hearsay ...).

Figures per part: general sessions, sessions yielding such facts, the facts.
`--list` prints the tuning part's facts (never the check part's: of the check
part only the aggregate counts are looked at, memory/evaluation/splits.py).
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from memory.domain.types import ExtractedFact  # noqa: E402
from memory.evaluation.histories import HistorySession, build_histories  # noqa: E402
from memory.evaluation.splits import PARTS, TUNE  # noqa: E402
from memory.extraction.base import SessionText  # noqa: E402
from memory.extraction.rules import RuleExtractor  # noqa: E402

_STATE_TYPES = ("condition", "medication_status")


def patient_states(session: HistorySession) -> list[ExtractedFact]:
    """The patient's present condition and medication facts of one session."""
    text = SessionText(session.day, session.turns, session.title)
    found = RuleExtractor().extract(text).extraction.facts
    return [
        f
        for f in found
        if f.subject == "patient" and f.type in _STATE_TYPES and f.assertion == "present"
    ]


def main(listing: bool) -> None:
    tally: dict[str, Counter[str]] = {part: Counter() for part in PARTS}
    for hist in build_histories(40, seed=7):
        for session in (s for s in hist.sessions if s.subject == "general"):
            facts = patient_states(session)
            counts = tally[hist.part]
            counts["sessions"] += 1
            counts["with facts"] += bool(facts)
            counts["facts"] += len(facts)
            if listing and hist.part == TUNE and facts:
                print(f"## {session.external_id} ({session.source})")
                for f in facts:
                    said = f.content[:150]
                    print(f"  [{f.type} {f.entity} {f.status}] t{f.evidence_turn}: {said}")
    for part, counts in tally.items():
        print(
            f"{part}: general sessions {counts['sessions']}, with patient condition/medication "
            f"facts {counts['with facts']}, facts {counts['facts']}"
        )


if __name__ == "__main__":
    main("--list" in sys.argv[1:])
