"""What the patient pages show: safety first, current records, relatives apart."""

from __future__ import annotations

import pytest
from django.db import transaction
from django.urls import reverse

from memory.actions.corrections import set_verification
from memory.models import Fact

pytestmark = pytest.mark.django_db


def page(client, name, *args, **params):
    response = client.get(reverse(name, args=args), params)
    assert response.status_code == 200
    return response.content.decode()


def test_list_shows_counts_last_date_and_allergy_badge(client_in, patient):
    body = page(client_in, "patient-list")
    assert "2024-03-18" in body
    assert 'data-label="Sessions">2</td>' in body and 'data-label="Facts">7</td>' in body
    assert "1 allergy" in body


def test_list_search_htmx_returns_rows_only(client_in, patient):
    response = client_in.get(reverse("patient-list"), {"q": "wang"}, HTTP_HX_REQUEST="true")
    body = response.content.decode()
    assert "<html" not in body and "p1" in body


def test_list_search_without_match(client_in, patient):
    assert "No patient matches" in page(client_in, "patient-list", q="zzz")


def test_overview_safety_banner_comes_first(client_in, patient):
    body = page(client_in, "patient-overview", "p1")
    assert body.index("Allergic to penicillin") < body.index("Current medications")


def test_overview_shows_current_dose_not_superseded_one(client_in, patient):
    body = page(client_in, "patient-overview", "p1")
    meds = body[body.index("Current medications") : body.index("Diagnoses")]
    assert "10 mg" in meds and "5 mg once daily started" not in meds


def test_overview_keeps_fathers_drug_in_his_section(client_in, patient):
    body = page(client_in, "patient-overview", "p1")
    relatives = body.index("Relatives and other people")
    assert body.index("Father takes indapamide") > relatives


def test_refuted_allergy_stays_struck_through_with_reason(client_in, clinician, patient):
    allergy = Fact.objects.get(patient=patient, fact_type="safety")
    with transaction.atomic():
        set_verification(allergy, "refuted", actor=clinician, reason="skin test negative",
                         channel="test")  # fmt: skip
    body = page(client_in, "patient-overview", "p1")
    assert "Allergic to penicillin" in body
    assert "ruled-out" in body and "skin test negative" in body
    assert "1 allergy" not in page(client_in, "patient-list")


def test_timeline_filter_by_type(client_in, patient):
    body = page(client_in, "patient-timeline", "p1", type="vital")
    assert (
        "156/98" in body
        and "amlodipine" not in body.lower().split('<main id="main" tabindex="-1">')[1]
    )


def test_timeline_filter_by_person(client_in, patient):
    body = page(client_in, "patient-timeline", "p1", person="family:father")
    assert "indapamide" in body and "penicillin" not in body


def test_timeline_filter_by_date_range(client_in, patient):
    body = page(client_in, "patient-timeline", "p1", start="2024-03-01", end="2024-12-31")
    assert "138/86" in body and "156/98" not in body


def test_timeline_htmx_request_returns_partial(client_in, patient):
    url = reverse("patient-timeline", args=["p1"])
    body = client_in.get(url, {"type": "vital"}, HTTP_HX_REQUEST="true").content.decode()
    assert "<html" not in body and "156/98" in body


def test_timeline_fact_links_to_its_session_turn(client_in, patient):
    body = page(client_in, "patient-timeline", "p1")
    assert reverse("session-detail", args=["p1", "v1"]) + "#turn-3" in body


def test_chains_page_marks_current_and_draws_trend(client_in, patient):
    body = page(client_in, "patient-chains", "p1")
    assert "supersedes" in body and "badge current" in body
    assert "<svg" in body and "in force 2024-01-08 to 2024-03-18" in body


def test_session_viewer_shows_fact_at_its_turn(client_in, patient):
    body = page(client_in, "session-detail", "p1", "v1")
    turn3 = body[body.index('id="turn-3"') : body.index('id="turn-4"')]
    assert "Allergic to penicillin" in turn3
    assert "hand-built" in body  # the model that extracted it


def test_unknown_session_is_404(client_in, patient):
    assert client_in.get(reverse("session-detail", args=["p1", "nope"])).status_code == 404


def test_safety_audit_filters_by_verification(client_in, clinician, patient):
    allergy = Fact.objects.get(patient=patient, fact_type="safety")
    with transaction.atomic():
        set_verification(allergy, "confirmed", actor=clinician, reason="", channel="web")
    body = page(client_in, "safety-audit", verification="confirmed")
    assert "penicillin" in body and "dr_li" in body
    assert "penicillin" not in page(client_in, "safety-audit", verification="refuted")


def test_every_hx_get_has_an_href(client_in, patient):
    body = page(client_in, "patient-timeline", "p1")
    assert body.count("hx-get=") <= body.count("href=")


def test_ask_returns_answer_with_reader_and_linked_evidence(client_in, patient):
    url = reverse("patient-ask", args=["p1"])
    response = client_in.post(
        url, {"question": "What dose of amlodipine now?"}, HTTP_HX_REQUEST="true"
    )
    body = response.content.decode()
    assert response.status_code == 200 and "<html" not in body
    assert "Answered by" in body and "10 mg" in body
    assert reverse("session-detail", args=["p1", "v2"]) + "#turn-2" in body


def test_ask_against_vectors_of_another_model_is_refused_with_a_rebuild_notice(client_in, patient):
    from memory.models import IndexState

    IndexState.objects.update_or_create(
        singleton=True, defaults={"embedder": "some-other-model", "dim": 384}
    )
    url = reverse("patient-ask", args=["p1"])
    response = client_in.post(url, {"question": "What dose of amlodipine now?"})
    body = response.content.decode()
    assert response.status_code == 503 and "medgraph reindex" in body
    assert reverse("patient-overview", args=["p1"]) in body and "10 mg" not in body


def test_ask_without_question_is_422(client_in, patient):
    response = client_in.post(reverse("patient-ask", args=["p1"]), {"question": ""})
    assert response.status_code == 422


def test_language_switch_renders_chinese(client_in, patient):
    client_in.post("/i18n/setlang/", {"language": "zh-hans", "next": "/"})
    body = page(client_in, "patient-overview", "p1")
    assert "安全档案" in body and "当前用药" in body
