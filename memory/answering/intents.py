"""What a clinician's question asks for, from general wording patterns (English and Chinese).

Kinds, checked in this order:
* drug     — giving a drug or choosing one ("can I give amoxicillin?", "which
             antibiotic…", "is he allergic to penicillin?", "能不能用阿莫西林"):
             every safety record touching the drug or its class comes first;
* safety   — a kind of safety fact without a drug ("any allergies?", "operations
             before the anaesthesia?");
* when     — the date of an event about a named item;
* yesno    — "does the patient have/take X?";
* value    — a dose / reading / result / state of a named item;
* history  — how a named item changed over time;
* list     — all current medications or diagnoses (no item named);
* open     — anything else; answered only from records sharing its words.
Items are the lexicon's mentions; an unknown item of a yes/no question is
taken from its object phrase so that "no record of X" can still be said.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from memory import lexicon
from memory.llm.prompts import pick_lang

_I = re.IGNORECASE
_DRUG_Q = re.compile(
    r"\b(?:can|could|may|should|shall)\s+(?:i|we|you|he|she|they|the patient)\s+(?:be\s+)?"
    r"(?:give|given|prescribe|prescribed|take|use|start|started|have|receive|administer)\b"
    r"|\bsafe\s+(?:to|for)\b|\bok(?:ay)?\s+(?:to|for)\b|\bprescri(?:be|bing|ption)\b"
    r"|\bwhich\s+(?:antibiotic|analgesic|painkiller|nsaid|antihypertensive)s?\b"
    r"|\babout to (?:give|start|administer)\b|\badminister\b|\ballergic to\b"
    r"|能不能(?:吃|用|开|给|服)|能否(?:使用|服用|用|开|给)|可不可以(?:吃|用|开|给)"
    r"|可以(?:吃|用|开|给|服)|能(?:吃|用|服)|开(?:点|些)?什么药|用什么(?:药|抗生素|抗菌药)"
    r"|(?:什么|哪种|哪个)(?:抗生素|抗菌药|止痛药)|开药|处方|对.{1,12}过敏",
    _I,
)
_SAFETY_KINDS: dict[str, re.Pattern[str]] = {
    "allergy": re.compile(r"allerg|intoleran|过敏|不耐受", _I),
    "contraindication": re.compile(r"contraindicat|禁忌", _I),
    "interaction": re.compile(r"interact|相互作用", _I),
    "surgical_history": re.compile(
        r"surger|surgical|operation|operated|procedure|an(?:a)?esthe|手术|麻醉|开过刀", _I
    ),
}
_MEDS = re.compile(
    r"\bmedications?\b|\bmedicines?\b|\bdrugs?\b|\bmeds\b|\bpills?\b|\btaking\b"
    r"|用药|吃(?:什么|哪些)药|(?:什么|哪些)药|在吃|服用",
    _I,
)
_DIAGNOSES = re.compile(
    r"\bconditions?\b|\bdiagnos[ie]s\b|\bdiseases?\b|\bproblems?\b|\billness(?:es)?\b"
    r"|\bmedical history\b|\bcomorbidit|诊断|疾病|病史|(?:什么|哪些)病|慢性病",
    _I,
)
_VALUE = re.compile(
    r"\bdose\b|\bdosage\b|\bhow (?:much|many|high|low|often)\b|\bmg\b|\blevels?\b|\breadings?\b"
    r"|\bvalues?\b|\bresults?\b|\bpressure\b|\bbp\b|\bsugar\b|\bglucose\b|\bweight\b"
    r"|\bheart rate\b|\bpulse\b|\btemperature\b|\bwhat (?:is|was|are|were)\b"
    r"|剂量|多少|几毫克|几片|血压|血糖|指标|结果|数值|心率|体重|用量",
    _I,
)
_WHEN = re.compile(r"\bwhen\b|\bwhat date\b|\bwhich day\b|什么时候|哪天|几号|何时|哪一年", _I)
_YESNO = re.compile(
    r"^\s*(?:does|do|is|are|has|have|did|was|were|had)\b|\bany history of\b|\bever\b"
    r"|\bpersonally\b|有没有|是否|吗\s*[？?]?\s*$",
    _I,
)
_HISTORY = re.compile(
    r"\bhistory\b|\bover time\b|\bchanged?\b|\btrend\b|\bso far\b|变化|历史|以前|曾经|趋势|过去", _I
)
# The object of "does he have / take X", for items the lexicon does not know.
_OBJECT = re.compile(
    r"\b(?:have|has|had|take|takes|taking|on|with|of|for)\s+(?:any\s+)?(?:history of\s+)?"
    r"(?:a\s+|an\s+)?(?P<obj>[a-z][\w\- ]{1,40}?)\s*[?.!]*\s*$",
    _I,
)
_ITEM_KINDS = ("drug", "drug_class", "disease", "test", "procedure")
_FILLER = re.compile(
    r"\b(?:any|other|current|chronic|long[- ]standing|medical|known|past|previous|active"
    r"|prescription|regular|daily|the|his|her|their)\b",
    _I,
)


@dataclass(frozen=True)
class AskedItem:
    canonical: str  # the lexicon's canonical name, or the surface when unknown
    kind: str  # lexicon kind, "" when unknown
    surface: str  # as written in the question


@dataclass(frozen=True)
class Intent:
    kind: str  # drug | safety | when | value | yesno | history | list | open
    lang: str  # "en" | "zh"
    items: tuple[AskedItem, ...] = ()
    safety_kinds: tuple[str, ...] = ()  # the kinds a safety question names
    lists: tuple[str, ...] = ()  # medications | diagnoses, for list questions

    @property
    def drugs(self) -> tuple[AskedItem, ...]:
        return tuple(i for i in self.items if i.kind in ("drug", "drug_class"))


def asked_items(question: str) -> tuple[AskedItem, ...]:
    out: dict[str, AskedItem] = {}
    for m in lexicon.find_mentions(question):
        if m.entry.kind in _ITEM_KINDS and m.entry.canonical not in out:
            out[m.entry.canonical] = AskedItem(m.entry.canonical, m.entry.kind, m.surface)
    return tuple(out.values())


def _unknown_object(question: str) -> tuple[AskedItem, ...]:
    found = _OBJECT.search(question.strip())
    if found is None:
        return ()
    words = found.group("obj").strip()
    # A bare list word ("any medications", "chronic conditions") asks for the list.
    qualifier = _FILLER.sub(" ", _DIAGNOSES.sub(" ", _MEDS.sub(" ", words))).strip()
    if len(qualifier) < 3 or len(words) < 3:
        return ()
    return (AskedItem(words.casefold(), "", words),)


_ALLERGIC_BEFORE = re.compile(r"\ballergic\s+$", _I)
# A condition that is itself an allergy: its head noun is the allergy.
_AN_ALLERGY = re.compile(r"(?:allerg(?:y|ies)|intolerances?|过敏|不耐受)$", _I)


def _without_named_conditions(question: str, items: tuple[AskedItem, ...]) -> str:
    """The question less the conditions it names: "allergic rhinitis", "allergic
    asthma" are diagnoses asked about, not a question about allergies ("drug allergy",
    itself an allergy, stays)."""
    out = question
    for item in items:
        if item.kind != "disease" or _AN_ALLERGY.search(item.canonical):
            continue
        at = out.find(item.surface)
        if at < 0:
            continue
        head = _ALLERGIC_BEFORE.sub("", out[:at])
        out = head + " " + out[at + len(item.surface) :]
    return out


def classify(question: str) -> Intent:
    lang = pick_lang(question)
    items = asked_items(question)
    said = _without_named_conditions(question, items)
    kinds = tuple(k for k, words in _SAFETY_KINDS.items() if words.search(said))
    has_drug = any(i.kind in ("drug", "drug_class") for i in items)
    if _DRUG_Q.search(question) or (has_drug and kinds):
        return Intent("drug", lang, items, kinds)
    if kinds and not has_drug:
        return Intent("safety", lang, items, kinds)
    if items:
        for kind, words in (("when", _WHEN), ("yesno", _YESNO), ("history", _HISTORY)):
            if words.search(question):
                return Intent(kind, lang, items)
        return Intent("value", lang, items)
    # "any history of heart diseases?" asks about one item, not for the diagnosis list.
    unknown = _unknown_object(question) if _YESNO.search(question) else ()
    if unknown:
        return Intent("yesno", lang, unknown)
    lists = tuple(
        name for name, words in (("medications", _MEDS), ("diagnoses", _DIAGNOSES))
        if words.search(question)
    )  # fmt: skip
    if lists:
        return Intent("list", lang, (), (), lists)
    return Intent("open", lang)
