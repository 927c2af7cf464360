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


APP_SERVICES = ("migrate", "web", "worker")


def test_one_image_is_built_once_for_every_app_service(compose):
    services = compose["services"]
    assert [name for name in services if "build" in services[name]] == ["migrate"]
    assert len({services[name]["image"] for name in APP_SERVICES}) == 1


@pytest.mark.parametrize("service", ["postgres", "redis", "web", "worker"])
def test_long_running_services_restart_after_a_crash(compose, service):
    assert compose["services"][service]["restart"] in ("unless-stopped", "always")


def test_web_serves_with_the_shared_gunicorn_config_not_collectstatic(compose):
    command = " ".join(compose["services"]["web"]["command"])
    assert "python:medgraph_web.gunicorn_conf" in command and "collectstatic" not in command


def test_app_services_keep_var_in_a_writable_volume(compose):
    for name in APP_SERVICES:
        assert "medgraph-var:/var/lib/medgraph" in compose["services"][name]["volumes"]


def test_the_llm_retry_budget_reaches_gunicorn(compose):
    env = compose["services"]["web"]["environment"]
    assert {"LLM_TIMEOUT_S", "LLM_MAX_ATTEMPTS"} <= set(env)


def test_gunicorn_waits_longer_than_the_llm_and_uses_threads(monkeypatch):
    import importlib

    monkeypatch.setenv("LLM_TIMEOUT_S", "60")
    monkeypatch.setenv("LLM_MAX_ATTEMPTS", "3")
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", "/tmp/unused-prometheus-dir")
    conf = importlib.reload(importlib.import_module("medgraph_web.gunicorn_conf"))
    assert conf.worker_class == "gthread" and conf.timeout > 60 * 3 and conf.accesslog


@pytest.fixture(scope="module")
def dockerfile() -> str:
    return (ROOT / "Dockerfile").read_text()


def test_image_installs_the_hash_checked_lock(dockerfile):
    assert "--require-hashes -r requirements.lock" in dockerfile
    assert (ROOT / "requirements.lock").read_text().count("--hash=sha256:") > 50


def test_image_collects_static_files_at_build_time_and_runs_as_non_root(dockerfile):
    lines = dockerfile.splitlines()
    collect = next(i for i, line in enumerate(lines) if "collectstatic" in line)
    user = next(i for i, line in enumerate(lines) if line.startswith("USER "))
    assert collect < user and lines[user] != "USER root"
    assert "chown medgraph" in dockerfile and "MEDGRAPH_VAR_DIR=/var/lib/medgraph" in dockerfile
