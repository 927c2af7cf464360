"""Text analysis for lexical search: one tokenizer for indexing and querying.

Pure (no Django, no clock). The same `lexical_tokens` runs when a fact or a
turn is indexed and when a question is asked, so whatever normalization it
applies (stemming, number handling) matches on both sides by construction.

Storage: the database keeps `to_tsvector('simple', tsvector_text(text))` and
queries with `to_tsquery('simple', tsquery_text(question))`. The 'simple'
configuration only lowercases, so every linguistic decision is made here:

* Chinese (runs of Han characters) is segmented by `memory.lexicon.segment_zh`
  (jieba + a medical dictionary). Postgres cannot segment Chinese itself; we
  hand it space-separated words. Latin letters and digits inside Chinese
  text are analysed as English ("这次HbA1c 7.2%" -> "这次", "hba1c", "7.2").
* English: NFKC-folded, lowercased word tokens, punctuation dropped, a light
  suffix stemmer (plurals, -ing, -ed, final -e) so "rashes"/"rash" and
  "stopped"/"stop" meet. No stemming of numbers or mixed tokens ("hba1c").
* Numbers: a decimal stays one token ("7.2", "6.6%" -> "6.6") because a lab
  value must not match its digits separately; a ratio is split into its parts
  ("150/90" -> "150", "90") so that "150 over 90" and "150/90" match; a
  number glued to a unit is split ("80mg" -> "80", "mg"); thousands
  separators are removed ("1,000" -> "1000"). Ordinals split like units
  ("3rd" -> "3", "rd"), harmlessly, since queries split the same way.
* Small stop-word lists in both languages drop function words and
  conversational filler; clinically meaningful words are never stop words.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from functools import cache

# CJK Unified Ideographs, Extension A and the compatibility block.
_HAN_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
_THOUSANDS = re.compile(r"(?<![\d.])(\d{1,3})((?:,\d{3})+)(?![\d,])")
# A decimal number, or a run of letters/digits starting with a letter
# (underscore excluded): "80mg" -> "80", "mg"; "hba1c" and "b12" stay whole.
_LATIN_TOKEN = re.compile(r"\d+(?:\.\d+)?|[^\W_]+")
_POSSESSIVE = re.compile(r"'s\b")
_HAS_WORD_CHAR = re.compile(r"[^\W_]")


# --- Stop words ------------------------------------------------------------
# Small stop-word lists for lexical search (English and Chinese).
#
# Kept short on purpose: only function words and conversational filler that
# appear in nearly every dialogue turn. Negations ("no", "not", 没有) are
# dropped too: lexical search matches topics ("allergies"), and the assertion
# of a fact is decided by the extractor, not by the search index. Words that
# can carry clinical meaning stay searchable ("may" is a month, "us" an
# ultrasound, "am" a time of day).

_ENGLISH_STOPWORDS_TEXT = """
    a an the and or but if of to in on at by for with from as into about
    is are was were be been being do does did done have has had having
    i me my mine myself you your yours he him his she her hers it its
    we our ours they them their this that these those there here
    what which who whom whose when where why how
    can could would should will shall might must
    so than then too very also just only again any some such own same other
    no not dont didnt doesnt isnt im ive youre thats
    yes yeah okay ok um uh hmm oh well hi hello please thank thanks
"""

_CHINESE_STOPWORDS_TEXT = """
    的 了 是 我 你 您 他 她 它 我们 你们 他们 她们 咱们
    在 和 与 及 或 或者 也 都 就 还 又 才 很 挺 太
    吗 呢 吧 啊 呀 哦 嗯 哈 么 嘛 呃
    这 那 这个 那个 这些 那些 这样 那样 这么 那么
    一个 一下 一些 有点 有些 一点
    请问 您好 你好 谢谢 好的 对 把 被 让 给 而 但 但是 因为 所以 如果 就是 还是
    什么 怎么 怎么样 多少 哪 哪些 为什么
    有 没有 不 没
"""

ENGLISH_STOPWORDS: frozenset[str] = frozenset(_ENGLISH_STOPWORDS_TEXT.split())
CHINESE_STOPWORDS: frozenset[str] = frozenset(_CHINESE_STOPWORDS_TEXT.split())
STOPWORDS: frozenset[str] = ENGLISH_STOPWORDS | CHINESE_STOPWORDS


# --- Light English stemmer -------------------------------------------------
# A light English suffix stemmer for lexical search.
#
# Only inflections are removed (plural -s/-es/-ies, -ing, -ed) and a final -e
# is dropped, so that both forms of a word reduce to the same stem: "headaches"
# and "headache" -> "headach", "doses" and "dose" -> "dose", "stopped" and "stop"
# -> "stop". Derivational suffixes are left alone on purpose: conflating
# "allergic"/"allergy" or "hypertensive"/"hypertension" would be a clinical
# judgement, not a spelling one. Stems are never shown to a user.

_VOWELS = frozenset("aeiouy")
# Plural endings whose -es is not part of the singular ("rashes" -> "rash").
_ES_AFTER = ("sses", "shes", "ches", "xes", "zes")
# Singulars that merely end in -s: keep them ("mellitus", "arthritis", "glass").
_KEEP_S_AFTER = ("ss", "us", "is")
# "fill", "pass", "buzz" keep their double letter; so do vowels ("agree").
_DOUBLE_KEEP = frozenset("lsz") | _VOWELS


def _has_vowel(stem: str) -> bool:
    return any(c in _VOWELS for c in stem)


def _strip_plural(word: str) -> str:
    if word.endswith("ies") and len(word) > 4 and word[-4] not in "ae":
        return word[:-3] + "y"
    if word.endswith(_ES_AFTER):
        return word[:-2]
    if word.endswith("s") and not word.endswith(_KEEP_S_AFTER):
        return word[:-1]
    return word


def _strip_verb_ending(word: str) -> str:
    for suffix in ("ing", "ed"):
        stem = word[: -len(suffix)]
        # "need", "bleed", "thing", "sing": stripping would leave a non-stem.
        if word.endswith(suffix) and len(stem) >= 3 and _has_vowel(stem) and not stem.endswith("e"):
            if len(stem) > 3 and stem[-1] == stem[-2] and stem[-1] not in _DOUBLE_KEEP:
                stem = stem[:-1]  # "stopped" -> "stopp" -> "stop"
            return stem
    return word


def light_stem(word: str) -> str:
    """Stem a lowercase token; tokens with digits or non-ASCII pass unchanged."""
    if len(word) <= 3 or not word.isascii() or not word.isalpha():
        return word
    stem = _strip_verb_ending(_strip_plural(word))
    # Short stems keep their -e so "hive(s)" never collides with "hiv".
    if stem.endswith("e") and len(stem) > 5:
        stem = stem[:-1]
    return stem


# --- Tokenizer --------------------------------------------------------------


@cache
def _segmenter() -> Callable[[str], list[str]]:
    # Imported lazily: the lexicon loads jieba's dictionary (about a second),
    # which English-only callers and module import should not pay for.
    from memory.lexicon import segment_zh

    return segment_zh


def _normalize(text: str) -> str:
    """Fold full-width forms (１５０／９０, ％, ，) to ASCII and lowercase."""
    folded = unicodedata.normalize("NFKC", text).lower()
    # "1,000" -> "1000" before commas become separators.
    return _THOUSANDS.sub(lambda m: m.group(1) + m.group(2).replace(",", ""), folded)


def _latin_tokens(text: str) -> list[str]:
    """Word and number tokens of a non-Han stretch of text."""
    # "patient's" -> "patient", "don't" -> "dont" (a stop word).
    text = _POSSESSIVE.sub("", text).replace("'", "")
    return [light_stem(raw) for raw in _LATIN_TOKEN.findall(text)]


def _han_tokens(run: str) -> list[str]:
    words = (w.strip() for w in _segmenter()(run))
    return [w for w in words if w and _HAS_WORD_CHAR.search(w)]


def _raw_tokens(text: str) -> list[str]:
    """All tokens in reading order, before stop words are removed."""
    normalized = _normalize(text)
    out: list[str] = []
    pos = 0
    for match in _HAN_RUN.finditer(normalized):
        out.extend(_latin_tokens(normalized[pos : match.start()]))
        out.extend(_han_tokens(match.group()))
        pos = match.end()
    out.extend(_latin_tokens(normalized[pos:]))
    return out


def lexical_tokens(text: str) -> list[str]:
    """Search tokens of `text` in order, duplicates kept (BM25 counts them)."""
    if not text:
        return []
    return [t for t in _raw_tokens(text) if t not in STOPWORDS]


def bm25_tokens(text: str) -> list[str]:
    """Tokens for the BM25 baseline over raw sessions: the same analysis."""
    return lexical_tokens(text)


def tsvector_text(text: str) -> str:
    """Space-joined tokens for `to_tsvector('simple', ...)`.

    Every token is a single word for the Postgres parser (no spaces, hyphens,
    slashes or quotes survive), so the stored lexemes equal our tokens.
    """
    return " ".join(lexical_tokens(text))


def _quote_lexeme(token: str) -> str:
    # tsquery quoting: a lexeme in single quotes, with ' and \ escaped. Our
    # tokens never contain them, but a query string comes from a user.
    return "'" + token.replace("\\", "\\\\").replace("'", "''") + "'"


def tsquery_text(query: str) -> str:
    """Distinct query tokens OR-ed for `to_tsquery('simple', ...)`.

    Returns "" when the query has no searchable token (only stop words or
    punctuation); callers then skip the lexical channel rather than send an
    empty tsquery.
    """
    distinct = dict.fromkeys(lexical_tokens(query))
    return " | ".join(_quote_lexeme(t) for t in distinct)
