"""Questions about a relative ("does his mother have diabetes?", "他父亲在吃什么药？").

Retrieval ranks only the patient's own facts (docs/design.md §1.2), so an
answer built from the evidence is an answer about the patient. Asked about a
relative, the extractive reader must not answer "Yes: diabetes" from the
patient's own diabetes: it says whether the relative has a record of the item
(the memory keeps relatives' facts under their own person) and that the
patient's records were not used.
"""

from __future__ import annotations

import re

from memory.domain.subjects import relation_keys

_EN_RELATION = {
    "mother": "mother", "mom": "mother", "mum": "mother", "father": "father", "dad": "father",
    "son": "son", "daughter": "daughter", "wife": "wife", "husband": "husband",
    "brother": "brother", "sister": "sister", "grandmother": "grandmother",
    "grandfather": "grandfather", "child": "child",
}  # fmt: skip
_ZH_RELATION = {
    "母亲": "mother", "妈妈": "mother", "父亲": "father", "爸爸": "father", "儿子": "son",
    "女儿": "daughter", "妻子": "wife", "老婆": "wife", "丈夫": "husband", "老公": "husband",
    "哥哥": "brother", "弟弟": "brother", "姐姐": "sister", "妹妹": "sister", "孩子": "child",
}  # fmt: skip
# "his mother", "the patient's father", 他母亲, 患者的父亲: a relation owned by the patient.
# A bare relation ("孩子发烧吗") is not enough: in a caregiver's consultation the child
# may be the patient.
_EN = re.compile(
    r"\b(?:his|her|their|the patient's|patient's)\s+(?P<rel>" + "|".join(_EN_RELATION) + r")\b",
    re.I,
)
_ZH = re.compile("(?:他|她|患者|病人)的?(?P<rel>" + "|".join(_ZH_RELATION) + ")")


def asked_relative(question: str) -> str | None:
    """The relation a question asks about ("mother"), or None for the patient."""
    m = _EN.search(question)
    if m:
        return _EN_RELATION[m["rel"].lower()]
    m = _ZH.search(question)
    if m:
        return _ZH_RELATION[m["rel"]]
    return None


def relatives_subjects(relation: str, subjects: list[str]) -> list[str]:
    """The record holders a question about `relation` means (a "child" is a son or daughter)."""
    wanted = relation_keys(relation)
    return [s for s in subjects if s in wanted]
