"""ConText-style assertion of a mention: present, negated, hypothetical, historical.

Algorithm (after Harkema et al., ConText, 2009, much reduced): a trigger opens a
scope that runs forward (pre-triggers: "denies X") or backward (post-triggers:
"X was ruled out") inside the sentence until a termination word ("but",
"however", 但是 ...). A mention inside a scope takes that scope's assertion.
Negation beats hypothetical beats historical when scopes overlap, because
calling an absent allergy present is the dangerous error.
"""

from __future__ import annotations

import re
from functools import lru_cache

from memory.lexicon.cues import cues

# The trigger words live in lexicon/data/cues/context.tsv (English and Chinese side
# by side); this module keeps the grammar: scopes, windows and which label wins.
_CTX = cues("context")


def _cue(category: str, zh: bool) -> str:
    """One category's alternation, in file order (the first form that fits wins)."""
    return _CTX.pattern(category, "zh" if zh else "en", ordered=True)


_NEG_PRE_EN = (
    _cue("negation_before", False),
    # A consequence ruled out: "it won't cause cancer", "will not turn into cancer"
    # (the verb is part of the cue: "I won't take penicillin" denies no allergy).
    r"\b(?:won'?t|will not|wouldn'?t|would not)\s+(?:\w+\s+)?"
    rf"{_cue('consequence_verb', False)}\b",
)
_NEG_POST_EN = (
    r"\b(?:was|were|is|are|been|has been) ruled out\b",
    r"\b(?:is|was|were|came back) negative\b",
    _cue("negation_after", False),
)
_NEG_PRE_ZH = (
    _cue("negation_before", True),
    # Not taking, not using ... ("不吃", "不再"); 无 but not 无力 (weakness), 无法, 无聊;
    # 未 but not 未来 (the future).
    r"不(?:吃|用|服|抽|喝|再)",
    r"无(?!力|法|聊)",
    r"未(?!来)",
    # A consequence or a meaning ruled out (a reassurance, not a finding): "不会导致
    # 癌症", "不会引起", "并不能确切表示恶性肿瘤", "不代表", "不意味着", "不等于".
    rf"不会{_cue('consequence_verb', True)}",
    r"(?:并)?不(?:能|足以)?(?:确切|直接|一定)?(?:地)?(?:表示|代表|意味着|说明|证明|提示|等于)",
)
_NEG_POST_ZH = (_cue("negation_after", True),)

_HYPO_EN = (_cue("hypothetical_before", False),)
_HYPO_ZH = (
    _cue("hypothetical_before", True),
    # "若您有高血脂": the written conditional; 若干 ("several") is no condition.
    r"(?<![倘如])若(?!干)",
    # A possible consequence, as "can cause" / "could cause": "容易导致鼻炎的发生".
    r"(?:可能|可以|会|容易|易)(?:会)?(?:导致|引起|造成|诱发)",
)
# An age: digits, or number words up to ninety-nine ("twenty-five", "forty five").
_NUMBERS = cues("numbers")
_TENS = _NUMBERS.pattern("tens_word", "en", ordered=True)
_UNITS = _NUMBERS.pattern("unit_word", "en", ordered=True)
_TEENS = _NUMBERS.pattern("teen_word", "en", ordered=True)
_AGE_EN = rf"(?:\d{{1,2}}|{_TENS}(?:[- ]{_UNITS})?|{_TEENS}|{_UNITS})"
_HIST_EN = (
    _cue("historical_before", False),
    # A stage of life long past dates what follows to then ("when I was about
    # twenty-five I got a throat infection"): past history, not a current state.
    rf"\bwhen i was (?:about |around |maybe |like )?{_AGE_EN}\b(?! years? ago)",
    rf"\bat (?:the )?age (?:of )?{_AGE_EN}\b",
)
# "Prior" as an adjective dates its own noun phrase ("a prior stroke"), not the
# clause: in "history of cad status post prior rca stent in 2018, hypertension and
# diabetes" only the stent is past. It reaches a few words, not the sentence.
_HIST_NEAR_EN = re.compile(r"\bprior\b(?! to\b)", re.I)
_NEAR_WINDOW = 24
_HIST_ZH = (
    _cue("historical_before", True),
    r"(?:\d{1,2}|[一二三四五六七八九十]{1,3})岁(?:时|的时候|那年)",
)

# "No drug allergies, just latex" / "except latex" / "only to latex": a
# restriction word ends the negation and names what IS present.
_TERMINATORS_EN = re.compile(
    # "I do not have a gall bladder, then I had a breast augmentation": a new clause
    # with its own subject ends the negation.
    rf"(?:{_cue('termination', False)}|\band (?:i|he|she|they|we|you|it|that)\b)|[;:]|"
    r",\s*(?:i|i've|i'm|he|she|they|we)\b|"
    # Transcripts run turns together without punctuation ("no pain at all okay now i
    # know that you're a diabetic"): an acknowledgement closes what came before it.
    # "Not okay with statins" is a refusal, not a new clause.
    r"(?<!not )(?<!n't )(?<!n 't )\b(?:okay|ok|alright|all right)\b",
    re.I,
)
_TERMINATORS_ZH = re.compile(_cue("termination", True))

# Pseudo-negations (ConText): a trigger word inside one of these negates nothing.
# "They told me never to take penicillin again" affirms the reaction; "No, just the
# rash" answers the question before it; "没变：缬沙坦160毫克" says it is unchanged.
_PSEUDO_EN = re.compile(
    rf"\bno (?:changes?|further|doubt|increase|decrease)\b|{_cue('pseudo_negation', False)}|"
    r"\bnever\b[^.;]{0,50}\bagain\b|"
    r"\bno (?:problems?|issues?|trouble|side effects?|complaints?) (?:with|from|on)\b|"
    r"^\s*(?:no|nope|nah)\s*[,.!]\s*(?=\S)|"
    # A "no" followed by a pronoun or a discourse word answers what came before
    # ("no actually it looks like we increased your metformin"): it is an
    # interjection, not the determiner of a noun ("no pain"). A negation inside the
    # clause it opens has its own trigger ("no I don't take aspirin").
    rf"\b(?:no|nope|nah)\b(?:\s*,)?\s+(?={_cue('after_interjection_no', False)}\b)",
    re.I,
)
# Pseudo-hypotheticals: a first person "would" of wish or advice states a plan or
# an opinion, not a condition ("i would like to increase your metformin", "what i
# would have you do is continue with the gabapentin", "i would avoid the
# dexamethasone", "my diagnosis here would be lateral epicondylitis"). A "would" of
# consequence ("you would need surgery", "we would start metformin if ...") stays
# hypothetical.
_PSEUDO_HYPO_EN = re.compile(
    r"\b(?:i|we)(?:'d| 'd| would) (?:really |also |just )?"
    rf"{_cue('wish_or_advice_verb', False)}\b|"
    r"\b(?:diagnosis|impression|assessment|recommendation) (?:here |today |then )?would be\b",
    re.I,
)
_PSEUDO_ZH = re.compile(_cue("pseudo_negation", True))


def _compile(parts: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile("|".join(parts), re.I)


_PATTERNS = {
    "negated": (
        _compile(_NEG_PRE_EN),
        _compile(_NEG_POST_EN),
        _compile(_NEG_PRE_ZH),
        _compile(_NEG_POST_ZH),
    ),
    # "您对海鲜过敏的话": a Chinese condition puts its "if" after what it supposes.
    "hypothetical": (
        _compile(_HYPO_EN),
        None,
        _compile(_HYPO_ZH),
        re.compile(_cue("hypothetical_after", True)),
    ),
    "historical": (
        _compile(_HIST_EN),
        re.compile(_cue("historical_after", False), re.I),
        _compile(_HIST_ZH),
        re.compile(_cue("historical_after", True)),
    ),
}


def _terminated(text: str, a: int, b: int, zh: bool) -> bool:
    """A terminator in text[a:b] (searched in place, so a look-behind sees before a)."""
    pattern = _TERMINATORS_ZH if zh else _TERMINATORS_EN
    return bool(pattern.search(text, a, b))


def _pseudo_spans(text: str, zh: bool, label: str) -> list[tuple[int, int]]:
    if label == "negated":
        pattern = _PSEUDO_ZH if zh else _PSEUDO_EN
    elif label == "hypothetical" and not zh:
        pattern = _PSEUDO_HYPO_EN
    else:
        return []
    return [m.span() for m in pattern.finditer(text)]


def pseudo_negations(text: str, zh: bool) -> list[tuple[int, int]]:
    """Spans whose negation word negates nothing ("not only", "no changes", "we don't
    need any changes to"): a rule with its own negation cues skips them too."""
    return _pseudo_spans(text, zh, "negated")


def _in_pre_scope(pre: re.Pattern[str], text: str, start: int, zh: bool, label: str) -> bool:
    """A pre-trigger before the mention, with no terminator between them and not
    part of a pseudo-trigger. A plan stated between them ("... i would've been
    suspecting i would like you to stay on tylenol") opens a clause of its own."""
    lo = max(0, start - _window(label, zh))
    pseudo = _pseudo_spans(text, zh, label)
    plans = [a for a, _ in pseudo] if label == "hypothetical" else []
    return any(
        not _terminated(text, m.end(), start, zh)
        and not any(a <= m.start() < b for a, b in pseudo)
        and not any(m.end() <= a < start for a in plans)
        for m in pre.finditer(text, lo, start)
    )


def _in_post_scope(post: re.Pattern[str] | None, text: str, end: int, zh: bool) -> bool:
    if post is None:
        return False
    m = post.search(text, end)
    return m is not None and not _terminated(text, end, m.start(), zh)


# Purpose, prevention and avoidance (a ConText scope of its own, forward from the
# trigger to a terminator): "以免加重腰椎间盘突出", "预防鼻炎的重要方法", "避免扭伤腰部",
# "to avoid making the fracture worse", "to prevent flare-ups of your eczema", "so
# the sprain doesn't get worse". What such a clause names is an outcome to be kept
# from happening: it states no current status of the disease and no change of it.
_PURPOSE_EN = re.compile(
    r"\b(?:to (?:help )?)?(?:prevent|avoid)(?:s|ed|ing|ance of|ion of)?\b|"
    r"\bto (?:help )?(?:stop|reduce the (?:risk|chance)s? of|lower the (?:risk|chance)s? of|"
    r"keep (?:it|them|this|that|the \w+|your \w+) from)\b|\bprophyla\w*\b|\blest\b|"
    # "try a heating pad to relieve the pain": the relief aimed at is no relief had
    r"\bto (?:help )?(?:relieve|ease)\b|\bhelps? (?:to )?(?:relieve|ease|prevent)\b|"
    r"\bso (?:that )?(?:it|this|that|they|you|the \w+|your \w+) "
    r"(?:doesn'?t|does not|won'?t|will not|don'?t|do not)\b",
    re.I,
)
_PURPOSE_ZH = re.compile(
    rf"{_cue('purpose', True)}|"
    r"(?:这样|从而|以|来|用来|用于|帮助|可以帮助)(?:可以|能够?|就能)?(?:减轻|缓解|减少|降低|改善)"
)


def _triggers(text: str, zh: bool) -> list[re.Match[str]]:
    """Purpose triggers, and benefit statements ("it lowers the risk of heart attack",
    "可以降低心梗的风险", data: cues/mentions.tsv "benefit"), whose outcome is as
    much kept away as a prevented one."""
    purpose = (_PURPOSE_ZH if zh else _PURPOSE_EN).finditer(text)
    return sorted([*purpose, *_mention("benefit", zh).finditer(text)], key=lambda m: m.start())


def _mention(category: str, zh: bool) -> re.Pattern[str]:
    """A cues/mentions.tsv category ("benefit", "harm"), compiled once by the loader."""
    return cues("mentions").regex(category, "zh" if zh else "en")


def without_benefit(text: str, zh: bool, kinds: tuple[str, ...] = ("benefit", "harm")) -> str:
    """The text with its benefit and harm statements' triggers blanked (same length):
    the "lowers" of "aspirin lowers the risk" and the "raises" of "warfarin with
    aspirin raises the bleeding risk" are no dose lowered or raised. With "relief"
    in `kinds`, so is the "reduce" of "it helps reduce the swelling"."""
    found = [m for c in kinds for m in _mention(c, zh).finditer(text)]
    for m in found:
        text = text[: m.start()] + " " * (m.end() - m.start()) + text[m.end() :]
    return text


@lru_cache(maxsize=256)
def purpose_spans(text: str, zh: bool) -> tuple[tuple[int, int], ...]:
    """(start, end) of each purpose clause: its trigger up to the first terminator."""
    out: list[tuple[int, int]] = []
    for m in _triggers(text, zh):
        limit = min(len(text), m.end() + _window("negated", zh))
        stop = (_TERMINATORS_ZH if zh else _TERMINATORS_EN).search(text, m.end(), limit)
        out.append((m.start(), stop.start() if stop else limit))
    return tuple(out)


def in_purpose(text: str, start: int, zh: bool) -> bool:
    """Is the mention at `start` the outcome of a purpose or prevention clause?"""
    return any(a <= start < b for a, b in purpose_spans(text, zh))


def outside_purpose(text: str, zh: bool) -> str:
    """The text with its purpose clauses blanked (same length): a status word there
    ("以免加重", "so it doesn't get worse") is no status of anything."""
    for a, b in purpose_spans(text, zh):
        text = text[:a] + " " * (b - a) + text[b:]
    return text


# A time frame set at the start of a telling ("When I was about twenty-five I got
# amoxicillin ... and broke out in a rash all over my body") dates every event of
# the clause chain after it, however long; only a return to the present ("but
# now", "these days", 现在) or an ordinary terminator ends it.
_NOW_EN = re.compile(_cue("return_to_present", False), re.I)
_NOW_ZH = re.compile(_cue("return_to_present", True))


def _window(label: str, zh: bool) -> int:
    # English negation/hypothesis scopes are limited in words (ConText uses ~5-6
    # tokens); Chinese in characters. A historical frame spans the sentence.
    if label == "historical":
        return 40 if zh else 240
    return 20 if zh else 60


def _back_to_now(text: str, cue_end: int, start: int, zh: bool) -> bool:
    return bool((_NOW_ZH if zh else _NOW_EN).search(text, cue_end, start))


def _in_history(pre: re.Pattern[str], text: str, start: int, zh: bool) -> bool:
    lo = max(0, start - _window("historical", zh))
    if not zh and any(
        not _terminated(text, m.end(), start, zh)
        for m in _HIST_NEAR_EN.finditer(text, max(0, start - _NEAR_WINDOW), start)
    ):
        return True
    return any(
        not _terminated(text, m.end(), start, zh) and not _back_to_now(text, m.end(), start, zh)
        for m in pre.finditer(text, lo, start)
    )


def dated_after(text: str, end: int, zh: bool) -> bool:
    """A past frame said right after a condition, in its clause, with no return to
    the present after it: "you've had this reflux in the past" is history; "I had
    migraines in the past and they're back now" is current. Read for conditions only:
    a past operation or medicine is still a record of what was done."""
    post = _PATTERNS["historical"][3 if zh else 1]
    m = post.search(text, end, end + _window("negated", zh)) if post else None
    return (
        m is not None
        and not _terminated(text, end, m.start(), zh)
        and not _back_to_now(text, m.end(), len(text), zh)
    )


def assertion_of(text: str, start: int, end: int, zh: bool) -> str:
    """Assertion of the mention text[start:end] within its sentence."""
    for label in ("negated", "hypothetical"):
        pre_en, post_en, pre_zh, post_zh = _PATTERNS[label]
        pre, post = (pre_zh, post_zh) if zh else (pre_en, post_en)
        if _in_pre_scope(pre, text, start, zh, label) or _in_post_scope(post, text, end, zh):
            return label
    if _in_history(_PATTERNS["historical"][2 if zh else 0], text, start, zh):
        return "historical"
    return "present"


# Short answers (lexicon/data/cues/answers.tsv): English words end on a word boundary.
_ANSWERS = cues("answers")
_SHORT_NO = {
    zh: re.compile(_ANSWERS.pattern("short_no", "zh" if zh else "en", ordered=True))
    for zh in (False, True)
}
_SHORT_YES = {
    zh: re.compile(_ANSWERS.pattern("short_yes", "zh" if zh else "en", ordered=True))
    for zh in (False, True)
}


_NOT_A_NO = {
    zh: re.compile(_ANSWERS.pattern("not_a_no", "zh" if zh else "en", ordered=True))
    for zh in (False, True)
}


def sentence_negative(text: str, zh: bool) -> bool:
    """A short answer that says no: "No.", "Nope, none.", "没有", "无". An answer that
    only sounds like one ("No idea.", "不知道", "不清楚") settles nothing: read as a
    denial it would record "no known allergies" for a patient who could not say."""
    low = text.strip().casefold()
    return bool(_SHORT_NO[zh].match(low)) and not _NOT_A_NO[zh].match(low)


def sentence_affirmative(text: str, zh: bool) -> bool:
    low = text.strip().casefold()
    return bool(_SHORT_YES[zh].match(low))
