"""The bad-input corpus through the CLI, the upload page and the API: refused, nothing stored.

No channel may answer 500 or print a traceback; each refusal names what is wrong.
"""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command

from memory.models import Patient, Session
from tests.reliability.corpus import BAD_BYTES, BAD_UPLOADS

pytestmark = pytest.mark.django_db
CASES = sorted(BAD_UPLOADS)


def raw(name: str) -> bytes:
    return BAD_UPLOADS[name].encode("utf-8", "surrogatepass")


def stored() -> tuple[int, int]:
    return Session.objects.count(), Patient.objects.count()


@pytest.mark.parametrize("case", CASES)
def test_cli_import_refuses_bad_file_with_a_message(case, graph, tmp_path):
    path = tmp_path / "bad.json"
    path.write_bytes(raw(case))
    before = stored()
    with pytest.raises(CommandError) as refused:
        call_command("import", str(path))
    assert "bad.json" in str(refused.value) and stored() == before


@pytest.mark.parametrize("case", CASES)
def test_web_upload_refuses_bad_file_with_a_message(case, web, graph):
    before = stored()
    upload = SimpleUploadedFile("bad.json", raw(case), content_type="application/json")
    response = web.post("/upload/", {"files": [upload], "fmt": "auto"})
    assert response.status_code == 400, response.status_code
    assert "bad.json" in response.content.decode() and stored() == before


@pytest.mark.parametrize("case", CASES)
def test_api_upload_refuses_bad_body_in_the_json_error_shape(case, api_raw, graph):
    before = stored()
    url = f"/api/patients/{graph.external_id}/sessions/"
    response = api_raw.post(url, raw(case), content_type="application/json")
    body = response.json()
    assert response.status_code == 400 and body["error"]["message"], body
    assert stored() == before


def test_non_utf8_upload_is_refused_everywhere(web, api_raw, graph, tmp_path):
    data = BAD_BYTES["latin-1 bytes"]
    path = tmp_path / "visit.txt"
    path.write_bytes(data)
    with pytest.raises(CommandError, match="not UTF-8"):
        call_command("import", str(path), "--patient", graph.external_id)
    upload = SimpleUploadedFile("visit.txt", data, content_type="text/plain")
    assert web.post("/upload/", {"files": [upload], "patient_id": "p-rel"}).status_code == 400
    url = f"/api/patients/{graph.external_id}/sessions/"
    assert api_raw.post(url, data, content_type="application/json").status_code == 400


def test_far_future_date_is_rejected_naming_the_field(graph, tmp_path):
    path = tmp_path / "future.json"
    path.write_bytes(raw("year 2999"))
    with pytest.raises(CommandError, match=r"sessions\[0\].*date: 2999-01-01 is outside"):
        call_command("import", str(path))


def test_nul_is_rejected_with_its_position(api_raw, graph):
    url = f"/api/patients/{graph.external_id}/sessions/"
    body = api_raw.post(url, raw("nul in a turn"), content_type="application/json").json()
    assert body["error"]["problem"] == "turn 1 text: NUL character at position 5"
