"""Versioned prompt files under prompts/<task>/<version>.<lang>.txt.

A released prompt is never edited (its sha256 is pinned by a test): a result
stored with prompt version "extract/v1.zh" must always mean the same text, so
that extractions can be compared and re-run. A change is a new version file.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

from medgraph_web.paths import resource

PROMPTS_DIR: Path = resource("prompts")
LANGS: tuple[str, ...] = ("zh", "en")

# Only bare lower-case identifiers are placeholders, so the JSON examples in
# the prompts ({"session_subject": ...}) are never mistaken for one.
_PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")
_NAME = re.compile(r"^[a-z_]+$")
_VERSION = re.compile(r"^v[0-9]+$")
_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_LATIN_WORD = re.compile(r"[A-Za-z]+")


class PromptError(ValueError):
    """A prompt that does not exist, or values that do not fit it."""


@dataclass(frozen=True)
class Prompt:
    text: str
    version_id: str  # "extract/v1.zh": what results record as their prompt version
    sha256: str

    @property
    def placeholders(self) -> frozenset[str]:
        return frozenset(_PLACEHOLDER.findall(self.text))


def prompt_path(task: str, version: str, lang: str) -> Path:
    if not _NAME.match(task) or not _VERSION.match(version) or lang not in LANGS:
        raise PromptError(f"bad prompt id task={task!r} version={version!r} lang={lang!r}")
    return PROMPTS_DIR / task / f"{version}.{lang}.txt"


def load_prompt(task: str, version: str, lang: str) -> Prompt:
    """Read one released prompt; the hash is of the exact file bytes."""
    path = prompt_path(task, version, lang)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise PromptError(f"no prompt {task}/{version}.{lang} (looked for {path})") from None
    return Prompt(
        text=data.decode("utf-8"),
        version_id=f"{task}/{version}.{lang}",
        sha256=hashlib.sha256(data).hexdigest(),
    )


def render(prompt: Prompt, **values: object) -> str:
    """Fill every placeholder; a missing or unexpected value is an error.

    Substitution is one pass, so a dialogue that itself contains "{date}" is
    inserted verbatim and never re-expanded.
    """
    expected = prompt.placeholders
    missing = sorted(expected - values.keys())
    extra = sorted(values.keys() - expected)
    if missing:
        raise PromptError(f"{prompt.version_id}: missing value for {', '.join(missing)}")
    if extra:
        raise PromptError(f"{prompt.version_id}: no placeholder for {', '.join(extra)}")
    return _PLACEHOLDER.sub(lambda m: str(values[m.group(1)]), prompt.text)


def pick_lang(text: str) -> str:
    """ "zh" when the text is mostly Chinese, else "en".

    One CJK character carries about as much as one English word, so CJK
    characters are weighed against Latin *words*: a Chinese turn quoting
    "metformin 500mg" stays Chinese.
    """
    cjk = len(_CJK.findall(text))
    latin = len(_LATIN_WORD.findall(text))
    return "zh" if cjk > latin else "en"
