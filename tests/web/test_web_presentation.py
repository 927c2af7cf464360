"""Cards in the UI language, the edit form's item/type change, and the audit diff."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from memory.models import Chain, Fact
from memory.web.labels import label, person_label, unit_label
from memory.web.present import dose_text, item_name

pytestmark = pytest.mark.django_db


def test_person_labels_and_units_follow_the_ui_language():
    with translation.override("en"):
        assert person_label("family:father") == "Father" and unit_label("毫克") == "mg"
    with translation.override("zh-hans"):
        assert person_label("family:father") == "父亲" and unit_label("mg") == "毫克"
        assert unit_label("mmHg") == "mmHg"  # no pair: kept as written
        assert label("same drug") == "同一药物" and label("frequency") == "频次"


def test_card_names_the_item_and_dose_in_the_ui_language(patient):
    current = Fact.objects.get(patient=patient, status="dose_changed")
    with translation.override("zh-hans"):
        assert item_name(current) == "氨氯地平" and dose_text(current) == "10 毫克"
    with translation.override("en"):
        assert item_name(current) == "amlodipine" and dose_text(current) == "10 mg"


def test_blood_pressure_slots_are_read_when_present(patient):
    reading = Fact.objects.filter(patient=patient, fact_type="vital").first()
    reading.value = ""
    reading.slots = {"systolic": 150, "diastolic": 95}  # the parallel slots field, if merged
    with translation.override("en"):
        assert dose_text(reading) == "150/95 mmHg"


def test_edit_form_moves_a_fact_to_another_item_and_recomputes_both_chains(client_in, patient):
    first = Fact.objects.get(patient=patient, content__startswith="Amlodipine 5 mg")
    url = reverse("fact-correct", args=["p1", first.pk, "edit"])
    data = {"content": first.content, "value": "5", "unit": "mg", "status": "active"}
    data |= {"item": "valsartan", "fact_type": "medication_status", "reason": "wrong drug"}
    data["version"] = first.version
    assert client_in.post(url, data).status_code == 302
    first.refresh_from_db()
    assert first.entity.name == "valsartan" and first.corrected
    old = Chain.objects.get(patient=patient, entity__name="amlodipine")
    assert list(old.members.values_list("status", flat=True)) == ["dose_changed"]
    assert old.tail.valid_to is None
    audit = client_in.get(reverse("fact-detail", args=["p1", first.pk])).content.decode()
    assert "<del>amlodipine</del> → <ins>valsartan</ins>" in audit


def test_safety_facts_keep_their_type(client_in, patient):
    allergy = Fact.objects.get(patient=patient, fact_type="safety")
    form = client_in.get(reverse("fact-detail", args=["p1", allergy.pk])).content.decode()
    assert f"id_edit_{allergy.pk}_item" in form and f"id_edit_{allergy.pk}_fact_type" not in form


def test_dose_frequency_and_route_are_shown_in_chinese():
    from django.utils import translation

    from memory.web.labels import unit_label

    with translation.override("zh-hans"):
        assert [unit_label(v) for v in ("twice daily", "oral", "every 6 hours")] == [
            "每日两次", "口服", "每6小时",
        ]  # fmt: skip
