"""Clinical numerals of a record's wording, calendar dates removed.

The paper's repeated-mention rule compares the Arabic numerals of two
records' content; a date's digits are not a value ("checked on 2024-03-20"),
so dates are removed first. Pure: no Django.
"""

from __future__ import annotations

import re
import unicodedata

_YEAR = r"(?:19|20)\d{2}"
_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
)
# A day number followed by a dose word is a count ("April 2 tablets"), not a day.
_DAY = r"\d{1,2}(?:st|nd|rd|th)?(?!\d|\s*(?:tab|pill|cap|mg|g\b|mcg|ml|units?|puffs?|drops?|times))"
# Longest forms first so that "2024年3月20日" is removed whole, not as "2024年" + "3月20日".
_DATE_PATTERNS: tuple[str, ...] = (
    rf"(?<!\d){_YEAR}\s*年\s*\d{{1,2}}\s*月(?:\s*\d{{1,2}}\s*[日号])?",
    rf"(?<!\d){_YEAR}\s*年",
    r"(?<!\d)\d{1,2}\s*月\s*\d{1,2}\s*[日号]",
    r"(?<!\d)\d{1,2}\s*月(?![\d个])",
    rf"(?<![\d.]){_YEAR}[-/]\d{{1,2}}(?:[-/]\d{{1,2}})?(?![\d.])",
    rf"(?<![\d.]){_YEAR}\.\d{{1,2}}\.\d{{1,2}}(?![\d.])",
    rf"(?<![\d./-])\d{{1,2}}[-/.]\d{{1,2}}[-/.]{_YEAR}(?!\d)",
    rf"\b{_DAY}\s+(?:of\s+)?{_MONTH}(?:,?\s+{_YEAR})?\b",
    rf"\b{_MONTH}(?:\s+{_DAY})?(?:,?\s+{_YEAR})?\b",
    # A bare year only where the wording makes it a date: "in 2019", "since 2020",
    # "2010s". "metformin 2000 mg" keeps its dose.
    rf"\b(?:in|since|from|until|till|by|before|after|around|circa|during|early|mid|late)"
    rf"\s+{_YEAR}s?\b(?!\s*(?:mg|g|mcg|µg|ml|iu|units?|%))",
    rf"\b{_YEAR}s\b",
)
_DATES = re.compile("|".join(f"(?:{p})" for p in _DATE_PATTERNS), re.IGNORECASE)
# "1,200" is one numeral (thousands separator: exactly three digits after the
# comma); "7.2" is one numeral; "1,2" is two.
_NUMERAL = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?")


def strip_dates(text: str) -> str:
    """Remove calendar dates (ISO, 2024/3/20, 2024年3月20日, 3月20日, "March 20,
    2024", "20 March 2024", "in 2019") so that their digits never count as values."""
    # NFKC turns full-width digits into ASCII; the Chinese comma is a list
    # separator, never a thousands separator, so it must not become ",".
    return _DATES.sub(" ", unicodedata.normalize("NFKC", text.replace("，", "; ")))


def _canonical_numeral(raw: str) -> str:
    """One spelling per value: "1,200" -> "1200", "7.20" -> "7.2", "080" -> "80"."""
    whole, _, frac = raw.replace(",", "").partition(".")
    whole = whole.lstrip("0") or "0"
    frac = frac.rstrip("0")
    return f"{whole}.{frac}" if frac else whole


def numerals(text: str) -> frozenset[str]:
    """Arabic numerals of `text` after dates are removed, canonically spelled."""
    return frozenset(_canonical_numeral(m) for m in _NUMERAL.findall(strip_dates(text)))
