"""Bilingual clinical lexicon: seed dictionary for entity resolution (docs/design.md §4).

Curated tables in data/ map every surface form (English or Chinese generic,
brand, abbreviation, colloquial name) of a drug, drug class, disease or test
to one canonical entry, so "泰诺", "Tylenol" and "paracetamol" all resolve to
acetaminophen and facts about them share one chain. English drug names not
in the curated tables fall back to the drug-named-entity-recognition package.

Everything is loaded lazily on first use, once per process, thread-safely.
"""

from __future__ import annotations

import re
from pathlib import Path

from memory.lexicon import _drugner, _jieba
from memory.lexicon._index import get_index
from memory.lexicon._match import find, load_misspelling_tables
from memory.lexicon._norm import has_cjk, key
from memory.lexicon.types import LEX_KINDS, LexEntry, Mention

__all__ = [
    "LEX_KINDS",
    "LexEntry",
    "Mention",
    "class_members",
    "display_name",
    "entries",
    "find_mentions",
    "is_class_name",
    "jieba_userdict_path",
    "load_misspellings",
    "lookup",
    "measurement_category",
    "segment_zh",
]

# MeSH pharmacological actions ("nasal decongestants", "analgesics, opioid",
# "histamine antagonists") sit in the drug package beside single substances.
# Their names are plural; a substance name is singular ("amoxicillin") or ends
# in -us/-is/-ss ("lactobacillus", "digitalis"). A class word is no drug a
# patient can be said to take without saying which one.
_PLURAL_HEAD = re.compile(r"[^suiao]s$")


def is_class_name(canonical: str) -> bool:
    """Does a drug-package canonical name a class of drugs rather than one drug?"""
    head = canonical.split(",")[0].split()
    return bool(head) and bool(_PLURAL_HEAD.search(head[-1]))


# The salt or ester a package names a substance by: the same drug for the patient's record.
_SALT = re.compile(
    r"\s+(?:tartrate|succinate|hydrochloride|hcl|sodium|potassium|calcium|magnesium|maleate|"
    r"besylate|mesylate|citrate|sulfate|sulphate|phosphate|acetate|fumarate|bromide|"
    r"hydrobromide|bitartrate|dihydrate|monohydrate|propionate|furoate|valerate|dipropionate)$"
)


def _fallback_entry(phrase_key: str) -> LexEntry | None:
    """A drug known only to drug-named-entity-recognition, as a LexEntry."""
    canonical = _drugner.table().get(phrase_key)
    if canonical is None:
        return None
    curated = get_index().by_key.get(canonical)
    if curated is None and _SALT.search(canonical):
        # "tolterodine tartrate" is the curated tolterodine: one drug, one chain
        curated = get_index().by_key.get(_SALT.sub("", canonical))
    if curated is not None and curated.kind == "drug":
        return curated  # e.g. a brand the package knows and we do not
    kind = "drug_class" if is_class_name(canonical) else "drug"
    return LexEntry(canonical, kind, None, None, tuple(dict.fromkeys((canonical, phrase_key))))


# The matcher skips tokens that start no fallback key (lexicon._match).
_fallback_entry.keys = _drugner.table  # type: ignore[attr-defined]


def lookup(name: str) -> LexEntry | None:
    """Entry for any surface form (either language, brand -> generic); None if unknown."""
    k = key(name.strip())
    if not k:
        return None
    entry = get_index().by_key.get(k)
    if entry is None and not has_cjk(k):
        entry = _fallback_entry(k)
    if entry is None:
        # a product name (苯磺酸氨氯地平片) is its generic when one mention covers it all
        stripped = name.strip()
        mentions = find_mentions(stripped)
        if len(mentions) == 1 and (mentions[0].start, mentions[0].end) == (0, len(stripped)):
            entry = mentions[0].entry
    return entry


def display_name(name: str) -> str:
    """The usual spelling of a stored (lower-case) English name: the entry's alias
    that differs from it only in case ("egfr" -> "eGFR", "copd" -> "COPD"), else the
    name as given. A clinician reads "Egfr" or "Ldl cholesterol" as a typo at best."""
    entry = lookup(name) if name and name.isascii() else None
    if entry is None:
        return name
    for alias in (entry.canonical, *entry.aliases):
        if alias.casefold() == name.casefold() and alias != alias.casefold():
            return alias
    return name


def load_misspellings() -> None:
    """Load what finding a misspelt drug name needs (for warm-up at worker start)."""
    load_misspelling_tables(get_index())


def find_mentions(text: str) -> list[Mention]:
    """Non-overlapping, longest-first dictionary mentions in Chinese/English text."""
    if not text:
        return []
    return find(text, get_index(), _fallback_entry)


def class_members(class_canonical: str) -> tuple[str, ...]:
    """Canonical drug names of a class, including members of its subclasses."""
    entry = lookup(class_canonical)
    name = entry.canonical if entry is not None and entry.kind == "drug_class" else class_canonical
    return get_index().class_members.get(name.strip().lower(), ())


def measurement_category(test_canonical: str) -> str | None:
    """'lab' or 'vital' for a test entry's canonical name; None if not a test."""
    return get_index().tables.test_category.get(test_canonical)


def entries(kind: str | None = None) -> tuple[LexEntry, ...]:
    """All curated entries that free text can name, optionally of one kind. The
    names-only pairs of symptoms.tsv are left out: they translate, they are not
    items the recognizers find."""
    tables = get_index().tables
    named = tuple(e for e in tables.entries if e not in tables.names_only)
    return named if kind is None else tuple(e for e in named if e.kind == kind)


def jieba_userdict_path() -> Path:
    """The medical jieba user dictionary (THUOCL medical + lexicon Chinese names)."""
    return _jieba.USERDICT


def segment_zh(text: str) -> list[str]:
    """jieba segmentation with the medical dictionary loaded (lazy, thread-safe)."""
    return _jieba.segment(text)
