"""Spoken numbers in English and Chinese ("twenty five", "nineteen ninety two", 二十三).

Dates ("three weeks ago", 两个月前) and the extractor's values read them. Pure: no
Django.
"""

from __future__ import annotations

import re

_EN_UNITS: dict[str, int] = {
    word: i
    for i, word in enumerate(
        re.findall(
            r"\w+",
            "zero one two three four five six seven eight nine ten eleven twelve thirteen "
            "fourteen fifteen sixteen seventeen eighteen nineteen",
        )
    )
} | {"oh": 0, "a": 1, "an": 1, "couple": 2, "few": 3, "several": 3}
_EN_TENS: dict[str, int] = {
    word: 10 * (i + 2)
    for i, word in enumerate(
        re.findall(r"\w+", "twenty thirty forty fifty sixty seventy eighty ninety")
    )
}
_ZH_DIGITS: dict[str, int] = {ch: i for i, ch in enumerate("零一二三四五六七八九")} | {
    "〇": 0,
    "两": 2,
    "俩": 2,
    "几": 3,
}
_ZH_UNITS: dict[str, int] = {"十": 10, "百": 100, "千": 1000}


def parse_en_number(words: str) -> int | None:
    """'two' -> 2, 'twenty five' / 'twenty-five' -> 25, 'a hundred and twenty' -> 120,
    'nineteen ninety two' -> 1992 (spoken years), '12' -> 12; None otherwise."""
    text = words.strip().casefold()
    if text.isdigit():
        return int(text)
    tokens = [t for t in re.split(r"[\s-]+", text) if t and t != "and"]
    if not tokens:
        return None
    # Spoken years and "nineteen oh five": a teen/tens pair read as two halves.
    if len(tokens) >= 2 and tokens[0] in _EN_UNITS and 10 <= _EN_UNITS[tokens[0]] <= 19:
        rest = parse_en_number(" ".join(tokens[1:]))
        if rest is not None and rest < 100 and tokens[1] not in ("hundred", "thousand"):
            return _EN_UNITS[tokens[0]] * 100 + rest
    total, current = 0, 0
    for tok in tokens:
        if tok in _EN_UNITS:
            current += _EN_UNITS[tok]
        elif tok in _EN_TENS:
            current += _EN_TENS[tok]
        elif tok == "hundred":
            current = max(current, 1) * 100
        elif tok == "thousand":
            total += max(current, 1) * 1000
            current = 0
        else:
            return None
    return total + current


def parse_zh_number(text: str) -> int | None:
    """'三' -> 3, '十' -> 10, '十五' -> 15, '二十三' -> 23, '两' -> 2, '12' -> 12."""
    text = text.strip()
    if text.isdigit():
        return int(text)
    if not text or any(ch not in _ZH_DIGITS and ch not in _ZH_UNITS for ch in text):
        return None
    total, current = 0, 0
    for ch in text:
        if ch in _ZH_DIGITS:
            current = _ZH_DIGITS[ch]
        else:
            total += max(current, 1) * _ZH_UNITS[ch]
            current = 0
    return total + current
