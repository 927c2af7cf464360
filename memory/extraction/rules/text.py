"""Turn text -> sentences, speaker roles, questions, spoken numbers.

Works for the three transcript styles we meet: punctuated English
(MTS-Dialog), lower-cased ASR with spaced punctuation (ACI-Bench: "i'm doing
okay . how are you ?") and Chinese (CMtMedQA).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from memory.domain.number_words import parse_en_number
from memory.extraction.rules.zh_numbers import normalize_zh_numbers
from memory.lexicon.cues import cues

# The words live in lexicon/data/cues/questions.tsv and numbers.tsv; the grammar here.
_Q = cues("questions")
_N = cues("numbers")
_YES_NO_LEAD = _Q.pattern("yes_no_question_lead", "en", ordered=True)
_WH_LEAD = _Q.pattern("wh_question_lead", "en", ordered=True)

_ZH_CHAR = re.compile(r"[\u4e00-\u9fff]")
# Sentence ends: . ! ? and their Chinese forms; a period between digits is a decimal,
# one after a number and before a space ends the sentence ("on October 14. How ...").
# The dots of a Latin dosing abbreviation ("b.i.d.", "p.o.", "q.h.s.", "a.m.") end no
# sentence, nor does its last dot when the sentence goes on in lower case ("10 mg p.o.
# daily").
# Each alternative starts with its literal, so the engine skips every other character fast.
_SENT_END = re.compile(
    r"\.(?<!\d\.)(?!\d)(?!(?<=\b[A-Za-z]\.)[A-Za-z]\.)(?!(?<=\.[A-Za-z]\.)\s+[a-z\d])"
    r"|\.(?<=\d\.)(?=\s)|[!?。！？；;\n]+"
)
_EN_QUESTION_START = re.compile(
    r"^\s*(?:and\s+|so\s+|okay\s*,?\s*|ok\s*,?\s*|now\s*,?\s*)?"
    # "Do not combine X with Y." is an order, not a question.
    rf"(?:do(?!\s+not\b)|{_YES_NO_LEAD}|{_WH_LEAD})\b",
    re.I,
)
# Spoken lead-ins stack in transcripts ("okay and have you had any ..."): a verb that
# opens a yes/no question may follow several of them. Only in a short run, though:
# an unpunctuated turn that opens so often goes on to state things ("... your oxygen
# level here is ninety two"), and a question hides what the rest of it says.
_STACKED_QUESTION_START = re.compile(
    r"^\s*(?:(?:and|so|okay|ok|now|alright)\b\s*,?\s*){2,}"
    rf"(?:do(?!\s+not\b)|{_YES_NO_LEAD})\b",
    re.I,
)
_STACKED_MAX_WORDS = 25
# A wh-word followed straight by its subject opens a clause, not a question
# ("When I was young", "What he said"); a question puts the verb first ("When did").
_SUBORDINATE = re.compile(
    r"^\s*(?:and\s+|so\s+)?(?:when|where|what|how|which|who|while)\s+"
    rf"{_Q.pattern('subordinate_subject', 'en', ordered=True)}\b",
    re.I,
)
_TAG_QUESTION = re.compile(
    rf"\w[^?]{{12,}},\s*{_Q.pattern('confirmation_tag', 'en', ordered=True)}\s*\?\s*$",
    re.I,
)
_ZH_QUESTION = re.compile(rf"{_Q.pattern('question_end', 'zh', ordered=True)}\s*[？?]?\s*$|[？?]")


@dataclass(frozen=True)
class Sentence:
    """One sentence of one turn; `start` is its offset inside the turn text."""

    turn: int  # 1-based turn index
    role: str  # doctor | patient | relative | caregiver | other
    text: str
    start: int
    is_question: bool
    zh: bool


# Speakers who answer for the patient: a relative (the older, generic tag) or a
# caregiver marked as such by the import (MTS-Dialog Guest_family, 家属, "Caregiver:").
ANSWERING_ROLES = frozenset({"relative", "caregiver"})


def speaker_role(speaker: str) -> str:
    """Normalize speaker tags from every import format to our five roles."""
    low = speaker.strip().casefold().strip("[]: ")
    if low in ("doctor", "physician", "医生", "assistant", "guest_clinician", "clinician"):
        return "doctor"
    if low in ("patient", "患者", "病人", "user", "patient_"):
        return "patient"
    if low in ("caregiver", "carer", "guest_family", "家属", "患者家属", "病人家属", "陪护"):
        return "caregiver"  # answers for the patient: his "I" is himself
    if "family" in low or low == "relative":
        return "relative"
    return "other" if low not in ("", "unknown") else "patient"


def is_chinese(text: str) -> bool:
    return bool(_ZH_CHAR.search(text))


def is_question(text: str) -> bool:
    """A question by punctuation or by its opening words (ASR text often drops '?')."""
    stripped = text.strip()
    if not stripped:
        return False
    if is_chinese(stripped):
        return bool(_ZH_QUESTION.search(stripped))
    if stripped.endswith("?"):
        # "your a1c here is 8 , ... , okay ?": a statement with a tag asks nothing.
        return not (_TAG_QUESTION.search(stripped) and not _EN_QUESTION_START.match(stripped))
    if stripped.endswith(".") and _SUBORDINATE.match(stripped):
        return False  # "When I was twenty-five I got amoxicillin ...": a time clause
    words = len(stripped.split())
    if _STACKED_QUESTION_START.match(stripped):
        return words <= _STACKED_MAX_WORDS
    return bool(_EN_QUESTION_START.match(stripped)) and words > 1


def split_sentences(turn: int, role: str, text: str) -> list[Sentence]:
    """Split one turn into sentences, keeping offsets; the terminator stays attached
    so that '?' still marks a question."""
    out: list[Sentence] = []
    zh = is_chinese(text)
    last = 0
    for m in _SENT_END.finditer(text):
        if not zh and _spoken_decimal_dot(text, m.start()):
            continue  # "seven . three": a decimal point the transcript spaced out
        _append(out, turn, role, text, last, m.end(), zh)
        last = m.end()
    _append(out, turn, role, text, last, len(text), zh)
    return out


def _append(out: list[Sentence], turn: int, role: str, text: str, a: int, b: int, zh: bool) -> None:
    chunk = text[a:b]
    lead = len(chunk) - len(chunk.lstrip())
    body = chunk.strip()
    if not body or not re.search(r"\w", body):
        return
    base = a + lead
    if zh and is_question(body) and "，" in body:
        # Chinese patients wrap statements into a question: "我爸爸总是打呼噜，是鼻咽癌
        # 引起的吗？" - the first clause is a statement of fact, only the last asks.
        offset = 0
        for clause in body.split("，"):
            if clause.strip():
                out.append(Sentence(turn, role, clause, base + offset, is_question(clause), zh))
            offset += len(clause) + 1
        return
    asks = is_question(body)
    # Only the patient's side: a clinician's "I see you have asthma, is that right?"
    # reads the chart to be confirmed, and the answer decides it.
    cut = None if zh or not asks or role == "doctor" else _statement_then_question(body)
    if cut is not None:
        out.append(Sentence(turn, role, body[: cut[0]], base, False, zh))
        out.append(Sentence(turn, role, body[cut[1] :], base + cut[1], True, zh))
        return
    out.append(Sentence(turn, role, body, base, asks, zh))


# "I'm scheduled for a knee replacement next month, how long is recovery?": the
# speaker's own statement, then a question of his; only the last clause asks.
_OWN_STATEMENT_START = re.compile(
    r"^\s*(?:(?:so|well|um|uh|and|but|okay|ok)\s*,?\s+)*(?:i|i'm|i've|i'll|my)\b", re.I
)
_CLAUSE_COMMA = re.compile(r",\s*")


def _statement_then_question(body: str) -> tuple[int, int] | None:
    """(end of the statement, start of the question) when a first-person statement is
    followed, after a comma, by a clause that opens as a question."""
    if not _OWN_STATEMENT_START.match(body) or _EN_QUESTION_START.match(body):
        return None
    for m in reversed(list(_CLAUSE_COMMA.finditer(body))):
        tail = body[m.end() :]
        if _EN_QUESTION_START.match(tail) and len(tail.split()) > 1:
            return m.start(), m.end()
    return None


# --------------------------------------------------------------------------- spoken numbers

_ZERO = _N.pattern("zero_word", "en", ordered=True)
_OH = _N.pattern("spoken_zero", "en", ordered=True)
_DIGIT = _N.pattern("unit_word", "en", ordered=True)
_TEEN_TENS_MAGNITUDE = "|".join(
    _N.pattern(category, "en", ordered=True)
    for category in ("teen_word", "tens_word", "magnitude_word")
)
# One number word; a spoken number joins several ("one hundred and twenty").
_W = f"(?:{_ZERO}|{_OH}|{_DIGIT}|{_TEEN_TENS_MAGNITUDE})"
# "a hundred and twenty", "a thousand" (a dose said aloud: "up to a thousand twice a day").
_NUMBER_WORDS = re.compile(
    rf"\b(?:a\s+(?:hundred|thousand)|{_W})(?:(?:\s+and)?[\s-]+{_W})*\b", re.I
)
_POINT = re.compile(rf"(\d+)\s+point\s+(\d+|{_ZERO}|{_DIGIT})\b")
_DOSE_WORDS = rf"\s*{_N.pattern('dose_unit_after_number', 'en', ordered=True)}\b"
# "half a tablet", "a half tablet", "one half pill", "1/2 tab": half of one dose form.
_FORMS = r"\s*(?:tablets?|tabs?|pills?|capsules?|caps?|puffs?|sprays?)\b"
_HALF_FORM = re.compile(
    r"(?<!and )\b(?:half\s+an?|(?:an?|one|1)\s+half(?:\s+an?)?|1/2(?:\s+an?)?)"
    rf"(?={_FORMS}|{_DOSE_WORDS})",
    re.I,
)
# ".5 mg" is 0.5 mg (a written leading decimal point).
_BARE_DECIMAL = re.compile(r"(?<![\w.,])\.(\d)")
# "point five milligrams" is 0.5 mg: a leading "point" only before a dose unit
# ("at this point 5 people" stays as it is).
_LEADING_POINT = re.compile(
    # ... or after a verb or "of" that gives a value ("creatinine of point nine"), at
    # the start of a said value ("Point five." answering "what dose?"), or where a dose
    # goes ("Xanax point five", "I'm on point five", "take point two five")
    rf"(?<![\d.])\bpoint\s+(\d+)(?={_DOSE_WORDS})"
    r"|(?:(?<=\bof )|(?<=\bis )|(?<=\bwas )|(?<=\bat )|(?<=\bon )|(?<=\btake )|(?<=\btakes )"
    r"|(?<=\btaking )|(?<=\bto )|^|(?<=^\s))point\s+(\d+)\b(?!\s*(?:of view|in time|where)\b)",
    re.I,
)
# "twelve and a half milligrams" -> 12.5; "half a milligram" -> 0.5.
_AND_A_HALF = re.compile(r"\b(\d+)\s+and\s+a\s+half\b", re.I)
_HALF_A = re.compile(rf"\bhalf\s+an?(?={_DOSE_WORDS})", re.I)
_TEENS = (
    "ten", "eleven", "twelve", "thirteen", "fourteen",
    "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
)  # fmt: skip
_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")


def _spoken_value(words: str) -> int | None:
    """'one fifty' (a BP or weight read aloud) -> 150; otherwise plain number words."""
    tokens = words.casefold().replace("-", " ").split()
    half = len(tokens) // 2
    if len(tokens) > 1 and len(tokens) % 2 == 0 and tokens[:half] == tokens[half:]:
        return None  # "five hundred five hundred": a repetition, read per half by the caller
    if len(tokens) in (2, 3) and tokens[0] in ("one", "two") and tokens[1] in _TENS:
        rest = parse_en_number(" ".join(tokens[1:]))
        if rest is not None:
            return (1 if tokens[0] == "one" else 2) * 100 + rest
    if len(tokens) == 2 and tokens[0] in ("one", "two") and tokens[1] in _TEENS:
        # "one ten over seventy": a reading said in two parts.
        return (1 if tokens[0] == "one" else 2) * 100 + _TEENS.index(tokens[1]) + 10
    if len(tokens) == 3 and tokens[0] in ("one", "two") and tokens[1] == "oh":
        rest = parse_en_number(tokens[2])
        if rest is not None and rest < 10:
            return (1 if tokens[0] == "one" else 2) * 100 + rest
    return parse_en_number(" ".join(tokens))


def _repeated(words: str) -> str:
    """A number said twice in a row (an ASR stutter) reads as itself twice."""
    tokens = words.split()
    half = len(tokens) // 2
    if half and len(tokens) % 2 == 0 and tokens[:half] == tokens[half:]:
        value = _spoken_value(" ".join(tokens[:half]))
        if value is not None:
            return f"{value} {value}"
    return words


# Decimals are read digit by digit: "six point two five" is 6.25, "point one two five" .125
# (never "two five" = 7).
_DIGIT_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_POINT_DIGITS = re.compile(rf"\bpoint((?:[\s-]+(?:{_ZERO}|{_OH}|{_DIGIT})\b)+)", re.I)


def _point_digits(m: re.Match[str]) -> str:
    words = m[1].replace("-", " ").casefold().split()
    return "point " + "".join(str(_DIGIT_WORDS.index("zero" if w == "oh" else w)) for w in words)


# ASR transcripts space out every period, a decimal point too: "your a1c is seven . three",
# "two . five of norvasc", "a hundred . four" (100.4). Between a number and a digit
# said after it, the period is that point, never a sentence end: read as "point".
_NUMBER_BEFORE = re.compile(rf"(?:\b{_W}|\d)\s$", re.I)
_DIGIT_AFTER = re.compile(rf"\s(?:{_ZERO}|{_DIGIT}|\d)\b", re.I)
_SPACED_POINT = re.compile(rf"\b({_W}|\d) \. (?=(?:{_ZERO}|{_DIGIT}|\d)\b)", re.I)


def _spoken_decimal_dot(text: str, dot: int) -> bool:
    """The period at `dot` stands between a number and a digit, spaced out."""
    return bool(
        _NUMBER_BEFORE.search(text, max(0, dot - 12), dot) and _DIGIT_AFTER.match(text, dot + 1)
    )


# "1,000 milligrams", "50,000 units": a digit group after a comma is part of the number
# (never "1, 2" or "10,20": a thousands group has exactly three digits).
_THOUSANDS = re.compile(r"(?<![\d.,])\d{1,3}(?:,\d{3})+(?![\d,]|\.\d)")


@lru_cache(maxsize=8192)
def normalize_numbers(text: str) -> str:
    """Spoken numbers -> digits, same meaning: 'one fifty over ninety' ->
    '150 over 90', 'a hundred and twenty' -> '120', 'ninety eight point six' ->
    '98.6'. Used only to *read* values; fact content keeps the original words."""

    def repl(m: re.Match[str]) -> str:
        value = _spoken_value(m[0])
        if value is None:
            return _repeated(m[0])
        return str(value)

    if " . " in text:
        text = _SPACED_POINT.sub(r"\1 point ", text)

    if "point" in text.casefold():
        out = _POINT_DIGITS.sub(_point_digits, text)
        out = _NUMBER_WORDS.sub(repl, out)
    else:
        out = _NUMBER_WORDS.sub(repl, text)
    if "," in out:
        out = _THOUSANDS.sub(lambda m: m[0].replace(",", ""), out)
    # The digits after the point are kept as said: "zero point zero five" is 0.05.
    out = _POINT.sub(lambda m: f"{m[1]}.{m[2] if m[2].isdigit() else parse_en_number(m[2])}", out)
    if "." in out:
        out = _BARE_DECIMAL.sub(r"0.\1", out)
    folded = out.casefold()
    if "point" in folded or "half" in folded:
        out = _LEADING_POINT.sub(lambda m: f"0.{m[1] or m[2]}", out)
        out = _AND_A_HALF.sub(r"\1.5", out)
        out = _HALF_A.sub("0.5", out)
    if "half" in folded or "1/2" in folded:
        out = _HALF_FORM.sub("0.5", out)
    return out


def value_text(text: str, zh: bool) -> str:
    """The text with its numbers as digits, for reading doses and values (both languages)."""
    return normalize_zh_numbers(text) if zh else normalize_numbers(text)
