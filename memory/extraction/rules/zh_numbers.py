"""Chinese numerals -> digits, for reading doses and readings only (fact content
keeps the words): "五百毫克" -> "500毫克", "半片" -> "0.5片", "一片半" -> "1.5片",
"血压一百四十，九十" -> "血压140，90", "高压一百五" -> "高压150" (a spoken
hundred followed by one digit counts tens), "体温三十八度五" -> "体温38.5度",
"百分之八十" -> "80%".

A numeral is read only where it is a quantity: a number with 十/百/千 or a
decimal point, or a single digit right before a unit. Words that merely
contain a numeral stay as they are: 一直, 一些, 一起, 十分 (very), 千万 (by all
means), 三五天 (a few days).
"""

from __future__ import annotations

import re
from functools import lru_cache

from memory.lexicon.cues import cues

_DIGITS = {ch: i for i, ch in enumerate("零一二三四五六七八九")} | {"两": 2}
_D = "[一二两三四五六七八九]"
# A single digit is a quantity right before one of these ("两片", "一粒", "五毫克").
# The units live in lexicon/data/cues/numbers.tsv.
_UNIT_AFTER = re.compile(
    rf"\s*{cues('numbers').pattern('unit_after_numeral', 'zh', ordered=True)}", re.I
)
# A structured number: [d千][d百][零][[d]十][d] (the colloquial "一百五" is 150),
# then an optional decimal "点五".
_NUMBER = re.compile(
    rf"(?:(?P<th>{_D})千)?(?:(?P<hu>{_D})百)?(?P<zero>零)?"
    rf"(?:(?P<te>{_D})?(?P<ten>十))?(?P<one>{_D})?"
    r"(?:点(?P<dec>[零一二三四五六七八九]+))?"
)
_PERCENT = re.compile(r"百分之([零一二两三四五六七八九十百点]+)")
_HALF_AFTER = re.compile(r"(\d+)(片|粒|支|袋|颗)半")
_HALF_BEFORE = re.compile(r"(?<![\d.])半(?=片|粒|支|袋|颗)")
_DEGREE_DECIMAL = re.compile(r"(\d+)度([一二三四五六七八九\d])(?![\d度十百])")
# 十分 is "very" (十分钟 is ten minutes), 千万 "by all means".
_NOT_NUMBER_AFTER = re.compile(r"分(?!钟)|万")


def _value(m: re.Match[str]) -> str | None:
    """The digits of a structured number; None for a lone digit (see _lone)."""
    th, hu, te, one, dec = m["th"], m["hu"], m["te"], m["one"], m["dec"]
    if not (th or hu or m["ten"]):
        if dec and (one or m["zero"]):
            return f"{_DIGITS[one] if one else 0}.{_decimals(dec)}"
        return None
    total = (_DIGITS[th] * 1000 if th else 0) + (_DIGITS[hu] * 100 if hu else 0)
    if m["ten"]:
        total += (_DIGITS[te] if te else 1) * 10 + (_DIGITS[one] if one else 0)
    elif one and not m["zero"]:
        # "一百五" = 150, "两千五" = 2500: the digit after a hundred counts the next place
        total += _DIGITS[one] * (10 if hu else 100)
    elif one:
        total += _DIGITS[one]
    return f"{total}.{_decimals(dec)}" if dec else str(total)


def _decimals(dec: str) -> str:
    return "".join(str(_DIGITS[ch]) for ch in dec)


def _replace(m: re.Match[str]) -> str:
    if not m[0] or (_NOT_NUMBER_AFTER.match(m.string, m.end()) and not m["dec"]):
        return m[0]
    value = _value(m)
    if value is not None:
        return value
    one = m["one"]
    if one and not m["zero"] and _UNIT_AFTER.match(m.string, m.end()):
        return str(_DIGITS[one])
    return m[0]


def _percent(m: re.Match[str]) -> str:
    read = _NUMBER.fullmatch(m[1])
    if read is None:
        return m[0]
    value = _value(read) or (str(_DIGITS[read["one"]]) if read["one"] else None)
    return f"{value}%" if value is not None else m[0]


@lru_cache(maxsize=4096)
def normalize_zh_numbers(text: str) -> str:
    """Chinese quantities -> digits; every other character stays as it is."""
    if not re.search(r"[一二两三四五六七八九十百千半度]", text):
        return text
    out = _PERCENT.sub(_percent, text) if "百分之" in text else text
    out = _NUMBER.sub(_replace, out)
    if "半" in out:
        out = _HALF_AFTER.sub(lambda m: f"{m[1]}.5{m[2]}", out)
        out = _HALF_BEFORE.sub("0.5", out)
    if "度" in out:
        out = _DEGREE_DECIMAL.sub(lambda m: f"{m[1]}.{_DIGITS.get(m[2], m[2])}度", out)
    return out
