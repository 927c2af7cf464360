"""Import formats (docs/design.md §7): MedGraph JSON/JSONL, plain transcripts and
MedMemoryBench persona files, all parsed into domain ParsedSession values.

Pure Python, no Django: the CLI, the REST API and the upload form call these
and store the result only when no ImportFormatError was raised.
"""

from __future__ import annotations

from memory.importing.errors import ImportFormatError
from memory.importing.medgraph_json import sessions_to_medgraph_json
from memory.importing.parsers import (
    DEFAULT_MAX_BYTES,
    FORMATS,
    detect_format,
    expand_paths,
    parse_file,
    parse_paths,
    parse_sources,
    parse_text,
    read_sources,
)
from memory.importing.transcript import SPEAKER_LABELS, speaker_for_label

__all__ = [
    "DEFAULT_MAX_BYTES",
    "FORMATS",
    "SPEAKER_LABELS",
    "ImportFormatError",
    "detect_format",
    "expand_paths",
    "parse_file",
    "parse_paths",
    "parse_sources",
    "parse_text",
    "read_sources",
    "sessions_to_medgraph_json",
    "speaker_for_label",
]
