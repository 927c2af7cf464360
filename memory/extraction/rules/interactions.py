"""Interaction and drug-condition contraindication warnings (docs/design.md §1.3).

A safety fact is made only when two drugs, or a drug and a condition, are named
together with a risk or avoid cue - never from one drug alone - because a
missed warning is the dangerous error but "take metformin with food" is none:
- interaction: two drugs close together + a co-administration cue ("together",
  一起, 合用, "interacts") with a harm or avoid cue ("bleeding", 风险, 不要同时),
  or a bare "with"/"and"/和 between them with a harm cue ("hurt", 出血). The
  doctor often splits the warning ("Please stop the ibuprofen; with your
  lisinopril it can hurt your kidneys."): the previous sentence of the same
  turn supplies the first drug. Entity = the drug warned about (first named);
  content keeps both names.
- contraindication: a drug + a condition + an avoid cue + a link to the
  patient's condition ("you can't take ibuprofen because of your kidney
  disease", "有胃溃疡，不能吃阿司匹林").
"""

from __future__ import annotations

import itertools
import re

from memory.domain.types import ExtractedFact
from memory.extraction.rules.context_types import SentenceCtx, make_fact
from memory.extraction.rules.entities import Hit
from memory.extraction.rules.safety import avoided
from memory.lexicon.cues import cues

# Co-administration said outright ("together", 一起) vs a bare "and"/"with"/和: a bare
# conjunction only makes a warning with a real harm word ("bleeding", 风险), never
# with a mere "avoid" ("除了抗组胺药物和激素类药物 ... 避免过敏原").
_COMBINE_STRONG = re.compile(
    r"\b(?:together|combin\w*|mix\w*|on top of|interact\w*|at the same time|alongside)\b|"
    r"加上|合用|同服|联用|一起|同时|配合|一块",
    re.I,
)
_COMBINE_WEAK = re.compile(r"\b(?:with|plus|and)\b|和|与|跟|同|及", re.I)
_HARM = re.compile(
    r"\b(?:interact\w*|hurt\w*|harm\w*|damag\w*|risk\w*|danger\w*|bleed\w*|hemorrhag\w*|"
    r"not safe|unsafe|toxic\w*|contraindicat\w*|serotonin syndrome)\b|"
    r"风险|出血|危险|损伤|伤(?:肾|肝|胃)|相互作用|中毒|禁忌",
    re.I,
)
_AVOID_USE = re.compile(
    r"\b(?:avoid\w*|don'?t (?:combine|mix|take)|do not (?:combine|mix|take)|"
    r"never (?:combine|mix|take)|"
    r"shouldn'?t (?:combine|mix|take|be taken)|should not (?:combine|mix|take|be taken)|"
    r"can'?t (?:combine|mix|take)|cannot (?:combine|mix|take))\b|"
    r"不要|别(?:再|一起|同时)|避免|禁用|忌用|不宜|慎用|不能",
    re.I,
)
# A warning not to use a drug (lexicon/data/cues/interactions.tsv, avoid).
_WORDS = cues("interactions")
_AVOID = re.compile(
    rf"\b{_WORDS.pattern('avoid', 'en')}\b|{_WORDS.pattern('avoid', 'zh')}",
    re.I,
)
_LINKED = re.compile(
    r"\b(?:because|due to|since|given|with (?:your|his|her|the|a)|for (?:your|his|her)|you have|"
    r"you've got)\b|"
    r"因为|由于|有|患|得了",
    re.I,
)
_NO_INTERACTION = re.compile(
    r"\b(?:(?:does|do|will|would)\s*(?:n'?t|not) interact|no (?:known )?interactions?|"
    r"safe to (?:take|combine|use) (?:together|with))\b|"
    r"没有相互作用|不会相互作用|无相互作用|可以(?:一起|同时)",
    re.I,
)
_DRUG_KINDS = frozenset({"drug", "drug_class"})
_POSSESSED = re.compile(r"(?:\b(?:your|my|his|her)\s+|您的|你的|我的|他的|她的)$", re.I)


def _drugs(ctx: SentenceCtx) -> list[Hit]:
    seen: set[str] = set()
    out = []
    for hit in ctx.hits:
        if hit.kind in _DRUG_KINDS and hit.canonical not in seen:
            seen.add(hit.canonical)
            out.append(hit)
    return out


def _warns(window: str, between: str) -> bool:
    """Co-administration + (harm or avoid), or a bare conjunction + harm."""
    if _COMBINE_STRONG.search(window):
        return bool(_HARM.search(window) or _AVOID_USE.search(window))
    return bool(_COMBINE_WEAK.search(between) and _HARM.search(window))


def _near(ctx: SentenceCtx) -> int:
    """How far (characters) a warning's parts may lie apart: a clause, not a
    2,000-character ASR run-on."""
    return 25 if ctx.zh else 70


def _snippet(text: str, a: int, b: int, zh: bool) -> str:
    """text[a:b] widened to whole words (the whole sentence when it is short)."""
    if len(text) <= 200:
        return text
    a, b = max(0, a), min(len(text), b)
    if not zh:
        while a > 0 and not text[a - 1].isspace():
            a -= 1
        while b < len(text) and not text[b].isspace():
            b += 1
    return text[a:b].strip()


def _pair(ctx: SentenceCtx, drugs: list[Hit]) -> tuple[Hit, Hit, str] | None:
    """Two drugs close together with a combination cue between or around them and a
    risk cue nearby -> (first, partner, content)."""
    near = _near(ctx)
    for first, partner in itertools.pairwise(drugs):
        if partner.start - first.end > near:
            continue
        a, b = max(0, first.start - near), partner.end + near
        window = ctx.text[a:b]
        between = ctx.text[first.end : partner.start]
        if _warns(window, between):
            return first, partner, _snippet(ctx.text, a, b, ctx.zh)
    return None


def _split_pair(
    ctx: SentenceCtx, drugs: list[Hit], previous: SentenceCtx | None
) -> tuple[Hit, Hit, str] | None:
    """ "Please stop the ibuprofen; with your lisinopril it can hurt your kidneys."
    -> the warned drug closes the previous sentence, its partner opens this one."""
    near = _near(ctx)
    if previous is None or not drugs or drugs[0].start > near:
        return None
    earlier = [h for h in _drugs(previous) if h.canonical != drugs[0].canonical]
    if not earlier or len(previous.text) - earlier[-1].end > near:
        return None
    head = ctx.text[: drugs[0].end + near]
    if not _warns(head, head):
        return None
    before = _snippet(previous.text, earlier[-1].start - near, len(previous.text), ctx.zh)
    return earlier[-1], drugs[0], f"{before} {_snippet(ctx.text, 0, len(head), ctx.zh)}"


def extract_interactions(ctx: SentenceCtx, previous: SentenceCtx | None) -> list[ExtractedFact]:
    """Interaction facts of this sentence (with the previous sentence of the same
    turn as the source of a first drug), then drug-condition contraindications."""
    drugs = _drugs(ctx)
    if not drugs:
        return []
    found = _pair(ctx, drugs) if len(drugs) >= 2 else None
    found = found or _split_pair(ctx, drugs, previous)
    contra = _condition_contraindications(ctx, drugs)
    if found is None:
        return contra
    first, partner, content = found
    if partner.surface not in content:
        content = f"{content} ({first.canonical} + {partner.canonical})"
    fact = make_fact(
        ctx,
        partner.start,
        type="safety",
        safety_kind="interaction",
        entity=first.canonical,
        content=content,
        assertion="negated" if _NO_INTERACTION.search(content) else "present",
        confidence=0.7,
    )
    return [fact, *contra]


def _condition_contraindications(ctx: SentenceCtx, drugs: list[Hit]) -> list[ExtractedFact]:
    """ "You can't take ibuprofen because of your kidney disease": an avoid cue right
    before (or after) the drug, and the condition named close by with a link word."""
    conditions = [h for h in ctx.hits if h.kind == "disease"]
    if not conditions:
        return []
    near = _near(ctx)
    # The avoid cue must govern the drug itself: in "avoid ibuprofen with your
    # valsartan and diabetes" only ibuprofen is avoided, valsartan stays in use.
    governed = {h.start for m in _AVOID.finditer(ctx.text) for h in avoided(ctx, drugs, m)}
    out = []
    for hit in drugs:
        if hit.start not in governed:
            continue
        close = [c for c in conditions if abs(c.start - hit.start) <= near]
        a = min([hit.start] + [c.start for c in close])
        b = max([hit.end] + [c.end for c in close])
        if not close or not _LINKED.search(ctx.text, max(0, a - near // 2), b):
            continue
        content = _snippet(ctx.text, a - near // 2, b + near // 2, ctx.zh)
        out.append(
            make_fact(
                ctx,
                hit.start,
                type="safety",
                safety_kind="contraindication",
                entity=hit.canonical,
                content=content,
                confidence=0.7,
            )
        )
    return out


def in_use(ctx: SentenceCtx, hit: Hit) -> bool:
    """A drug named in a warning is only a medication in use when it is owned
    ("your lisinopril", 您的华法林); otherwise it is just the drug warned about."""
    return bool(_POSSESSED.search(ctx.text[: hit.start]))
