"""Entity resolution: which clinical item a surface name refers to.

Paper Appendix B / docs/design.md §4 "Entity resolution", scoped to one
patient (issue 34: a patient's record depends only on that patient's
sessions). The caller first canonicalizes the surface name through the seed
dictionary (generic drug names and classes, bilingual): a name it knows is
the dictionary's entity, shared by every patient. Any other name is resolved
only among the entities of the same kind this patient's own records hold:

1. exact match of the normalized name or a stored alias -> reuse;
2. else the entity the name is a *spelling variant* of -> reuse: the same
   words in the same order, each word the same or a misspelling of the other
   (at most two edits, and no more than a third of the word), and a
   character-bigram overlap >= 0.75 over the whole name. Overlap is the Dice
   coefficient of the two bigram *sets*, 2|A∩B| / (|A|+|B|): symmetric, 1.0
   only for equal sets, and it does not reward a short name for being
   contained in a long one;
3. else create an entity with the name as said.

A merge is a resolution to a dictionary entry or a spelling variant, never a
character overlap with whatever string came earlier: "back surgery" and
"after surgery" have a word "surgery" lacks, so neither is "surgery" (and
"insulin" is not "insulin glargine"). Two more guards keep fuzzy matching to
spelling variants, because a false merge would show one item's state as
another's, while a spurious split only costs a duplicate chain:
* names whose identifying markers differ never merge: digits ("vitamin B12"
  / "B6", "type 1" / "type 2"), single-letter or Roman-numeral tokens
  ("hepatitis B" / "hepatitis C") and qualifier words ("respiratory tract
  infections" / "upper respiratory tract infection", "hyper-" / "hypo-");
* when the dictionary knew the new name, it never fuzzy-merges into another
  dictionary entity ("hydrochlorothiazide" is not "chlorothiazide").

Drug classes are not merged here. Folding amoxicillin into a "penicillins"
entity would put two drugs with their own doses into one chain, so one
drug's dose change would supersede the other's. A member keeps its own
entity (which records its class, Entity.drug_class); a class allergy covers
its members where it matters, in safety matching (memory.domain.drug_safety
over the lexicon's ancestry), used by the profile, the readers and the
medication–allergy alerts.

Disease forms (specific_form): a general disease name ("diabetes") is filed
under the one more specific form ("type 2 diabetes") a person's records
already hold, so one diagnosis is one chain; with two forms held (type 1 and
type 2), the general name could be either and stays itself
(memory.actions.disease_form_chains applies it).

Pure: no Django, no I/O; inputs are never mutated.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Literal

BIGRAM_THRESHOLD = 0.75
# A misspelt word differs from the word by at most this many edits, and by no more
# than a third of its letters ("metformine" / "metformin", "stents" / "stent").
MAX_WORD_EDITS = 2
DRUG_KINDS: frozenset[str] = frozenset({"drug", "medication"})

# Dose amounts and dosage-form words say how a drug is given, not which drug it is.
_DOSE = re.compile(
    r"\d+(?:[.,]\d+)?\s*(?:mg|mcg|µg|μg|ug|g|ml|iu|units?|%|毫克|微克|克|毫升|单位)(?![a-z])",
    re.IGNORECASE,
)
_FORM_WORDS = re.compile(
    r"\b(?:tablets?|tabs?|capsules?|caps|pills?|injections?|injectable|solution|syrup|"
    r"suspension|drops|cream|ointment|patch(?:es)?|inhaler|extended[- ]release|"
    r"sustained[- ]release|er|xr|sr|cr|dr|oral)\b"
    r"|缓释片|控释片|肠溶片|分散片|咀嚼片|泡腾片|缓释胶囊|肠溶胶囊|胶囊|注射液|口服液|颗粒|片剂|片|针剂|针|贴剂|软膏|滴剂",
    re.IGNORECASE,
)
# Salt / counter-ion words name the form of a drug, not the drug: a trailing
# "hydrochloride" or "sodium" (levothyroxine sodium), a leading 盐酸. A leading
# cation is the drug itself ("potassium chloride", "calcium carbonate").
_SALTS = re.compile(
    r"\s(?:hydrochloride|hcl|sodium|potassium|calcium|magnesium|besylate|besilate|maleate|"
    r"mesylate|succinate|tartrate|citrate|fumarate|acetate|bisulfate)\s*$"
    r"|^\s*(?:盐酸|马来酸|苯磺酸|琥珀酸|酒石酸|甲磺酸)",
    re.IGNORECASE,
)
_MARKER_TOKENS = re.compile(r"(?<![^\W\d_])(?:[a-zα-ω]|i{1,3}|iv|vi{0,3}|ix)(?![^\W\d_])")
_DIGITS = re.compile(r"\d+")
# Words that make a different item of the same stem: "upper" / "lower" respiratory
# infection, left / right, acute / chronic, benign / malignant, hyper- / hypothyroidism.
# A name with one and a name without it are a specific and a general item, never
# spelling variants of each other.
_QUALIFIERS = re.compile(
    r"\b(?:upper|lower|left|right|acute|chronic|benign|malignant|primary|secondary|"
    r"anterior|posterior|proximal|distal|systolic|diastolic|juvenile|gestational|"
    r"congenital|non|hyper|hypo|上|下|左|右|急性|慢性|良性|恶性|原发|继发|甲亢|甲减)",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class EntityCandidate:
    """An existing entity of the patient's memory."""

    id: int
    name: str
    kind: str
    aliases: tuple[str, ...] = ()
    in_dictionary: bool = False  # its name came from the seed dictionary


@dataclass(frozen=True)
class EntityDecision:
    action: Literal["reuse", "create"]
    entity_id: int | None  # None when creating
    name: str  # the entity's name (existing, or the one to create)
    matched_by: Literal["exact", "alias", "bigram", "new"]
    score: float = 1.0
    add_alias: str | None = None  # the surface, when not yet known to the entity


def _clean(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold().strip()


def _squash(text: str) -> str:
    """Keep letters and digits of any script: drop punctuation, symbols, spaces."""
    return "".join(ch for ch in text if ch.isalnum())


def _strip_drug_words(surface: str, kind: str | None) -> str:
    text = _clean(surface)
    if kind is None or kind in DRUG_KINDS:
        text = _FORM_WORDS.sub(" ", _DOSE.sub(" ", text))
        if kind in DRUG_KINDS:
            text = _SALTS.sub(" ", " " + text.strip())
    return text if _squash(text) else _clean(surface)


def normalize_name(surface: str, kind: str | None = None) -> str:
    """Case-, width- and punctuation-insensitive key of a name. For drugs (or an
    unknown kind) dose amounts and dosage forms go, and for drugs salt words
    too ("Metformin HCl 500 mg tablets" -> "metformin"); a lab named
    "potassium" keeps its name. Falls back to the plain key if stripping
    would leave nothing."""
    return _squash(_strip_drug_words(surface, kind))


def char_bigrams(text: str) -> frozenset[str]:
    """Set of adjacent character pairs; a one-character name is its own unit."""
    if len(text) < 2:
        return frozenset({text}) if text else frozenset()
    return frozenset(text[i : i + 2] for i in range(len(text) - 1))


def bigram_overlap(a: str, b: str) -> float:
    """Dice coefficient of the bigram sets of two (already normalized) names."""
    left, right = char_bigrams(a), char_bigrams(b)
    if not left or not right:
        return 0.0
    return 2 * len(left & right) / (len(left) + len(right))


# Words of a name: a run of letters/digits of a spaced script, or one CJK character
# (Chinese has no spaces; 背部手术 is four words and 手术 two, so they never merge).
_CJK = "\u3400-\u9fff\uf900-\ufaff"
_WORDS = re.compile(rf"[{_CJK}]|[^\W_{_CJK}]+")


def name_words(surface: str, kind: str | None = None) -> tuple[str, ...]:
    """The words of a name, after the dose and form words a drug name may carry."""
    return tuple(_WORDS.findall(_strip_drug_words(surface, kind)))


def edit_distance(a: str, b: str) -> int:
    """Levenshtein distance with adjacent transpositions (optimal string alignment)."""
    rows = [list(range(len(b) + 1))]
    for i, ca in enumerate(a, 1):
        row = [i]
        for j, cb in enumerate(b, 1):
            cost = 0 if ca == cb else 1
            best = min(rows[-1][j] + 1, row[j - 1] + 1, rows[-1][j - 1] + cost)
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                best = min(best, rows[-2][j - 2] + 1)
            row.append(best)
        rows.append(row)
    return rows[-1][-1]


def _word_variant(a: str, b: str) -> bool:
    if a == b:
        return True
    edits = edit_distance(a, b)
    return edits <= MAX_WORD_EDITS and 3 * edits <= max(len(a), len(b))


def spelling_variant(a: str, b: str, kind: str | None = None) -> bool:
    """Whether two names are spellings of one name: the same words in the same order,
    each the same or a misspelling of the other, the same markers, and a bigram
    overlap >= BIGRAM_THRESHOLD. A word more ("back surgery", "after surgery") or a
    word less is another item, however many characters the names share."""
    if name_markers(a, kind) != name_markers(b, kind):
        return False
    left, right = name_words(a, kind), name_words(b, kind)
    if len(left) != len(right) or not all(map(_word_variant, left, right)):
        return False
    return bigram_overlap(normalize_name(a, kind), normalize_name(b, kind)) >= BIGRAM_THRESHOLD


def name_markers(surface: str, kind: str | None = None) -> tuple[frozenset[str], ...]:
    """Digits, single-letter / Roman-numeral tokens and qualifier words that tell
    items apart (dose amounts are not markers: they are stripped first for drugs)."""
    text = _strip_drug_words(surface, kind)
    return (
        frozenset(_DIGITS.findall(text)),
        frozenset(_MARKER_TOKENS.findall(text)),
        frozenset(q.casefold() for q in _QUALIFIERS.findall(text)),
    )


def _names(candidate: EntityCandidate) -> tuple[str, ...]:
    return (candidate.name, *candidate.aliases)


def _exact(
    keys: Collection[str], kind: str, existing: Sequence[EntityCandidate]
) -> tuple[EntityCandidate, str] | None:
    """First (lowest id) entity whose name or alias normalizes to one of `keys`."""
    for candidate in sorted(existing, key=lambda c: c.id):
        if normalize_name(candidate.name, kind) in keys:
            return candidate, "exact"
        if any(normalize_name(alias, kind) in keys for alias in candidate.aliases):
            return candidate, "alias"
    return None


def _fuzzy(
    names: Sequence[str], kind: str, existing: Sequence[EntityCandidate], known: bool
) -> tuple[EntityCandidate, float] | None:
    """The entity a name is a spelling variant of, best bigram overlap first; ties go
    to the oldest entity (lowest id) so the decision is deterministic."""
    best: tuple[float, int, EntityCandidate] | None = None
    for candidate in existing:
        if known and candidate.in_dictionary:
            continue
        for ours in names:
            for theirs in _names(candidate):
                if not spelling_variant(ours, theirs, kind):
                    continue
                score = bigram_overlap(normalize_name(ours, kind), normalize_name(theirs, kind))
                if best is None or (score, -candidate.id) > (best[0], -best[1]):
                    best = (score, candidate.id, candidate)
    return (best[2], best[0]) if best else None


def _alias_for(surface: str, kind: str, candidate: EntityCandidate) -> str | None:
    """The surface, if the entity does not already answer to it."""
    key = normalize_name(surface, kind)
    known = {normalize_name(n, kind) for n in _names(candidate)}
    return None if not key or key in known else surface.strip()


def _new_alias(surface: str, name: str, kind: str) -> str | None:
    """A new entity keeps the surface as alias when it differs from its name."""
    return surface.strip() if normalize_name(surface, kind) != normalize_name(name, kind) else None


def resolve_entity(
    surface: str,
    kind: str,
    canonical: str | None,
    existing: Sequence[EntityCandidate],
) -> EntityDecision:
    """Reuse or create the entity for `surface` (docs/design.md §4 "Entity resolution").

    `canonical`: the seed dictionary's name for the surface (None: unknown to it).
    `existing`: the entities the surface may resolve to -- for a name unknown to
    the dictionary, only those of the patient whose session said it.
    """
    same_kind = [c for c in existing if c.kind == kind]
    names = [n for n in (canonical, surface) if n and n.strip()]
    keys = {normalize_name(n, kind) for n in names}
    found = _exact(keys, kind, same_kind)
    if found:
        entity, how = found
        return EntityDecision(
            "reuse", entity.id, entity.name, how, 1.0, _alias_for(surface, kind, entity)
        )
    close = _fuzzy(names, kind, same_kind, known=canonical is not None)
    if close:
        entity, score = close
        alias = _alias_for(surface, kind, entity)
        return EntityDecision("reuse", entity.id, entity.name, "bigram", score, alias)
    name = (canonical or surface).strip()
    return EntityDecision("create", None, name, "new", 1.0, _new_alias(surface, name, kind))


def specific_form(general: str, forms: Collection[str], held: Collection[str]) -> str | None:
    """The one more specific form of a general disease name among the items a person's
    records already hold ("diabetes" -> "type 2 diabetes"), else None.

    The forms of one general name are different diseases: with two of them held
    (type 1 and type 2 diabetes), "diabetes" could be either and stays itself.
    """
    known = sorted({f for f in forms if f in held and f != general})
    return known[0] if len(known) == 1 else None


# Entity kind per fact type: facts about the same item share one entity only
# within a kind ("potassium" the supplement is not "potassium" the lab).
_KIND_BY_FACT_TYPE: dict[str, str] = {
    "medication_status": "drug",
    "condition": "disease",
    "lab_result": "test",
    "vital": "test",
    # Allergens, contraindicated and interacting items are mostly drugs, so an
    # allergy and the medication chain of the same drug meet on one entity.
    "safety": "drug",
}


def entity_kind(fact_type: str, safety_kind: str | None = None) -> str:
    """The entity kind used to resolve a fact's entity when the dictionary does not
    know it ("other" for the rest; a surgery is not a drug)."""
    if fact_type == "safety" and safety_kind == "surgical_history":
        return "other"
    return _KIND_BY_FACT_TYPE.get(fact_type, "other")
