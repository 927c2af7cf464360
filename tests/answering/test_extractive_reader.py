"""The extractive reader answers: value first, "no record", complete lists, safety first.

Pure: the reader works on FactView / EvidenceItem / ProfileData values, no database.
"""

from __future__ import annotations

from datetime import date

from memory.answering.extractive import extractive_answer
from memory.answering.lookup import ItemRecords, dose_sources
from memory.domain.evidence import EvidenceItem
from tests.answering.records import allergy, anchor, profile, relation, view

V80 = view("medication_status", "valsartan", "Valsartan 80 mg every morning.", status="active",
           value="80", unit="mg", valid_from=date(2024, 1, 8), valid_to=date(2024, 6, 17),
           chain_id=1)  # fmt: skip
V160 = view("medication_status", "valsartan", "Raise valsartan to 160 mg once daily.",
            day=date(2024, 6, 17), status="dose_changed", value="160", unit="mg",
            valid_from=date(2024, 6, 17), chain_id=1)  # fmt: skip
PEN = allergy("penicillin", "Penicillin allergy: hives.")


def ask(question: str, items=(), prof=None, asked=None, records=None) -> list[str]:
    text = extractive_answer(question, "zh" if "患者" in question else "en",
                             prof or profile(), list(items), asked, records=records)  # fmt: skip
    return text.splitlines()


def test_dose_question_states_value_unit_frequency_date_and_citation_first() -> None:
    lines = ask("What is the current dose of valsartan?", [relation(V80), anchor(V160)])
    assert lines[0].startswith("Valsartan 160 mg once daily since 2024-06-17 [E2]")


def test_a_dose_change_names_the_dose_it_superseded_after_the_dose_in_force() -> None:
    lines = ask("What is the current dose of valsartan?", [relation(V80), anchor(V160)])
    assert lines[0].endswith("; changed from 80 mg (superseded record of 2024-01-08) [E1]")


def test_a_chinese_answer_names_the_superseded_dose_in_chinese() -> None:
    lines = ask("患者的缬沙坦剂量是多少？", [relation(V80), anchor(V160)])
    assert lines[0].endswith("；由 80 mg 调整而来（2024-01-08的记录已被取代）[E1]")


def test_a_change_without_an_earlier_dose_in_evidence_names_none() -> None:
    lines = ask("What is the current dose of valsartan?", [anchor(V160)])
    assert "changed from" not in lines[0]


def test_date_bound_question_answers_for_that_date() -> None:
    lines = ask("What valsartan dose on 2024-03-20?", [anchor(V80)], asked=date(2024, 3, 20))
    assert lines[0] == "On 2024-03-20: Valsartan 80 mg every morning since 2024-01-08 [E1]"


def test_blood_pressure_is_read_from_structured_slots() -> None:
    bp = view("vital", "blood pressure", "BP today.", slots={"systolic": 150, "diastolic": 95},
              chain_id=3)  # fmt: skip
    lines = ask("What was his blood pressure?", [anchor(bp, "latest measurement")])
    assert lines[0] == "Blood pressure 150/95 mmHg measured 2024-01-08 [E1]"


def test_absent_item_is_said_plainly_and_no_record_is_offered() -> None:
    lines = ask("Does the patient have asthma?", [anchor(V160)])
    assert lines[0] == "No record of asthma for the patient." and "Valsartan" not in "\n".join(
        lines
    )


def test_a_relatives_item_names_whose_it_is() -> None:
    records = ItemRecords(own={"asthma": []}, others={"asthma": ["family:son"]})
    lines = ask("Does the patient have asthma?", [anchor(V160)], records=records)
    assert lines[1] == "Asthma is recorded for the son, not the patient."


def test_nonsense_question_says_nothing_matches() -> None:
    assert ask("xyzzy plugh", [anchor(V160)])[0] == (
        "Nothing in the patient's record matches the question."
    )


def test_medication_list_is_the_complete_profile_list() -> None:
    aml = view("medication_status", "amlodipine", "Amlodipine 5 mg daily.", status="active",
               value="5", unit="mg")  # fmt: skip
    met = view("medication_status", "metformin", "Metformin 500 mg twice daily.",
               status="active", value="500", unit="mg")  # fmt: skip
    lines = ask("What medications is the patient taking?", [anchor(V160)],
                prof=profile(meds=(V160, aml, met)))  # fmt: skip
    assert lines[0] == "Current medications (3): Valsartan, Amlodipine, Metformin"


def test_class_word_is_listed_when_no_listed_drug_belongs_to_it() -> None:
    opioid = view("medication_status", "opioids", "He gave me some opioids.", status="active")
    lines = ask("What medications is the patient taking?", [anchor(V160)],
                prof=profile(meds=(V160, opioid)))  # fmt: skip
    assert lines[0] == "Current medications (2): Valsartan, Opioids"


def test_class_word_of_a_listed_drug_and_a_vaccine_are_not_listed() -> None:
    generic = view("medication_status", "antihypertensives", "Take your blood pressure pills.",
                   status="active")  # fmt: skip
    shot = view("medication_status", "vaccines", "I got my vaccine.", status="active")
    lines = ask("What medications is the patient taking?", [anchor(V160)],
                prof=profile(meds=(V160, generic, shot)))  # fmt: skip
    assert lines[0] == "Current medications (1): Valsartan"


def test_penicillin_allergy_comes_first_for_amoxicillin() -> None:
    lines = ask("Can I give amoxicillin?", [anchor(V160)], prof=profile(safety=(PEN,)))
    assert lines[0].startswith("CAUTION: allergy/intolerance Penicillin (Penicillin allergy")


def test_chinese_penicillin_allergy_matches_amoxicillin_question() -> None:
    pen_zh = allergy("青霉素", "青霉素过敏，起荨麻疹。")
    lines = ask("患者能用阿莫西林吗？", prof=profile(safety=(pen_zh,)))
    assert lines[0].startswith("注意：已记录过敏/不耐受 青霉素")


def test_sulfa_allergy_cautions_bactrim() -> None:
    sulfa = allergy("sulfa", "Sulfa drugs: rash.")
    assert "CAUTION" in ask("Can I prescribe Bactrim?", prof=profile(safety=(sulfa,)))[0]


def test_nsaid_intolerance_cautions_naproxen() -> None:
    nsaid = allergy("NSAIDs", "NSAIDs upset his stomach badly.")
    assert "CAUTION" in ask("Is naproxen ok for him?", prof=profile(safety=(nsaid,)))[0]


def test_which_antibiotic_question_surfaces_the_penicillin_allergy() -> None:
    lines = ask("Which antibiotic should I use for his cough?", prof=profile(safety=(PEN,)))
    assert lines[0].startswith("CAUTION") and "penicillin" in lines[0].lower()


def test_refuted_allergy_is_shown_but_not_as_a_caution() -> None:
    refuted = allergy("penicillin", "Penicillin allergy.", verification="refuted")
    lines = ask("Can I give amoxicillin?", prof=profile(safety=(refuted,)))
    assert lines[0].startswith("Recorded but not in force (refuted)")


def test_unrelated_allergy_is_listed_after_the_no_touch_line() -> None:
    latex = allergy("latex", "Latex allergy.")
    lines = ask("Can I give amoxicillin?", prof=profile(safety=(latex,)))
    assert lines[:2] == [
        "No recorded allergy, intolerance or contraindication touches Amoxicillin or its drug "
        "class.",
        "Other recorded safety facts:",
    ]


def test_general_prescribing_question_lists_every_allergy_first() -> None:
    lines = ask("I am about to prescribe a new medication. What should I check first?",
                prof=profile(safety=(PEN,)))  # fmt: skip
    assert lines[0].startswith("CAUTION: check any new drug") and "Penicillin" in lines[1]


def test_stopped_drug_is_not_current_in_a_yes_no_answer() -> None:
    stopped = view("medication_status", "sertraline", "I stopped the sertraline in September.",
                   status="stopped", day=date(2024, 9, 15), chain_id=4)  # fmt: skip
    lines = ask("Is he taking sertraline?", [anchor(stopped)])
    assert lines[0] == "Not currently: Sertraline stopped 2024-09-15 [E1]"


def test_profile_notes_are_part_of_every_answer() -> None:
    note = "1 session not in memory: s07"
    assert note in ask("xyzzy", prof=profile(notes=(note,)))


def test_chinese_question_gets_a_chinese_answer_with_chinese_frequency() -> None:
    lines = ask("患者缬沙坦现在吃多少？", [anchor(V160)])
    assert lines[0] == "缬沙坦 160 mg 每日一次，自2024-06-17起 [E1]"


def test_spoken_dose_unit_is_stated_in_written_form() -> None:
    lasix = view("medication_status", "furosemide", "Start some lasix, you know, 20 milligrams "
                 "a day.", status="active", chain_id=9)  # fmt: skip
    lines = ask("What dose of furosemide?", [anchor(lasix)])
    assert lines[0] == "Furosemide 20 mg a day since 2024-01-08 [E1]"


def test_dose_of_one_drug_is_read_from_its_own_clause() -> None:
    ator = view("medication_status", "atorvastatin", "Valsartan 160 mg every morning, "
                "atorvastatin 20 mg at night.", status="active", chain_id=8)  # fmt: skip
    assert ask("Atorvastatin dose?", [anchor(ator)])[0].startswith("Atorvastatin 20 mg at night")


def test_chinese_answer_translates_frequency_and_route_slots() -> None:
    slotted = view("medication_status", "metformin", "Metformin 500 mg twice a day by mouth.",
                   status="active", chain_id=7, slots={"dose_value": "500", "dose_unit": "mg",
                   "frequency": "twice daily", "route": "oral"})  # fmt: skip
    first = ask("患者二甲双胍的剂量是多少？", [anchor(slotted)])[0]
    assert first.startswith("二甲双胍 500 mg 每日两次 口服")


def test_chinese_answer_leaves_out_a_frequency_it_cannot_translate() -> None:
    odd = view("medication_status", "valsartan", "Valsartan 80 mg every 2nd Tuesday.",
               status="active", chain_id=6, slots={"frequency": "every 2nd Tuesday"})  # fmt: skip
    first = ask("患者缬沙坦的剂量是多少？", [anchor(odd)])[0]
    assert first.startswith("缬沙坦 80 mg，") and "Tuesday" not in first


def test_dose_is_carried_from_the_chains_last_record_that_states_one() -> None:
    said = view("medication_status", "lisinopril", "Lisinopril 40 mg daily.", status="active",
                value="40", unit="mg", chain_id=21)  # fmt: skip
    tail = view("medication_status", "lisinopril", "Take the lisinopril as directed.",
                day=date(2024, 3, 1), status="active", chain_id=21)  # fmt: skip
    lines = ask("What dose of lisinopril?", [relation(said), anchor(tail)])
    assert lines[0] == ("Lisinopril 40 mg daily since 2024-03-01 [E2]; "
                        "dose as last stated 2024-01-08 [E1]")  # fmt: skip


def test_no_dose_is_carried_across_an_unstated_dose_change() -> None:
    said = view("medication_status", "lisinopril", "Lisinopril 10 mg daily.", status="active",
                value="10", unit="mg", chain_id=22)  # fmt: skip
    raised = view("medication_status", "lisinopril", "Let's increase the lisinopril.",
                  day=date(2024, 2, 1), status="dose_changed", chain_id=22)  # fmt: skip
    tail = view("medication_status", "lisinopril", "Keep taking the lisinopril.",
                day=date(2024, 3, 1), status="active", chain_id=22)  # fmt: skip
    first = ask("What dose of lisinopril?", [relation(said), relation(raised), anchor(tail)])[0]
    assert "10 mg" not in first and first.startswith("Lisinopril since 2024-03-01")


def test_dose_planned_at_the_visit_that_starts_the_drug_is_carried() -> None:
    said = "We'll put you on carvedilol 25 mg twice a day."
    plan = view("medication_status", "carvedilol", said, day=date(2024, 3, 1), status="planned",
                value="25", unit="mg", chain_id=24)  # fmt: skip
    started = view("medication_status", "carvedilol", "We're adding the carvedilol.",
                   day=date(2024, 3, 1), status="active", chain_id=24)  # fmt: skip
    first = ask("What dose of carvedilol?", [relation(plan), anchor(started)])[0]
    assert first.startswith("Carvedilol 25 mg twice a day since 2024-03-01 [E2]")
    assert first.endswith("dose as last stated 2024-03-01 [E1]")


def test_dose_of_an_older_plan_is_not_carried() -> None:
    said = "We could start carvedilol 25 mg."
    plan = view("medication_status", "carvedilol", said, day=date(2024, 1, 8), status="planned",
                value="25", unit="mg", chain_id=25)  # fmt: skip
    taken = view("medication_status", "carvedilol", "I take the carvedilol.",
                 day=date(2024, 3, 1), status="active", chain_id=25)  # fmt: skip
    first = ask("What dose of carvedilol?", [relation(plan), anchor(taken)])[0]
    assert "25 mg" not in first and first.startswith("Carvedilol since 2024-03-01")


def test_latest_reading_comes_first_when_two_chains_hold_the_item() -> None:
    old = view("lab_result", "hba1c", "Your A1c was 8.1.", day=date(2024, 1, 8), value="8.1",
               unit="%", chain_id=31)  # fmt: skip
    new = view("lab_result", "hba1c", "A1c today is 7.2.", day=date(2024, 6, 17), value="7.2",
               unit="%", chain_id=32)  # fmt: skip
    first = ask("What is the patient's latest A1c?", [anchor(old), anchor(new)])[0]
    assert first.startswith("A1c 7.2 % measured 2024-06-17")


def test_days_result_is_stated_before_a_goal_said_later_the_same_day() -> None:
    result = view("lab_result", "magnesium", "It was normal at 1.7.", value="1.7", chain_id=33)
    goal = view("lab_result", "magnesium", "We like to get your levels up to around 2.",
                value="2", chain_id=33)  # fmt: skip
    lines = ask("What is the patient's latest magnesium?", [relation(result), anchor(goal)])
    assert lines[0] == "Magnesium 1.7 measured 2024-01-08 [E1]"
    assert lines[1] == "Magnesium 2 measured 2024-01-08 [E2]"


def test_a_reading_without_goal_words_stays_the_answer() -> None:
    first = view("lab_result", "magnesium", "Magnesium was 1.7.", value="1.7", chain_id=34)
    later = view("lab_result", "magnesium", "Magnesium today is 2.1.", value="2.1", chain_id=34)
    lines = ask("What is the patient's latest magnesium?", [relation(first), anchor(later)])
    assert lines[0] == "Magnesium 2.1 measured 2024-01-08 [E2]"


def test_dose_question_states_the_dose_in_force_and_a_planned_change() -> None:
    taking = view("medication_status", "lisinopril", "You're on lisinopril 10 mg a day.",
                  status="active", value="10", unit="mg", chain_id=35)  # fmt: skip
    raise_ = view("medication_status", "lisinopril", "Let's go up to 20 mg of lisinopril.",
                  status="planned", value="20", unit="mg", chain_id=35)  # fmt: skip
    first = ask("What dose of lisinopril?", [anchor(taking), relation(raise_)])[0]
    assert first.startswith("Lisinopril 10 mg a day since")
    assert first.endswith("[E1]; planned 2024-01-08: 20 mg [E2]")


def test_a_plan_repeating_the_dose_in_force_adds_nothing() -> None:
    taking = view("medication_status", "lisinopril", "Lisinopril 10 mg a day.",
                  status="active", value="10", unit="mg", chain_id=36)  # fmt: skip
    same = view("medication_status", "lisinopril", "Keep lisinopril at 10 mg.",
                status="planned", value="10", unit="mg", chain_id=36)  # fmt: skip
    first = ask("What dose of lisinopril?", [anchor(taking), relation(same)])[0]
    assert "planned" not in first


def test_drug_dose_is_read_from_the_medication_not_a_safety_record_naming_it() -> None:
    tolerated = view("safety", "torsemide", "You are tolerating the torsemide okay.",
                     safety_kind="allergy", assertion="negated")  # fmt: skip
    med = view("medication_status", "torsemide", "Torsemide 20 mg daily.", status="active",
               value="20", unit="mg", chain_id=23)  # fmt: skip
    lines = ask("What dose of torsemide?", [EvidenceItem("matched", tolerated, is_anchor=True,
                                                         unit="fact:1"), anchor(med)])  # fmt: skip
    assert lines[0].startswith("Torsemide 20 mg daily")


def test_drug_dose_answer_still_cautions_a_class_allergy() -> None:
    med = view("medication_status", "amoxicillin", "Amoxicillin 500 mg three times daily.",
               status="active", value="500", unit="mg", chain_id=24)  # fmt: skip
    lines = ask("What dose of amoxicillin?", [anchor(med)], prof=profile(safety=(PEN,)))
    assert lines[0].startswith("Amoxicillin 500 mg") and lines[1].startswith("CAUTION:")


def test_spoken_lab_unit_is_written_as_mg_per_dl() -> None:
    tg = view("lab_result", "triglycerides", "They were 265 milligrams per deciliter.",
              value="265", chain_id=25)  # fmt: skip
    assert ask("What is the latest triglycerides?", [anchor(tg)])[0].startswith(
        "Triglycerides 265 mg/dL measured 2024-01-08"
    )


def test_yes_no_about_a_qualified_disease_word_says_no_record_instead_of_listing() -> None:
    dx = view("condition", "arthritis", "Arthritis of the knee.", status="confirmed", chain_id=26)
    lines = ask("Does the patient personally have any history of heart diseases?",
                prof=profile(diagnoses=(dx,)))  # fmt: skip
    assert lines[0] == "No record of heart diseases for the patient."


def test_suspected_record_is_not_a_plain_yes() -> None:
    dx = view("condition", "asthma", "Could be asthma.", status="suspected", chain_id=27)
    assert ask("Does the patient have asthma?", [anchor(dx)])[0].startswith(
        "Suspected, not confirmed: Asthma"
    )


def test_hypothetical_mention_is_not_a_yes() -> None:
    dx = view("condition", "arthritis", "If it turns out to be arthritis...",
              status="confirmed", assertion="hypothetical", chain_id=28)  # fmt: skip
    first = ask("Does the patient have arthritis?", [anchor(dx)])[0]
    assert first.startswith("Only mentioned as a possibility") and "Yes" not in first


def test_chinese_caution_names_the_recorded_substance_in_chinese() -> None:
    first = ask("患者能不能用阿莫西林？", prof=profile(safety=(PEN,)))[0]
    assert first.startswith("注意：已记录过敏/不耐受 青霉素") and "penicillin " not in first


def test_yes_no_about_a_drug_gives_no_yes_for_a_safety_record_naming_it() -> None:
    stopped = view("medication_status", "ibuprofen", "I stopped the ibuprofen.", status="stopped",
                   day=date(2024, 9, 15), chain_id=29)  # fmt: skip
    avoid = view("safety", "ibuprofen", "Avoid ibuprofen with your valsartan.",
                 safety_kind="contraindication")  # fmt: skip
    lines = ask("Is the patient taking ibuprofen?",
                [anchor(stopped), EvidenceItem("matched", avoid, is_anchor=True, unit="fact:2")],
                prof=profile(safety=(avoid,)))  # fmt: skip
    assert lines[0].startswith("Not currently: Ibuprofen") and not any(
        line.startswith("Yes") for line in lines
    )


def test_a_denied_medication_is_dated_recorded_not_since() -> None:
    denied = view("medication_status", "ibuprofen", "Still no ibuprofen for you.",
                  status="active", assertion="negated", day=date(2024, 12, 8),
                  valid_from=date(2024, 12, 8), chain_id=30)  # fmt: skip
    first = ask("Is the patient taking ibuprofen?", [anchor(denied)])[0]
    assert first == "No: recorded as absent. Ibuprofen recorded 2024-12-08 [E1]"


def test_the_superseded_dose_record_joins_the_evidence_when_retrieval_left_it_out() -> None:
    records = ItemRecords(own={"valsartan": [V80, V160]})
    added = dose_sources(records, [anchor(V160)])
    assert [(i.fact.fact_id, i.marks) for i in added] == [(V80.fact_id, ("superseded",))]


GLARGINE = view("medication_status", "insulin glargine", "Lantus, twenty units at bedtime.",
                status="active", value="20", unit="units", day=date(2024, 6, 3),
                valid_from=date(2024, 6, 3), chain_id=7)  # fmt: skip
INSULIN = view("medication_status", "insulin", "The insulin is fine.", status="active",
               day=date(2024, 6, 3), valid_from=date(2024, 6, 3), chain_id=8)  # fmt: skip


def test_a_family_dose_question_is_answered_by_the_member_that_states_a_dose() -> None:
    lines = ask("What dose of insulin is the patient taking?", [anchor(INSULIN), anchor(GLARGINE)])
    assert lines[0].startswith("Insulin glargine 20 units")


def test_a_record_of_the_asked_item_that_states_a_dose_still_leads() -> None:
    dosed = view("medication_status", "insulin", "Insulin 10 units daily.", status="active",
                 value="10", unit="units", day=date(2024, 6, 3), chain_id=9)  # fmt: skip
    lines = ask("What dose of insulin is the patient taking?", [anchor(GLARGINE), anchor(dosed)])
    assert lines[0].startswith("Insulin 10 units")
