"""General health knowledge: clauses that describe medicine, not this person.

docs/design.md §4: "General health knowledge -> L1 only". A doctor's polished
explanation ("月子病主要指的是…", "Adenomas can turn into cancer over many
years", "常见的抗组胺药物有氯雷他定和扑尔敏等") names diseases and drugs that the
patient does not have or take; as facts they would be false current states
(docs/design.md §1.1). Such a clause keeps its words in L1 and yields no fact.

A sentence is cut into clauses only when it holds a generic cue, and a clause
is generic when it is
- definitional or educational (是指 / 主要是 / 常见的 / 通常 / can turn into /
  usually / is a common ...) and names no person (I / you / he, 我 / 您 / 他, a
  relative) and no result of this visit (这次, 化验, a measured value);
- a list of options ("如…等", "such as", "for example") said to nobody in particular;
- conditional advice to an unspecified person: "如果(您)出现…" / "if you ever
  notice …" beside seek-care advice ("应及时就医", "建议…咨询医生", "call us");
- the zero-anaphora continuation of a generic clause ("手术治疗主要是切除肿瘤
  组织，适用于初期乳腺癌患者": the second clause goes on about the treatment).
Clauses around them stay ordinary sentences ("…很常见的问题，您的症状与花粉症
相似" keeps its second clause). A Chinese doctor sentence with no person at all
is generic as before (round 3), except an order, a result of this visit or a
measurement with its value ("空腹血糖8.9，糖化7.8%": the patient's labs).
The words live in lexicon/data/cues/general_talk.tsv; this module keeps the grammar.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from memory.extraction.rules.allergy_tests import told as allergy_test_told
from memory.extraction.rules.discourse.cues import ZH_HE, ZH_SHE, relative_mentions
from memory.extraction.rules.text import Sentence
from memory.lexicon.cues import cues

_TALK = cues("general_talk")


def _words(category: str, lang: str) -> str:
    return _TALK.pattern(category, lang)


_DEFINING_ZH = re.compile(
    rf"{_words('defining', 'zh')}|一般(?:来说|来讲|情况下|会|是|在|需要|为)|"
    r"的原因(?:有|包括|主要|可能)|"
    rf"(?:可以|可能|会|容易){_words('consequence_verb', 'zh')}|"
    # What a disease is like, said of the disease ("前列腺炎的早期症状是尿频、尿急",
    # "湿疹是由过敏引起的", "…等症状"): a textbook line unless it names this person.
    r"的(?:早期|主要|常见|典型|临床|一般)?(?:症状|表现|病因|原因|危害|并发症|传播途径)"
    rf"{_words('feature_link', 'zh')}|"
    r"是由[^，。；]{1,20}(?:引起|导致|造成)|等(?:症状|表现)"
)
_DEFINING_EN = re.compile(
    r"\b(?:is|are) (?:a|an) (?:common|type|kind|form|class|group)\b|"
    r"\b(?:is|are) (?:very |pretty |really )?common\b|"
    rf"{_words('defining', 'en')}|"
    rf"\b(?:can|could|may|might|will) {_words('consequence_verb', 'en')}|"
    r"\bis (?:used|given|prescribed) (?:to|for)\b|\bare (?:used|given|prescribed) (?:to|for)\b|"
    # "The early symptoms of prostatitis are ...", "signs of infection include",
    # "shingles is caused by a virus": what a disease is like, not who has it.
    r"\b(?:signs?|symptoms?|causes?|risk factors?|complications?)\s+(?:of|for)\b|"
    r"\b(?:is|are) caused by\b",
    re.I,
)
# Hearsay: what the speaker heard or read is reported knowledge, not a finding
# ("我听说按摩有助于缓解乳腺增生的症状", "I heard that massage helps with eczema"),
# unless a person follows the cue ("听说我妈得了糖尿病").
# So is a wish to learn about a topic ("我还想了解一下关于艾滋病的传播途径", "I'd like
# to know more about shingles").
_HEARSAY_ZH = re.compile(
    rf"{_words('hearsay', 'zh')}|(?:想|要|希望)(?:了解|知道|咨询|问问?)(?:一下)?(?:关于)?"
)
_HEARSAY_EN = re.compile(
    # "heard" needs its object ("I heard that", "I've read about"): "the murmur that I
    # heard" is an examination finding.
    r"\b(?:i(?:'ve| have)? (?:heard|read)(?: somewhere| online)? (?:that|about|of|it'?s|people)|"
    r"(?:they|people) say|"
    r"someone (?:told me|said)|is it true|"
    r"i(?:'d| would) like to (?:know|learn|understand)(?: more)? about|"
    r"i want(?:ed)? to (?:know|learn|understand)(?: more)? about)\b(?: that\b)?",
    re.I,
)
# 如 is an example marker unless it starts 如果 ("if").
_EXAMPLE_ZH = _words("example_marker", "zh")
_LIST_ZH = re.compile(
    rf"^\s*{_EXAMPLE_ZH}(?!果)|[，,：:]\s*{_EXAMPLE_ZH}(?!果)|"
    rf"(?:{_EXAMPLE_ZH}|像是)(?!果)[^，。；]{{1,40}}?等|常见的[^，。；]{{0,12}}有|"
    r"[^，。；]{2,30}等(?:药物|药|方法|治疗|疾病|情况)"
)
_LIST_EN = _TALK.regex("example_marker", "en")
_CONDITIONAL_ZH = re.compile(
    r"(?:如果|假如|若是?|要是|万一|一旦|当)(?:您|你)?[^，,。；我您你]{0,8}?"
    + _words("noticing_verb", "zh")
)
_CONDITIONAL_EN = re.compile(
    r"\b(?:if|whenever|in case|should)\s+(?:you\s+"
    r"(?:ever\s+|still\s+|start to\s+|begin to\s+|do\s+)?"
    rf"{_words('noticing_verb', 'en')}|"
    r"there(?:'s|\s+is|\s+are)|anyone|someone|somebody|people|patients)\b",
    re.I,
)
_SEEK_CARE = re.compile(f"{_words('seek_care', 'zh')}|{_words('seek_care', 'en')}", re.I)
# Markers that tie a clause to a person. 患者/patients alone are people in general
# ("适用于初期乳腺癌患者"); the doctor's "we" in English is this patient's care.
# 其他 ("other") and drug names with 他 (他汀, 氯雷他定) are no person (discourse.cues).
_PERSON_ZH = re.compile(rf"{_words('person', 'zh')}|{ZH_HE}|{ZH_SHE}")
_POSSESSIVE_ZH = re.compile(rf"{_words('owner', 'zh')}|{ZH_HE}的|{ZH_SHE}的")
_PERSON_EN = _TALK.regex("person", "en")
_POSSESSIVE_EN = _TALK.regex("owner", "en")
# A result, an order or a value of this visit is the patient's even with no pronoun.
_DIRECTIVE_ZH = re.compile(
    rf"{_words('directive', 'zh')}|把.{{0,12}}(?:加|减|换|改|停|调)|下个?月|下个?星期|"
    r"继续(?:吃|服|用)|建议(?:做|查|复查|去|再)|先(?:用|吃|服)|"
    r"每次\s*\d|每次[一二两三半]|[一每]天[一二两三四]次|每日[一二两三四]次|"
    # "可以诊断为2型糖尿病", "考虑是…": a diagnosis said to this patient, not a textbook line.
    r"考虑(?:是|为)|初步(?:判断|诊断)|"
    # "可能是对染发剂过敏": a guess at what this patient reacts to, not a textbook line.
    r"(?:可能|应该|怀疑|估计|大概)是?对[^，。；]{1,10}过敏"
)
_DIRECTIVE_EN = _TALK.regex("directive", "en")
_DEICTIC_ZH = _TALK.regex("this_visit", "zh", flags=0)
_NORM = re.compile(f"{_words('norm', 'zh')}|{_words('norm', 'en')}", re.I)
# The Chinese list pattern ("[^，。；]{2,30}等…") scans up to 30 characters from
# every position; a sentence without CJK cannot match any Chinese cue, so English
# sentences use the English gate alone (same answer, a fraction of the time).
_GATE_EN = re.compile(
    "|".join(p.pattern for p in (_DEFINING_EN, _LIST_EN, _CONDITIONAL_EN, _HEARSAY_EN)), re.I
)
_GATE = re.compile(
    "|".join(p.pattern for p in (_DEFINING_ZH, _LIST_ZH, _CONDITIONAL_ZH, _HEARSAY_ZH))
    + "|"
    + _GATE_EN.pattern,
    re.I,
)
# A question about medicine in general ("Is it true that diabetes can cause
# blindness?", "湿疹会传染吗？", "是真的吗？") asks for knowledge: its answer ("Yes, it
# can.", "是的") confirms the claim, not that anyone has the disease. ("肋骨骨折可以走路
# 吗？" is read as a request, rules.qa: its "可以" grants, it reports no state.)
_KNOWLEDGE_EN = re.compile(
    r"\bis it true\b|\b(?:can|could|does|do|will|would|may|might)\s+[\w\s'-]{1,40}?\s+"
    rf"{_words('knowledge_claim', 'en')}|"
    r"\b(?:is|are)\s+[\w\s'-]{1,30}?\s+(?:contagious|hereditary|genetic|curable|infectious|dangerous|serious)\b|"
    r"\b(?:is|are|could) (?:this|that|it|these|those)(?: be)? (?:a |an )?(?:common )?"
    r"(?:signs?|symptoms?) of\b|"
    r"\b(?:is|are) (?:this|that|it|these|those) (?:related|linked|connected) to\b",
    re.I,
)
_KNOWLEDGE_ZH = re.compile(
    r"是真的吗|是不是真的|会不会(?:导致|引起|传染|遗传|癌变|恶变|复发)|"
    rf"(?:会|能){_words('knowledge_claim', 'zh')}[^？?]{{0,12}}[吗么]|"
    # "这也是前列腺炎的症状吗？": whether a complaint belongs to a disease, not a diagnosis
    r"的(?:常见)?(?:症状|表现|原因|并发症|征兆)(?:之一)?[吗么]|(?:和|与|跟)[^？?，,]{1,12}有关(?:系)?[吗么]"
)
_CLAUSE_ZH = re.compile(r"[，,；;：:]")
_CLAUSE_EN = re.compile(r"[,;:]\s*|\s+(?:so|but|because|and then|whereas)\s+", re.I)


@dataclass(frozen=True)
class Piece:
    """A run of clauses of one sentence, read as a sentence of its own."""

    sent: Sentence
    generic: bool


def pieces(sent: Sentence, has_value: object = None) -> list[Piece]:
    """The sentence cut into generic and ordinary runs of clauses, in order.
    `has_value(text) -> bool`: does the text hold a measurement with its value."""
    measured = has_value if callable(has_value) else _no_value
    if not (_GATE if sent.zh else _GATE_EN).search(sent.text):
        return [Piece(sent, _bare_general(sent, measured))]
    clauses = _clauses(sent)
    flags = _classify(sent, [t for _, t in clauses], measured)
    out: list[Piece] = []
    for (offset, text), generic in zip(clauses, flags, strict=True):
        if out and out[-1].generic == generic:
            last = out[-1].sent
            joined = sent.text[last.start - sent.start : offset - sent.start + len(text)]
            out[-1] = Piece(_sub(sent, last.start - sent.start, joined), generic)
        else:
            out.append(Piece(_sub(sent, offset - sent.start, text), generic))
    return [p if p.generic else Piece(p.sent, _bare_general(p.sent, measured)) for p in out]


def _no_value(text: str) -> bool:
    return False


def _sub(sent: Sentence, offset: int, text: str) -> Sentence:
    lead = len(text) - len(text.lstrip())
    return Sentence(sent.turn, sent.role, text.strip(), sent.start + offset + lead, False, sent.zh)


def _clauses(sent: Sentence) -> list[tuple[int, str]]:
    """(absolute start, text) of each clause; the boundary stays with the clause before."""
    pattern = _CLAUSE_ZH if sent.zh else _CLAUSE_EN
    out: list[tuple[int, str]] = []
    last = 0
    for m in pattern.finditer(sent.text):
        if m.start() > last:
            out.append((sent.start + last, sent.text[last : m.end()]))
            last = m.end()
    if last < len(sent.text):
        out.append((sent.start + last, sent.text[last:]))
    return [(a, t) for a, t in out if t.strip()] or [(sent.start, sent.text)]


def _personal(text: str, zh: bool) -> bool:
    return bool((_PERSON_ZH if zh else _PERSON_EN).search(text) or relative_mentions(text, zh))


def _this_visit(text: str, sent: Sentence, measured: object) -> bool:
    """An order, a result or a value of this visit: the patient's, pronoun or not.
    A value given as a norm or target ("正常空腹血糖一般在3.9到6.1之间", "under
    130/80") is knowledge, not a reading."""
    if callable(measured) and measured(text) and not _NORM.search(text, 0, _last_digit(text)):
        return True
    return (
        sent.zh
        and sent.role == "doctor"
        and bool(
            _DIRECTIVE_ZH.search(text) or _DEICTIC_ZH.search(text) or allergy_test_told(text, True)
        )
    )


def _last_digit(text: str) -> int:
    """Where the last number ends: a norm word said after every value is a verdict on
    the reading ("eGFR 88，血钾4.3，都正常", "ALT 28, normal"), not a norm stated."""
    ends = [m.end() for m in re.finditer(r"\d", text)]
    return ends[-1] if ends else len(text)


def _classify(sent: Sentence, texts: list[str], measured: object) -> list[bool]:
    zh = sent.zh
    flags = [False] * len(texts)
    # "布洛芬属于非甾体抗炎药，请停掉": the definition sets up an order about the
    # patient's own drug, so it is no lecture.
    ordered = bool((_DIRECTIVE_ZH if zh else _DIRECTIVE_EN).search(sent.text))
    conditional = _CONDITIONAL_ZH if zh else _CONDITIONAL_EN
    for i, text in enumerate(texts):
        if _this_visit(text, sent, measured):
            continue
        cue = conditional.search(text)
        if (
            cue
            and not (_POSSESSIVE_ZH if zh else _POSSESSIVE_EN).search(_after(conditional, text))
            and not relative_mentions(text, zh)
            # An unpunctuated turn runs the visit's plan into the closing advice ("continue
            # you on the metformin ... call me if you have any concerns"): a clause
            # that already spoke to this person before the cue is no lecture.
            and not _personal(text[: cue.start()], zh)
        ):
            near = texts[max(0, i - 1) : i + 2]
            if any(_SEEK_CARE.search(t) for t in near):
                flags[i] = True
                for j in (i - 1, i + 1):
                    if (
                        0 <= j < len(texts)
                        and _SEEK_CARE.search(texts[j])
                        and not _personal_owner(texts[j], zh)
                    ):
                        flags[j] = True
                continue
        if _hearsay(text, zh):
            flags[i] = True
            continue
        if _personal(text, zh):
            continue
        defining = (_DEFINING_ZH if zh else _DEFINING_EN).search(text)
        listing = (_LIST_ZH if zh else _LIST_EN).search(text)
        if not ordered and (defining or listing or (i > 0 and flags[i - 1])):
            flags[i] = True
    return flags


def _hearsay(text: str, zh: bool) -> bool:
    """A clause reporting what was heard, naming no person after its cue."""
    m = (_HEARSAY_ZH if zh else _HEARSAY_EN).search(text)
    return m is not None and not _personal(text[m.end() :], zh)


def asks_knowledge(question: str, zh: bool) -> bool:
    """A question about a disease or a drug in general, naming no person."""
    cue = (_KNOWLEDGE_ZH if zh else _KNOWLEDGE_EN).search(question)
    return cue is not None and not _personal(question, zh)


def _after(pattern: re.Pattern[str], text: str) -> str:
    """The conditional clause from its cue on ("如果你的血压" is this patient's)."""
    m = pattern.search(text)
    return text[m.start() :] if m else text


def _personal_owner(text: str, zh: bool) -> bool:
    return bool((_POSSESSIVE_ZH if zh else _POSSESSIVE_EN).search(text))


def _bare_general(sent: Sentence, measured: object) -> bool:
    """Round 3: a sentence naming nobody with an educational cue is general; a
    Chinese doctor sentence naming nobody is general unless it gives an order, a
    result of this visit or a measured value."""
    if _personal(sent.text, sent.zh) or _this_visit(sent.text, sent, measured):
        return False
    if (_DEFINING_ZH if sent.zh else _DEFINING_EN).search(sent.text):
        return True
    return sent.zh and sent.role == "doctor"
