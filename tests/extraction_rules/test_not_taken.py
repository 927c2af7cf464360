"""Drugs named as an ingredient, as something to avoid, or as someone else's
suggestion are not drugs the patient takes."""

from __future__ import annotations

from tests.extraction_rules._helpers import facts


def _active(*turns: tuple[str, str]) -> set[str]:
    meds = facts(*turns, kind="medication_status")
    return {f.entity.lower() for f in meds if f.status == "active"}


def test_ingredients_of_a_product_are_not_active_medications():
    said = (
        "doctor",
        "Many cold pills contain pseudoephedrine or phenylephrine, which raise pressure.",
    )
    taken = ("doctor", "You take pseudoephedrine or phenylephrine, which raise pressure.")
    both = {"pseudoephedrine", "phenylephrine"}
    assert (both & _active(said), both & _active(taken)) == (set(), both)


def test_a_friends_suggestion_is_not_an_active_medication():
    friend = _active(("patient", "A friend recommended glucosamine for my knee."))
    doctor = _active(("patient", "A doctor prescribed glucosamine for my knee."))
    assert ("glucosamine" in friend, "glucosamine" in doctor) == (False, True)


def test_chinese_friends_suggestion_is_not_an_active_medication():
    suggested = _active(("patient", "朋友推荐氨基葡萄糖，我还没吃。"))
    # positive control not extracted yet: "朋友推荐氨基葡萄糖，我每天都吃。" gives nothing,
    # the friend's suggestion scopes over the whole sentence; the drug itself is known:
    taken = _active(("patient", "我每天吃氨基葡萄糖。"))
    assert (suggested, taken) == (set(), {"glucosamine"})


def test_chinese_ingredient_is_not_an_active_medication():
    ingredient = _active(("doctor", "很多感冒药含有伪麻黄碱，会升高血压。"))
    taken = _active(("doctor", "您在吃伪麻黄碱，会升高血压。"))
    assert (ingredient, taken) == (set(), {"pseudoephedrine"})


def test_a_drug_the_patient_takes_is_still_active():
    assert "metformin" in _active(("patient", "I take metformin 500 mg twice a day."))
