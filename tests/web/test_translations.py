"""Every interface string a template marks for translation has a Chinese translation,
so a clinician using the Chinese interface never meets an English heading."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
ZH_PO = ROOT / "locale" / "zh_Hans" / "LC_MESSAGES" / "django.po"
TEMPLATE_STRING = re.compile(r"""{%\s*translate\s+"([^"]+)"\s*%}""")
ENTRY = re.compile(
    r'^msgid ((?:".*"\n)+)(?:msgid_plural (?:".*"\n)+)?'
    r'((?:msgstr(?:\[\d\])? (?:".*"\n)+)+)',
    re.M,
)


def _joined(quoted: str) -> str:
    return "".join(re.findall(r'"(.*)"', quoted)).replace('\\"', '"')


def _catalog() -> tuple[dict[str, str], set[str]]:
    text = ZH_PO.read_text(encoding="utf-8")
    fuzzy = {
        _joined(m.group(1))
        for m in re.finditer(r"#, fuzzy.*\n(?:#.*\n)*msgid ((?:\".*\"\n)+)", text)
    }
    entries = {_joined(m.group(1)): _joined(m.group(2)) for m in ENTRY.finditer(text)}
    entries.pop("", None)
    return entries, fuzzy - {""}


def _template_strings() -> set[str]:
    found: set[str] = set()
    for path in (ROOT / "templates").rglob("*.html"):
        found.update(TEMPLATE_STRING.findall(path.read_text(encoding="utf-8")))
    return found


def test_every_template_string_is_in_the_chinese_catalog() -> None:
    entries, _ = _catalog()
    missing = sorted(s for s in _template_strings() if s not in entries)
    assert missing == []


def test_no_chinese_catalog_entry_is_untranslated_or_fuzzy() -> None:
    entries, fuzzy = _catalog()
    untranslated = sorted(k for k, v in entries.items() if not v.strip())
    assert (untranslated, sorted(fuzzy)) == ([], [])
