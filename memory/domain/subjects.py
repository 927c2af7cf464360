"""Subject labels: whose body a fact concerns (docs/design.md §3 Person, paper §4.1).

Canonical forms: "patient", "family:<relation>" with an English relation from
RELATIONS, "other:<label>", or "none" (general knowledge, never stored as a
fact). Extractors may emit Chinese relations ("family:父亲"); everything is
canonicalized here so that the patient's father is one Person node whatever
language the session was in.
"""

from __future__ import annotations

import re

# Canonical English relation -> surface forms (English and Chinese). Order
# matters only for readability; lookups go through _ALIASES.
RELATIONS: dict[str, tuple[str, ...]] = {
    "father": ("father", "dad", "daddy", "papa", "父亲", "爸爸", "我爸", "爸", "老爸", "父"),
    "mother": ("mother", "mom", "mum", "mommy", "mama", "母亲", "妈妈", "我妈", "妈", "老妈", "母"),
    "son": ("son", "儿子", "儿"),
    "daughter": ("daughter", "女儿", "闺女"),
    "child": ("child", "kid", "baby", "孩子", "小孩", "宝宝", "婴儿"),
    "wife": ("wife", "妻子", "老婆", "媳妇"),
    "husband": ("husband", "丈夫", "老公"),
    "spouse": ("spouse", "partner", "爱人", "配偶"),
    "brother": ("brother", "哥哥", "弟弟", "兄弟", "哥", "弟"),
    "sister": ("sister", "姐姐", "妹妹", "姐妹", "姐", "妹"),
    "sibling": ("sibling", "siblings"),
    "grandfather": ("grandfather", "grandpa", "爷爷", "外公", "姥爷", "祖父"),
    "grandmother": ("grandmother", "grandma", "奶奶", "外婆", "姥姥", "祖母"),
    "grandchild": ("grandchild", "grandson", "granddaughter", "孙子", "孙女", "外孙", "外孙女"),
    "uncle": ("uncle", "叔叔", "舅舅", "伯伯", "姑父", "姨父"),
    "aunt": ("aunt", "阿姨", "姑姑", "舅妈", "婶婶", "姨妈", "伯母"),
    "cousin": ("cousin", "表哥", "表姐", "表弟", "表妹", "堂哥", "堂姐", "堂弟", "堂妹"),
    "parent": ("parent", "parents", "父母"),
    "relative": ("relative", "family", "家人", "亲戚", "家属"),
}
OTHER_LABELS: dict[str, tuple[str, ...]] = {
    "friend": ("friend", "朋友", "好友"),
    "colleague": ("colleague", "coworker", "co-worker", "同事"),
    "neighbor": ("neighbor", "neighbour", "邻居"),
}

_ALIASES: dict[str, str] = {
    alias.casefold(): canon for canon, aliases in RELATIONS.items() for alias in aliases
}
_OTHER_ALIASES: dict[str, str] = {
    alias.casefold(): canon for canon, aliases in OTHER_LABELS.items() for alias in aliases
}
_SLUG = re.compile(r"[^0-9a-z\u4e00-\u9fff]+")


class SubjectError(ValueError):
    """A subject label that cannot be mapped to a person."""


def canonical_relation(surface: str) -> str:
    """Map a relation word in either language to its canonical English form."""
    key = surface.strip().casefold()
    if key.startswith("my "):
        key = key[3:]
    if key.startswith("我") and key not in _ALIASES:
        key = key[1:]
    if key in _ALIASES:
        return _ALIASES[key]
    slug = _SLUG.sub("_", key).strip("_")
    if not slug:
        raise SubjectError(f"empty relation in subject {surface!r}")
    return slug


# A person key is stored in a varchar(80) (Person.key): a longer one is refused with
# a clear message, never truncated (two long labels would silently become one person).
MAX_KEY_CHARS = 80


def relation_keys(relation: str) -> frozenset[str]:
    """The person keys a question about `relation` means (a "child" is a son or daughter)."""
    keys = {f"family:{relation}"}
    if relation == "child":
        keys |= {"family:son", "family:daughter"}
    return frozenset(keys)


def canonical_subject(label: str | None) -> str:
    """Canonicalize an extractor's subject label.

    "patient", "family:父亲" -> "family:father", "family:my mom" ->
    "family:mother", "other:朋友" -> "other:friend", "none"/null -> "none".
    A bare relation word ("father") is accepted as family:<relation>.
    Raises SubjectError for a label that maps to no person or to a key over
    MAX_KEY_CHARS characters.
    """
    key = _canonical_subject(label)
    if len(key) > MAX_KEY_CHARS:
        kind = key.partition(":")[0]
        room = MAX_KEY_CHARS - len(kind) - 1
        raise SubjectError(
            f"subject {key[:40]}…: the {kind} label is {len(key) - len(kind) - 1} characters, "
            f"at most {room} (a person key is at most {MAX_KEY_CHARS}, with '{kind}:')"
        )
    return key


def _canonical_subject(label: str | None) -> str:
    if label is None:
        return "none"
    text = label.strip()
    low = text.casefold()
    if low in ("", "none", "null", "无"):
        return "none"
    if low in ("patient", "self", "患者", "本人", "病人"):
        return "patient"
    kind, sep, rest = text.partition(":")
    if not sep:
        kind, sep, rest = text.partition("：")
    if sep:
        kind = kind.strip().casefold()
        if kind in ("family", "家属", "家人"):
            return _family_or_other(rest)
        if kind in ("other", "其他"):
            return "other:" + _other_label(rest)
        raise SubjectError(f"unknown subject kind {kind!r} in {label!r}")
    return _family_or_other(text)


def _family_or_other(surface: str) -> str:
    key = surface.strip().casefold().removeprefix("my ")
    if key in _OTHER_ALIASES:
        return "other:" + _OTHER_ALIASES[key]
    return "family:" + canonical_relation(surface)


def _other_label(surface: str) -> str:
    key = surface.strip().casefold().removeprefix("my ")
    if key in _OTHER_ALIASES:
        return _OTHER_ALIASES[key]
    slug = _SLUG.sub("_", key).strip("_")
    if not slug:
        raise SubjectError(f"empty label in subject {surface!r}")
    return slug


def canonical_session_subject(label: str | None) -> str:
    """session_subject is a subject label, or "mixed"."""
    if label is not None and label.strip().casefold() in ("mixed", "混合"):
        return "mixed"
    return canonical_subject(label)
