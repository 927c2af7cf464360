"""Lexical cues of the subject tracker: relation nouns, first person, pronouns.

Only the words are read here; whom they point to is decided by the tracker
(discourse.tracker), which keeps the session's running state.
- relation nouns with their possessive owner ("my dad", "his mother", "your
  wife", 我爸, 我妈妈, 孩子, 老公) -> RelMention, and the one governing a
  mention inside its sentence -> subject_for;
- the speaker's own body ("I have", "my own", 我自己, 本人) -> self_marked;
- personal markers with person and gender (I / you / he, she, 他, 她,
  老人家) -> person_markers: a third-person pronoun carries the gender that
  the tracker matches against the relation noun it may stand for.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from memory.domain.subjects import RELATIONS, canonical_relation
from memory.extraction.rules.discourse.persons import forget_persons
from memory.extraction.rules.discourse.stance import (
    EN_STANCE,
    ZH_STANCE,
    agent_of_care,
    without_agents,
)
from memory.lexicon.cues import cues

_RELATIVES = cues("relatives")


def _extra_relations(lang: str) -> dict[str, str]:
    """Relation words the domain's relation table lacks (plurals, partners, in-laws),
    each with the relation it is read as (relatives.tsv, `relation_<name>` rows)."""
    return {
        form: category.removeprefix("relation_")
        for category in _RELATIVES.categories()
        if category.startswith("relation_")
        for form in _RELATIVES.forms(category, lang)
    }


_PLURALS = _extra_relations("en")
_EN_WORDS = sorted(
    {a for aliases in RELATIONS.values() for a in aliases if a.isascii()} | set(_PLURALS),
    key=len,
    reverse=True,
)
_PERSONS = cues("persons")
# "my late father", "her two older brothers": words between owner and relation noun.
_MODIFIERS = rf"(?:{_PERSONS.pattern('relation_modifier', 'en', ordered=True)}\s+)*"
# "baby aspirin", "baby oil", "children's Tylenol" (no owner): a product named for its
# users is no relative (婴儿油, 宝宝霜 likewise in _ZH_REL); "my son's Tylenol" is his.
_DRUGS_FOR = _PERSONS.pattern("product_drug", "en", ordered=True)
_PRODUCT = rf"{_DRUGS_FOR}|{_PERSONS.pattern('product', 'en', ordered=True)}"
_PRODUCT_OF = re.compile(rf"'s\s+(?:{_DRUGS_FOR})\b", re.I)
_EN_REL = re.compile(
    rf"\b(?P<owner>my|his|her|your|their|our|the patient'?s|patient'?s|a|the)?\s*{_MODIFIERS}"
    rf"(?P<rel>{'|'.join(_EN_WORDS)})\b(?!\s+(?:doctor|physician|medicine|practice|planning)\b)",
    re.I,
)
_PRODUCT_AFTER = re.compile(rf"\s+(?:{_PRODUCT})\b", re.I)
# Only these words name a product's users ("my baby aspirin", "kids Motrin"); "I gave
# my son ibuprofen", "my daughter Tylenol" name the person who took it.
_PRODUCT_USERS = frozenset(_RELATIVES.forms("product_user", "en"))
# Chinese counterparts of the English extras above (girlfriend, fiance...), and
# in-laws and nephews, who have no relation of their own in the domain.
_ZH_EXTRA = _extra_relations("zh")
_ZH_MULTI = sorted(
    {a for aliases in RELATIONS.values() for a in aliases if not a.isascii() and len(a) >= 2}
    | set(_ZH_EXTRA),
    key=len,
    reverse=True,
)
_ZH_SINGLE = sorted(
    {a for aliases in RELATIONS.values() for a in aliases if len(a) == 1 and not a.isascii()}
)
# 婴儿油, 宝宝霜, 儿童退烧药: a product or dose named for its users, after the relation word.
_ZH_PRODUCTS = (
    f"{_PERSONS.pattern('product', 'zh', ordered=True)}"
    f"|{_PERSONS.pattern('product_drug', 'zh', ordered=True)}"
)
# "我十岁的孩子", "我家3个月大的宝宝", "我60岁的母亲": an age between owner and noun.
_ZH_AGED = r"我家?[0-9一二三四五六七八九十两几半]+(?:个多?月|岁半?|多岁)大?的"
_ZH_REL = re.compile(
    rf"(?P<owner>我们家的|我家的|我家|我的|我们家|您的|你的|{_ZH_AGED}|我|他|她)?(?P<rel>{'|'.join(_ZH_MULTI)})"
    rf"(?!(?:用)?(?:{_ZH_PRODUCTS}))"
    rf"|(?P<owner1>我|我家|我的)(?P<rel1>{'|'.join(_ZH_SINGLE)})"
)
# 他 is a syllable of common words too: 其他 "other", and drug names (他汀 statins,
# 氯雷他定, 他克莫司, 倍他乐克, 西他列汀 ...). None of them is a person, and a
# "他" read in 阿托伐他汀 would hand the patient's statin to a relative.
ZH_HE = r"(?<![其吉倍索西雷美氟依利])他(?![们人汀定克达莫巴唑林胺司])"
ZH_SHE = r"她(?!们)"
_EN_SELF = re.compile(r"\b(?:i|i'm|i've|i'd|me|myself|my own|mine)\b", re.I)
_EN_MY_NON_REL = re.compile(rf"\bmy\s+(?!{_MODIFIERS}(?:{'|'.join(_EN_WORDS)})\b)", re.I)
_ZH_SELF_OWN = re.compile(r"我(?:自己|本人|也|还|今年|最近|的(?!(?:" + "|".join(_ZH_MULTI) + r")))")
_ZH_SELF = re.compile(_ZH_SELF_OWN.pattern + r"|本人|自己")
_GENERIC_REL = frozenset({"relative"})
# "a lot of diabetes in the family": the family owns it even in an "I" sentence.
_IN_FAMILY = re.compile(
    r"\b(?:in|on both sides of|runs? in|running in) (?:the|my|our|his|her) family\b|"
    r"\bfamily history\b|"
    r"家族|家里人都|遗传",
    re.I,
)


_CLAUSE_ZH = re.compile(r"[，。；！？,;!?]")
_CLAUSE_EN = re.compile(r"[,;.!?]")
# "我有高血压" / "我没有过敏史": the speaker says what he has or has not.
_ZH_I_HAVE = re.compile(r"我(?:也|还|从来)?(?:有|没有|没|不|无)")


def _family_governs(text: str, start: int, zh: bool) -> bool:
    """A "runs in the family" / 家族 cue owns the mention at `start` for the family:
    in the mention's own clause, or before it ("家族里有高血压，糖尿病"). One said
    after, in another clause, leaves it the speaker's only when its clause is the
    speaker's own ("I have diabetes, and heart disease runs in the family", 我没有过敏
    史，也没有家族病史); a list before the cue stays the family's ("diabetes, heart
    disease and stroke all run in the family", 高血压、糖尿病，家里人都有): a relative's
    disease taken for the patient's is the worse error."""
    ends = _CLAUSE_ZH if zh else _CLAUSE_EN
    cut = [m.end() for m in ends.finditer(text, 0, start)]
    clause_start = cut[-1] if cut else 0
    nxt = ends.search(text, start)
    clause = text[clause_start : nxt.start() if nxt else len(text)]
    if _IN_FAMILY.search(text[:clause_start]) or _IN_FAMILY.search(clause):
        return True
    if not _IN_FAMILY.search(text):
        return False
    return not (self_marked(clause, zh) or (zh and _ZH_I_HAVE.search(clause)))


_AS_A_CHILD = re.compile(r"\b(?:was|were|as|being|since)\s+$", re.I)
# "I was a sickly child", "like a little kid": a description of the speaker.
_YOUNG = frozenset(_RELATIVES.forms("young_person", "en"))
_WAS_A = re.compile(
    r"\b(?:was|were|am|as|being|like|since)\s+(?:(?:just|only|still|like)\s+)?(?:a|an)\s+(?:[a-z]+\s+){0,2}$",
    re.I,
)


@dataclass(frozen=True)
class RelMention:
    start: int
    end: int
    relation: str  # canonical English relation
    owner: str  # possessive before it, lower case ("my", "his", "your", "" ...)
    plural: bool = False  # "my parents", "her brothers", 父母, 家人: a later "they"


# Relation words that name several people ("they" may stand for them).
_EN_PLURAL_WORDS = frozenset(_RELATIVES.forms("plural_relation", "en"))
_ZH_PLURAL_WORDS = frozenset(_RELATIVES.forms("plural_relation", "zh"))


def relative_mentions(text: str, zh: bool) -> list[RelMention]:
    """Relative mentions in one sentence, in order."""
    return list(_relative_mentions(text, zh))


@lru_cache(maxsize=4096)
def _relative_mentions(text: str, zh: bool) -> tuple[RelMention, ...]:
    """Cached: a sentence is read for relatives by the splitter, the generic
    filter, the question frame and the fact context (the pattern is long)."""
    return tuple(_scan_relatives(text, zh))


def forget_relatives() -> None:
    """Empty the sentence caches (benchmarks measure cold sessions)."""
    _relative_mentions.cache_clear()
    _person_markers.cache_clear()
    forget_persons()


def _scan_relatives(text: str, zh: bool) -> list[RelMention]:
    out: list[RelMention] = []
    if zh:
        for m in _ZH_REL.finditer(text):
            rel = m["rel"] or m["rel1"]
            owner = m["owner"] or m["owner1"] or ""
            owner = "我" if len(owner) > 2 and owner.startswith("我") else owner
            relation = _ZH_EXTRA.get(rel) or canonical_relation(rel)
            plural = rel in _ZH_PLURAL_WORDS
            out.append(RelMention(m.start(), m.end(), relation, owner, plural))
        return out
    for m in _EN_REL.finditer(text):
        word = m["rel"].casefold()
        owner = (m["owner"] or "").casefold()
        if owner in ("a", "the") and word in ("family", "relative", "relatives"):
            continue  # "the family" doctor / "a relative of" -> not a health owner by itself
        if owner == "a" and _AS_A_CHILD.search(text, 0, m.start()):
            continue  # "when I was a kid": the speaker's own childhood, not a relative
        if word in _YOUNG and _WAS_A.search(text, 0, m.start("rel")):
            continue  # "I was a sickly child", "like a little kid": a description, not a person
        if not owner and _PRODUCT_OF.match(text, m.end()):
            continue  # "children's Tylenol": a product
        if _PRODUCT_AFTER.match(text, m.end()) and (not owner or word in _PRODUCT_USERS):
            continue  # "baby aspirin", "my baby aspirin": a product, not a person
        rel = _PLURALS.get(word) or canonical_relation(word)
        out.append(RelMention(m.start("rel"), m.end(), rel, owner, word in _EN_PLURAL_WORDS))
    return out


def self_marked(text: str, zh: bool, after_relative: bool = False) -> bool:
    """The sentence speaks of the speaker's own body ("I have", "我自己"); a caregiver's
    "I gave" / 我给 is not his body. `after_relative`: the text follows a relation
    noun, so a bare 自己 / 本人 is that relative himself ("我爸发现自己有息肉")."""
    text = without_agents(text, zh)
    if zh:
        return bool((_ZH_SELF_OWN if after_relative else _ZH_SELF).search(text))
    return bool(_EN_SELF.search(text) or _EN_MY_NON_REL.search(text))


_YOU = re.compile(
    r"\b(?:you|you're|you've|yourself)\b|\byour\s+(?!(?:" + "|".join(_EN_WORDS) + r")\b)", re.I
)
_ZH_YOU = re.compile(r"[您你](?!们)(?!的?(?:" + "|".join(_ZH_MULTI) + "))")


def _you_marked(text: str, zh: bool) -> bool:
    """The doctor speaks of the addressee ("you", "your knee"; not "your dad")."""
    return bool((_ZH_YOU if zh else _YOU).search(text))


def subject_for(
    text: str,
    start: int,
    zh: bool,
    rels: list[RelMention],
    relative_speaker: bool,
    family_frame: bool,
    doctor: bool = False,
) -> str | None:
    """The family subject governing the mention at `start` inside this sentence,
    or None when the sentence gives no relative for it (caller decides).
    `doctor`: the doctor's own "I" is nobody's body ("Your mother - I see heart
    failure in her chart"); his "you" is the patient's, as a speaker's "I" is."""
    before = [r for r in rels if r.end <= start]
    after = [r for r in rels if r.start >= start]
    chosen: RelMention | None = None

    def own(part: str, after_relative: bool = False) -> bool:
        return _you_marked(part, zh) if doctor else self_marked(part, zh, after_relative)

    # "My dad had diabetes and I think he had a stroke": "I" comes between, but the
    # pronoun nearest the mention is "he", so the dad still owns it.
    if before and (
        not (before[-1].end < start and own(text[before[-1].end : start], True))
        or nearest_pronoun_is_third(text, start, zh)
    ):
        chosen = before[-1]
    elif after and not own(text[:start]):
        chosen = after[0]
    if chosen is None:
        return "family:relative" if _family_governs(text, start, zh) else None
    # A relative answering for the patient: "my son"/"my husband" IS the patient.
    own = chosen.owner in ("my", "我", "我的", "我家") or (
        chosen.owner == "" and chosen.relation not in _GENERIC_REL
    )
    if relative_speaker and not family_frame and own:
        return "patient"
    return "family:" + chosen.relation


_EN_PRONOUN = re.compile(
    rf"\b({cues('pronouns').pattern('personal_pronoun', 'en', ordered=True)})\b", re.I
)
_ZH_PRONOUN = re.compile(rf"我(?!们)|{ZH_HE}|{ZH_SHE}")


def nearest_pronoun_is_third(text: str, pos: int, zh: bool) -> bool | None:
    """True if the last personal pronoun before `pos` is he/she/they, False if it
    is I/me/my, None if there is none: "I am fairly sure they had polio" -> True."""
    pattern = _ZH_PRONOUN if zh else _EN_PRONOUN
    found = list(pattern.finditer(text, 0, pos))
    if not found:
        return None
    word = found[-1][0].casefold()
    return not (word.startswith("i") or word in ("me", "my", "我"))


# Gender of a relation noun: a pronoun may only stand for a relative of its gender
# ("my dad ... she" is not the dad). Relations absent here fit either pronoun.
MALE = frozenset({"father", "son", "husband", "brother", "grandfather", "uncle"})
FEMALE = frozenset({"mother", "daughter", "wife", "sister", "grandmother", "aunt"})
# 老人家 / 老爷子 stand for an elder of the family, never a child or a spouse.
ELDERS = frozenset({"father", "mother", "grandfather", "grandmother", "parent", "uncle", "aunt"})


@dataclass(frozen=True)
class Marker:
    start: int
    person: str  # first | second | third
    gender: str = ""  # m | f | elder | "" (third person only)
    nominative: bool = False  # he / she / I: the one who acts ("she increased the meds")
    objective: bool = False  # "me", 给我: the first person as an object ("he bought me")


_EN_MARKERS = re.compile(
    rf"\b(?P<first>{cues('pronouns').pattern('first_person', 'en', ordered=True)})\b"
    r"|\b(?P<second>you|your|you're|you've|you'll|yours|yourself)\b"
    r"|\b(?P<m>he|his|him|he's|himself)\b|\b(?P<f>she|her|she's|herself|hers)\b",
    re.I,
)
_ZH_MARKERS = re.compile(
    r"(?P<first>我(?!们)|本人|自己)|(?P<second>您|你(?!们))"
    # 他 is also the unmarked written form for anyone, so it carries no gender.
    rf"|(?P<any>{ZH_HE})|(?P<f>{ZH_SHE}|老太太|小姑娘)|(?P<m>老先生|老爷子|小伙子)"
    r"|(?P<elder>老人家|老人(?!家))"
)


_ZH_OBJECT = re.compile(r"[给帮替对和跟陪向叫让带]$")


def person_markers(text: str, zh: bool, rels: tuple[RelMention, ...]) -> list[Marker]:
    """Personal markers outside relation mentions ("我" of "我爸" is the mention's)."""
    return list(_person_markers(text, zh, rels))


@lru_cache(maxsize=4096)
def _person_markers(text: str, zh: bool, rels: tuple[RelMention, ...]) -> tuple[Marker, ...]:
    """Cached: the session focus and the tracker read every sentence."""
    out: list[Marker] = []
    stance = ZH_STANCE if zh else EN_STANCE
    for m in (_ZH_MARKERS if zh else _EN_MARKERS).finditer(text):
        if any(r.start <= m.start() < r.end for r in rels):
            continue
        kind = m.lastgroup or ""
        if kind in ("first", "second") and stance.match(text, m.end()):
            continue
        if kind in ("first", "second") and agent_of_care(text, m.end(), zh):
            continue  # "I gave him", 我给他吃, "you can give": the agent of care, not the body
        if zh and m[0] in _ZH_REFLEXIVE and _reflexive_of_other(m.start(), out, rels):
            continue  # "他发现自己患有…", "我爸本人": the reflexive of the one just named
        if kind == "first":
            word = m[0].casefold()
            objective = bool(_ZH_OBJECT.search(text, 0, m.start())) if zh else word == "me"
            acts = not objective if zh else word.startswith("i")
            out.append(Marker(m.start(), kind, nominative=acts, objective=objective))
        elif kind == "second":
            out.append(Marker(m.start(), kind))
        else:
            word = m[0].casefold()
            nominative = word in ("he", "she", "he's", "she's")
            out.append(Marker(m.start(), "third", "" if kind == "any" else kind, nominative))
    return tuple(out)


_ZH_REFLEXIVE = frozenset({"自己", "本人"})


def _reflexive_of_other(pos: int, found: list[Marker], rels: tuple[RelMention, ...]) -> bool:
    """自己 / 本人 refers back to the nearest person named before it: a third person
    or a relative, not the speaker, unless a 我 came after them."""
    others = [m.start for m in found if m.person == "third"] + [r.end for r in rels if r.end <= pos]
    mine = [m.start for m in found if m.person == "first"]
    return bool(others) and max(others) > max(mine, default=-1)


def fits(relation: str, gender: str) -> bool:
    """Can a pronoun of this gender stand for this relative?"""
    if gender == "m":
        return relation not in FEMALE
    if gender == "f":
        return relation not in MALE
    if gender == "elder":
        return relation in ELDERS or relation == "relative"
    return True
