"""Print timing figures of the lexicon (a script, not a test).

    .venv/bin/python -m memory.lexicon.bench

Texts are built from real dialogue (MTS-Dialog, CMtMedQA dev) when the
shared data folder is present, else from a fixed synthetic sentence.
"""

from __future__ import annotations

import csv
import json
import subprocess
import sys
import time
from pathlib import Path

DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data"
SIZE = 5000


def _english_text() -> str:
    path = DATA / "mts-dialog" / "MTS-Dialog-ValidationSet.csv"
    if not path.exists():
        return ("Patient takes Lisinopril 10 mg and aspirin for hypertension. " * 100)[:SIZE]
    with path.open(encoding="utf-8") as handle:
        text = " ".join(row["dialogue"] for row in csv.DictReader(handle))
    return text[:SIZE]


def _chinese_text() -> str:
    path = DATA / "cmtmedqa" / "CMtMedQA_dev_half.json"
    if not path.exists():
        return ("患者有高血压，服用苯磺酸氨氯地平片和阿司匹林肠溶片，糖化血红蛋白7.2%。" * 200)[
            :SIZE
        ]
    rows = json.loads(path.read_text(encoding="utf-8"))
    text = "".join(turn for row in rows for pair in row.get("history", []) for turn in pair)
    return text[:SIZE]


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.3f} ms"


def _per_call(fn, arg, repeat: int) -> float:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    for _ in range(repeat):
        fn(arg)
    return (time.perf_counter() - start) / repeat


def main() -> None:
    cmd = "import time;t=time.perf_counter();import memory.lexicon;print(time.perf_counter()-t)"
    out = subprocess.run([sys.executable, "-c", cmd], capture_output=True, text=True, check=True)
    print(f"import memory.lexicon (fresh process): {_ms(float(out.stdout))}")
    import memory.lexicon as lex
    from memory.lexicon import _drugner

    start = time.perf_counter()
    lex.lookup("aspirin")
    print(f"first lookup (build index): {_ms(time.perf_counter() - start)}")
    start = time.perf_counter()
    _drugner.table()
    print(
        f"drug-NER fallback table load (cache {_drugner._cache_path()}): "
        f"{_ms(time.perf_counter() - start)}"
    )
    print(f"lookup (curated, warm): {_ms(_per_call(lex.lookup, '拜新同', 10000))}")
    print(f"lookup (fallback, warm): {_ms(_per_call(lex.lookup, 'tafamidis', 10000))}")
    for label, text in (("English", _english_text()), ("Chinese", _chinese_text())):
        n = len(lex.find_mentions(text))
        cost = _per_call(lex.find_mentions, text, 50)
        print(f"find_mentions {label} {len(text)} chars: {_ms(cost)} ({n} mentions)")
    start = time.perf_counter()
    lex.segment_zh("预热")
    print(f"segment_zh first call (jieba + user dict): {_ms(time.perf_counter() - start)}")
    zh = _chinese_text()
    print(f"segment_zh {len(zh)} chars: {_ms(_per_call(lex.segment_zh, zh, 20))}")
    sizes = {k: len(lex.entries(k)) for k in lex.LEX_KINDS}
    print(
        f"entries: {sizes}; jieba user dict words: "
        f"{sum(1 for _ in lex.jieba_userdict_path().open(encoding='utf-8'))}"
    )


if __name__ == "__main__":
    main()
