"""docker-compose.yml: the scaled setup keeps the environment contract of the embedded default.

No Docker engine runs on the development machines, so the file is checked
statically: the services, their healthchecks and volumes, and that every
application container gets the variables the settings read.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def compose() -> dict:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def test_compose_runs_postgres_with_pgvector(compose):
    assert "pgvector" in compose["services"]["postgres"]["image"]


def test_every_long_running_service_has_a_healthcheck(compose):
    services = compose["services"]
    assert all("healthcheck" in services[name] for name in ("postgres", "redis", "web", "worker"))


def test_database_and_queue_data_persist_in_volumes(compose):
    assert {"pgdata", "redisdata"} <= set(compose["volumes"])


@pytest.mark.parametrize("service", ["web", "worker", "migrate"])
def test_app_services_get_the_environment_contract(compose, service):
    env = compose["services"][service]["environment"]
    assert {"DATABASE_URL", "REDIS_URL", "SECRET_KEY", "LLM_BASE_URL", "MEDGRAPH_EMBEDDER"} <= set(
        env
    )


def test_worker_runs_the_celery_app(compose):
    assert "medgraph_web" in compose["services"]["worker"]["command"]


def test_web_waits_for_migrations(compose):
    depends = compose["services"]["web"]["depends_on"]
    assert depends["migrate"]["condition"] == "service_completed_successfully"
