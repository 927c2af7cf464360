"""English drug names beyond the curated list, from drug-named-entity-recognition.

The package holds ~107k name variants of ~20k drugs (DrugBank/MeSH/NHS,
MIT). Importing it builds n-gram tables (slow), so we read its pickled
dictionary directly, keep only variant -> canonical, and drop variants that
are ordinary English words (a dialogue says "water", "oxygen", "today"...).
The result is cached as a plain pickle so later processes load it fast.
"""

from __future__ import annotations

import bz2
import hashlib
import os
import pickle
import threading
from importlib import metadata, util
from pathlib import Path

from memory.lexicon._norm import en_key

_PKG = "drug_named_entity_recognition"
_STOP_FILE = Path(__file__).resolve().parent / "data" / "drugner_stop.txt"


def _stoplist() -> frozenset[str]:
    lines = _STOP_FILE.read_text(encoding="utf-8").splitlines()
    return frozenset(en_key(w) for w in lines if w.strip() and not w.startswith("#"))


DRUGNER_STOP = _stoplist()
# "at 10", "po 12", "sl 25", "t 20": a preposition or a dosing abbreviation before a
# number is a time or a dose in speech, never the research code of a compound
# (AT-10, PO-12) that the package also lists.
CODE_LEADS = frozenset(
    (
        "a",
        "i",
        "t",
        "p",
        "y",
        "at",
        "on",
        "in",
        "to",
        "up",
        "or",
        "is",
        "it",
        "no",
        "am",
        "pm",
        "po",
        "sl",
        "iv",
        "im",
        "sq",
        "qd",
        "sr",
        "bi",
        "pt",
        "lb",
        "ap",
        "af",
        "hr",
        "bp",
        "mg",
        "ml",
        "tp",
        "np",
        "hd",
        "bm",
        "sin",
    )
)


def is_spoken_code(variant_key: str) -> bool:
    """A two-token name whose first word is a common lead and whose second is a number."""
    parts = variant_key.split(" ")
    return len(parts) == 2 and parts[1].isdigit() and parts[0] in CODE_LEADS


_lock = threading.Lock()
_table: dict[str, str] | None = None


def _cache_path() -> Path:
    base = os.environ.get("MEDGRAPH_CACHE_DIR") or os.environ.get("XDG_CACHE_HOME")
    root = Path(base) if base else Path.home() / ".cache"
    try:
        version = metadata.version("drug-named-entity-recognition")
    except metadata.PackageNotFoundError:
        version = "none"
    # the stop list is part of the key: editing it invalidates the cache
    listed = [*sorted(DRUGNER_STOP), "--", *sorted(CODE_LEADS)]
    digest = hashlib.sha1("\n".join(listed).encode()).hexdigest()[:10]
    return root / "medgraph" / f"drugner-{version}-{digest}.pkl"


def _keep(variant_key: str) -> bool:
    return (
        len(variant_key) >= 4
        and variant_key not in DRUGNER_STOP
        and not variant_key.isdigit()
        and not is_spoken_code(variant_key)
    )


def _from_package() -> dict[str, str]:
    spec = util.find_spec(_PKG)
    if spec is None or spec.origin is None:
        return {}
    path = Path(spec.origin).parent / "drug_ner_dictionary.pkl.bz2"
    with bz2.open(path, "rb") as handle:
        raw = pickle.load(handle)
    table: dict[str, str] = {}
    for variant, canonicals in raw["drug_variant_to_canonical"].items():
        k = en_key(variant)
        if canonicals and _keep(k) and k.count(" ") < 4:
            table.setdefault(k, canonicals[0].lower())
    return table


def _load() -> dict[str, str]:
    path = _cache_path()
    try:
        with path.open("rb") as handle:
            return pickle.load(handle)
    except (OSError, pickle.UnpicklingError, EOFError):
        pass
    table = _from_package()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        with tmp.open("wb") as handle:
            pickle.dump(table, handle, protocol=pickle.HIGHEST_PROTOCOL)
        tmp.replace(path)
    except OSError:
        pass  # read-only home: stay correct, just slower on the next start
    return table


def table() -> dict[str, str]:
    """Variant key ('tylenol', 'co amoxiclav') -> package canonical name."""
    global _table
    if _table is None:
        with _lock:
            if _table is None:
                _table = _load()
    return _table
