"""The quick mode end to end on a tiny subset (CI smoke test of `medgraph eval`)."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def report_dir(tmp_path_factory, django_db_setup, django_db_blocker):
    out = tmp_path_factory.mktemp("eval")
    with django_db_blocker.unblock():
        try:
            call_command("eval", "--quick", "--histories", "1", "--scale", "1x3", "--in-place",
                         "--out", str(out))  # fmt: skip
        finally:
            # --in-place commits into the test database; later tests expect it empty.
            call_command("flush", interactive=False, verbosity=0)
    return out


def results(report_dir) -> dict:
    return json.loads((report_dir / "eval_results.json").read_text())


def test_report_has_every_section(report_dir):
    text = (report_dir / "eval.md").read_text()
    from memory.evaluation.report import SECTIONS

    assert all(section in text for section in SECTIONS)


def test_every_system_is_reported_side_by_side(report_dir):
    systems = results(report_dir)["benchmark"]["systems"]
    assert set(systems) == {"MedGraph", "BM25 raw sessions", "Embedding raw chunks"}


def test_medgraph_never_labels_another_persons_fact_as_evidence(report_dir):
    mg = results(report_dir)["benchmark"]["systems"]["MedGraph"]
    assert mg["label_pollution_entries"]["hit"] == 0


def test_baseline_pollution_is_measured_over_their_entries(report_dir):
    systems = results(report_dir)["benchmark"]["systems"]
    for name in ("BM25 raw sessions", "Embedding raw chunks"):
        assert systems[name]["pollution_entries"]["total"] > 0


def test_baselines_show_the_pollution_the_paper_reports(report_dir):
    # Paper: raw-text baselines put a relative's text in 12-27% of evidence entries; a
    # smoke run where BM25 over raw sessions shows under 10% measures nothing.
    bm25 = results(report_dir)["benchmark"]["systems"]["BM25 raw sessions"]
    assert bm25["pollution_entries"]["value"] >= 0.10


def test_medgraph_answers_the_smoke_history_as_well_as_the_full_eval_requires(report_dir):
    # The extractive reader on one tuning history: value and list answers at least
    # 90% right (README's eval figures are 98-100% on the tuning part).
    answers = results(report_dir)["benchmark"]["answers"]["tune"]
    assert answers["value"]["questions"] > 0 and answers["value"]["right"] >= 0.9
    assert answers["list"]["right"] >= 0.9


def test_no_safety_dependent_question_misses_its_safety_fact(report_dir):
    missing = results(report_dir)["benchmark"]["systems"]["MedGraph"]["safety_missing"]
    assert missing["total"] > 0 and missing["hit"] == 0


def test_scale_rows_carry_database_size(report_dir):
    rows = results(report_dir)["scale"]["rows"]
    assert rows and rows[0]["db_mb"] > 0


def test_recall_plot_is_written(report_dir):
    assert (report_dir / "eval_recall.png").stat().st_size > 0


def test_the_tuning_part_is_reported_in_its_own_column(report_dir):
    parts = results(report_dir)["benchmark"]["parts"]
    assert list(parts) == ["tune"] and parts["tune"]["histories"] == 1
    assert "| figure | tune (1 histories) |" in (report_dir / "eval.md").read_text()
