"""Care-team access, login and view auditing."""

from __future__ import annotations

import pytest
from django.urls import reverse

from memory.models import AuditEvent, Fact

pytestmark = pytest.mark.django_db

PATIENT_PAGES = ["patient-overview", "patient-timeline", "patient-chains", "patient-ask"]


def test_anonymous_user_is_sent_to_login(client, patient):
    response = client.get(reverse("patient-overview", args=["p1"]))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize("page", PATIENT_PAGES)
def test_non_member_gets_403_on_every_patient_page(client, outsider, patient, page):
    client.force_login(outsider)
    assert client.get(reverse(page, args=["p1"])).status_code == 403


def test_non_member_gets_403_on_session_and_fact(client, outsider, patient):
    client.force_login(outsider)
    fact = Fact.objects.filter(patient=patient).first()
    assert client.get(reverse("session-detail", args=["p1", "v1"])).status_code == 403
    assert client.get(reverse("fact-detail", args=["p1", fact.pk])).status_code == 403


def test_unknown_patient_is_403_like_a_forbidden_one(client_in):
    assert client_in.get(reverse("patient-overview", args=["nope"])).status_code == 403


def test_non_member_does_not_see_patient_in_list_or_search(client, outsider, patient):
    client.force_login(outsider)
    rows = client.get(reverse("patient-list"), {"q": "Wang"}, HTTP_HX_REQUEST="true")
    assert "No patient matches" in rows.content.decode()
    page = client.get(reverse("patient-list")).content.decode()
    assert reverse("patient-overview", args=["p1"]) not in page


def test_non_member_cannot_correct_a_fact(client, outsider, patient):
    client.force_login(outsider)
    fact = Fact.objects.get(patient=patient, fact_type="safety")
    url = reverse("fact-correct", args=["p1", fact.pk, "verify"])
    response = client.post(url, {"verification": "refuted", "reason": "x"})
    assert response.status_code == 403
    fact.refresh_from_db()
    assert fact.verification == "unconfirmed"


def test_non_member_safety_audit_is_empty(client, outsider, patient):
    client.force_login(outsider)
    assert "penicillin" not in client.get(reverse("safety-audit")).content.decode()


def test_patient_view_writes_audit_row(client_in, clinician, patient):
    client_in.get(reverse("patient-overview", args=["p1"]))
    event = AuditEvent.objects.get(action="patient.view")
    assert (event.actor, event.patient, event.channel) == (clinician, patient, "web")
    assert event.after["page"] == "overview"


def test_timeline_view_audit_records_filters(client_in, patient):
    client_in.get(reverse("patient-timeline", args=["p1"]), {"type": "vital"})
    event = AuditEvent.objects.get(action="patient.view")
    assert event.after == {"page": "timeline", "type": "vital"}


def test_forbidden_view_writes_no_audit_row(client, outsider, patient):
    client.force_login(outsider)
    client.get(reverse("patient-overview", args=["p1"]))
    assert not AuditEvent.objects.filter(action="patient.view").exists()


def test_login_page_renders_and_logs_in(client, clinician):
    assert client.get(reverse("login")).status_code == 200
    response = client.post(reverse("login"), {"username": "dr_li", "password": "pw-for-tests-1"})
    assert response.status_code == 302


def test_correction_post_requires_csrf_token(patient, clinician):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    strict.force_login(clinician)
    fact = Fact.objects.get(patient=patient, fact_type="safety")
    url = reverse("fact-correct", args=["p1", fact.pk, "verify"])
    assert strict.post(url, {"verification": "confirmed"}).status_code == 403


def test_audit_log_answers_403_to_non_staff(client_in):
    response = client_in.get(reverse("audit-log"))
    assert response.status_code == 403  # not a detour to the admin login


def test_audit_log_lists_events_for_staff(client, admin_user, patient):
    client.force_login(admin_user)
    client.get(reverse("patient-overview", args=["p1"]))
    body = client.get(reverse("audit-log")).content.decode()
    assert "patient.view" in body


def test_admin_audit_event_is_read_only(client, admin_user, patient):
    client.force_login(admin_user)
    assert client.get("/admin/memory/auditevent/").status_code == 200
    assert client.get("/admin/memory/auditevent/add/").status_code == 403
