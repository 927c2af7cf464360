"""Text normalisation shared by the loader and the matchers.

Matching must report offsets into the caller's original text, so the
normalisation applied to free text is strictly one character to one
character (lower case, full-width ASCII to half-width). Dictionary keys are
normalised the same way, plus English keys are reduced to their word tokens
so that "NT-proBNP", "nt probnp" and "NT proBNP" are one key.
"""

from __future__ import annotations

import re

# Latin word tokens: maximal runs of ASCII letters/digits. A dictionary phrase
# only matches on whole tokens, which gives word boundaries for free
# ("aspirin" never matches inside "aspiring").
EN_TOKEN = re.compile(r"[a-z0-9]+")
_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_GREEK = {"β": "beta", "α": "alpha", "γ": "gamma", "ω": "omega"}


def _fold_char(ch: str) -> str:
    code = ord(ch)
    if 0xFF01 <= code <= 0xFF5E:  # full-width ASCII (Ｂ, ２) typed in Chinese text
        ch = chr(code - 0xFEE0)
    low = ch.lower()
    return low if len(low) == 1 else ch


def fold(text: str) -> str:
    """Same-length case/width folding, safe for offset mapping."""
    if text.isascii():
        return text.lower()
    return "".join(_fold_char(c) for c in text)


def has_cjk(text: str) -> bool:
    return _CJK.search(text) is not None


def en_key(text: str) -> str:
    """Token key of an English surface form: 'NT-proBNP' -> 'nt probnp'."""
    folded = fold(text)
    for greek, latin in _GREEK.items():
        folded = folded.replace(greek, f" {latin} ")
    return " ".join(EN_TOKEN.findall(folded))


def zh_key(text: str) -> str:
    """Key of a Chinese (or mixed) surface form: folded, spaces removed."""
    return "".join(fold(text).split())


def key(text: str) -> str:
    """Lookup key of any surface form in either language."""
    return zh_key(text) if has_cjk(text) else en_key(text)
