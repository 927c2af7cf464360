"""What an operation is (issue 29): a procedure the patient had, named with its
site or type. A plan is stored as planned; avoided, hypothetical and counselling
mentions, counts, fragments and a third party's operation are no item.

Every "no item" test has a positive control: the same sentence but for the cue.
Wording is invented, English and Chinese.
"""

from __future__ import annotations

from tests.extraction_rules._helpers import facts


def _history(*turns: tuple[str, str]) -> list[str | None]:
    """Operations stored as the patient's history (not planned, not denied); a
    childhood operation is history told as past ("historical")."""
    found = facts(*turns, kind="surgical_history")
    return [
        f.entity
        for f in found
        if f.assertion in ("present", "historical")
        and f.status != "planned"
        and f.subject == "patient"
    ]


def _planned(*turns: tuple[str, str]) -> list[str | None]:
    found = facts(*turns, kind="surgical_history")
    return [f.entity for f in found if f.status == "planned"]


# --- named with site or type -----------------------------------------------------------


def test_knee_arthroscopy_is_an_operation() -> None:
    assert _history(("Patient", "Back in 2017 I had a knee arthroscopy.")) == ["arthroscopy"]


def test_inguinal_hernia_repair_is_named_as_a_hernia_repair() -> None:
    found = _history(("Patient", "They did an inguinal hernia repair on me in 2009."))
    assert found == ["hernia repair"]


def test_mitral_valve_repair_is_named_as_a_mitral_valve_repair() -> None:
    found = _history(("Patient", "I had a mitral valve repair six years ago."))
    assert found == ["mitral valve repair"]


def test_surgery_on_a_named_site_is_named_by_its_site() -> None:
    found = _history(("Patient", "I had surgery on my left shoulder in 2014."))
    assert found == ["shoulder surgery"]


def test_chinese_appendectomy_is_an_operation() -> None:
    assert _history(("患者", "我十二岁那年做过阑尾切除术。")) == ["appendectomy"]


def test_chinese_coronary_bypass_is_an_operation() -> None:
    found = _history(("患者", "我2016年做过冠状动脉搭桥术。"))
    assert found == ["coronary artery bypass graft"]


def test_chinese_cesarean_section_is_an_operation() -> None:
    assert _history(("患者", "我2011年做过剖宫产。")) == ["cesarean section"]


# --- coronary grafting is no skin graft -------------------------------------------------


def test_coronary_grafting_is_a_bypass() -> None:
    found = _history(("Patient", "I had coronary artery bypass grafting in 2012."))
    assert found == ["coronary artery bypass graft"]


def test_coronary_grafting_is_never_a_skin_graft() -> None:
    coronary = _history(("Patient", "I had coronary artery bypass grafting in 2012."))
    skin = _history(("Patient", "I had skin grafting in 2012."))
    assert ("skin graft" in coronary, skin) == (False, ["skin graft"])


def test_skin_grafting_is_a_skin_graft() -> None:
    found = _history(("Patient", "I had skin grafting on my arm in 2012."))
    assert found == ["skin graft"]


# --- fragments and bare words --------------------------------------------------------


def test_bare_surgery_is_no_item() -> None:
    bare = _history(("Patient", "I had surgery in 2015."))
    sited = _history(("Patient", "I had knee surgery in 2015."))
    assert (bare, sited) == ([], ["knee surgery"])


def test_bare_repair_is_no_item() -> None:
    bare = _history(("Patient", "I had a repair in 2015."))
    typed = _history(("Patient", "I had a hernia repair in 2015."))
    assert (bare, typed) == ([], ["hernia repair"])


def test_before_surgery_fragment_is_no_item() -> None:
    bare = _history(("Patient", "I was really anxious before surgery in 2015."))
    sited = _history(("Patient", "I was really anxious before my hip surgery in 2015."))
    assert (bare, sited) == ([], ["hip surgery"])


def test_chinese_bare_operation_is_no_item() -> None:
    bare = _history(("患者", "我2015年做过手术。"))
    sited = _history(("患者", "我2015年做过心脏手术。"))
    assert (bare, sited) == ([], ["心脏手术"])


# --- counts --------------------------------------------------------------------------


def test_second_operation_is_no_item() -> None:
    counted = _history(("Patient", "That was my second operation, back in 2019."))
    typed = _history(("Patient", "That was my gallbladder surgery, back in 2019."))
    assert (counted, typed) == ([], ["cholecystectomy"])


def test_chinese_second_operation_is_no_item() -> None:
    counted = _history(("患者", "我2019年做过第二次手术。"))
    sited = _history(("患者", "我2019年做过甲状腺手术。"))
    assert (counted, sited) == ([], ["thyroidectomy"])


# --- avoided, hypothetical, counselling ----------------------------------------------


def test_avoided_operation_is_no_item() -> None:
    avoided = "We did months of physio back in 2020 so we could avoid a knee replacement."
    done = "We did months of physio back in 2020 and then we did a knee replacement."
    assert (_history(("Doctor", avoided)), _history(("Doctor", done))) == ([], ["knee replacement"])


def test_avoided_operation_is_not_planned_either() -> None:
    avoided = "We will keep up the exercises so we can avoid a hip replacement."
    planned = "We will keep up the exercises so we can do a hip replacement."
    assert (_planned(("Doctor", avoided)), _planned(("Doctor", planned))) == (
        [],
        ["hip replacement"],
    )


def test_counselling_that_people_never_need_the_operation_is_no_item() -> None:
    general = "Most people with this kind of tear never need a rotator cuff repair."
    own = "You had a rotator cuff repair for this kind of tear in 2018."
    assert (_history(("Doctor", general)), _history(("Doctor", own))) == (
        [],
        ["rotator cuff repair"],
    )


def test_chinese_conditional_operation_is_no_item() -> None:
    conditional = facts(
        ("医生", "你如果保守治疗效果差，才考虑做膝关节置换术。"), kind="surgical_history"
    )
    done = _history(("医生", "你保守治疗效果差，去年才做了膝关节置换术。"))
    assert (conditional, done) == ([], ["knee replacement"])


def test_chinese_not_needed_operation_is_no_item() -> None:
    not_needed = facts(
        ("患者", "我这种情况去年复查过，不需要做胆囊切除术。"), kind="surgical_history"
    )
    done = _history(("患者", "我这种情况去年复查过，已经做了胆囊切除术。"))
    assert (not_needed, done) == ([], ["cholecystectomy"])


def test_english_hypothetical_operation_is_no_item() -> None:
    said = "If the brace does not help, you may need a knee replacement."
    done = "The brace did not help, so you had a knee replacement."
    hypothetical = facts(("Doctor", said), kind="surgical_history")
    assert (hypothetical, _history(("Doctor", done))) == ([], ["knee replacement"])


# --- post-operative advice for an operation not yet done ------------------------------


def test_postoperative_advice_is_no_history() -> None:
    advice = "After the hip replacement you will need to keep the leg straight."
    told = "After the hip replacement in 2016 I had to keep the leg straight."
    assert (_history(("Doctor", advice)), _history(("Patient", told))) == (
        [],
        ["hip replacement"],
    )


def test_chinese_postoperative_advice_is_no_history() -> None:
    advice = _history(("医生", "术后要注意，髋关节置换术以后别盘腿。"))
    told = _history(("患者", "我2016年做了髋关节置换术，以后没再盘腿。"))
    assert (advice, told) == ([], ["hip replacement"])


# --- planned --------------------------------------------------------------------------


def test_planned_operation_is_stored_as_planned() -> None:
    said = "We will book you in for a knee replacement next month."
    assert _planned(("Doctor", said)) == ["knee replacement"]


def test_planned_operation_is_not_history() -> None:
    planned = "We will book you in for a knee replacement next month."
    done = "We had you in for a knee replacement last month."
    assert (_history(("Doctor", planned)), _history(("Doctor", done))) == (
        [],
        ["knee replacement"],
    )


def test_chinese_planned_operation_is_stored_as_planned() -> None:
    assert _planned(("患者", "下个月准备做疝修补术。")) == ["hernia repair"]


def test_chinese_planned_control_done_is_history() -> None:
    assert _history(("患者", "上个月已经做了疝修补术。")) == ["hernia repair"]


# --- third parties ------------------------------------------------------------------


def test_neighbours_operation_is_not_the_patients() -> None:
    found = facts(("Patient", "My neighbour had a hip replacement last year."))
    neighbours = [f for f in found if f.safety_kind == "surgical_history"]
    own = _history(("Patient", "I had a hip replacement last year."))
    assert (neighbours, own) == ([], ["hip replacement"])


def test_chinese_coworkers_operation_is_not_the_patients() -> None:
    coworkers = facts(("患者", "我同事去年做了腰椎间盘切除术。"), kind="surgical_history")
    own = _history(("患者", "我去年做了腰椎间盘切除术。"))
    assert (coworkers, own) == ([], ["discectomy"])


def test_relatives_operation_is_not_the_patients() -> None:
    brothers = facts(("Patient", "My brother had a hip replacement last year."))
    own = facts(("Patient", "I had a hip replacement last year."))
    subjects = [
        [f.subject for f in found if f.safety_kind == "surgical_history"]
        for found in (brothers, own)
    ]
    assert subjects == [["family:brother"], ["patient"]]


# --- what was removed, and Chinese lead-ins -------------------------------------------


def test_lump_removed_from_the_breast_is_a_lumpectomy() -> None:
    found = _history(("Patient", "In 2013 they removed a small lump from my breast."))
    assert found == ["lumpectomy"]


def test_lump_removed_from_the_breast_is_not_a_mastectomy() -> None:
    lump = _history(("Patient", "In 2013 they removed a small lump from my breast."))
    breast = _history(("Patient", "In 2013 they removed my whole breast."))
    assert ("mastectomy" in lump, breast) == (False, ["mastectomy"])


def test_surgery_on_both_knees_is_knee_surgery() -> None:
    found = _history(("Patient", "In 2013 I had surgery on both of my knees."))
    assert found == ["knee surgery"]


def test_site_of_surgery_gives_way_to_the_named_operation() -> None:
    said = "In 2013 I had surgery on my knee, an ACL reconstruction."
    assert _history(("Patient", said)) == ["acl reconstruction"]


def test_chinese_whether_surgery_is_needed_is_no_item() -> None:
    whether = facts(
        ("患者", "我去年查过，医生还要看是否需要做胆囊切除术。"), kind="surgical_history"
    )
    done = _history(("患者", "我去年查过，医生已经给我做了胆囊切除术。"))
    assert (whether, done) == ([], ["cholecystectomy"])


def test_chinese_advice_after_an_operation_is_no_item() -> None:
    advice = facts(("医生", "你胆囊切除术后要注意清淡饮食。"), kind="surgical_history")
    told = _history(("医生", "你去年做了胆囊切除术，要注意清淡饮食。"))
    assert (advice, told) == ([], ["cholecystectomy"])


def test_chinese_surgery_well_wishing_is_no_item() -> None:
    """ "祝" wishes an operation well; the same sentence dated "去年" tells one done."""
    bare = facts(("医生", "祝您手术顺利，早日康复！"), kind="surgical_history")
    named = facts(("医生", "祝您阑尾切除术顺利，早日康复！"), kind="surgical_history")
    done = _history(("医生", "您去年阑尾切除术顺利，早日康复！"))
    assert (bare, named, done) == ([], [], ["appendectomy"])


def test_chinese_cut_after_a_conjunction_keeps_both_named_operations() -> None:
    """ "疝气和隐睾手术": the operation word is shared by both sites."""
    assert sorted(_history(("患者", "我去年做了疝气和隐睾手术。"))) == ["hernia repair", "隐睾手术"]


def test_repaired_with_its_type_is_a_repair() -> None:
    assert _history(("Patient", "I had my hernia repaired in 2010.")) == ["hernia repair"]


def test_repair_named_by_an_unlisted_type_keeps_the_type() -> None:
    assert _history(("Patient", "I had a palate repair in 1990.")) == ["palate repair"]


def test_appendix_surgery_is_an_appendectomy() -> None:
    assert _history(("Patient", "I had appendix surgery in 1990.")) == ["appendectomy"]


def test_biopsy_is_named_with_the_site_before_it() -> None:
    assert _history(("Patient", "I had thyroid biopsies back in 2011.")) == ["thyroid biopsy"]


def test_biopsy_is_named_with_the_site_after_it() -> None:
    found = _history(("Patient", "Back in 2011 I had a biopsy of my liver."))
    assert found == ["liver biopsy"]


def test_operation_scheduled_after_its_name_is_planned() -> None:
    said = "Your knee replacement is scheduled for the second week of May."
    assert _planned(("Doctor", said)) == ["knee replacement"]


def test_operation_that_may_be_needed_is_no_item() -> None:
    said = "Primary closure should work, but a skin graft may be needed."
    done = "Primary closure did not work in 2019, so a skin graft was done."
    may_be = facts(("Doctor", said), kind="surgical_history")
    assert (may_be, _history(("Doctor", done))) == ([], ["skin graft"])


def test_day_surgery_names_no_operation() -> None:
    said = "It is a day surgery, so you will go home the same afternoon."
    named = "It was a hernia repair, so you went home the same afternoon."
    day = facts(("Doctor", said), kind="surgical_history")
    assert (day, _history(("Doctor", named))) == ([], ["hernia repair"])


def test_rotator_cuff_repaired_is_a_rotator_cuff_repair() -> None:
    said = "You had that rotator cuff repaired about eight months ago."
    assert _history(("Doctor", said)) == ["rotator cuff repair"]


def test_chinese_mothers_operation_is_not_the_patients() -> None:
    found = facts(("患者", "我妈妈去年做了髋关节置换术。"), kind="surgical_history")
    assert [f.subject for f in found] == ["family:mother"]


def test_guy_at_work_operation_is_not_the_patients() -> None:
    found = facts(("Patient", "A guy at work had a knee replacement last year."))
    theirs = [f for f in found if f.safety_kind == "surgical_history"]
    own = _history(("Patient", "I had a knee replacement last year."))
    assert (theirs, own) == ([], ["knee replacement"])


def test_chinese_operation_next_week_is_planned() -> None:
    assert _planned(("医生", "你下周做胆囊切除术，前一天晚上别吃东西。")) == ["cholecystectomy"]


def test_chinese_operation_last_week_control_is_history() -> None:
    assert _history(("医生", "你上周做了胆囊切除术，前一天晚上没吃东西。")) == ["cholecystectomy"]
