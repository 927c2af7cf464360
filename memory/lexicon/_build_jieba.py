"""Build the medical jieba user dictionary (build-time only).

Frequencies: a word jieba already knows keeps jieba's own frequency (THUOCL
document counts are on another scale and would distort general-word
segmentation); a new word gets jieba's suggest_freq, the smallest frequency
that keeps it whole - enough to cut 二甲双胍 or 糖化血红蛋白 as one word.
"""

from __future__ import annotations

from pathlib import Path

import jieba

from memory.lexicon._load import load_tables
from memory.lexicon._norm import has_cjk

MAX_WORD_LEN = 16


def _lexicon_words() -> list[str]:
    words: list[str] = []
    for entry in load_tables().entries:
        forms = ([entry.zh] if entry.zh else []) + list(entry.aliases)
        words.extend(f for f in forms if has_cjk(f) and " " not in f)
    return words


def _thuocl_words(path: Path) -> list[str]:
    words = []
    for line in path.read_text(encoding="utf-8").splitlines():
        word = line.split("\t", 1)[0].strip()
        if word and has_cjk(word):
            words.append(word)
    return words


def write_userdict(thuocl: Path, out: Path) -> int:
    jieba.setLogLevel(60)
    tok = jieba.Tokenizer()
    tok.initialize()
    words = dict.fromkeys(_lexicon_words() + (_thuocl_words(thuocl) if thuocl.exists() else []))
    lines = []
    for word in words:
        if len(word) > MAX_WORD_LEN or (word in tok.FREQ and tok.FREQ[word] > 0):
            continue
        lines.append(f"{word} {max(tok.suggest_freq(word, tune=False), 3)}")
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return len(lines)
