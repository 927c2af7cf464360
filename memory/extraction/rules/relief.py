"""A symptom said to have stopped is a relief of it, not a present symptom.

"现在基本不痛了", "后来就不拉肚子了", "头痛好了", "the pain is basically gone now", "no
more dizziness", "I don't get headaches anymore": the symptom was there and is
over. Read as a present symptom it is a state shown as current that no longer
holds; read as a denial ("no ...") it would say the patient never had it.
"""

from __future__ import annotations

import re

# "不痛了", "没那么疼了", "不拉肚子了", "头痛好了"; "no more
# dizziness", "the pain is gone", "I don't get headaches anymore", "no longer itchy".
_CEASED_BEFORE_ZH = re.compile(r"(?:不|没|没有)(?:再|怎么|那么|太|大)?$")
_CEASED_AFTER_ZH = re.compile(r"^[^，。；,;]{0,2}?了")
_GONE_AFTER_ZH = re.compile(r"^(?:也|都|已经|基本)?(?:好了|没了|消了|退了|止住了|消失|消退)")
_CEASED_BEFORE_EN = re.compile(
    r"\b(?:no more|no longer (?:have|get|feel|having|getting)?)\s*(?:\w+\s+)?$", re.I
)
_CEASED_AFTER_EN = re.compile(
    r"^[\w\s']{0,25}?\b(?:(?:is|are|has|have|was) (?:\w+ )?(?:gone|stopped|resolved|cleared)|"
    r"went away|(?:has|have) (?:gone away|settled|cleared up)|any ?more|any longer)\b",
    re.I,
)


def symptom_ceased(text: str, start: int, end: int, zh: bool) -> bool:
    """The words around the symptom say it has stopped."""
    if zh:
        before = _CEASED_BEFORE_ZH.search(text[max(0, start - 4) : start])
        after = text[end : end + 6]
        return bool(before and _CEASED_AFTER_ZH.match(after)) or bool(_GONE_AFTER_ZH.match(after))
    head = text[max(0, start - 30) : start]
    return bool(_CEASED_BEFORE_EN.search(head) or _CEASED_AFTER_EN.match(text[end : end + 40]))
