"""What the reader is told about sessions that are not (fully) in memory.

A session whose construction failed, or has not happened yet, may hold an
allergy; until it is constructed or a clinician dismisses it, every profile
and every answer says so, and no statement that something is "not recorded"
goes out unqualified. Both readers (LLM and extractive) pass through
`guard_answer`, so neither can claim an absence the memory cannot vouch for.

Pure: no Django, no clock.
"""

from __future__ import annotations

import re

from memory.domain.evidence import PendingSession, ProfileData

QUALIFIER = {
    "en": " (only among the sessions in memory: {n} session(s) not in memory, see above)",
    "zh": "（仅限已入库的会话：另有 {n} 个会话未入库，见上）",
}
_NOT_IN_MEMORY = {
    "en": "{n} session(s) not in memory: {ids}. Their facts (allergies included) are "
    "missing from this profile and from the evidence.",
    "zh": "{n} 个会话未入库：{ids}。其中的事实（包括过敏）不在本档案和证据中。",
}
_FALLBACK = {
    "en": "{n} session(s) built by the rule extractor after the LLM extraction failed: {ids}.",
    "zh": "{n} 个会话在大模型抽取失败后由规则抽取器构建：{ids}。",
}
# A statement that something is absent from the record ("No allergy ... is
# recorded", "none recorded", "does not contain", "未记录", "没有……记录").
ABSENCE = re.compile(
    r"\bnone recorded\b|\bno\b[^.\n]*\b(?:record|recorded)\b|\bnot recorded\b"
    r"|\bdoes not contain\b|\bnothing (?:is )?recorded\b|未记录|没有[^。\n]*记录|没有该问题的答案",
    re.IGNORECASE,
)


_CAUSE = re.compile(r"^LLM extraction failed \((\w+)\):.* failed(?: after \d+ requests)?: (.+)$")
REASON_CHARS = 120


def short_reason(reason: str, limit: int = REASON_CHARS) -> str:
    """A failure reason for one profile line: an LLM failure as its kind and cause
    ("LLM failed (auth): HTTP 401: …; check LLM_API_KEY"), never the endpoint URL it
    names first; cut at a word, with an ellipsis, when still too long."""
    found = _CAUSE.match(reason.strip())
    text = f"LLM failed ({found.group(1)}): {found.group(2)}" if found else reason.strip()
    if len(text) <= limit:
        return text
    cut = text[:limit].rsplit(" ", 1)[0]
    return f"{cut}…"


def _ids(sessions: tuple[PendingSession, ...]) -> str:
    return ", ".join(
        f"{p.external_id} ({p.status}{': ' + short_reason(p.reason) if p.reason else ''})"
        for p in sessions
    )


def caveat_lines(data: ProfileData, lang: str = "en") -> list[str]:
    """The lines every profile and every answer starts with, if any."""
    lang = lang if lang in QUALIFIER else "en"
    lines = []
    missing = data.not_in_memory
    if missing:
        lines.append(_NOT_IN_MEMORY[lang].format(n=len(missing), ids=_ids(missing)))
    fallback = tuple(p for p in data.pending if p.kind == "rule_fallback")
    if fallback:
        lines.append(_FALLBACK[lang].format(n=len(fallback), ids=_ids(fallback)))
    return lines


def qualify(line: str, data: ProfileData, lang: str = "en") -> str:
    """`line` with the qualifier appended when it states an absence and a
    session is not in memory."""
    n = len(data.not_in_memory)
    if not n or not ABSENCE.search(line):
        return line
    return line + QUALIFIER[lang if lang in QUALIFIER else "en"].format(n=n)


def guard_answer(text: str, data: ProfileData, lang: str = "en") -> str:
    """The answer as it may go out: caveat first, every absence qualified."""
    body = "\n".join(qualify(line, data, lang) for line in text.splitlines())
    return "\n".join([*caveat_lines(data, lang), body]) if caveat_lines(data, lang) else body
