"""Start-up refuses an LLM time budget the task cannot hold (issue 35 item 2): one
session's LLM work is LLM_MAX_ATTEMPTS requests of up to LLM_TIMEOUT_S each, plus
backoff, and the task needs 60 s more to fall back to rules and write the session."""

from __future__ import annotations

import pytest

from tests.foundation.cli_helpers import medgraph

LLM = {"LLM_BASE_URL": "http://127.0.0.1:9/v1", "LLM_EXTRACTION_MODEL": "m", "DEBUG": "1"}


def test_a_budget_the_soft_limit_cannot_hold_is_refused_in_one_line() -> None:
    env = {**LLM, "LLM_TIMEOUT_S": "20", "LLM_MAX_ATTEMPTS": "3",
           "MEDGRAPH_TASK_SOFT_TIME_LIMIT_S": "120"}  # fmt: skip
    out = medgraph("sessions", env=env)
    lines = out.stderr.strip().splitlines()
    assert out.returncode == 2 and len(lines) == 1
    assert all(v in lines[0] for v in ("LLM_TIMEOUT_S=20", "LLM_MAX_ATTEMPTS=3",
                                        "MEDGRAPH_TASK_SOFT_TIME_LIMIT_S=120"))  # fmt: skip


@pytest.mark.parametrize("soft", ["130", "900"])
def test_a_budget_with_room_for_the_rule_fallback_is_accepted(soft: str) -> None:
    env = {**LLM, "LLM_TIMEOUT_S": "20", "LLM_MAX_ATTEMPTS": "3",
           "MEDGRAPH_TASK_SOFT_TIME_LIMIT_S": soft}  # fmt: skip
    out = medgraph("help", env=env)
    assert out.returncode == 0, out.stderr
