"""A one-character Chinese symptom word counts only as a word of its own: 肿 in 肿瘤
(tumour) is no swelling, 痛 in 痛风 (gout) is no pain."""

from __future__ import annotations

from ._helpers import facts, one


def test_zhong_inside_zhongliu_is_no_swelling() -> None:
    found = facts(("医生", "我建议您选择肿瘤专科医院进行治疗。"))
    swollen = facts(("医生", "您腿肿，我建议您选择专科医院进行治疗。"))
    symptoms = [[f.entity for f in got if f.type == "symptom"] for got in (found, swollen)]
    assert symptoms == [[], ["edema"]]


def test_tong_inside_tongfeng_is_no_pain() -> None:
    found = facts(("患者", "我有痛风。"))
    aching = facts(("患者", "我有头痛。"))
    symptoms = [[f.entity for f in got if f.type == "symptom"] for got in (found, aching)]
    assert symptoms == [[], ["headache"]]


def test_zhong_on_its_own_is_a_swelling() -> None:
    assert one(("患者", "我脚肿了。"), kind="symptom").entity == "肿"
