"""Dose and value forms behind the issue #10 misses: thousands groups, a strength
ending the drug's clause, a number answering a dose question, frequencies said after
the drug, a change "from X to Y", "pressure" alone, and lab values of substances that
are also drugs (one fact per test)."""

from __future__ import annotations

from memory.extraction.rules.text import normalize_numbers
from tests.extraction_rules._helpers import facts, one


def _slots(*turns: tuple[str, str], drug: str) -> dict[str, object]:
    return dict(one(*turns, kind="medication_status", entity=drug).slots)


def test_a_thousands_group_reads_as_one_number() -> None:
    assert normalize_numbers("1,000 milligrams") == "1000 milligrams"


def test_a_list_of_small_numbers_keeps_its_commas() -> None:
    assert normalize_numbers("pain at 3, 4 and 5") == "pain at 3, 4 and 5"


def test_a_thousand_milligram_dose_written_with_a_comma_is_a_thousand() -> None:
    said = ("patient", "I'm on 1,000 milligrams of metformin twice a day.")
    assert _slots(said, drug="metformin")["value"] == 1000


def test_a_number_ending_the_drug_clause_is_its_strength() -> None:
    said = ("patient", "I take Lasix 40 and a baby aspirin.")
    assert _slots(said, drug="furosemide")["value"] == 40


def test_the_last_drug_of_a_strength_list_gets_its_own_number() -> None:
    said = ("patient", "I take Wellbutrin 150 and Zoloft 100.")
    assert _slots(said, drug="sertraline")["value"] == 100


def test_an_insulin_mix_ratio_is_no_strength() -> None:
    said = ("patient", "I take insulin 70/30.")
    units = ("patient", "I take insulin 70 units.")  # control: a dose with its unit
    assert ("value" in _slots(said, drug="insulin"), _slots(units, drug="insulin")["value"]) == (
        False,
        70,
    )


def test_a_number_answering_a_dose_question_is_the_dose() -> None:
    asked = ("doctor", "What dose of metoprolol are you on?")
    assert _slots(asked, ("patient", "I'm on 25."), drug="metoprolol")["value"] == 25


def test_years_answering_a_dose_question_are_no_dose() -> None:
    asked = ("doctor", "What dose of metoprolol are you on?")
    found = facts(asked, ("patient", "About 5 years."), kind="medication_status")
    assert all(f.slots.get("value") is None for f in found)


def test_how_often_said_after_the_previous_drug_is_not_this_drugs() -> None:
    said = ("patient", "I take aspirin 81 mg daily and atorvastatin 40 mg at bedtime.")
    assert _slots(said, drug="atorvastatin")["frequency"] == "at bedtime"


def test_in_the_morning_is_an_every_morning_frequency() -> None:
    said = ("patient", "I take Lasix 40 milligrams in the morning.")
    assert _slots(said, drug="furosemide")["frequency"] == "every morning"


def test_every_two_weeks_is_a_frequency_of_its_own() -> None:
    said = ("patient", "I'm on Humira injections every two weeks.")
    assert _slots(said, drug="adalimumab")["frequency"] == "every 2 weeks"


def test_chinese_every_other_day_is_a_frequency() -> None:
    said = ("patient", "我隔天吃一次泼尼松。")
    assert _slots(said, drug="prednisone")["frequency"] == "every other day"


def test_chinese_every_morning_is_not_once_daily_only() -> None:
    said = ("patient", "我每天早上吃二甲双胍500毫克。")
    assert _slots(said, drug="metformin")["frequency"] == "every morning"


def test_pressure_alone_with_two_numbers_is_a_blood_pressure() -> None:
    bp = one(("doctor", "Your pressure today is 150 over 90."), kind="vital")
    assert (bp.slots["systolic"], bp.slots["diastolic"]) == (150, 90)


def test_pressure_in_the_chest_is_no_blood_pressure() -> None:
    chest = facts(("patient", "I feel pressure in my chest for 2 days."), kind="vital")
    read = facts(("patient", "I feel pressure of 150 over 90 for 2 days."), kind="vital")
    assert (chest, [(f.entity, f.value) for f in read]) == ([], [("blood pressure", "150/90")])


def test_a_change_from_one_value_to_another_reads_the_newer() -> None:
    said = ("doctor", "Your hemoglobin A1c went from 9 to 7.5.")
    assert one(said, kind="lab_result", entity="hba1c").slots["value"] == 7.5


def test_a_blood_pressure_change_reads_the_newer_pair() -> None:
    said = ("doctor", "Your blood pressure came down from 150/90 to 130/80.")
    assert one(said, kind="vital", entity="blood pressure").slots["systolic"] == 130


def test_chinese_blood_pressure_change_reads_the_newer_pair() -> None:
    said = ("patient", "我的血压从150/90降到130/80。")
    assert one(said, kind="vital", entity="blood pressure").slots["systolic"] == 130


def test_a_lab_value_of_vitamin_d_is_no_vitamin_d_medication() -> None:
    said = ("doctor", "The vitamin D was low at 18.")
    started = ("doctor", "The vitamin D was started at 1000 units.")
    meds = [[f.entity for f in facts(s, kind="medication_status")] for s in (said, started)]
    assert meds == [[], ["vitamin d"]]


def test_a_testosterone_dose_is_no_testosterone_level() -> None:
    said = ("patient", "I take testosterone 140 milligrams every 10 days.")
    level = ("patient", "My testosterone level was 140.")
    labs = [[(f.entity, f.value) for f in facts(s, kind="lab_result")] for s in (said, level)]
    assert labs == [[], [("testosterone", "140")]]


def test_an_ordinal_day_is_no_lab_value() -> None:
    said = ("patient", "I took my first dose of testosterone on the 28th.")
    level = ("patient", "My testosterone was 280 on the 28th.")
    labs = [[(f.entity, f.value) for f in facts(s, kind="lab_result")] for s in (said, level)]
    assert labs == [[], [("testosterone", "280")]]


def test_remedies_listed_for_allergies_are_no_allergy() -> None:
    taken = facts(("patient", "I take Zyrtec and Claritin for allergies."), kind="allergy")
    reacted = facts(("patient", "I react to Zyrtec and Claritin with allergies."), kind="allergy")
    assert (taken, {f.entity: f.assertion for f in reacted}.get("cetirizine")) == ([], "present")


def test_an_allergy_said_before_a_remedy_list_is_kept() -> None:
    said = ("patient", "I'm allergic to penicillin and I take Zyrtec and Claritin for allergies.")
    assert one(said, kind="allergy").entity == "penicillin"


def test_antibiotic_therapy_received_is_a_medication() -> None:
    said = ("doctor", "She received antibiotic therapy.")
    assert one(said, kind="medication_status").entity == "antibiotics"


def test_a_drug_beside_allergies_named_as_a_remedy_is_no_allergen() -> None:
    said = ("doctor", "I see you aren't taking anything for your allergies, but you take atenolol.")
    control = (
        "doctor",
        "I see you aren't taking anything for your allergies, but you react to atenolol.",
    )
    reacted = [(f.entity, f.assertion) for f in facts(control, kind="allergy")]
    assert (facts(said, kind="allergy"), reacted) == ([], [("atenolol", "present")])


def test_a_steroid_course_prescribed_for_a_reaction_is_no_allergen() -> None:
    said = (
        "doctor",
        "I'm going to prescribe you a course of an oral steroid for this allergic reaction.",
    )
    control = ("doctor", "I think a course of an oral steroid caused this allergic reaction.")
    caused = [(f.entity, f.assertion) for f in facts(control, kind="allergy")]
    assert (facts(said, kind="allergy"), caused) == ([], [("corticosteroids", "present")])


def test_a_combination_brand_is_its_combined_drug() -> None:
    said = ("patient", "I take Hyzaar every morning.")
    assert one(said, kind="medication_status").entity == "losartan/hydrochlorothiazide"


def test_a_muscle_relaxant_brand_is_its_generic() -> None:
    said = ("patient", "My medications are Norco, Soma and Neurontin.")
    assert one(said, kind="medication_status", entity="carisoprodol").status == "active"


def test_a_chinese_combination_name_is_the_combined_drug() -> None:
    said = ("patient", "我每天吃氯沙坦钾氢氯噻嗪。")
    assert one(said, kind="medication_status").entity == "losartan/hydrochlorothiazide"


def test_spoken_decimal_digits_read_one_by_one() -> None:
    assert normalize_numbers("six point two five milligrams") == "6.25 milligrams"


def test_a_spoken_leading_decimal_of_two_digits_is_a_dose() -> None:
    said = ("patient", "I take point two five milligrams of digoxin.")
    assert _slots(said, drug="digoxin")["value"] == 0.25


def test_a_dose_said_just_before_naming_its_drug_is_its_dose() -> None:
    said = ("patient", "I'm on 20 milligrams. It's the lisinopril.")
    assert _slots(said, drug="lisinopril")["value"] == 20


def test_a_dose_before_a_new_drug_list_is_not_given_to_it() -> None:
    said = ("patient", "I'm on 20 milligrams. Metformin and lisinopril too.")
    found = facts(said, kind="medication_status")
    assert all(f.slots.get("value") is None for f in found)


def test_the_strength_answered_with_the_is_the_dose() -> None:
    asked = ("doctor", "Are you still taking the lisinopril?")
    dose = (
        ("patient", "Yes, I am."),
        ("doctor", "Okay and what dose?"),
        ("patient", "I'm on the 20."),
    )
    assert _slots(asked, *dose, drug="lisinopril")["value"] == 20


def test_oxygen_in_a_saturation_range_without_percent_is_a_saturation() -> None:
    spo2 = one(("doctor", "Your oxygen was 98."), kind="vital", entity="spo2")
    assert spo2.slots["value"] == 98


def test_oxygen_flow_in_liters_is_no_saturation() -> None:
    flow = facts(("doctor", "We put him on oxygen 3 liters."), kind="vital")
    saturating = facts(("doctor", "We put him on oxygen, saturating 95%."), kind="vital")
    assert (flow, [(f.entity, f.value) for f in saturating]) == ([], [("spo2", "95")])


def test_saturation_alone_names_the_oxygen_saturation() -> None:
    spo2 = one(("doctor", "Saturation is 97 percent."), kind="vital", entity="spo2")
    assert spo2.slots["value"] == 97


def test_the_value_said_with_now_is_the_reading() -> None:
    said = ("doctor", "Your A1c last time was 8 and now it's 7.1.")
    assert one(said, kind="lab_result", entity="hba1c").slots["value"] == 7.1


def test_a_spoken_leading_point_after_of_is_a_decimal() -> None:
    said = ("doctor", "Kidney function is good, creatinine of point nine.")
    assert one(said, kind="lab_result", entity="creatinine").slots["value"] == 0.9


def test_a_dose_with_its_unit_right_before_the_drug_is_its_dose() -> None:
    said = ("doctor", "It looks like she started a point six m g colchicine daily.")
    assert _slots(said, drug="colchicine")["value"] == 0.6


def test_a_bare_count_right_before_the_drug_is_a_count_of_tablets() -> None:
    # "2 metformin" counts tablets: stored as a count, never as a strength of 2 (mg)
    slots = _slots(("patient", "I take 2 metformin."), drug="metformin")
    assert (slots["value"], slots["unit"]) == (2, "tablets")


_ASKED = ("doctor", "And you're still taking the lisinopril 20 milligrams a day?")


def test_i_think_so_confirms_the_dose_asked() -> None:
    assert _slots(_ASKED, ("patient", "I think so."), drug="lisinopril")["value"] == 20


def test_uh_huh_is_a_yes_not_a_filler() -> None:
    assert _slots(_ASKED, ("patient", "Uh-huh."), drug="lisinopril")["value"] == 20


def test_i_still_take_it_confirms_the_dose_asked() -> None:
    assert _slots(_ASKED, ("patient", "I still take it."), drug="lisinopril")["value"] == 20


def test_usually_not_confirms_nothing() -> None:
    found = facts(_ASKED, ("patient", "Usually I don't take it."), kind="medication_status")
    assert all(f.slots.get("value") is None or f.status != "active" for f in found)


def test_a_person_said_to_be_so_many_pounds_is_a_weight() -> None:
    weight = one(("doctor", "You're about 200 pounds now."), kind="vital", entity="weight")
    assert weight.slots["value"] == 200


def test_an_age_is_no_weight() -> None:
    age = facts(("patient", "I'm 45 years old."), kind="vital")
    weight = facts(("patient", "I'm 45 kilos."), kind="vital")
    assert (age, [(f.entity, f.value) for f in weight]) == ([], [("weight", "45")])


def test_febrile_at_a_number_is_a_temperature() -> None:
    said = ("doctor", "He was febrile at 101.5.")
    assert one(said, kind="vital", entity="temperature").slots["value"] == 101.5
