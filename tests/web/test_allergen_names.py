"""A substance that is no drug (a food, a pollen, a material) has its name in both
languages (lexicon/data/allergens.tsv): 芝麻 reads "sesame" on an English page, shrimp
reads 虾 on a Chinese one, and the same substance told in both languages is one row
of the safety profile (issue 29, item 4)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from memory.actions.imports import store_sessions
from memory.importing import parse_text
from memory.lexicon import lookup
from memory.models import Patient
from tests.web.graph import _apply, fact

pytestmark = pytest.mark.django_db

EN_VISIT = "Date: 2024-06-01\nPatient: I get hives when I eat shrimp.\n"
ZH_VISIT = "Date: 2024-07-01\n患者：我一吃虾就起疹子，吃了芝麻也起疹子。\n"


@pytest.fixture
def visited(patient: Patient) -> Patient:
    first = store_sessions(parse_text(EN_VISIT, "a1.txt", patient_id="p1")).stored[0]
    _apply(first, (fact("safety", "hives when I eat shrimp", entity="shrimp",
                        safety_kind="allergy", evidence_turn=1),))  # fmt: skip
    second = store_sessions(parse_text(ZH_VISIT, "a2.txt", patient_id="p1")).stored[0]
    _apply(second, (
        fact("safety", "我一吃虾就起疹子", entity="虾", safety_kind="allergy", evidence_turn=1),
        fact("safety", "吃了芝麻也起疹子", entity="芝麻", safety_kind="allergy", evidence_turn=1),
    ))  # fmt: skip
    return patient


def _names(client, language: str) -> list[str]:
    client.post("/i18n/setlang/", {"language": language, "next": "/"})
    body = client.get(reverse("patient-overview", args=["p1"])).content.decode()
    return re.findall(r'class="safety-name[^"]*">([^<]*)<', body)


def test_a_food_has_its_name_in_both_languages() -> None:
    assert [(e.canonical, e.zh) for e in (lookup("芝麻"), lookup("shrimp"))] == [
        ("sesame", "芝麻"),
        ("shrimp", "虾"),
    ]


def test_same_food_told_in_two_languages_is_one_row(client_in, visited):
    # (penicillin is the fixture patient's own allergy)
    assert sorted(_names(client_in, "en")) == ["penicillin", "sesame", "shrimp"]


def test_foods_read_in_chinese_on_a_chinese_page(client_in, visited):
    assert sorted(_names(client_in, "zh-hans")) == sorted(["芝麻", "虾", "青霉素"])
