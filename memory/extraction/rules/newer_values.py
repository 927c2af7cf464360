"""Two values of one item in one sentence, the older then the newer.

"Your A1c last time was 8.2 and today it is 7.4", "190 pounds a month ago, now
182", 上次8.2，这次7.4: the value said after a marker of now, in a clause of its own,
is the reading; the older one is history. Words: lexicon/data/cues/readings.tsv.
"""

from __future__ import annotations

import re
from functools import cache

from memory.extraction.rules.context_types import SentenceCtx
from memory.lexicon.cues import cues


@cache
def _now_later() -> re.Pattern[str]:
    table = cues("readings")
    marker, filler = table.pattern("newer_value"), table.pattern("newer_filler")
    return re.compile(
        rf"(?P<gap>[^.;?。；？]{{0,25}}?)(?:{marker})[\s,，]*(?:(?:{filler})[\s，,]*)*(?=\d)", re.I
    )


def newer_start(window: str, end: int) -> int | None:
    """Where the newer value starts when the older one ends at `end`, or None."""
    now = _now_later().match(window, end)
    if now is None:
        return None
    gap = now["gap"]
    parted = re.search(r"[,，;；]", gap) or cues("readings").regex("value_separator").search(gap)
    return now.end() if parted else None  # "7.4 today, 8.2 last time": today is the 7.4's


def older_marked(window: str, start: int, end: int) -> bool:
    """The value at `start`-`end` is marked as an older one, right after it ("150/95
    last time") or in its own clause before it (上次150/95)."""
    older = cues("readings").regex("older_value")
    clause = re.split(r"[,，;；]", window[:start])[-1]
    return bool(older.match(window[end:].lstrip(" ,，")) or older.search(clause))


_MARKER_REACH = 30  # "…, and today it is 7.4": the marker stands this close before the value


def newer_date(ctx: SentenceCtx, at: int) -> dict[str, object]:
    """The date of the newer value at `at`: one said from its marker on, else none
    (the visit's): the older value's date is not its date."""
    zone = max(0, at - _MARKER_REACH)
    markers = list(cues("readings").regex("newer_value").finditer(ctx.text, zone, at))
    since = markers[-1].start() if markers else at
    dated = [d for d in ctx.dates if d.date is not None and since <= d.start <= at]
    if not dated:
        return {"date": None, "date_precision": "day"}
    return {"date": dated[-1].date.isoformat(), "date_precision": dated[-1].precision}
