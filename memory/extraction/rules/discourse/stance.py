"""What a first person says that is no cue of his own body: stance and care.

"I think", "I'm worried", "I noticed", 我担心, 我明白了 state the speaker's view
or what he saw; "I gave ibuprofen", "I had him take", 我给他吃 make him the agent
of someone else's care. The subject tracker (discourse.cues person markers) skips
such an "I" (and such a "you"), so a caregiver's words never hand the relative's
symptom or drug to the patient.

The words (stance verbs, intentions, verbs of giving, the words that may stand
between) are data in lexicon/data/cues/stance.tsv; the grammar is here.
"""

from __future__ import annotations

import re

from memory.lexicon.cues import cues

_STANCE = cues("stance")


def _words(category: str, lang: str) -> str:
    """One stance.tsv list in file order (.sub keeps the span the original order gave)."""
    return _STANCE.pattern(category, lang, ordered=True)


# A caregiver's "I" that gives, feeds or has someone take a medicine is the agent of
# care, not the body concerned: "I gave ibuprofen last night", "I had him take the
# higher dose", 我给吃了布洛芬, 我让他服用, 我带孩子去打针. The drug is the relative's
# (whoever the talk is about), so such an "I" is no cue for the speaker's own body.
# "I gave birth", "I gave up smoking", "I was given morphine", 给自己 stay his own.
_EN_AGENT_TAIL = re.compile(
    rf"(?:\s+{_words('care_aux', 'en')}\b)*\s+"
    rf"(?:{_words('gives', 'en')}\b"
    rf"(?!\s+{_words('gives_not_care', 'en')}\b)"
    rf"|{_words('has_someone_verb', 'en')}\s+"
    rf"(?:him|her|them|my\s+\w+)\s+{_words('has_someone_take', 'en')}\b)",
    re.I,
)
_ZH_AGENT_TAIL = re.compile(rf"{_words('care_aux', 'zh')}*{_words('gives', 'zh')}(?!自己|我|你|您)")
_EN_AGENT = re.compile(r"\b(?:i|we)" + _EN_AGENT_TAIL.pattern, re.I)
_ZH_AGENT = re.compile(r"(?:我|我们)" + _ZH_AGENT_TAIL.pattern)


# The doctor's "you" as the agent of care is the caregiver too: "Did you give him
# anything for the fever?", "You can give acetaminophen every six hours", "您可以给
# 孩子喂点水". Such a sentence speaks of someone cared for who is not the listener.
_EN_CARER = re.compile(r"\b(?:i|we|you)" + _EN_AGENT_TAIL.pattern, re.I)
_ZH_CARER = re.compile(
    rf"(?:我|我们|您|你){_words('carer_adverb', 'zh')}*(?:给|喂)(?!自己|我|你|您)"
)


def cares_for_another(text: str, zh: bool) -> bool:
    """A first or second person gives, feeds or has someone take a medicine."""
    return bool((_ZH_CARER if zh else _EN_CARER).search(text))


def agent_of_care(text: str, end: int, zh: bool) -> bool:
    """The first (or second) person ending at `end` gives or has someone take a medicine."""
    return bool((_ZH_AGENT_TAIL if zh else _EN_AGENT_TAIL).match(text, end))


def without_agents(text: str, zh: bool) -> str:
    return (_ZH_AGENT if zh else _EN_AGENT).sub(" ", text)


# "I think", "I'm worried", "did you notice", 我想问, 我担心: the speaker's stance or
# what an observer saw, not a statement about the speaker's body ("I noticed a
# blister near her navel" is the baby's; "I'm worried it's his heart" is his).
# Only ever matched for a yes or no (person_markers), so the order of the
# alternatives (stance.tsv words first, then the grammar) does not matter.
EN_STANCE = re.compile(
    rf"\s*(?:{_words('stance_aux', 'en')}\s+)*(?:{_words('stance_verb', 'en')}|"
    # "I am fairly certain that they had polio": how sure the speaker is.
    r"(?:fairly |pretty |quite |very |almost |not )?(?:certain|sure|positive)|"
    r"(?:want|wanted|would like|'d like) to (?:know|ask)|"
    # A caregiver's understanding, assent, intentions and requests for advice ("I
    # understand", "I agree", "I'll follow your advice", "what should I do?") speak of
    # nobody's body.
    rf"(?:will|'ll|am going to|'m going to) {_words('intends', 'en')}|"
    r"do(?=\s*[?.!,]|\s+(?:now|next|about|for)\b))\b",
    re.I,
)
ZH_STANCE = re.compile(
    rf"{_words('stance_aux', 'zh')}*"
    # the stance words (stance.tsv) hold thanks and understanding too: "这些对我很有帮助",
    # "我明白了", "我观察了一下" - the caregiver's, about nobody's body.
    rf"(?:{_words('stance_verb', 'zh')}|想(?:问|知道|咨询|了解|请教)|"
    # asking for more: "我还可以继续向您咨询吗".
    r"(?:可以|能)(?:继续|再)?(?:向您|跟您|和您|找您)?(?:咨询|请教|问)|"
    # intentions and requests for advice: "我会按照您的建议", "我应该怎么办".
    rf"注意(?:到|过|这些)|会{_words('intends', 'zh')}|"
    r"(?:应该|该|要|需要)?(?:怎么办|怎么做|怎么处理|如何处理|如何做|怎样|如何|怎么)|"
    r"应该(?:去|带|给|注意)|该(?:去|带|给|注意))"
)


# The doctor turning from the relative to the caregiver himself: "And how are you
# doing with the amlodipine?", "What about yourself?", "And you?", "您自己呢？",
# "那您呢？", "您本人最近怎么样？". After it, the caregiver's answer and the doctor's
# reply are about the caregiver's own body until a relative is spoken of again.
# "And are you giving him the drops?" asks about his care of someone else.
_EN_TURNS_TO_LISTENER = re.compile(
    r"\b(?:how|what)\s+about\s+you(?:rself)?\b|\band\s+how\s+(?:are|have)\s+you\b|"
    r"\byou\s+yourself\b|\band\s+you(?:rself)?\s*\?",
    re.I,
)
_ZH_TURNS_TO_LISTENER = re.compile(
    r"(?:您|你)(?:自己|本人)(?:呢|怎么样|最近|有没有|还好)|(?:那|还有)(?:您|你)呢|^(?:您|你)呢"
)


def turns_to_listener(question: str, zh: bool) -> bool:
    """The doctor's question turns to the listener's own health (see above)."""
    pattern = _ZH_TURNS_TO_LISTENER if zh else _EN_TURNS_TO_LISTENER
    return bool(pattern.search(question)) and not cares_for_another(question, zh)
