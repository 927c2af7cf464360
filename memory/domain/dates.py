"""Date resolution for facts and questions (pure: no Django, no clock).

Two jobs:
- the extractor turns "two weeks ago", "last month", "in 2019", "三个月前",
  "前年" into an event date anchored on the *session* date (paper §4.1), with a
  precision (day / month / year) so long-standing history is not presented as
  if it happened on one exact day;
- retrieval reads explicit dates with a year from a question ("2024-03-20",
  "2024年3月20日", "March 2024") to open its date channel (docs/design.md §6.6).

`now` is never read: every function takes the anchor date as an argument.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import date, timedelta

from memory.domain.number_words import parse_en_number, parse_zh_number

# --------------------------------------------------------------------------- arithmetic


def shift_months(anchor: date, months: int) -> date:
    """anchor moved by `months` (negative = back), day clamped to the month's end."""
    index = anchor.year * 12 + anchor.month - 1 + months
    year, month = divmod(index, 12)
    last = calendar.monthrange(year, month + 1)[1]
    return date(year, month + 1, min(anchor.day, last))


def _back(anchor: date, amount: int, unit: str) -> tuple[date, str]:
    """`amount` units before anchor (negative = after), with the precision that
    unit can carry."""
    if unit == "day":
        return anchor - timedelta(days=amount), "day"
    if unit == "week":
        return anchor - timedelta(weeks=amount), "day"
    if unit == "month":
        return shift_months(anchor, -amount), "month"
    return date(anchor.year - amount, 1, 1), "year"


# --------------------------------------------------------------------------- patterns

_NUM_EN = (
    r"(?:\d+|(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
    r"thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|"
    r"fifty|couple(?: of)?|few|several)(?:[\s-](?:one|two|three|four|five|six|seven|eight|nine))?)"
)
_NUM_ZH = r"(?:\d+|[一二两三四五六七八九十几]+)"
_UNIT_EN = {"day": "day", "week": "week", "month": "month", "year": "year"}
_UNIT_ZH = {
    "天": "day",
    "日": "day",
    "周": "week",
    "星期": "week",
    "个星期": "week",
    "个月": "month",
    "月": "month",
    "年": "year",
}
_W_UNIT = r"(?:one|two|three|four|five|six|seven|eight|nine)"
_W_TEEN = r"(?:ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)"
_W_TENS = r"(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)"
_W_TWO_DIGITS = rf"(?:{_W_TENS}(?:[\s-]{_W_UNIT})?|{_W_TEEN}|oh\s+{_W_UNIT})"
# Spoken years as ASR writes them: "nineteen ninety two", "two thousand and five".
_YEAR_WORDS = (
    rf"(?:(?:nineteen|twenty)\s+{_W_TWO_DIGITS}"
    rf"|two\s+thousand(?:\s+and)?(?:\s+(?:{_W_TWO_DIGITS}|{_W_UNIT}))?)"
)
_MONTHS: dict[str, int] = {
    name.casefold(): i for i, name in enumerate(calendar.month_name) if name
} | {name.casefold(): i for i, name in enumerate(calendar.month_abbr) if name}

_FIXED_EN: dict[str, tuple[int, str, str]] = {
    # phrase -> (amount back, unit, precision override)
    "today": (0, "day", "day"),
    "this morning": (0, "day", "day"),
    "tonight": (0, "day", "day"),
    "yesterday": (1, "day", "day"),
    "last night": (1, "day", "day"),
    "day before yesterday": (2, "day", "day"),
    "last week": (1, "week", "day"),
    "last month": (1, "month", "month"),
    "last year": (1, "year", "year"),
    "this year": (0, "year", "year"),
    "this month": (0, "month", "month"),
    # Plans point forward (a negative amount): "start it next month".
    "tomorrow": (-1, "day", "day"),
    "next week": (-1, "week", "day"),
    "next month": (-1, "month", "month"),
    "next year": (-1, "year", "year"),
}
_FIXED_ZH: dict[str, tuple[int, str, str]] = {
    "今天": (0, "day", "day"),
    "今早": (0, "day", "day"),
    "昨天": (1, "day", "day"),
    "昨晚": (1, "day", "day"),
    "前天": (2, "day", "day"),
    "上周": (1, "week", "day"),
    "上个星期": (1, "week", "day"),
    "上星期": (1, "week", "day"),
    "上个月": (1, "month", "month"),
    "上月": (1, "month", "month"),
    "去年": (1, "year", "year"),
    "前年": (2, "year", "year"),
    "今年": (0, "year", "year"),
    "本月": (0, "month", "month"),
    "这个月": (0, "month", "month"),
    "明天": (-1, "day", "day"),
    "后天": (-2, "day", "day"),
    "下周": (-1, "week", "day"),
    "下个星期": (-1, "week", "day"),
    "下星期": (-1, "week", "day"),
    "下个月": (-1, "month", "month"),
    "下月": (-1, "month", "month"),
    "明年": (-1, "year", "year"),
}

_ISO = re.compile(r"(?<!\d)((?:19|20)\d{2})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)")
_ZH_FULL = re.compile(r"((?:19|20)\d{2})\s*年\s*(\d{1,2})\s*月(?:\s*(\d{1,2})\s*[日号])?")
# Month and day in Chinese numerals after a year in digits: 2024年三月二十日.
_ZH_NUM_DATE = re.compile(
    r"((?:19|20)\d{2})\s*年\s*([一二三四五六七八九十]{1,2})\s*月"
    r"(?:\s*([一二三四五六七八九十]{1,3})\s*[日号])?"
)
# US order with slashes: 3/20/2024 (month first).
_US_MDY = re.compile(r"(?<![\d/.-])(\d{1,2})/(\d{1,2})/((?:19|20)\d{2})(?![\d/])")
# Full-width digits and separators read as ASCII, one character for one, so
# offsets into the original text stay valid.
_FULL_WIDTH = str.maketrans("０１２３４５６７８９／－．", "0123456789/-.")
_ZH_YEAR = re.compile(r"((?:19|20)\d{2})\s*年(?!\s*\d{1,2}\s*月)")
_MONTH_NAMES = "|".join(sorted(_MONTHS, key=len, reverse=True))
_EN_MDY = re.compile(
    rf"\b({_MONTH_NAMES})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+((?:19|20)\d{{2}})\b", re.I
)
_EN_DMY = re.compile(
    rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({_MONTH_NAMES})\.?,?\s+((?:19|20)\d{{2}})\b", re.I
)
_EN_MY = re.compile(rf"\b({_MONTH_NAMES})\.?,?\s+(?:of\s+)?((?:19|20)\d{{2}})\b", re.I)
_EN_YEAR = re.compile(
    rf"\b(?:in|since|from|of|around|back in|year)\s+((?:19|20)\d{{2}}|{_YEAR_WORDS})\b", re.I
)
_EN_AGO = re.compile(rf"\b({_NUM_EN})\s+(day|week|month|year)s?\s+(?:ago|back)\b", re.I)
_EN_FOR = re.compile(rf"\b(?:for|over)\s+(?:the\s+(?:past|last)\s+)?({_NUM_EN})\s+(year)s?\b", re.I)
_EN_FIXED = re.compile(
    r"\b(" + "|".join(sorted(map(re.escape, _FIXED_EN), key=len, reverse=True)) + r")\b", re.I
)
_ZH_AGO = re.compile(rf"({_NUM_ZH}|半)\s*(个星期|星期|个月|天|日|周|年)(?:前|之前|以前)")
_ZH_FOR = re.compile(rf"({_NUM_ZH})\s*(?:多)?年(?:了|来|多了)")
_ZH_FIXED = re.compile("|".join(sorted(map(re.escape, _FIXED_ZH), key=len, reverse=True)))
# A month named without a year: full names only ("may"/"march" are also verbs, so a
# preposition or last/this/next must open it): "back in September", "last September",
# "in May of last year", "on March 3rd".
_FULL_MONTHS: dict[str, int] = {
    name.casefold(): i for i, name in enumerate(calendar.month_name) if name
} | {"sept": 9}
_EN_MONTH_ONLY = re.compile(
    r"\b(?:(?P<yrel0>last|this|next)\s+year,?\s+)?"
    r"(?:(?:back\s+)?(?:in|since|during|around|until|till|by|from|on)\s+"
    r"(?:(?:early|late|mid)[\s-]+)?|(?P<rel>last|this|next)\s+)"
    rf"(?P<month>{'|'.join(sorted(_FULL_MONTHS, key=len, reverse=True))})\b"
    r"(?:\s+(?P<day>\d{1,2})(?:st|nd|rd|th)?\b(?![.,]?\d|\s*(?:mg|ml|%)))?"
    r"(?:,?\s+(?:of\s+)?(?P<yrel>last|this|next)\s+year\b)?",
    re.I,
)
# "September of last year" needs no preposition: the year words make it a date.
_EN_MONTH_OF_YEAR = re.compile(
    rf"\b(?P<month>{'|'.join(sorted(_FULL_MONTHS, key=len, reverse=True))})"
    r",?\s+(?:of\s+)?(?P<yrel>last|this|next)\s+year\b",
    re.I,
)
_ZH_MONTH_NUM = r"(?:1[0-2]|0?[1-9]|十[一二]?|[一二三四五六七八九])"
# 去年9月份, 今年3月, 3月份, 5月20日; never 月经 / 月子 / 月龄 / 3月后 / 3个月.
_ZH_MONTH_ONLY = re.compile(
    rf"(?:(?P<yrel>去年|今年|前年|明年)|(?<![\d年个一二三四五六七八九十两几第每]))"
    rf"(?P<month>{_ZH_MONTH_NUM})\s*月份?(?!经|子|龄|后|内|多|左右)"
    r"(?:\s*(?P<day>[0-3]?\d|[二三]?十[一二三四五六七八九]?|[一二三四五六七八九])\s*[日号])?"
)
_ANY_MONTH = re.compile(rf"\b(?:{'|'.join(_FULL_MONTHS)})\b|月", re.I)
# A month-day without a year said about an appointment or a plan points forward
# ("your appointment is on October 14", "下次10月14日复查"); a past cue in the
# sentence keeps the backward reading ("I had my appointment on October 14").
_FUTURE_EN = re.compile(
    r"\b(?:will|(?:i|you|we|he|she|they)'ll|going to|gonna|shall|next|upcoming|appointment|"
    r"schedul\w*|see you|follow[- ]?up|come back|return|plan\w*)\b",
    re.I,
)
_PAST_EN = re.compile(
    r"\b(?:was|were|had|did|last|ago|went|came|got|saw|happened|started|stopped|began|took|"
    r"ended|since|back in)\b",
    re.I,
)
_FUTURE_ZH = re.compile(
    r"下次|下回|预约|约了|复查|复诊|随访|到时|届时|将要|计划|安排|准备|打算|再来|回来"
)
_PAST_ZH = re.compile(r"上次|上回|已经|去年|前年|曾经?|以前|之前|做过|查过|看过")
_YEAR_SHIFT = {"last": -1, "this": 0, "next": 1, "去年": -1, "今年": 0, "前年": -2, "明年": 1}


_MAY_HOLD_YEAR = re.compile(r"\d|nineteen|twenty|two\s+thousand", re.I)


@dataclass(frozen=True)
class DateMention:
    """A date expression found in text and what it resolves to."""

    start: int
    end: int
    text: str
    date: date | None
    precision: str  # "day" | "month" | "year"


_MONTH_NAME_END = re.compile(rf"\b(?:{_MONTH_NAMES})\.?\s*$", re.I)


def ends_with_month_name(text: str) -> bool:
    """Does the text end with a month's name ("the A1c on March ")? A number said
    right after it is a day of the month, never a measured value."""
    return bool(_MONTH_NAME_END.search(text))


def _safe_date(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


def _en_year(words: str) -> int | None:
    """A year in digits or words. "twenty nineteen" is said in two halves, 2019:
    parse_en_number adds the words (20 + 19 = 39), right for a count, never for a
    year. After "twenty" `_YEAR_WORDS` admits only a two-digit half or "oh" + digit."""
    tokens = words.casefold().split()
    if len(tokens) >= 2 and tokens[0] == "twenty":
        rest = parse_en_number(" ".join(tokens[1:]))
        return None if rest is None else 2000 + rest
    return parse_en_number(words)


def _explicit(text: str) -> list[DateMention]:
    """Absolute dates; these need no session date."""
    out: list[DateMention] = []
    text = text.translate(_FULL_WIDTH)
    if not _MAY_HOLD_YEAR.search(text):
        return out  # every absolute form holds a year in digits or spoken words
    for m in _ISO.finditer(text):
        d = _safe_date(int(m[1]), int(m[2]), int(m[3]))
        out.append(DateMention(m.start(), m.end(), m[0], d, "day"))
    for m in _ZH_FULL.finditer(text):
        day = int(m[3]) if m[3] else 1
        d = _safe_date(int(m[1]), int(m[2]), day)
        out.append(DateMention(m.start(), m.end(), m[0], d, "day" if m[3] else "month"))
    for m in _ZH_NUM_DATE.finditer(text):
        month, day = parse_zh_number(m[2]), parse_zh_number(m[3]) if m[3] else 1
        d = _safe_date(int(m[1]), month or 0, day or 0)
        out.append(DateMention(m.start(), m.end(), m[0], d, "day" if m[3] else "month"))
    for m in _US_MDY.finditer(text):
        d = _safe_date(int(m[3]), int(m[1]), int(m[2]))
        out.append(DateMention(m.start(), m.end(), m[0], d, "day"))
    for m in _EN_MDY.finditer(text):
        d = _safe_date(int(m[3]), _MONTHS[m[1].casefold()], int(m[2]))
        out.append(DateMention(m.start(), m.end(), m[0], d, "day"))
    for m in _EN_DMY.finditer(text):
        d = _safe_date(int(m[3]), _MONTHS[m[2].casefold()], int(m[1]))
        out.append(DateMention(m.start(), m.end(), m[0], d, "day"))
    for m in _EN_MY.finditer(text):
        d = _safe_date(int(m[2]), _MONTHS[m[1].casefold()], 1)
        out.append(DateMention(m.start(), m.end(), m[0], d, "month"))
    for m in _ZH_YEAR.finditer(text):
        out.append(DateMention(m.start(), m.end(), m[0], date(int(m[1]), 1, 1), "year"))
    for m in _EN_YEAR.finditer(text):
        year = _en_year(m[1])
        if year is not None and 1900 <= year <= 2100:
            out.append(DateMention(m.start(1), m.end(), m[1], date(year, 1, 1), "year"))
    return out


def _relative(text: str, anchor: date | None) -> list[DateMention]:
    """Expressions that only mean something against the session date."""
    out: list[DateMention] = []

    def add(m: re.Match[str], amount: int | None, unit: str, precision: str | None) -> None:
        if anchor is None or amount is None:
            out.append(DateMention(m.start(), m.end(), m[0], None, "day"))
            return
        when, prec = _back(anchor, amount, unit)
        prec = precision or prec
        # Month/year precision is stored as the first day of that period.
        if prec == "month":
            when = when.replace(day=1)
        elif prec == "year":
            when = when.replace(month=1, day=1)
        out.append(DateMention(m.start(), m.end(), m[0], when, prec))

    for m in _EN_FIXED.finditer(text):
        amount, unit, prec = _FIXED_EN[m[1].casefold()]
        add(m, amount, unit, prec)
    low = text.lower()
    # "... ago"/"... back" and "for N years" need their word: most sentences have neither.
    if "ago" in low or "back" in low:
        for m in _EN_AGO.finditer(text):
            add(m, parse_en_number(m[1].replace(" of", "")), _UNIT_EN[m[2].casefold()], None)
    if "year" in low:
        for m in _EN_FOR.finditer(text):
            add(m, parse_en_number(m[1].replace(" of", "")), "year", "year")
    if text.isascii():
        return out + _months_without_year(text, anchor)  # no Chinese form can match
    for m in _ZH_FIXED.finditer(text):
        amount, unit, prec = _FIXED_ZH[m[0]]
        add(m, amount, unit, prec)
    for m in _ZH_AGO.finditer(text):
        if m[1] == "半":  # 半年前 = six months back, 半个月前 = two weeks back
            amount, unit = (6, "month") if m[2] == "年" else (15, "day")
        else:
            amount, unit = parse_zh_number(m[1]), _UNIT_ZH[m[2]]
        add(m, amount, unit, None)
    for m in _ZH_FOR.finditer(text):
        add(m, parse_zh_number(m[1]), "year", "year")
    return out + _months_without_year(text, anchor)


def plan_context(text: str) -> bool:
    """True when `text` speaks of something ahead (an appointment, a plan) and has
    no past cue: a yearless month-day in it is the next such day, not the last."""
    # Both vocabularies: "your appointment is on 10月14日" mixes the languages.
    ahead = _FUTURE_EN.search(text) or _FUTURE_ZH.search(text)
    return bool(ahead) and not (_PAST_EN.search(text) or _PAST_ZH.search(text))


def _month_date(
    anchor: date,
    month: int,
    day: int | None,
    rel: str | None,
    yrel: str | None,
    ahead: bool = False,
) -> date | None:
    """A month (and day) named without a year, placed against the session date.

    Plain "in September" / 9月份 is the most recent such month on or before the
    session (patients report the past) - or, in a plan context (`ahead`), the next
    one on or after it; "last September" is the most recent one strictly before
    the session's month; "next ..." the first one after it; "of last year" / 去年
    / 今年 fix the year outright."""
    if yrel is not None:
        return _safe_date(anchor.year + _YEAR_SHIFT[yrel], month, day or 1)
    year = anchor.year
    if ahead and rel is None:
        # A month without a day is still ahead while the session is in it.
        passed = (month, day) < (anchor.month, anchor.day) if day else month < anchor.month
        year += 1 if passed else 0
    elif rel == "next":
        year += 1 if (month, day or 1) <= (anchor.month, anchor.day) else 0
    elif rel == "last":
        year -= 1 if month >= anchor.month else 0
    elif rel != "this" and (month, day or 1) > (anchor.month, anchor.day):
        year -= 1
    return _safe_date(year, month, day or 1)


def _day_number(raw: str) -> int | None:
    """ "3" or 三 / 二十一 (a day of the month said in Chinese numerals)."""
    return int(raw) if raw.isdigit() else parse_zh_number(raw)


def _months_without_year(text: str, anchor: date | None) -> list[DateMention]:
    out: list[DateMention] = []
    if not _ANY_MONTH.search(text):
        return out  # most sentences name no month: skip the longer patterns
    found = [
        (m, _FULL_MONTHS[m["month"].casefold()], m["rel"] and m["rel"].casefold())
        for m in _EN_MONTH_ONLY.finditer(text)
    ] + [(m, _FULL_MONTHS[m["month"].casefold()], None) for m in _EN_MONTH_OF_YEAR.finditer(text)]
    found += [(m, parse_zh_number(m["month"]), None) for m in _ZH_MONTH_ONLY.finditer(text)]
    ahead = bool(found) and anchor is not None and plan_context(text)
    for m, month, rel in found:
        groups = m.groupdict()
        day = _day_number(groups["day"]) if groups.get("day") else None
        yrel = (groups["yrel"] or groups.get("yrel0") or "").casefold() or None
        known = anchor is not None and month is not None
        when = _month_date(anchor, month, day, rel, yrel, ahead) if known else None  # type: ignore[arg-type]
        out.append(DateMention(m.start(), m.end(), m[0], when, "day" if day else "month"))
    return out


def _drop_overlaps(mentions: list[DateMention]) -> list[DateMention]:
    """Longest mention wins where two overlap ("March 20, 2024" over "March 2024")."""
    chosen: list[DateMention] = []
    for m in sorted(mentions, key=lambda x: (-(x.end - x.start), x.start)):
        if all(m.end <= c.start or m.start >= c.end for c in chosen):
            chosen.append(m)
    return sorted(chosen, key=lambda x: x.start)


def find_dates(text: str, session_date: date | None) -> list[DateMention]:
    """Every date expression in `text`, resolved against `session_date`.

    Relative expressions with no session date resolve to None (unknown).
    """
    return _drop_overlaps(_explicit(text) + _relative(text, session_date))


def parse_explicit_date(text: str) -> tuple[date, str] | None:
    """The first explicit date with a year -> (date, precision "day"|"month"),
    month-only forms giving the first of the month. Bare years are ignored
    (a question saying "in 2019" is too vague to open a date window)."""
    found = [m for m in _drop_overlaps(_explicit(text)) if m.date and m.precision != "year"]
    return (found[0].date, found[0].precision) if found else None  # type: ignore[return-value]


def strip_dates(text: str) -> str:
    """`text` with every date expression removed, so the repeated-mention rule
    compares clinical numbers only ("80 mg" stays, "2024-03-20" goes)."""
    spans = find_dates(text, None)
    out, last = [], 0
    for m in spans:
        out.append(text[last : m.start])
        last = m.end
    out.append(text[last:])
    return re.sub(r"\s{2,}", " ", "".join(out)).strip()


def date_text(value: date | None, precision: str = "day") -> str:
    """A date to the precision it was stated with: "1995" is not "1995-01-01"."""
    if value is None:
        return ""
    if precision == "year":
        return f"{value.year:04d}"
    if precision == "month":
        return f"{value.year:04d}-{value.month:02d}"
    return value.isoformat()


def stated_text(value: date, own: date | None, precision: str) -> str:
    """`value` to the precision its record told it with when it is that record's own
    date (`own`); a date taken from elsewhere (a successor's, a session's) is a day."""
    return date_text(value, precision if value == own else "day")
