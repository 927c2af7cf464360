"""Where MedGraph finds its resources and keeps its state, in a checkout or an installed wheel.

A checkout keeps templates/, static/, locale/ and prompts/ at its root and its
state in var/. An installed wheel carries the same resources inside the
package (medgraph_web/_data, copied at build time) and keeps its state in
./var of the working directory unless MEDGRAPH_VAR_DIR says otherwise.
"""

from __future__ import annotations

import os
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
CHECKOUT_DIR = PACKAGE_DIR.parent
IS_CHECKOUT = (CHECKOUT_DIR / "manage.py").is_file() and (CHECKOUT_DIR / "templates").is_dir()
RESOURCE_DIR = CHECKOUT_DIR if IS_CHECKOUT else PACKAGE_DIR / "_data"
RESOURCE_NAMES = ("templates", "static", "locale", "prompts")


def var_dir() -> Path:
    configured = os.environ.get("MEDGRAPH_VAR_DIR", "").strip()
    if configured:
        return Path(configured).resolve()
    return (CHECKOUT_DIR if IS_CHECKOUT else Path.cwd()) / "var"


def resource(name: str) -> Path:
    """templates/, static/, locale/ or prompts/ of this installation."""
    return RESOURCE_DIR / name
