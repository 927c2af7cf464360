"""Chinese word segmentation with the medical user dictionary loaded.

A private jieba.Tokenizer is used so loading our dictionary never changes
the global jieba state other modules may rely on.
"""

from __future__ import annotations

import threading
from pathlib import Path

import jieba

USERDICT = Path(__file__).resolve().parent / "data" / "jieba_medical.txt"
_lock = threading.Lock()
_tokenizer: jieba.Tokenizer | None = None


def tokenizer() -> jieba.Tokenizer:
    global _tokenizer
    if _tokenizer is None:
        with _lock:
            if _tokenizer is None:
                jieba.setLogLevel(60)  # silence the "Building prefix dict" banner
                tok = jieba.Tokenizer()
                tok.initialize()
                if USERDICT.exists():
                    tok.load_userdict(str(USERDICT))
                _tokenizer = tok
    return _tokenizer


def segment(text: str) -> list[str]:
    return [w for w in tokenizer().lcut(text) if w.strip()]
