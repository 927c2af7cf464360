"""Which sentences of an LLM answer state something without citing evidence.

The reader must end every sentence about the patient with the evidence lines
that support it ([E3], [E2][E5], or [profile]). A sentence that cites nothing,
or cites a line number that does not exist, is flagged so the clinician sees
which claims stand on no record. Abstentions ("the record does not contain
…", "no record of …") and lead-ins ending with a colon are not claims.
"""

from __future__ import annotations

import re

_CITE = re.compile(r"\[(?:[ER]\d+(?:\]\s*\[[ER]\d+)*|profile|档案)\]", re.IGNORECASE)
_LINE_NO = re.compile(r"\[E(\d+)\]", re.IGNORECASE)
_SENTENCE = re.compile(r"(?<=[.!?。！？])\s+|(?<=[。！？])|\n+")
_ABSTAIN = re.compile(
    r"does not contain|do(?:es)? not (?:say|state|mention)|no record|not recorded|nothing in the "
    r"record|no (?:evidence|information)|没有(?:记录|相关|该信息|这方面)|未记录|证据中没有|无记录",
    re.IGNORECASE,
)
_WORDS = re.compile(r"[A-Za-z0-9]+|[\u4e00-\u9fff]")
_FLAGS = {
    "en": ("UNCITED (no evidence line given; verify):", "Cites evidence lines that do not exist:"),
    "zh": ("未标注证据的陈述（请核对）：", "引用了不存在的证据行："),
}
MIN_CLAIM_WORDS = 4  # shorter fragments ("Yes.", "注意：") are not claims on their own


def sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE.split(text) if s and s.strip()]


def bad_citations(text: str, evidence_lines: int) -> list[str]:
    """Cited line numbers that are not in the evidence ([E9] with 5 lines)."""
    return sorted({f"[E{n}]" for n in _LINE_NO.findall(text) if not 1 <= int(n) <= evidence_lines})


def uncited_claims(text: str) -> list[str]:
    """Sentences that state something and cite no evidence line or profile."""
    out = []
    for sentence in sentences(text):
        if _CITE.search(sentence) or _ABSTAIN.search(sentence) or sentence.endswith((":", "：")):
            continue
        if len(_WORDS.findall(sentence)) >= MIN_CLAIM_WORDS:
            out.append(sentence)
    return out


def flag_lines(text: str, evidence_lines: int, lang: str) -> list[str]:
    """The warning lines appended to an LLM answer; [] when every claim is cited."""
    uncited = uncited_claims(text)
    unknown = bad_citations(text, evidence_lines)
    words = _FLAGS["zh" if lang == "zh" else "en"]
    out = []
    if uncited:
        out += [words[0], *(f"- {s}" for s in uncited)]
    if unknown:
        out.append(f"{words[1]} {' '.join(unknown)}")
    return out
