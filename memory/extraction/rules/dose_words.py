"""The vocabulary of a dose: its units, how often it is taken and by which route,
as clinicians write them and as patients say them, in English and Chinese.

One table per slot, so that every reader of a dose (the drug's own sentence, a
dose said in a later turn, the answer to "what dose?") knows the same words:
"15 cc", "20 mEq", "two sprays", "q.h.s.", "q4-6h", "with meals", "一天吃两次",
"每次两粒", "20个单位". Pure: no Django.
"""

from __future__ import annotations

import re

from memory.extraction.rules.regex_gate import gate
from memory.lexicon.cues import cues

# A dose unit as written or said: an amount, or a count of dose forms
# (lexicon/data/cues/doses.tsv, amount_unit and dose_form). The file order is kept:
# the engine takes the first alternative that matches ("milligrams" before "mg",
# "mcg" before "mg"), and units carry no word boundary ("20mg").
DOSE_FORM = cues("doses").pattern("dose_form", ordered=True)
UNIT = f"(?:{cues('doses').pattern('amount_unit', ordered=True)}|{DOSE_FORM})"
_UNIT_NAMES: dict[str, str] = {
    "milligram": "mg",
    "milligrams": "mg",
    "mgs": "mg",
    "m g": "mg",
    "mcgs": "mcg",
    "microgram": "mcg",
    "micrograms": "mcg",
    "µg": "mcg",
    "ug": "mcg",
    "m c g": "mcg",
    "milli gram": "mg",
    "milli grams": "mg",
    "milli-gram": "mg",
    "milli-grams": "mg",
    "micro gram": "mcg",
    "micro grams": "mcg",
    "micro-gram": "mcg",
    "micro-grams": "mcg",
    "mike": "mcg",
    "mikes": "mcg",
    "mic": "mcg",
    "mics": "mcg",
    "meg": "mcg",
    "megs": "mcg",
    "milli liter": "mL",
    "milli liters": "mL",
    "milli-liter": "mL",
    "milli-liters": "mL",
    "mls": "mL",
    "cc's": "mL",
    "ccs": "mL",
    "international unit": "IU",
    "international units": "IU",
    "gram": "g",
    "grams": "g",
    "milliliter": "mL",
    "milliliters": "mL",
    "millilitre": "mL",
    "millilitres": "mL",
    "ml": "mL",
    # a cubic centimetre is a millilitre; nurses and patients say "cc"
    "cc": "mL",
    "meq": "mEq",
    "m e q": "mEq",
    "milliequivalent": "mEq",
    "milliequivalents": "mEq",
    "unit": "units",
    "iu": "IU",
    "puff": "puffs",
    "spray": "sprays",
    "drop": "drops",
    "tablet": "tablets",
    "tab": "tablets",
    "tabs": "tablets",
    "pill": "pills",
    "capsule": "capsules",
    "cap": "capsules",
    "caps": "capsules",
    "patch": "patches",
    "毫克": "mg",
    "微克": "mcg",
    "克": "g",
    "毫升": "mL",
    "单位": "units",
    "个单位": "units",
    "片": "tablets",
    "粒": "capsules",
    "喷": "sprays",
    "揿": "puffs",
    "滴": "drops",
    "贴": "patches",
}

# Strengths a name implies by itself: "baby aspirin", "low-dose aspirin", "the baby
# one" are the 81 mg tablet (canonical drug -> (the words, value, unit)).
# An entry with no words is a name that implies it alone.
IMPLIED_STRENGTH: dict[str, tuple[str, str, str]] = {
    "aspirin": (r"baby|low[\s-]?dose|children'?s|child'?s|kids?'?|chewable", "81", "mg"),
    "low-dose aspirin": ("", "81", "mg"),
    # "Extra Strength Tylenol" is the 500 mg tablet (regular strength: 325 mg)
    "acetaminophen": (r"extra[\s-]strength", "500", "mg"),
}

# The canonical labels themselves, whatever their case ("MG", "Units").
_CANONICAL = {label.casefold(): label for label in _UNIT_NAMES.values()}


def unit_label(raw: str | None) -> str | None:
    """The canonical slot unit of a dose unit as said ("milligrams" -> "mg", "cc" -> "mL")."""
    if not raw:
        return None
    spaced = re.sub(r"\s+", " ", raw.strip().casefold())
    if spaced in _CANONICAL:
        return _CANONICAL[spaced]
    return _UNIT_NAMES.get(spaced, raw)


# Latin dosing abbreviations are written with or without their dots ("b.i.d.",
# "BID", "q.h.s."); _abbr("bid") matches every spelling.
def _abbr(letters: str) -> str:
    return r"\.?".join(letters) + r"\.?"


_ZH_COUNT = {"一": 1, "1": 1, "二": 2, "两": 2, "2": 2, "三": 3, "3": 3, "四": 4, "4": 4}
# "每天两次", "一天吃两次", "每日3次", "日服三次", "一日三次口服": a count per day, a verb
# of taking allowed between.
_ZH_PER_DAY = re.compile(
    r"(?:每天|每日|一天|一日|天天|日)(?:[吃服用打口喷]{1,2})?(?:药)?([一二两三四1-4])次"
)
_PER_DAY_LABELS = {1: "once daily", 2: "twice daily", 3: "three times daily", 4: "four times daily"}

FREQUENCIES: tuple[tuple[str, re.Pattern[str]], ...] = (
    # Insulin dosed by the glucose reading: the amount varies, the scale is the regimen.
    (
        "sliding scale",
        re.compile(r"\bsliding[\s-]scale\b|(?:根据|按照?)血糖(?:调整|调节|加减)"),
    ),
    (
        "twice daily",
        re.compile(
            rf"\b(?:twice (?:a|per|every) day|twice daily|(?:2|two) times (?:a|per|every) day|"
            rf"(?:2|two) times daily|2 ?x (?:a day|daily)|"
            rf"{_abbr('bid')})(?![a-z])"
        ),
    ),
    (
        "three times daily",
        re.compile(
            rf"\b(?:three times (?:a|per|every) day|(?:3|three) times (?:a|per) day|"
            rf"(?:3|three) times daily|3 ?x (?:a day|daily)|"
            rf"{_abbr('tid')})(?![a-z])"
        ),
    ),
    (
        "four times daily",
        re.compile(
            rf"\b(?:four times (?:a|per) day|(?:4|four) times (?:a|per) day|"
            rf"(?:4|four) times daily|4 ?x (?:a day|daily)|{_abbr('qid')})(?![a-z])"
        ),
    ),
    # "every 4 to 6 hours", "q4-6h", "every four-six hours": a range of hours, as said.
    (
        "every {0}-{1} hours",
        re.compile(r"\b(?:every|q\.?)\s?(\d+)\s*(?:to|-|or)\s*(\d+)\s*(?:hours?|hrs?|h\b\.?)"),
    ),
    (
        "every {0} hours",
        re.compile(
            r"\bevery (\d+) (?:hours?|hrs?)\b|\bq\.?\s?(\d+)\s?(?:h|hrs?|hours?)\b\.?|"
            r"每(\d+)(?:个)?小时"
        ),
    ),
    ("every {0} days", re.compile(r"\bevery (\d+) days\b|每(\d+)天")),
    ("every {0} weeks", re.compile(r"\bevery (\d+) weeks\b|每(\d+)周")),
    ("every {0} months", re.compile(r"\bevery (\d+) months\b|每(\d+)个月")),
    # Before "once daily", whose "every day" / 每天 would claim these.
    (
        "every other day",
        re.compile(rf"\bevery other day\b|\b{_abbr('qod')}(?![a-z])|隔天|隔日"),
    ),
    (
        "twice weekly",
        re.compile(
            r"\b(?:twice|2 times|two times) (?:a|per|every) week\b|"
            r"每周两次|每周2次|一周两次|一周2次"
        ),
    ),
    (
        "three times weekly",
        re.compile(r"\b(?:three|3) times (?:a|per|every) week\b|每周三次|每周3次|一周三次|一周3次"),
    ),
    (
        "monthly",
        re.compile(r"\b(?:once (?:a|per) month|monthly|every month)\b|每月一次|每个月一次"),
    ),
    (
        "once daily",
        re.compile(
            rf"\b(?:once (?:a|per|every) day|once daily|(?:1|one) times? (?:a|per) day|"
            rf"(?:1|one) times? daily|daily|every day|each day|a day|per day|{_abbr('qd')}|od|"
            rf"q ?day)(?![a-z])|"
            r"每天一次|每日一次|一天一次|每日1次|每天1次|一日一次|每天(?![早晚傍])|每日(?![早晚])|"
            # "一天一粒", "一日1片": one dose form a day
            r"[一每][天日](?:吃|服|用)?[一1](?:片|粒|袋|支|贴)"
        ),
    ),
    (
        "every morning",
        re.compile(
            rf"\b(?:(?:every|each|in the) morning|mornings|(?:with|before|at) breakfast|"
            rf"{_abbr('qam')})(?![a-z])|每天早上|每日早晨|每早|晨起|早餐前|早饭前"
        ),
    ),
    (
        "every evening",
        re.compile(
            rf"\b(?:(?:every|each|in the) evening|(?:with|at|before) (?:dinner|supper)|"
            rf"{_abbr('qpm')})(?![a-z])|每天傍晚|晚饭前|晚餐前"
        ),
    ),
    (
        "at bedtime",
        re.compile(
            rf"\b(?:at (?:bedtime|night)|before (?:bed|bedtime|sleep)|nightly|every night|"
            rf"each night|{_abbr('qhs')}|h\.s\.)(?![a-z])|睡前|每晚|每天晚上"
        ),
    ),
    (
        "weekly",
        re.compile(
            r"\b(?:once (?:a|per|every) week|weekly|every week|q ?week)\b|每周一次|每周|一周一次"
        ),
    ),
    (
        "with meals",
        re.compile(
            r"\b(?:with (?:each |every |your )?meals?|before (?:each |every )?meals?|"
            r"after (?:each |every )?meals?)\b|饭前|饭后|餐前|餐后|随餐"
        ),
    ),
    (
        "as needed",
        re.compile(
            rf"\b(?:as needed|when needed|if needed|as necessary|when necessary|"
            rf"{_abbr('prn')})(?![a-z])|必要时|需要时|不舒服时"
        ),
    ),
)


_ANY_FREQUENCY = gate([_ZH_PER_DAY.pattern, *(pattern.pattern for _, pattern in FREQUENCIES)])


def frequency_of(text: str) -> str | None:
    """How often a dose is taken, from the first frequency the text says."""
    # The tables are lower case and matched on the lowered text: the engine then
    # tries each alternative without case folding, several times faster.
    text = text.lower()
    if not _ANY_FREQUENCY.search(text):
        return None  # most clauses say no frequency: one fast look instead of twenty
    per_day = _ZH_PER_DAY.search(text)
    if per_day:
        return _PER_DAY_LABELS[_ZH_COUNT[per_day[1]]]
    for label, pattern in FREQUENCIES:
        m = pattern.search(text)
        if m:
            numbers = [g for g in m.groups() if g]
            return label.format(*numbers) if numbers else label
    return None


ROUTES: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "sublingual",
        re.compile(rf"\b(?:sublingual\w*|under the tongue|{_abbr('sl')})(?![a-z])|舌下"),
    ),
    (
        "nasal",
        re.compile(
            r"\b(?:nasal\w*|in (?:each|the|your|one) nostrils?|intranasal\w*|sprays? in)\b|"
            r"鼻喷|滴鼻"
        ),
    ),
    (
        "oral",
        re.compile(
            rf"\b(?:by mouth|orally|oral|{_abbr('po')}|tablets?|pills?|capsules?|tabs)(?![a-z])|"
            rf"口服|吃"
        ),
    ),
    (
        "subcutaneous",
        re.compile(r"\b(?:subcutaneous\w*|subq|sub-q|sub q|sq|sc|under the skin)\b|皮下"),
    ),
    (
        "intravenous",
        re.compile(
            rf"\b(?:intravenous\w*|{_abbr('iv')}|infusions?|drip)(?![a-z])|静脉|静滴|输液|点滴|吊瓶"
        ),
    ),
    (
        "intramuscular",
        re.compile(rf"\b(?:intramuscular\w*|{_abbr('im')}|in the muscle)(?![a-z])|肌注|肌肉注射"),
    ),
    ("injection", re.compile(r"\b(?:inject\w*|shots?|pens?)\b|注射|打针|打")),
    ("inhaled", re.compile(r"\b(?:inhal\w*|puffs?|nebuli[sz]\w*)\b|吸入|雾化|喷")),
    (
        "topical",
        re.compile(
            r"\b(?:topical\w*|cream|ointment|gel|lotion|patch\w*|apply|applied|on the skin)\b|"
            r"外用|外涂|涂|贴"
        ),
    ),
)


_ANY_ROUTE = gate(pattern.pattern for _, pattern in ROUTES)


def route_of(text: str) -> str | None:
    """The route of administration the text says first in table order."""
    text = text.lower()
    if not _ANY_ROUTE.search(text):
        return None
    return next((label for label, pattern in ROUTES if pattern.search(text)), None)
