"""Entry points of the importers: files, directories and pasted text.

Parsing is all-or-nothing: any problem raises ImportFormatError and nothing is
returned, so the caller never stores half an upload (docs/design.md §7: "a rejected
file stores nothing").
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from memory.domain.types import ParsedSession
from memory.importing.errors import ImportFormatError
from memory.importing.fields import check_unique_ids
from memory.importing.limits import LimitError, check_id, load_json, validate_sessions
from memory.importing.medgraph_json import parse_jsonl, parse_medgraph_document
from memory.importing.medmemorybench import looks_like_medmemorybench, parse_medmemorybench
from memory.importing.transcript import parse_transcript

FORMATS: tuple[str, ...] = ("auto", "medgraph", "jsonl", "transcript", "medmemorybench")
DEFAULT_MAX_BYTES = 20 * 1024 * 1024


def parse_text(
    text: str,
    name: str,
    fmt: str = "auto",
    patient_id: str | None = None,
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> list[ParsedSession]:
    """Sessions in `text` (a pasted transcript or an API upload) named `name`.

    `name` stands in for the file name: it prefixes every error message and
    its stem is a transcript's session id. `fmt` is one of FORMATS; "auto"
    decides from the content (see detect_format). A leading BOM is ignored.
    """
    if fmt not in FORMATS:
        raise ImportFormatError(
            name, "format", f"unknown format {fmt!r} (allowed: {', '.join(FORMATS)})"
        )
    if patient_id is not None:
        try:
            check_id(patient_id, "patient id")
        except LimitError as exc:
            raise ImportFormatError(name, "patient", str(exc)) from None
    if len(text.encode("utf-8", "surrogatepass")) > max_bytes:
        raise ImportFormatError(name, "file", f"too large (more than {max_bytes} bytes)")
    text = text.removeprefix("\ufeff")
    sessions = _parse_format(text, name, fmt, patient_id)
    validate_sessions(sessions, name)
    return sessions


def _parse_format(text: str, name: str, fmt: str, patient_id: str | None) -> list[ParsedSession]:
    chosen, doc = detect_format(text, name) if fmt == "auto" else (fmt, None)
    if chosen == "transcript":
        return parse_transcript(text, name, patient_id)
    if chosen == "jsonl":
        return parse_jsonl(text, name, patient_id)
    if doc is None:
        doc = _load_json(text, name)
    if chosen == "medmemorybench":
        return parse_medmemorybench(doc, name, patient_id)
    return parse_medgraph_document(doc, name, patient_id)


def parse_file(
    path: Path | str,
    fmt: str = "auto",
    patient_id: str | None = None,
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> list[ParsedSession]:
    """Sessions in one UTF-8 file; the size is checked before the file is read."""
    path = Path(path)
    return parse_text(_read_text(path, max_bytes), path.name, fmt, patient_id, max_bytes)


def parse_paths(
    paths: Iterable[Path | str],
    fmt: str = "auto",
    patient_id: str | None = None,
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> list[ParsedSession]:
    """Sessions of every file in `paths`, in order, validated all before any is returned.

    A directory stands for the regular files directly inside it (not
    recursively), sorted by name, hidden files (".name") skipped. Every file
    is parsed before anything is returned, and a session id repeated for the
    same patient across files is an error, so a caller that stores the result
    stores either the whole upload or nothing.
    """
    return parse_sources(read_sources(paths, max_bytes), fmt, patient_id, max_bytes, label="import")


def read_sources(
    paths: Iterable[Path | str], max_bytes: int = DEFAULT_MAX_BYTES
) -> list[tuple[str, str]]:
    """(file name, text) of every file in `paths` (directories expanded), each size-checked."""
    return [(file.name, _read_text(file, max_bytes)) for file in expand_paths(paths)]


def parse_sources(
    sources: Sequence[tuple[str, str | bytes]],
    fmt: str = "auto",
    patient_id: str | None = None,
    max_bytes: int = DEFAULT_MAX_BYTES,
    *,
    label: str = "upload",
) -> list[ParsedSession]:
    """Sessions of every (name, text) source, validated all before any is returned.

    The one parsing path of every channel (CLI files, web and API uploads, pasted
    text). Bytes must be UTF-8. A session id repeated for the same patient across
    sources is an error (the external id is the session's identity), so a caller
    that stores the result stores either the whole upload or nothing.
    """
    if not sources:
        raise ImportFormatError(label, "files", "nothing to import")
    sessions: list[ParsedSession] = []
    keyed: list[tuple[tuple[str | None, str], str]] = []
    for name, data in sources:
        parsed = parse_text(_decoded(name, data), name, fmt, patient_id, max_bytes)
        sessions.extend(parsed)
        keyed.extend(((s.patient_id, s.external_id), s.source) for s in parsed)
    check_unique_ids(label, keyed)
    return sessions


def _decoded(name: str, data: str | bytes) -> str:
    if isinstance(data, str):
        return data
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ImportFormatError(name, f"byte {exc.start}", "not UTF-8 text") from None


def expand_paths(paths: Iterable[Path | str]) -> list[Path]:
    """Files to import: plain files as given, directories expanded (sorted by name)."""
    files: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            inside = sorted(p for p in path.iterdir() if p.is_file() and not p.name.startswith("."))
            if not inside:
                raise ImportFormatError(path.name or str(path), "directory", "no files to import")
            files.extend(inside)
        else:
            files.append(path)
    if not files:
        raise ImportFormatError("import", "paths", "no files given")
    return files


def detect_format(text: str, name: str) -> tuple[str, Any]:
    """(format, decoded JSON or None) for text whose format was not given.

    JSON object with "sessions" -> medmemorybench when it has "metadata" or
    its sessions are made of "messages", else medgraph; a first non-empty
    line that is a JSON object on its own -> jsonl; anything not starting
    like a JSON object -> transcript (a leading "[doctor]" tag is a
    transcript; a valid JSON array is rejected). Text that starts like a JSON
    object but does not decode is reported as invalid JSON, never read as a
    transcript.
    """
    first = next((line.strip() for line in text.splitlines() if line.strip()), "")
    if first.startswith("["):
        # "[doctor] ..." is an ACI-Bench transcript line, not a JSON array.
        return _detect_bracketed(text, name)
    if not first.startswith("{"):
        return ("transcript", None)
    try:
        doc = load_json(text, name)
    except json.JSONDecodeError as whole_error:
        if _is_json_object(first) or name.endswith(".jsonl"):
            return ("jsonl", None)
        raise _json_error(name, whole_error) from None
    if isinstance(doc, dict) and "sessions" in doc:
        return ("medmemorybench" if looks_like_medmemorybench(doc) else "medgraph", doc)
    if isinstance(doc, dict):
        # A JSONL file holding a single session decodes as one JSON object.
        return ("jsonl", None)
    raise ImportFormatError(name, "top level", 'expected a JSON object with "sessions"')


def _detect_bracketed(text: str, name: str) -> tuple[str, Any]:
    try:
        load_json(text, name)
    except json.JSONDecodeError:
        return ("transcript", None)
    raise ImportFormatError(
        name, "top level", 'expected a JSON object with "sessions", got an array'
    )


def _is_json_object(line: str) -> bool:
    try:
        return isinstance(json.loads(line), dict)
    except (json.JSONDecodeError, RecursionError, ValueError):
        return False


def _load_json(text: str, name: str) -> Any:
    try:
        return load_json(text, name)
    except json.JSONDecodeError as exc:
        raise _json_error(name, exc) from None


def _json_error(name: str, exc: json.JSONDecodeError) -> ImportFormatError:
    return ImportFormatError(
        name, f"line {exc.lineno}, column {exc.colno}", f"invalid JSON: {exc.msg}"
    )


def _read_text(path: Path, max_bytes: int) -> str:
    try:
        size = path.stat().st_size
        if size > max_bytes:
            raise ImportFormatError(
                path.name, "file", f"too large ({size} bytes, limit {max_bytes})"
            )
        data = path.read_bytes()
    except OSError as exc:
        raise ImportFormatError(path.name, "file", f"cannot read: {exc.strerror or exc}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ImportFormatError(path.name, f"byte {exc.start}", "not UTF-8 text") from None
