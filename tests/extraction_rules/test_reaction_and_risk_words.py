"""What follows an allergy is its reaction, not a second substance; a drug said to
raise a risk has no dose raised; 疹子 and 红疹 are a rash. Wording is invented."""

from __future__ import annotations

from tests.extraction_rules._helpers import facts


def _allergens(text: str) -> set[str | None]:
    return {f.entity for f in facts(("Patient", text), kind="allergy")}


def test_a_reaction_after_and_is_no_second_allergen_en() -> None:
    reaction = _allergens("I'm allergic to sulfa and get a bad headache.")
    second = _allergens("I'm allergic to sulfa and latex.")
    assert (reaction, second) == ({"sulfonamide antibiotics"}, {"sulfonamide antibiotics", "latex"})


def _statuses(speaker: str, text: str) -> dict[str | None, str | None]:
    return {f.entity: f.status for f in facts((speaker, text), kind="medication_status")}


def test_a_drug_that_raises_a_risk_has_no_dose_raised_en() -> None:
    risk = _statuses("Doctor", "Naproxen raises the risk of stomach bleeding.")
    dose = _statuses("Doctor", "We'll raise the naproxen to 500 mg.")
    assert (risk.get("naproxen"), dose.get("naproxen")) == (None, "dose_changed")


def test_a_drug_that_raises_a_risk_has_no_dose_raised_zh() -> None:
    risk = _statuses("Doctor", "萘普生会增加胃出血的风险。")
    dose = _statuses("Doctor", "萘普生增加到500毫克。")
    assert (risk.get("naproxen"), dose.get("naproxen")) == (None, "dose_changed")


def test_spots_after_a_drug_are_its_reaction_zh() -> None:
    allergy = [
        (f.entity, f.slots.get("reaction"))
        for f in facts(("Patient", "吃了阿莫西林以后身上起了一片疹子。"), kind="allergy")
    ]
    plain = facts(("Patient", "吃了阿莫西林以后身上没什么变化。"), kind="allergy")
    assert (allergy, plain) == ([("amoxicillin", "疹子")], [])


def test_red_spots_are_a_symptom_zh() -> None:
    said = {f.entity for f in facts(("Patient", "我手臂上长了红疹。"), kind="symptom")}
    assert "红疹" in said
