"""In-memory indexes over the curated tables, built once on first use."""

from __future__ import annotations

import threading
from collections import defaultdict
from dataclasses import dataclass

from memory.lexicon._load import Tables, load_tables
from memory.lexicon._norm import en_key, has_cjk, zh_key
from memory.lexicon.types import LexEntry

# Salt prefixes and salt suffixes that Chinese product names wrap around a
# generic (盐酸二甲双胍缓释片, 阿托伐他汀钙片): a mention of the product is a
# mention of the generic, so the matcher extends a drug hit over them.
SALT_PREFIXES: tuple[str, ...] = (
    "硫酸氢",
    "苯磺酸",
    "甲磺酸",
    "马来酸",
    "酒石酸",
    "琥珀酸",
    "富马酸",
    "枸橼酸",
    "氢溴酸",
    "门冬氨酸",
    "葡萄糖酸",
    "苯甲酸",
    "盐酸",
    "硫酸",
    "醋酸",
    "磷酸",
    "乳酸",
    "草酸",
)
SALT_SUFFIXES: tuple[str, ...] = ("钙", "钠", "钾", "镁", "酯")
DOSAGE_FORMS: tuple[str, ...] = tuple(
    sorted(
        (
            "片",
            "胶囊",
            "注射液",
            "缓释片",
            "控释片",
            "分散片",
            "肠溶片",
            "肠溶胶囊",
            "肠溶缓释片",
            "缓释胶囊",
            "颗粒",
            "颗粒剂",
            "口服液",
            "口服溶液",
            "混悬液",
            "软膏",
            "乳膏",
            "凝胶",
            "滴眼液",
            "眼膏",
            "滴耳液",
            "滴鼻液",
            "喷雾剂",
            "鼻喷雾剂",
            "气雾剂",
            "吸入剂",
            "吸入粉雾剂",
            "粉雾剂",
            "注射剂",
            "粉针",
            "针",
            "针剂",
            "栓",
            "贴",
            "贴剂",
            "贴片",
            "咀嚼片",
            "泡腾片",
            "含片",
            "舌下片",
            "糖浆",
            "滴剂",
            "干混悬剂",
            "散",
            "丸",
            "胶丸",
            "软胶囊",
            "搽剂",
            "洗剂",
            "溶液",
            "冻干粉",
            "片剂",
            "缓释剂",
            "控释剂",
        ),
        key=len,
        reverse=True,
    )
)
# Priority when two entries claim the same surface form: a canonical name
# beats a Chinese name beats an alias; among equals, drugs beat classes beat
# diseases beat tests (tables are loaded in that order).
_TIER_CANONICAL, _TIER_ZH, _TIER_ALIAS = 0, 1, 2


@dataclass(frozen=True)
class Index:
    tables: Tables
    by_key: dict[str, LexEntry]
    by_canonical: dict[tuple[str, str], LexEntry]
    en_phrases: dict[str, LexEntry]
    en_max_tokens: int
    zh_phrases: dict[str, LexEntry]
    zh_lengths: dict[str, tuple[int, ...]]  # first char -> candidate lengths, longest first
    class_members: dict[str, tuple[str, ...]]


def _surface_tiers(entry: LexEntry) -> list[tuple[int, str]]:
    out = [(_TIER_CANONICAL, entry.canonical)]
    if entry.zh:
        out.append((_TIER_ZH, entry.zh))
    out.extend((_TIER_ALIAS, a) for a in entry.aliases)
    return out


def _keyed(entries: tuple[LexEntry, ...]) -> list[tuple[int, int, str, str, LexEntry]]:
    rows = []
    for order, entry in enumerate(entries):
        for tier, surface in _surface_tiers(entry):
            lang = "zh" if has_cjk(surface) else "en"
            k = zh_key(surface) if lang == "zh" else en_key(surface)
            if k:
                rows.append((tier, order, lang, k, entry))
    rows.sort(key=lambda r: (r[0], r[1]))
    return rows


def _members(tables: Tables) -> dict[str, tuple[str, ...]]:
    direct: dict[str, list[str]] = defaultdict(list)
    for drug, classes in tables.drug_classes.items():
        for cls in classes:
            direct[cls].append(drug)
    children: dict[str, list[str]] = defaultdict(list)
    for child, parent in tables.class_parent.items():
        children[parent].append(child)

    def collect(cls: str, seen: set[str]) -> list[str]:
        if cls in seen:  # guard against a cycle typed into the table
            return []
        seen.add(cls)
        out = list(direct.get(cls, ()))
        for child in children.get(cls, ()):
            out.extend(collect(child, seen))
        return out

    names = set(direct) | set(children) | set(tables.class_parent)
    return {c: tuple(dict.fromkeys(collect(c, set()))) for c in names}


def build_index(tables: Tables) -> Index:
    by_key: dict[str, LexEntry] = {}
    en_phrases: dict[str, LexEntry] = {}
    zh_phrases: dict[str, LexEntry] = {}
    lookup_only = {zh_key(s) for s in tables.lookup_only}
    # Names-only entries (symptoms.tsv) come last whatever their tier: they give a
    # name to what no other table knows, never take a surface form from one, and
    # never claim free text.
    keyed = _keyed(tables.entries)
    keyed = [r for r in keyed if r[4] not in tables.names_only] + [
        r for r in keyed if r[4] in tables.names_only
    ]
    for _tier, _order, lang, k, entry in keyed:
        by_key.setdefault(k, entry)
        if entry in tables.names_only:
            continue
        if lang == "en":
            en_phrases.setdefault(k, entry)
        elif k not in lookup_only:
            zh_phrases.setdefault(k, entry)
    lengths: dict[str, set[int]] = defaultdict(set)
    for k in zh_phrases:
        lengths[k[0]].add(len(k))
    return Index(
        tables=tables,
        by_key=by_key,
        by_canonical={(e.kind, e.canonical): e for e in tables.entries},
        en_phrases=en_phrases,
        en_max_tokens=max((k.count(" ") + 1 for k in en_phrases), default=1),
        zh_phrases=zh_phrases,
        zh_lengths={c: tuple(sorted(v, reverse=True)) for c, v in lengths.items()},
        class_members=_members(tables),
    )


_lock = threading.Lock()
_index: Index | None = None


def get_index() -> Index:
    """The process-wide index; built on first call, safe under threads."""
    global _index
    if _index is None:
        with _lock:
            if _index is None:
                _index = build_index(load_tables())
    return _index
