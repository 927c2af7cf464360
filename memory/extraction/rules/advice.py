"""Advice is not a prescription: a drug the clinician allows "if needed" is a plan.

"You can take Tylenol if the pain comes back", "acetaminophen for aches" (to "what
can I take?"), "Use acetaminophen, up to 1 gram three times a day", "痛的时候可以吃
对乙酰氨基酚", "止痛首选对乙酰氨基酚": an option or an as-needed allowance, which the
patient may never use. Listed as an ACTIVE medication it would read as a drug the
patient is on. It is recorded as planned (a recommendation) instead; a drug the
patient says they take ("I take Tylenol when my knee hurts") stays active, and so
does one the clinician says the patient is on or keeps ("continue the Tylenol as
needed", "你一直在吃的...").
"""

from __future__ import annotations

import re

from memory.extraction.rules.context_types import SentenceCtx
from memory.extraction.rules.entities import Hit
from memory.lexicon.cues import cues

# The words live in lexicon/data/cues/advice.tsv; the grammar stays here.
_ADVICE = cues("advice")

# Permission or option, said before the drug.
_OPTION_BEFORE_EN = re.compile(
    r"\b(?:you (?:can|could|may|might) (?:also |always |just |still )?(?:take|use|try|have|get)|"
    r"feel free to (?:take|use)|(?:it'?s|it is) (?:fine|ok(?:ay)?|safe|alright) to (?:take|use)|"
    r"(?:you )?(?:can|may) (?:take|use) (?:some|an?)|over[- ]the[- ]counter|"
    # counselling and recommendation: "counseled as to the importance of attempting to
    # get some therapeutic steroid", "I would recommend a trial of ..."
    r"counsel+ed (?:as to|about|on|regarding)|the importance of|encouraged to|"
    r"(?:i|we) (?:would |'d )?(?:recommend|suggest|advise)|recommended|attempt(?:ing)? to get)"
    r"\b[^.;]{0,40}$",
    re.I,
)
_OPTION_BEFORE_ZH = re.compile(
    r"(?:可以|不妨|试试|首选|按需|实在不行|(?:痛|疼|不舒服|发烧|发热|难受|需要|必要)(?:的)?时(?:候)?)"
    r"(?:(?!开始|加用|换成|改用|继续)[^，。；,;]){0,6}$"
)
# As needed, said after the drug: a ceiling, a condition, or what it would be for.
_AS_NEEDED_AFTER_EN = re.compile(
    rf"[^.;]{{0,60}}?\b(?:{_ADVICE.pattern('as_needed_after', 'en', ordered=True)}|"
    r"if (?:you )?(?:need|needed|hurt|have (?:pain|a headache))|when (?:you )?(?:need|needed|hurt)|"
    r"up to (?:\d|one|two|three|four)|"
    r"for (?:the |any )?(?:aches?|pains?|fever|headaches?|discomfort))",
    re.I,
)
_AS_NEEDED_AFTER_ZH = re.compile(
    rf"[^。；;]{{0,20}}?{_ADVICE.pattern('as_needed_after', 'zh', ordered=True)}"
)
# The clinician says the patient is on it or keeps it: a current drug, not advice.
_OWNED_BEFORE_EN = re.compile(
    r"\b(?:you(?:'re| are)? (?:taking|on|using|still)|you take|you use|your|continue\w*|"
    r"keep (?:taking|using|on)|stay on|remain on)\b[^.;]{0,30}$",
    re.I,
)
_OWNED_BEFORE_ZH = re.compile(r"(?:在吃|在用|一直|继续|接着|照常|维持|还在)[^，。；,;]{0,6}$")
# The patient asked what to take: the answer names an option.
_ASKED_EN = re.compile(
    r"\b(?:(?:can|could|should|may) i (?:take|use|try|have|pack|bring|get)|"
    r"what (?:can|should|could) i|is it (?:ok(?:ay)?|safe|fine) (?:to|if i))\b",
    re.I,
)
_ASKED_ZH = re.compile(r"(?:能|可以|能不能|可不可以)(?:吃|用|服)|吃什么|用什么|吃点什么|怎么办")


def advised(ctx: SentenceCtx, hit: Hit) -> bool:
    """A clinician's optional or as-needed recommendation of the drug."""
    if ctx.sent.role != "doctor":
        return False
    zh = ctx.zh
    head = ctx.text[max(0, hit.start - (12 if zh else 70)) : hit.start]
    if (_OWNED_BEFORE_ZH if zh else _OWNED_BEFORE_EN).search(head):
        return False
    if (_OPTION_BEFORE_ZH if zh else _OPTION_BEFORE_EN).search(head):
        return True
    if _as_needed_advice(ctx, hit):
        return True
    frame = ctx.frame
    return frame is not None and bool((_ASKED_ZH if zh else _ASKED_EN).search(frame.text))


# "Use acetaminophen, up to 1 gram three times a day": an instruction for use when
# needed. "I've prescribed ibuprofen ... as needed" and "Bactroban is also three times
# a day as needed" are orders and regimens: the drug is prescribed, not advised.
_IMPERATIVE_EN = re.compile(
    rf"^\s*(?:{_ADVICE.pattern('instruction_lead', 'en', ordered=True)},?\s+)*"
    r"(?:take|use|try|apply)\b",
    re.I,
)
_PRESCRIBED = re.compile(
    r"\b(?:prescri\w*|refill\w*|order\w*)\b|开了|开的|开药|处方|给您开|给你开", re.I
)


def _as_needed_advice(ctx: SentenceCtx, hit: Hit) -> bool:
    after = (_AS_NEEDED_AFTER_ZH if ctx.zh else _AS_NEEDED_AFTER_EN).match(ctx.text, hit.end)
    if after is None or _PRESCRIBED.search(ctx.text):
        return False
    return ctx.zh or bool(_IMPERATIVE_EN.match(ctx.text))
