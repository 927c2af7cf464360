"""`medgraph import`: real dialogues stored verbatim; bad files rejected, nothing stored."""

from __future__ import annotations

import csv
import json
import re

import pytest
from django.core.management import CommandError, call_command

from memory.evaluation.sources import data_dir
from memory.models import Patient, Session, Turn

pytestmark = pytest.mark.django_db
DATA = data_dir()  # MEDGRAPH_EVAL_DATA, else ../shared/data beside the repository
TAG = re.compile(r"^\[(doctor|patient)\]\s*(.*)$")


def aci_visits(n: int) -> list[dict]:
    """The first n ACI-Bench validation visits (CC BY 4.0), turns as tagged."""
    with open(DATA / "aci-bench" / "valid.csv", newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    visits = []
    for i, row in enumerate(rows[:n]):
        turns = [
            {"speaker": m.group(1), "text": m.group(2).strip()}
            for line in row["dialogue"].splitlines()
            if (m := TAG.match(line.strip())) and m.group(2).strip()
        ]
        visits.append({"id": row["encounter_id"], "date": f"2024-0{i + 1}-10", "turns": turns})
    return visits


@pytest.fixture
def aci_file(tmp_path):
    path = tmp_path / "aci.json"
    doc = {"patient": {"id": "aci-1", "name": "ACI patient"}, "sessions": aci_visits(2)}
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


@pytest.fixture
def zh_file(tmp_path):
    path = tmp_path / "zh-visit.txt"
    path.write_text(
        "日期：2024-05-02\n患者：医生，我妈今年65岁，高血压十年了，一直吃氨氯地平。\n"
        "医生：最近血压多少？\n患者：150/95左右。\n",
        encoding="utf-8",
    )
    return path


def test_aci_bench_visits_are_stored_with_turns_verbatim(aci_file):
    call_command("import", str(aci_file))
    stored = list(
        Turn.objects.filter(session__external_id=aci_visits(1)[0]["id"]).order_by("index")
    )
    assert [(t.speaker, t.text) for t in stored] == [
        (t["speaker"], t["text"]) for t in aci_visits(1)[0]["turns"]
    ]


def test_sessions_get_arrival_sequence_numbers(aci_file):
    call_command("import", str(aci_file))
    assert list(Session.objects.order_by("seq").values_list("seq", flat=True)) == [1, 2]


def test_chinese_transcript_is_stored_verbatim(zh_file):
    call_command("import", str(zh_file), "--patient", "zh-1")
    turn = Turn.objects.get(session__external_id="zh-visit", index=1)
    assert turn.text == "医生，我妈今年65岁，高血压十年了，一直吃氨氯地平。"


def test_transcript_date_line_sets_the_session_date(zh_file):
    call_command("import", str(zh_file), "--patient", "zh-1")
    assert str(Session.objects.get().session_date) == "2024-05-02"


def test_reimporting_the_same_sessions_is_reported_not_duplicated(aci_file, capsys):
    call_command("import", str(aci_file))
    call_command("import", str(aci_file))
    assert Session.objects.count() == 2 and "already imported" in capsys.readouterr().out


def test_bad_date_names_file_field_and_value(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(
        '{"patient": {"id": "x"}, "sessions": [{"id": "a", "date": "2024-13-40",'
        ' "turns": [{"speaker": "patient", "text": "hi"}]}]}'
    )
    with pytest.raises(CommandError, match=r"bad.json: sessions\[0\]\.date: .*2024-13-40"):
        call_command("import", str(bad))


def test_a_bad_file_in_a_batch_stores_nothing(aci_file, tmp_path):
    bad = tmp_path / "broken.json"
    bad.write_text('{"patient": {"id": "aci-1"}, "sessions": [')
    with pytest.raises(CommandError, match=r"broken\.json"):
        call_command("import", str(aci_file), str(bad))
    assert Session.objects.count() == 0 and Patient.objects.count() == 0


def test_unknown_speaker_is_rejected_naming_the_field(tmp_path):
    bad = tmp_path / "spk.json"
    bad.write_text(
        '{"patient": {"id": "x"}, "sessions": [{"id": "a", "date": null,'
        ' "turns": [{"speaker": "nurse", "text": "hi"}]}]}'
    )
    with pytest.raises(CommandError, match=r"turns\[0\]\.speaker"):
        call_command("import", str(bad))


def test_empty_turns_are_rejected(tmp_path):
    bad = tmp_path / "empty.json"
    bad.write_text('{"patient": {"id": "x"}, "sessions": [{"id": "a", "date": null, "turns": []}]}')
    with pytest.raises(CommandError, match=r"empty\.json"):
        call_command("import", str(bad))


def test_oversize_file_is_rejected_before_storing(tmp_path, settings):
    settings.MAX_UPLOAD_BYTES = 2048
    big = tmp_path / "big.txt"
    big.write_text("Patient: " + "a" * 5000 + "\n")
    with pytest.raises(CommandError, match=r"big\.txt"):
        call_command("import", str(big), "--patient", "p")
    assert Session.objects.count() == 0


def test_unreadable_path_is_reported(tmp_path):
    with pytest.raises(CommandError, match=r"missing\.json"):
        call_command("import", str(tmp_path / "missing.json"))


def test_wait_without_a_worker_constructs_in_process(zh_file, capsys):
    call_command("import", str(zh_file), "--patient", "zh-1", "--wait")
    session = Session.objects.get()
    assert session.status == "done" and "in-process" in capsys.readouterr().out


def test_wait_progress_stays_quiet_when_output_is_not_a_terminal(zh_file, capsys):
    call_command("import", str(zh_file), "--patient", "zh-1", "--wait")
    captured = capsys.readouterr()
    assert "\r" not in captured.err and "session/s" not in captured.err + captured.out


def test_wait_progress_shows_count_rate_and_eta_on_a_terminal():
    from io import StringIO

    from memory.pipeline.waiting import progress_bar

    class Terminal(StringIO):
        def isatty(self) -> bool:
            return True

    out = Terminal()
    with progress_bar(4, "constructing", file=out) as bar:
        bar.update(2)
        bar.refresh()
    assert "2/4" in out.getvalue() and "<" in out.getvalue()  # count and remaining time
