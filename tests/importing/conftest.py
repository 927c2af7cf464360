"""Fixtures for the import-parser tests (pure, no database)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.importing.helpers import FIXTURES


@pytest.fixture
def fixtures() -> Path:
    return FIXTURES
