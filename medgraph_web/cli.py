"""The `medgraph` console command: Django's management commands under one name.

`medgraph import ...` is `python manage.py import ...`. For `medgraph run` on
a fresh machine with no SECRET_KEY, a random key is generated once and kept in
var/secret_key, so the strict settings still never run on a known key.
"""

from __future__ import annotations

import os
import secrets
import sys
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent


def _local_secret_key() -> str:
    var_dir = Path(os.environ.get("MEDGRAPH_VAR_DIR", BASE_DIR / "var"))
    var_dir.mkdir(parents=True, exist_ok=True)
    key_file = var_dir / "secret_key"
    if not key_file.exists():
        key_file.write_text(secrets.token_urlsafe(50))
        key_file.chmod(0o600)
    return key_file.read_text().strip()


def main(argv: list[str] | None = None) -> None:
    args = list(sys.argv[1:] if argv is None else argv)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "medgraph_web.settings")
    if args[:1] == ["run"] and not os.environ.get("SECRET_KEY"):
        os.environ["SECRET_KEY"] = _local_secret_key()
        # The embedded quick start serves plain http on loopback.
        os.environ.setdefault("SESSION_COOKIE_SECURE", "0")
        os.environ.setdefault("CSRF_COOKIE_SECURE", "0")
    from django.core.management import execute_from_command_line

    execute_from_command_line(["medgraph", *args])


if __name__ == "__main__":
    main()
