"""Dose frequency and route in a reader's language, one table for the UI and the answers.

The extractor normalises frequency and route to a few English labels ("once
daily", "oral", "every 6 hours"); a Chinese page or answer shows 每日一次, 口服,
每6小时. Labels without a known pair stay as written.
"""

from __future__ import annotations

import re

# Normalised label -> (English, Chinese).
DOSE_WORDS: dict[str, tuple[str, str]] = {
    "once daily": ("once daily", "每日一次"), "twice daily": ("twice daily", "每日两次"),
    "three times daily": ("three times daily", "每日三次"),
    "four times daily": ("four times daily", "每日四次"), "at bedtime": ("at bedtime", "睡前"),
    "weekly": ("weekly", "每周一次"), "as needed": ("as needed", "必要时"),
    "every morning": ("every morning", "每日早晨"), "every evening": ("every evening", "每日晚间"),
    "every other day": ("every other day", "隔日一次"),
    "twice weekly": ("twice weekly", "每周两次"), "monthly": ("monthly", "每月一次"),
    "sliding scale": ("sliding scale", "按血糖调整剂量"),
    "oral": ("oral", "口服"), "subcutaneous": ("subcutaneous", "皮下注射"),
    "intravenous": ("intravenous", "静脉"), "intramuscular": ("intramuscular", "肌内注射"),
    "injection": ("injection", "注射"), "inhaled": ("inhaled", "吸入"),
    "topical": ("topical", "外用"),
}  # fmt: skip
_EVERY = re.compile(r"^every (\d+) (hour|day|week)s?$")
_ZH_PERIOD = {"hour": "小时", "day": "天", "week": "周"}


def dose_word_pair(raw: str) -> tuple[str, str] | None:
    """(English, Chinese) of a normalised frequency or route label; None when unknown."""
    key = raw.strip().lower()
    every = _EVERY.match(key)
    if every:
        return raw.strip(), f"每{every.group(1)}{_ZH_PERIOD[every.group(2)]}"
    return DOSE_WORDS.get(key)


def dose_word(raw: str, lang: str) -> str:
    """The label in `lang` ("en" | "zh"); as written when the table has no pair for it."""
    pair = dose_word_pair(raw)
    if pair is None:
        return raw.strip()
    return pair[1] if lang == "zh" else pair[0]


# Doses a day of the daily schedules, so "every morning" and "once daily" are one dose.
_PER_DAY: dict[str, int] = {
    "once daily": 1, "every morning": 1, "every evening": 1, "at bedtime": 1,
    "twice daily": 2, "three times daily": 3, "four times daily": 4,
}  # fmt: skip


def doses_per_day(label: str) -> int | None:
    """Doses a day of a normalised daily frequency label; None for any other schedule."""
    return _PER_DAY.get(label.strip().casefold())
