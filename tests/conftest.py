"""Shared fixtures. Tests run against the real embedded PostgreSQL (pgvector) and Redis."""

from __future__ import annotations

import pytest


@pytest.fixture
def clinician(django_user_model):
    return django_user_model.objects.create_user(username="dr_li", password="pw-for-tests-1")


@pytest.fixture
def outsider(django_user_model):
    return django_user_model.objects.create_user(username="dr_out", password="pw-for-tests-2")
