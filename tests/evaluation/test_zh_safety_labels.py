"""Scoring of listed safety items against hand labels (invented wording only)."""

from pathlib import Path

from memory.evaluation.zh_safety_labels import Label, Listed, matches, read_labels, score


def _label(
    item: str, status: str = "present", subject: str = "patient", kind: str = "allergy"
) -> Label:
    return Label("x1", subject, kind, tuple(item.split("|")), status)


def test_chinese_label_matches_english_listed_allergy_through_the_lexicon():
    assert matches(Listed("allergy", "penicillin", "present"), _label("青霉素"))


def test_a_different_substance_does_not_match():
    assert not matches(Listed("allergy", "aspirin", "present"), _label("青霉素"))


def test_a_negated_label_does_not_match_a_present_item():
    assert not matches(Listed("allergy", "penicillin", "present"), _label("青霉素", "negated"))


def test_a_relatives_label_does_not_match_the_patients_item():
    assert not matches(
        Listed("allergy", "penicillin", "present"), _label("青霉素", subject="family:mother")
    )


def test_a_done_surgery_label_matches_a_present_surgical_history():
    listed = Listed("surgical_history", "阑尾切除术", "present")
    assert matches(listed, _label("阑尾切除术", "done", kind="surgical_history"))


def test_a_missing_label_file_reads_as_not_labelled(tmp_path: Path):
    assert read_labels(tmp_path / "tune.tsv") is None


def test_label_rows_read_with_aliases(tmp_path: Path):
    path = tmp_path / "tune.tsv"
    path.write_text(
        "consultation_id\tsubject\tkind\titem\tstatus\tnote\n"
        "x9\tpatient\tallergy\t头孢|头孢类\tpresent\t自述起疹\n",
        encoding="utf-8",
    )
    assert read_labels(path) == [Label("x9", "patient", "allergy", ("头孢", "头孢类"), "present")]


def test_an_item_listed_for_an_unlabelled_finished_consultation_is_wrong():
    from memory.evaluation.zh_safety_labels import score

    result = score({"x2": [Listed("allergy", "penicillin", "present")]}, [], {"x2"})
    assert (result.right, result.listed) == (0, 1)


def test_a_matching_item_counts_right_and_found():
    from memory.evaluation.zh_safety_labels import score

    labels = [Label("x3", "patient", "allergy", ("青霉素",), "present")]
    result = score({"x3": [Listed("allergy", "penicillin", "present")]}, labels, {"x3"})
    assert (result.right, result.listed, result.found, result.labelled) == (1, 1, 1, 1)


def test_a_label_worded_with_its_site_matches_the_listed_procedure():
    listed = Listed("surgical_history", "arthroscopy", "present")
    assert matches(listed, _label("膝关节的关节镜手术", "done", kind="surgical_history"))


def test_an_unnamed_label_is_not_asked_for():
    label = Label("x1", "patient", "surgical_history", ("手术",), "done", note="unnamed op")
    assert score({}, [label], {"x1"}).labelled == 0


def test_a_name_holding_the_labelled_wording_counts_only_when_loose():
    label = Label("c1", "patient", "allergy", ("洗衣液",), "present", "")
    listed = Listed("allergy", "新买的洗衣液", "present")
    assert (matches(listed, label), matches(listed, label, loose=True)) == (False, True)


def test_a_one_character_name_never_counts_as_held():
    label = Label("c1", "patient", "allergy", ("虾皮",), "present", "")
    assert matches(Listed("allergy", "虾", "present"), label, loose=True) is False
