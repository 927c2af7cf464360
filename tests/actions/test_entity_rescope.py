"""Migration 0013's data step: free-text entities shared between patients are
re-resolved per patient from each patient's own words (memory.actions.rescope).

The state before the migration is rebuilt on the current schema: one free-text
entity without a patient, named by patient B's words, that patient A's facts
were merged into (with A's wording among its aliases), as the old cross-patient
bigram match left it.
"""

from __future__ import annotations

from datetime import date

import pytest
from django.db import transaction

from memory.actions.corrections import set_verification
from memory.actions.imports import store_sessions
from memory.actions.rescope import rescope_all
from memory.actions.sessions import do_queue_sessions
from memory.domain.items import item_key
from memory.domain.types import ParsedSession, Turn
from memory.models import Chain, Entity, Fact
from memory.pipeline.construction import construct_pending

pytestmark = pytest.mark.django_db

# A bare "surgery" names no operation (rules.surgery): B names another site.
B_SAYS = "Years ago I had spine surgery, nothing else."
A_SAYS = "I had some back surgery when I was thirty."
A_SAYS_ZH = "我年轻时做过背部手术。"
B_SAYS_ZH = "我以前做过脊柱手术。"


def _import(patient: str, saying: str) -> None:
    turns = (Turn(1, "doctor", "Any operations?"), Turn(2, "patient", saying))
    session = ParsedSession(external_id=f"{patient}-1", date=date(2024, 2, 1), turns=turns,
                            patient_id=patient, patient_name=patient.upper())  # fmt: skip
    construct_pending(store_sessions([session]).stored[-1].pk)


def _fact(patient: str) -> Fact:
    return Fact.objects.select_related("entity").get(
        patient__external_id=patient, safety_kind="surgical_history"
    )


def _legacy(a_says: str, b_says: str) -> Entity:
    """B's entity made shared, A's facts merged into it, A's own entity gone."""
    _import("b", b_says)
    _import("a", a_says)
    shared, own = _fact("b").entity, _fact("a").entity
    Entity.objects.filter(pk=shared.pk).update(patient=None, aliases=[own.name])
    shared.refresh_from_db()
    key = item_key("safety", "patient", f"{shared.kind}:{shared.normalized}",
                   _fact("a").content, "surgical_history", "", "")  # fmt: skip
    Fact.objects.filter(entity=own).update(entity=shared, extraction_key=key)
    own.delete()
    return shared


@pytest.mark.parametrize(("a_says", "b_says"), [(A_SAYS, B_SAYS), (A_SAYS_ZH, B_SAYS_ZH)])
def test_a_fact_merged_into_another_patients_item_gets_its_own_words_back(a_says, b_says):
    _legacy(a_says, b_says)
    with transaction.atomic():
        rescope_all()
    assert _fact("a").entity.name == _import_alone_name(a_says)


def _import_alone_name(saying: str) -> str:
    """The item name the extractor gives the saying in an empty database."""
    return {A_SAYS: "back surgery", A_SAYS_ZH: "背部手术"}[saying]


def test_the_other_patient_keeps_the_item_his_words_named():
    _legacy(A_SAYS, B_SAYS)
    with transaction.atomic():
        rescope_all()
    found = (_fact("b").entity.name, _fact("b").entity.patient.external_id)
    assert found == ("spine surgery", "b")


def test_no_free_text_entity_is_left_shared_between_patients():
    _legacy(A_SAYS, B_SAYS)
    with transaction.atomic():
        rescope_all()
    assert not Entity.objects.filter(patient__isnull=True, in_dictionary=False).exists()


def test_a_dictionary_entity_drops_aliases_other_patients_words_gave_it():
    _import("b", "I had my gallbladder taken out.")
    shared = _fact("b").entity
    Entity.objects.filter(pk=shared.pk).update(aliases=["gall bladder thing"])
    with transaction.atomic():
        rescope_all()
    shared.refresh_from_db()
    assert (shared.in_dictionary, shared.aliases) == (True, [])


def test_a_confirmed_fact_keeps_the_item_the_clinician_confirmed(clinician):
    _legacy(A_SAYS, B_SAYS)
    set_verification(_fact("a"), "confirmed", actor=clinician, reason="checked", channel="web")
    with transaction.atomic():
        rescope_all()
    fact = _fact("a")
    assert (fact.entity.name, fact.entity.patient.external_id, fact.verification) == (
        "spine surgery",
        "a",
        "confirmed",
    )


def test_re_extracting_after_the_migration_never_resurrects_a_corrected_fact(clinician):
    _legacy(A_SAYS, B_SAYS)
    set_verification(_fact("a"), "refuted", actor=clinician, reason="never had it", channel="web")
    with transaction.atomic():
        rescope_all()
    ids = do_queue_sessions([_fact("a").session_id])
    construct_pending(ids[-1])
    rows = Fact.objects.filter(patient__external_id="a", safety_kind="surgical_history")
    assert list(rows.values_list("verification", flat=True)) == ["refuted"]


def test_a_chain_keeps_its_row_under_the_patients_own_item():
    _import("b", "Last spring I was diagnosed with chronic fatigue syndrome.")
    _import("a", "I have been diagnosed with chronic fatigue syndrome.")
    chain = Chain.objects.get(patient__external_id="a")
    shared = Chain.objects.get(patient__external_id="b").entity
    Entity.objects.filter(pk=shared.pk).update(patient=None)
    own = chain.entity
    Fact.objects.filter(entity=own).update(entity=shared)
    Chain.objects.filter(pk=chain.pk).update(entity=shared)
    own.delete()
    with transaction.atomic():
        rescope_all()
    kept = Chain.objects.select_related("entity__patient").get(pk=chain.pk)
    assert (kept.entity.patient.external_id, kept.entity.name) == ("a", shared.name)
