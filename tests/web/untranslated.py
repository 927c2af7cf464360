"""The interface strings the code marks for translation, and a finder of those a
Chinese page still shows in English (msgids that were never translated)."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
_PY = re.compile(r"""\b_\(\s*"((?:[^"\\]|\\.)+)"\s*[,)]""")
_TEMPLATE = re.compile(r"""{%\s*translate\s+["']([^"']+)["']""")
_TAG = re.compile(r"<[^>]+>")
_LETTERS = re.compile(r"[A-Za-z]{3,}")


@cache
def msgids() -> frozenset[str]:
    """Every literal msgid in memory/ (Python) and templates/ (translate tags); the
    ones with a placeholder are matched by their text before it."""
    found: set[str] = set()
    for path in (ROOT / "memory").rglob("*.py"):
        found.update(_PY.findall(path.read_text(encoding="utf-8")))
    for path in (ROOT / "templates").rglob("*.html"):
        found.update(_TEMPLATE.findall(path.read_text(encoding="utf-8")))
    heads = {re.split(r"%\(|\{", s)[0].strip(" :·,.") for s in found}
    return frozenset(h for h in heads if _LETTERS.search(h) and len(h) >= 4)


def visible_text(html: str) -> str:
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    html = re.sub(r"<blockquote\b.*?</blockquote>", " ", html, flags=re.S)  # what was said
    return re.sub(r"\s+", " ", _TAG.sub(" ", html))


def untranslated(html: str) -> list[str]:
    """The msgids a page shows as they are: in the Chinese interface, not translated."""
    text = visible_text(html)
    return sorted(m for m in msgids() if re.search(rf"(?<![\w-]){re.escape(m)}(?![\w-])", text))
