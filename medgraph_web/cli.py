"""The `medgraph` console command: Django's management commands under one name.

`medgraph import ...` is `python manage.py import ...`, with what a user of a
command-line tool expects on top:
- with no SECRET_KEY, a random key is generated once and kept in
  var/secret_key, so the strict settings never run on a known key;
- a configuration error prints one line naming the variable and exits 2;
- `medgraph`, `medgraph help` and `--help` work with no configuration at all;
- the embedded database is migrated on first use; an external database that
  is not migrated is reported in one line;
- no user error prints a traceback (`--traceback` shows one for bug reports).
"""

from __future__ import annotations

import gc
import os
import secrets
import sys
import time

# When this process started running MedGraph code: `ask` reports its start-up from here,
# when main() runs (not when a test imports this module).
STARTED = time.perf_counter()
RUNNING = False

from medgraph_web import paths  # noqa: E402

EXIT_CONFIG = 2
HELP_FLAGS = {"-h", "--help"}
# Commands that read or write the memory: the embedded database is migrated before them.
NEEDS_MIGRATED_DB = {
    "ask", "changepassword", "createsuperuser", "dumpdata", "export", "import",
    "loaddata", "reconstruct", "reindex", "sessions", "shell",
}  # fmt: skip
# Every variable the settings read: `--help` ignores them when they are malformed.
CONFIG_VARIABLES = (
    "DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "CSRF_TRUSTED_ORIGINS", "DATABASE_URL",
    "MEDGRAPH_EMBEDDED_DB", "REDIS_URL", "LLM_BASE_URL", "LLM_API_KEY", "LLM_EXTRACTION_MODEL",
    "LLM_READER_MODEL", "LLM_TIMEOUT_S", "LLM_MAX_ATTEMPTS", "LLM_PROMPT_LANG",
    "MEDGRAPH_EMBEDDER", "MEDGRAPH_MAX_UPLOAD_BYTES", "MEDGRAPH_TASK_SOFT_TIME_LIMIT_S",
    "MEDGRAPH_STATIC_ROOT", "TIME_ZONE", "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE",
    "LOG_FORMAT", "LOG_LEVEL", "METRICS_TOKEN",
)  # fmt: skip


class UserError(Exception):
    def __init__(self, message: str, code: int = 1) -> None:
        super().__init__(message)
        self.code = code


def local_secret_key() -> str:
    key_file = paths.var_dir() / "secret_key"
    try:
        key_file.parent.mkdir(parents=True, exist_ok=True)
        if not key_file.exists():
            key_file.write_text(secrets.token_urlsafe(50))
            key_file.chmod(0o600)
        return key_file.read_text().strip()
    except OSError as exc:
        raise UserError(
            f"SECRET_KEY is not set and {key_file} cannot be written ({exc.strerror}): "
            "set SECRET_KEY or MEDGRAPH_VAR_DIR",
            EXIT_CONFIG,
        ) from None


def _prepare_environment(args: list[str]) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "medgraph_web.settings")
    os.environ["MEDGRAPH_CLI"] = "1"
    if not os.environ.get("SECRET_KEY"):
        os.environ["SECRET_KEY"] = local_secret_key()
        # The local quick start serves plain http on loopback.
        os.environ.setdefault("SESSION_COOKIE_SECURE", "0")
        os.environ.setdefault("CSRF_COOKIE_SECURE", "0")


def _load_settings(lenient: bool) -> None:
    # Start-up builds tens of thousands of objects that live as long as the process
    # (Django's apps, models, compiled patterns); collecting while they are made cost
    # ~60 ms of every command. They are then frozen out of later collections.
    gc.disable()
    try:
        _setup_django(lenient)
    finally:
        gc.freeze()
        gc.enable()


def _setup_django(lenient: bool) -> None:
    import django

    from medgraph_web.env import EnvError

    try:
        django.setup()
    except EnvError as exc:
        if not lenient:
            raise UserError(f"configuration error: {exc}", EXIT_CONFIG) from None
        # Help is still shown, with the defaults in place of the malformed configuration.
        print(f"medgraph: note: {exc} (ignored for --help)", file=sys.stderr)
        for name in CONFIG_VARIABLES:
            os.environ.pop(name, None)
        os.environ["SECRET_KEY"] = "help-only-" + "x" * 40
        for module in [m for m in sys.modules if m.startswith("medgraph_web.settings")]:
            del sys.modules[module]
        django.setup()


def _ensure_migrated() -> None:
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    if _every_migration_file_applied():
        return
    executor = MigrationExecutor(connection)
    if not executor.migration_plan(executor.loader.graph.leaf_nodes()):
        return
    if settings.EMBEDDED_POSTGRES:
        print("medgraph: preparing the embedded database (first use)...", file=sys.stderr)
        call_command("migrate", interactive=False, verbosity=0)
        return
    db = settings.DATABASES["default"]
    raise UserError(
        f"the database {db['NAME']!r} on {db['HOST'] or 'localhost'} has unapplied migrations: "
        "run `medgraph migrate` first",
        EXIT_CONFIG,
    )


def _every_migration_file_applied() -> bool:
    """The fast path of the check above: every migration module on disk is recorded as
    applied. Building the migration graph imports every migration (~0.15 s of each
    command's start-up); when a name is missing, the full plan decides."""
    import pkgutil
    from importlib import import_module

    from django.apps import apps
    from django.db import connection
    from django.db.migrations.loader import MigrationLoader
    from django.db.migrations.recorder import MigrationRecorder

    on_disk: set[tuple[str, str]] = set()
    for config in apps.get_app_configs():
        module_name, _ = MigrationLoader.migrations_module(config.label)
        try:
            package = import_module(module_name) if module_name else None
        except ImportError:
            continue
        for info in pkgutil.iter_modules(getattr(package, "__path__", [])):
            if not info.ispkg and info.name[0] not in "_~":
                on_disk.add((config.label, info.name))
    recorder = MigrationRecorder(connection)
    return recorder.has_table() and on_disk <= set(recorder.applied_migrations())


def _overview() -> str:
    from django.core.management import get_commands

    from medgraph_web.cli_help import overview

    return overview(list(get_commands()))


def _run(args: list[str]) -> None:
    from django.core.management import execute_from_command_line

    from medgraph_web import __version__

    # Also `medgraph import --version`: Django would print its own version there.
    if args[:1] == ["version"] or "--version" in args:
        print(f"medgraph {__version__}")
        return
    help_only = not args or args[0] in ("help", *HELP_FLAGS) or bool(HELP_FLAGS & set(args))
    _prepare_environment(args)
    _load_settings(lenient=help_only)
    if not args or args in (["help"], ["-h"], ["--help"]):
        print(_overview())
        return
    if args[0] in NEEDS_MIGRATED_DB and not help_only:
        _ensure_migrated()
    execute_from_command_line(["medgraph", *args])


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{exc.__class__.__name__}: {text[0] if text else ''}".rstrip(": ")


def main(argv: list[str] | None = None) -> None:
    global RUNNING
    RUNNING = True
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        _run(args)
    except UserError as exc:
        print(f"medgraph: {exc}", file=sys.stderr)
        raise SystemExit(exc.code) from None
    except KeyboardInterrupt:
        raise SystemExit(130) from None
    except Exception as exc:
        if "--traceback" in args:
            raise
        print(f"medgraph: {_describe(exc)}", file=sys.stderr)
        raise SystemExit(1) from None


def _describe(exc: Exception) -> str:
    from django.db import DatabaseError, OperationalError

    if isinstance(exc, OperationalError):
        return f"the database is unavailable: {_one_line(exc)}"
    if isinstance(exc, DatabaseError):
        return f"database error: {_one_line(exc)}"
    if exc.__class__.__module__.split(".")[0] in ("kombu", "redis", "celery"):
        return f"the broker (Redis) is unavailable: {_one_line(exc)}"
    return f"{_one_line(exc)} (run again with --traceback for details)"


if __name__ == "__main__":
    main()
