"""Question frames: a question sets the topic of the short answer that follows.

"Doctor: Any allergies to medications? / Patient: Yes, penicillin." has its
allergy cue only in the question; "Patient: No." is only negative because of
the question. A frame comes from the question text (never from the speaker
tag, which ASR sometimes swaps) and lasts for the next turn.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from memory.extraction.rules.context_types import Frame
from memory.extraction.rules.dose_changes import change_said
from memory.extraction.rules.text import normalize_numbers
from memory.lexicon.cues import cues


def _words(table: str, category: str, lang: str = "en") -> str:
    """A cue alternation (lexicon/data/cues/questions.tsv, answers.tsv) in file order;
    the grammar around it stays here."""
    return cues(table).pattern(category, lang, ordered=True)


def _topic(category: str) -> re.Pattern[str]:
    """A question topic's cues, English and Chinese (stems: matched anywhere)."""
    en, zh = _words("questions", category), _words("questions", category, "zh")
    return re.compile(f"{en}|{zh}", re.I)


_FRAMES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("allergy", _topic("allergy_question")),
    (
        "family",
        re.compile(
            r"family(?:'s)? (?:history|medical)|runn?(?:s|ing)? in (?:the|your) family|"
            r"(?:anyone|any one|anybody) (?:else )?in (?:the|your) family|"
            r"in (?:the|your) family|family members?|siblings|your (?:other |older |younger )?"
            rf"{_words('questions', 'family_question_relative')}|家族|家里人|遗传",
            re.I,
        ),
    ),
    ("surgery", _topic("surgery_question")),
    ("medication", _topic("medication_question")),
    ("social", _topic("social_question")),
)
_ASKS_FOR_MORE = re.compile(r"\b(?:other|else|more|besides|another)\b|其他|还有", re.I)


_TAKING_FOR = re.compile(
    r"\b(?:taking|take|using|use|tried)\b.{0,30}\bfor\b|吃什么药|用什么药", re.I
)


def frame_of(text: str, turn: int) -> Frame:
    # "What are you taking for allergies?" asks for medicines, not allergens.
    if _TAKING_FOR.search(text):
        return Frame("medication", turn, text, bool(_ASKS_FOR_MORE.search(text)))
    topic = next((name for name, pattern in _FRAMES if pattern.search(text)), "generic")
    return Frame(topic, turn, text, bool(_ASKS_FOR_MORE.search(text)))


_ABOUT_PATIENT = re.compile(
    rf"\byou {_words('questions', 'own_experience_verb')}|\b(?:are|did) you\b|"
    # "Have you been screened for cancer?" turns to the patient; "Any other conditions
    # you're aware of?" still asks about the family.
    r"\b(?:(?:have|were) you|you've) (?:ever |yourself |personally )?"
    r"(?:been|had|got|gotten|noticed|experienced|felt|taken)\b|您|你",
    re.I,
)
# A question about the item just stated, by a pronoun: "when you took them", "what kind
# of reaction", "什么反应".
_REFERS_BACK = re.compile(
    rf"\b{_words('questions', 'use_verb')}\s+(?:it|them|those|this|that)\b|"
    r"\bwhat (?:kind of |sort of |type of )?reactions?\b|\bwhat happen\w* (?:when|after|with|if)\b|"
    r"什么(?:样的)?反应|什么症状|怎么(?:样|了)",
    re.I,
)
_STICKY = frozenset({"family", "allergy", "surgery"})


# What a stated list holds: a question naming one of these ("Ciprofloxacin?", "You
# mean enteric coated aspirin?") still speaks of the list.
_LIST_KINDS = {"allergy": frozenset({"drug", "drug_class"}), "surgery": frozenset({"procedure"})}


def follow_up(asked: Frame, previous: Frame | None, kinds: frozenset[str] = frozenset()) -> Frame:
    """A generic follow-up ("What kind of cancer?", "Does lupus count?") keeps the
    topic of the question it follows, unless it turns to the patient ("Did you
    ever have palpitations?"). `kinds`: the entity kinds the follow-up names."""
    if asked.topic != "generic" or previous is None or previous.topic not in _STICKY:
        return asked
    if previous.stated and not _still_on_list(asked, previous, kinds):
        return asked
    if asked.turn - previous.turn > 4 or _ABOUT_PATIENT.search(asked.text):
        return asked
    return replace(asked, topic=previous.topic)


def _still_on_list(asked: Frame, stated: Frame, kinds: frozenset[str]) -> bool:
    return (
        asked.asks_for_more
        or bool(_REFERS_BACK.search(asked.text))
        or bool(kinds & _LIST_KINDS.get(stated.topic, frozenset()))
    )


def frame_active(frame: Frame | None, turn: int) -> bool:
    """A frame governs the answer turn right after the question (and the rest of
    the question's own turn is not an answer)."""
    return frame is not None and turn == frame.turn + 1


# --------------------------------------------------------------------------- answers
# A question never creates a state record by itself (failure cause 1: "How has the
# sertraline been?" - "I have to confess something." once became "sertraline
# active" dated after the true stop). Only an answer that commits - yes, no, "I
# stopped", "still taking it", a dose - settles the question's own items.

# Asking for permission or advice: a "yes" grants it, it reports no state.
_REQUEST_EN = re.compile(
    # Anchored at the start: in "Yes, I take multivitamins, but do I need to mention
    # it?" the statement comes first and the advice asked is about something else.
    rf"^\W*(?:{_words('questions', 'question_lead_word')}\W+)*(?:"
    r"(?:can|could|may|should|shall|must) (?:i|he|she|we)\b|"
    r"(?:is it|would it be) (?:ok|okay|alright|all right|safe|fine)\b|"
    r"do (?:i|we) (?:need|have) to\b|(?:am i|is he|is she) allowed\b|"
    r"how (?:should|do) (?:i|we|he|she) (?:take|use)\b)",
    re.I,
)
_REQUEST_ZH = re.compile(
    r"能不能|能否|可不可以|可以.{0,12}[吗么]|能.{0,12}[吗么]|要不要|需不需要|需要.{0,12}[吗么]|"
    r"该不该|应该.{0,12}[吗么]|怎么(?:吃|用|服)|如何(?:吃|用|服)"
)
# Fillers an ASR answer opens with ("uh , yes", "okay , i'm still on it").
_FILLER = re.compile(rf"^(?:\W*(?:uh(?!-huh)|{_words('answers', 'answer_filler')})\b)+\W*", re.I)
_YES_EN = re.compile(
    rf"^{_words('answers', 'yes_answer')}\b(?!\W*not\b)|"
    r"^i (?:do|did|have|am|'m)(?:\s*[.!,;]|\s*$|\s+(?:take|taking|been|on)\b)|"
    r"^(?:i've|i have) had\b|^i had(?! to\b| no\b)",
    re.I,
)
_YES_ZH = re.compile(r"^(?:是的?|对(?!了)|有(?![点些时])|吃过|用过|在吃|在用)")
_TAKING_EN = re.compile(
    r"\b(?:still|currently) (?:taking|on|using)\b|"
    r"\bi(?:'m| am) (?:taking|using|on) (?:it|them|that|those)\b|"
    r"\bi (?:still |usually |always )?take (?:it|them|that|one)\b|"
    r"\bevery (?:day|morning|night|evening)\b|"
    r"\b(?:once|twice|\w+ times|\d+ times) (?:a|per) (?:day|week|night)\b|\bdaily\b|"
    r"\b\d+(?:\.\d+)?\s*(?:mg|milligrams?|mcg|micrograms?|units?|tablets?|pills?|puffs?)\b|"
    r"^\W*\d+(?:\.\d+)?\W*$",
    re.I,
)
_TAKING_ZH = re.compile(
    r"每[天日晚早]都?在?吃|天天吃|一直(?:在)?(?:吃|用|服)|(?:还|正)在(?:吃|用|服)|按时吃|吃着|还吃着|"
    r"\d+(?:\.\d+)?\s*(?:毫克|mg|微克|片|粒|单位)|[一每][天日晚周]\s*[一两二三四五六七八九十几\d]+\s*次"
)
# "What dose of metoprolol are you on?" - "I'm on 25.", "About 50.": a number given
# for a dose asked commits to the drug (a count of years or times does not).
_ASKS_DOSE_EN = re.compile(
    r"\b(?:what|which) (?:dose|dosage|strength|amount)|"
    r"\bhow (?:much|many (?:milligrams|micrograms|mg|mcg|units))|"
    # "Which aspirin do you take?" - "The 81.": which one of a drug is its strength
    r"\bwhich (?:one|kind|pill|tablet|"
    r"\w+ (?:do|did|are|were) (?:you|they|he|she) (?:take|taking|on|use|using))\b|"
    r"\b(?:dose|dosage|strength)\b",
    re.I,
)
_NUMBER_ANSWER_EN = re.compile(
    rf"^\W*(?:{_words('answers', 'number_answer_lead')}\W+)*\d+(?:\.\d+)?\b"
    rf"(?!\s*{_words('answers', 'not_a_dose_unit')})",
    re.I,
)
_STOPPED_EN = re.compile(_words("answers", "stopped_answer"), re.I)
_STOPPED_ZH = re.compile(_words("answers", "stopped_answer", "zh"))
_NO_EN = re.compile(
    # A bare "not" denies only as a whole answer ("Not really.", "Not at all."); "Not
    # right away", "Not as much anymore" still affirm something.
    r"^(?:no|nope|nah|none|never|"
    r"not(?=\W*$|\s+(?:really|at all|that i|any|anymore|once|a single|one)\b)|"
    r"i don'?t(?! know| remember| think so)|i haven'?t|i'm not|i am not|i didn'?t|"
    r"not that i know|i don'?t think so|(?:absolutely|definitely|certainly|of course) not)\b",
    re.I,
)
_NO_ZH = re.compile(_words("answers", "short_no", "zh"))
# Said with a "no" word but settling nothing about the item ("No problems." to "How
# has the valsartan been?", "不错", "不知道").
_NOT_A_NO = re.compile(
    rf"^(?:{_words('answers', 'not_a_no')}|not (?:(?:\w+ )?sure|(?:\w+ )?certain)|"
    r"(?:i'?m|i am) not (?:\w+ )?(?:sure|certain)|"
    rf"{_words('answers', 'not_a_no', 'zh')})",
    re.I,
)
# A statement closed by a tag ("I'm going to prescribe meloxicam 15 mg, okay ?") asks
# only for acknowledgement: its content stands unless the answer refuses it.
_TAG = re.compile(
    rf"[,，]\s*{_words('questions', 'agreement_tag')}\s*[?？]\s*$",
    re.I,
)
# Uncertainty settles nothing, wherever the answer says it: "I'm not completely sure,
# but my wife may know" is no denial, "我不太确定，得问我老伴" no "no". A clear
# "not that I know of" stays a denial.
_UNSURE_EN = re.compile(
    r"\bnot (?:[\w%-]+ ){0,3}?(?:sure|certain|positive)\b|\bunsure\b|\bno idea\b|"
    r"\b(?:don'?t|do not|can'?t|cannot) (?:really |quite )?(?:know|remember|recall|say)\b"
    r"(?! (?:why|how|what|where|when|who)\b)",
    re.I,
)
_UNSURE_ZH = re.compile(
    r"不(?:太|大|是很)?(?:确定|清楚|知道|记得)|说不(?:准|清|好)|记不(?:太)?清|拿不准"
)
_STILL = re.compile(r"\bstill\b|\bany ?more\b|还在|还吃|还用|仍然|仍在|一直", re.I)


@dataclass(frozen=True)
class Stance:
    """How the first sentence of an answer settles the question before it."""

    affirms: bool = False  # "Yes.", "I do.", "是的", "每天都吃", "Forty mg"
    denies: bool = False  # "No.", "Not really.", "没有"
    stopped: bool = False  # "No, I stopped.", "停了", "No" to "are you still on X?"
    request: bool = False  # the question asked permission ("Can I go back to X?")

    @property
    def settles(self) -> bool:
        return self.affirms or self.denies or self.stopped

    def medication_status(self, asked: str | None) -> str | None:
        """Status of a drug named in the question, or None when the Q/A pair says
        nothing about its use. `asked` is the status the question's own words give
        ("Did you stop the aspirin?" - "Yes." -> stopped)."""
        if self.request:
            return "planned" if self.affirms and not self.stopped else None
        if self.stopped:
            return "stopped"
        if self.affirms:
            return asked or "active"
        return None


def is_request(question: str, zh: bool) -> bool:
    """ "Can I go back to ibuprofen?", "我能吃布洛芬吗？": permission or advice asked."""
    return bool((_REQUEST_ZH if zh else _REQUEST_EN).search(question))


def answer_stance(question: str, answer: str, zh: bool) -> Stance:
    """Stance of `answer` (the first sentence of the next turn) towards `question`.
    A non-committal answer ("I have to confess something.", "Okay.", "嗯") gives
    Stance() - nothing settled, so the question yields no fact."""
    # Spoken doses count as numbers: "Forty milligrams." commits to the drug.
    text = answer.strip() if zh else normalize_numbers(_FILLER.sub("", answer.strip()))
    if (_UNSURE_ZH if zh else _UNSURE_EN).search(text):
        return Stance()
    request = is_request(question, zh)
    tagged = bool(_TAG.search(question)) and not request
    stopped = bool((_STOPPED_ZH if zh else _STOPPED_EN).search(text))
    pseudo = bool(_NOT_A_NO.match(text))
    denies = not pseudo and bool((_NO_ZH if zh else _NO_EN).match(text))
    if denies and _STILL.search(question) and not request:
        # "Are you still on metformin?" - "No." ends the earlier record; "No, they
        # lowered it to 10." only changed its dose (rules.dose_changes reads the change).
        changed = change_said(text, zh) is not None
        stopped, denies = not changed, not changed
        if changed:
            return Stance(affirms=True)
    affirms = not denies and (
        tagged
        or bool(not zh and _ASKS_DOSE_EN.search(question) and _NUMBER_ANSWER_EN.match(text))
        or bool(
            (_YES_ZH if zh else _YES_EN).match(text)
            or (_TAKING_ZH if zh else _TAKING_EN).search(text)
        )
    )
    return Stance(affirms=affirms, denies=denies, stopped=stopped, request=request)


# A question can name an item it takes for granted: "Any issues with the migraine?",
# "Have you tried anything for your acne?", "Is your asthma worse?", "你的高血压最近
# 怎么样？". A "no" then denies the issues, the treatment or the change - never the
# item the patient is known to have. The possessor sits right before the item
# (with at most a type or side word: "your type 2 diabetes", "your left knee
# arthritis"), so "does your mother have diabetes?" still asks about diabetes.
_PRESUPPOSED_EN = re.compile(
    r"(?:\b(?:your|his|her)\s+(?:(?:type\s+\w+|chronic|right|left|lower|upper)\s+)?"
    r"|\b(?:issues?|problems?|trouble|complaints?|flares?|flare-ups?)\s+(?:with|from)\s+"
    r"(?:the|your|that|this|his|her)\s+"
    r"|\b(?:for|about)\s+(?:the|your|that|this)\s+)$",
    re.I,
)
_PRESUPPOSED_ZH = re.compile(r"(?:你|您|他|她)的$")


def presupposed(question: str, start: int, zh: bool) -> bool:
    """Does the question take the item starting at `start` for granted (see above)?"""
    head = question[max(0, start - 40) : start]
    return bool((_PRESUPPOSED_ZH if zh else _PRESUPPOSED_EN).search(head))
