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

_NEG_PRE_EN = (
    r"\bno\b",
    r"\bnot\b",
    r"\bnever\b",
    r"\bnone\b",
    r"\bdenie[sd]\b",
    r"\bdeny\b",
    r"\bdenying\b",
    r"\bwithout\b",
    r"\bnegative for\b",
    r"\bfree of\b",
    r"\bnor\b",
    r"\bneither\b",
    r"\bdon'?t\b",
    r"\bdoesn'?t\b",
    r"\bdidn'?t\b",
    r"\bhaven'?t\b",
    r"\bhasn'?t\b",
    r"\bisn'?t\b",
    r"\baren'?t\b",
    r"\bwasn'?t\b",
    r"\bnope\b",
    r"\bnah\b",
    r"\bdo not\b",
    r"\bdoes not\b",
    r"\bdid not\b",
    r"\bhave not\b",
    r"\bhas not\b",
    r"\bruled? out\b",
    r"\bnegative\b",
    # A consequence ruled out: "it won't cause cancer", "will not turn into cancer"
    # (the verb is part of the cue: "I won't take penicillin" denies no allergy).
    r"\b(?:won'?t|will not|wouldn'?t|would not)\s+(?:\w+\s+)?(?:cause|lead|turn|become|develop|"
    r"progress|result|mean|increase|raise|spread)\b",
)
_NEG_POST_EN = (
    r"\b(?:was|were|is|are|been|has been) ruled out\b",
    r"\b(?:is|was|were|came back) negative\b",
    r"\bunlikely\b",
)
_NEG_PRE_ZH = (
    r"没有",
    r"没",
    r"否认",
    r"不(?:吃|用|服|抽|喝|再)",
    r"无(?!力|法|聊)",
    r"未(?!来)",
    r"不过敏",
    r"不是",
    r"排除",
    # A consequence or a meaning ruled out (a reassurance, not a finding): "不会导致
    # 癌症", "不会引起", "并不能确切表示恶性肿瘤", "不代表", "不意味着", "不等于".
    r"不会(?:导致|引起|造成|诱发|发展|变成|演变|转变|转化|癌变|恶变|增加|传染|遗传)",
    r"(?:并)?不(?:能|足以)?(?:确切|直接|一定)?(?:地)?(?:表示|代表|意味着|说明|证明|提示|等于)",
)
_NEG_POST_ZH = (r"阴性", r"已排除", r"正常")

_HYPO_EN = (
    r"\bif\b",
    r"\bin case\b",
    r"\bwhether\b",
    r"\bunless\b",
    r"\bshould you\b",
    r"\bin the event\b",
    r"\bwatch (?:out )?for\b",
    r"\brisk of\b",
    r"\bwould\b",
    r"\blook out for\b",
    r"\bcould cause\b",
    r"\bcan cause\b",
    r"\bside effects?\b",
    # "It's not necessarily cancer": the disease is left open, neither found nor ruled out.
    r"\bnot necessarily\b",
)
_HYPO_ZH = (
    r"如果",
    r"万一",
    r"假如",
    r"要是",
    r"的话",
    r"是否",
    r"会不会",
    r"可能会",
    r"风险",
    # "若您有高血脂": the written conditional; 若干 ("several") is no condition.
    r"(?<![倘如])若(?!干)",
    r"倘若",
    r"如若",
    # "不一定是癌症" leaves the disease open (before the negation cues see 不).
    r"不一定",
    # A possible consequence, as "can cause" / "could cause": "容易导致鼻炎的发生".
    r"(?:可能|可以|会|容易|易)(?:会)?(?:导致|引起|造成|诱发)",
)
# An age: digits, or number words up to ninety-nine ("twenty-five", "forty five").
_TENS = r"(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)"
_UNITS = r"(?:one|two|three|four|five|six|seven|eight|nine)"
_TEENS = r"(?:ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)"
_AGE_EN = rf"(?:\d{{1,2}}|{_TENS}(?:[- ]{_UNITS})?|{_TEENS}|{_UNITS})"
_HIST_EN = (
    r"\bused to\b",
    r"\bin the past\b",
    r"\bpreviously\b",
    r"\bformerly\b",
    r"\bas a (?:child|kid)\b",
    r"\bwhen i was (?:young|a kid|little)\b",
    r"\bchildhood\b",
    # A stage of life long past dates what follows to then ("when I was about
    # twenty-five I got a throat infection"): past history, not a current state.
    rf"\bwhen i was (?:about |around |maybe |like )?{_AGE_EN}\b(?! years? ago)",
    rf"\bat (?:the )?age (?:of )?{_AGE_EN}\b",
    r"\bas a (?:teenager|teen|young (?:man|woman|adult)|student)\b",
)
# "Prior" as an adjective dates its own noun phrase ("a prior stroke"), not the
# clause: in "history of cad status post prior rca stent in 2018, hypertension and
# diabetes" only the stent is past. It reaches a few words, not the sentence.
_HIST_NEAR_EN = re.compile(r"\bprior\b(?! to\b)", re.I)
_NEAR_WINDOW = 24
_HIST_ZH = (
    r"以前",
    r"曾经",
    r"过去",
    r"既往",
    r"小时候",
    r"曾",
    r"年轻(?:时|的时候)",
    r"(?:\d{1,2}|[一二三四五六七八九十]{1,3})岁(?:时|的时候|那年)",
)

# "No drug allergies, just latex" / "except latex" / "only to latex": a
# restriction word ends the negation and names what IS present.
_TERMINATORS_EN = re.compile(
    r"\b(?:but|however|although|though|except|aside from|apart from|which|who|yet|still|"
    r"just|only|other than|"
    # "no muscle pain from the atorvastatin": the drug is taken, only the pain is absent.
    # "I do not have a gall bladder, then I had a breast augmentation": a new clause
    # with its own subject ends the negation.
    r"because|since|so|from|then|and (?:i|he|she|they|we|you|it|that))\b|[;:]|"
    r",\s*(?:i|i've|i'm|he|she|they|we)\b|"
    # Transcripts run turns together without punctuation ("no pain at all okay now i
    # know that you're a diabetic"): an acknowledgement closes what came before it.
    # "Not okay with statins" is a refusal, not a new clause.
    r"(?<!not )(?<!n't )(?<!n 't )\b(?:okay|ok|alright|all right)\b",
    re.I,
)
_TERMINATORS_ZH = re.compile(r"但是|但|不过|可是|然而|除了|只|就|，|,|；|、但")

# Pseudo-negations (ConText): a trigger word inside one of these negates nothing.
# "They told me never to take penicillin again" affirms the reaction; "No, just the
# rash" answers the question before it; "没变：缬沙坦160毫克" says it is unchanged.
_PSEUDO_EN = re.compile(
    r"\bno (?:changes?|further|doubt|increase|decrease)\b|\bnot only\b|\bnot necessarily\b|"
    r"\bnot sure\b|\bnot certain\b|\bnever\b[^.;]{0,50}\bagain\b|"
    r"\bno (?:problems?|issues?|trouble|side effects?|complaints?) (?:with|from|on)\b|"
    r"^\s*(?:no|nope|nah)\s*[,.!]\s*(?=\S)|"
    # A "no" followed by a pronoun or a discourse word answers what came before
    # ("no actually it looks like we increased your metformin"): it is an
    # interjection, not the determiner of a noun ("no pain"). A negation inside the
    # clause it opens has its own trigger ("no I don't take aspirin").
    r"\b(?:no|nope|nah)\b(?:\s*,)?\s+(?=(?:actually|i|i'm|i've|you|you're|he|he's|she|she's|"
    r"we|we're|they|they're|it|it's|that|that's|this|there|well|wait|sorry|so|but|okay|ok)\b)",
    re.I,
)
# Pseudo-hypotheticals: a first person "would" of wish or advice states a plan or
# an opinion, not a condition ("i would like to increase your metformin", "what i
# would have you do is continue with the gabapentin", "i would avoid the
# dexamethasone", "my diagnosis here would be lateral epicondylitis"). A "would" of
# consequence ("you would need surgery", "we would start metformin if ...") stays
# hypothetical.
_PSEUDO_HYPO_EN = re.compile(
    r"\b(?:i|we)(?:'d| 'd| would) (?:really |also |just )?(?:like|love|want|recommend|suggest|"
    r"advise|prefer|have you|say|avoid)\b|"
    r"\b(?:diagnosis|impression|assessment|recommendation) (?:here |today |then )?would be\b",
    re.I,
)
_PSEUDO_ZH = re.compile(
    r"没变|没有变|没什么变化|无变化|不变|没改|不仅|不只|不但|不光|没问题|没关系"
)


def _compile(parts: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile("|".join(parts), re.I)


_PATTERNS = {
    "negated": (
        _compile(_NEG_PRE_EN),
        _compile(_NEG_POST_EN),
        _compile(_NEG_PRE_ZH),
        _compile(_NEG_POST_ZH),
    ),
    "hypothetical": (_compile(_HYPO_EN), None, _compile(_HYPO_ZH), None),
    "historical": (_compile(_HIST_EN), None, _compile(_HIST_ZH), None),
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
    r"以免|以防|免得|防止|预防|避免|不让|别让|有助于|有利于|以便|以利于|"
    r"(?:这样|从而|以|来|用来|用于|帮助|可以帮助)(?:可以|能够?|就能)?(?:减轻|缓解|减少|降低|改善)"
)


def _triggers(text: str, zh: bool) -> list[re.Match[str]]:
    """Purpose triggers, and benefit statements ("it lowers the risk of heart attack",
    "可以降低心梗的风险", data: cues/mentions.tsv "benefit"), whose outcome is as
    much kept away as a prevented one."""
    purpose = (_PURPOSE_ZH if zh else _PURPOSE_EN).finditer(text)
    return sorted([*purpose, *_benefit(zh).finditer(text)], key=lambda m: m.start())


@lru_cache(maxsize=2)
def _benefit(zh: bool) -> re.Pattern[str]:
    return cues("mentions").regex("benefit", "zh" if zh else "en")


def without_benefit(text: str, zh: bool) -> str:
    """The text with its benefit statements' triggers blanked (same length): the
    "lowers" of "aspirin lowers the risk" is no dose lowered."""
    for m in _benefit(zh).finditer(text):
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
_NOW_EN = re.compile(
    r"\b(?:now|nowadays|currently|today|these days|at the moment|at present|lately|recently|still|"
    r"this (?:week|month|year|morning))\b",
    re.I,
)
_NOW_ZH = re.compile(r"现在|目前|最近|近来|这几天|今天|还在|仍然|至今|一直")


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


def sentence_negative(text: str, zh: bool) -> bool:
    """A short answer that says no: "No.", "Nope, none.", "没有", "无"."""
    low = text.strip().casefold()
    if zh:
        return bool(re.match(r"^(没有|没|无|不|否|都没有|没有过)", low))
    return bool(
        re.match(r"^(no|nope|nah|none|never|not really|not that i know|i don'?t think so)\b", low)
    )


def sentence_affirmative(text: str, zh: bool) -> bool:
    low = text.strip().casefold()
    if zh:
        return bool(re.match(r"^(是|有|对|嗯|吃过|用过|做过)", low))
    return bool(
        re.match(r"^(yes|yeah|yep|yup|correct|right|i do|i have|i did|sure|uh-huh|mm-hmm)\b", low)
    )
