"""lookup(): any surface form, either language, brand -> generic."""

from __future__ import annotations

import pytest

from memory.lexicon import class_members, lookup, measurement_category


@pytest.mark.parametrize(
    ("surface", "canonical"),
    [
        ("Tylenol", "acetaminophen"),
        ("paracetamol", "acetaminophen"),
        ("泰诺", "acetaminophen"),
        ("扑热息痛", "acetaminophen"),
        ("拜新同", "nifedipine"),
        ("络活喜", "amlodipine"),
        ("波立维", "clopidogrel"),
        ("Plavix", "clopidogrel"),
        ("Norvasc", "amlodipine"),
    ],
)
def test_brand_or_synonym_resolves_to_generic(surface: str, canonical: str) -> None:
    entry = lookup(surface)
    assert entry is not None
    assert entry.canonical == canonical


def test_chinese_generic_resolves_to_english_canonical() -> None:
    entry = lookup("阿司匹林")
    assert entry is not None and entry.canonical == "aspirin"


def test_english_generic_carries_chinese_name() -> None:
    entry = lookup("Aspirin")
    assert entry is not None and entry.zh == "阿司匹林"


def test_lookup_ignores_case_and_hyphenation() -> None:
    assert lookup("NT proBNP") == lookup("nt-probnp")


def test_full_width_latin_is_folded() -> None:
    entry = lookup("ＨｂＡ１ｃ")
    assert entry is not None and entry.canonical == "hba1c"


def test_drug_carries_its_primary_class() -> None:
    entry = lookup("缬沙坦")
    assert entry is not None and entry.drug_class == "arbs"


def test_unknown_name_returns_none() -> None:
    assert lookup("flurbleglorp") is None


def test_empty_name_returns_none() -> None:
    assert lookup("   ") is None


def test_english_drug_outside_curated_list_falls_back_to_package() -> None:
    entry = lookup("tafamidis")
    assert entry is not None
    assert (entry.canonical, entry.kind, entry.zh) == ("tafamidis", "drug", None)


def test_class_resolves_from_chinese_colloquial_name() -> None:
    entry = lookup("沙坦类")
    assert entry is not None and (entry.kind, entry.canonical) == ("drug_class", "arbs")


def test_class_members_include_members_by_class_alias() -> None:
    assert "lisinopril" in class_members("ACE inhibitors")


def test_class_members_include_subclass_members() -> None:
    assert "celecoxib" in class_members("nsaids")


def test_class_members_of_unknown_class_is_empty() -> None:
    assert class_members("no such class") == ()


def test_aspirin_is_both_antiplatelet_and_nsaid() -> None:
    assert "aspirin" in class_members("antiplatelets") and "aspirin" in class_members("nsaids")


def test_penicillin_class_contains_amoxicillin() -> None:
    assert "amoxicillin" in class_members("青霉素类")


def test_sulfa_class_contains_cotrimoxazole() -> None:
    assert "sulfamethoxazole/trimethoprim" in class_members("sulfa drugs")


@pytest.mark.parametrize(
    ("surface", "canonical"),
    [
        ("hypertension", "hypertension"),
        ("高血压", "hypertension"),
        ("心衰", "heart failure"),
        ("CHF", "heart failure"),
        ("房颤", "atrial fibrillation"),
        ("二型糖尿病", "type 2 diabetes"),
        ("慢阻肺", "copd"),
    ],
)
def test_disease_resolves_bilingually(surface: str, canonical: str) -> None:
    entry = lookup(surface)
    assert entry is not None
    assert (entry.kind, entry.canonical) == ("disease", canonical)


@pytest.mark.parametrize(
    ("surface", "canonical", "category"),
    [
        ("血压", "blood pressure", "vital"),
        ("SpO2", "oxygen saturation", "vital"),
        ("6分钟步行", "six-minute walk test", "vital"),
        ("糖化血红蛋白", "hba1c", "lab"),
        ("肌酐", "creatinine", "lab"),
        ("INR", "inr", "lab"),
    ],
)
def test_test_names_resolve_with_lab_or_vital_category(
    surface: str, canonical: str, category: str
) -> None:
    entry = lookup(surface)
    assert entry is not None
    assert (entry.kind, entry.canonical) == ("test", canonical)
    assert measurement_category(entry.canonical) == category


def test_a_salt_name_known_only_to_the_package_is_the_curated_drug() -> None:
    entry = lookup("tolterodine tartrate")
    assert entry is not None and entry.canonical == "tolterodine"


def test_a_brand_with_a_release_suffix_is_the_curated_drug() -> None:
    entry = lookup("Detrol LA")
    assert entry is not None and entry.canonical == "tolterodine"


def test_a_throat_infection_is_named_by_its_site_not_as_infections() -> None:
    entry = lookup("throat infection")
    assert entry is not None and entry.canonical == "pharyngitis"
