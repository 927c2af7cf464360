"""The one error type every import parser raises (docs/design.md §7 "Import formats").

A rejected file must tell the person uploading it exactly what to fix: which
file, where in it (a line, or a JSON path such as ``sessions[2].turns[0].speaker``)
and what is wrong. ``str(error)`` is "FILE: LOCATION: PROBLEM" so the CLI, the
API and the upload form can all show it verbatim.
"""

from __future__ import annotations


class ImportFormatError(ValueError):
    """An import file (or pasted text) that cannot be turned into sessions."""

    def __init__(self, source: str, location: str, problem: str) -> None:
        self.source = source
        self.location = location
        self.problem = problem
        super().__init__(f"{source}: {location}: {problem}")

    def __reduce__(self) -> tuple[type[ImportFormatError], tuple[str, str, str]]:
        # Celery/multiprocessing pickle exceptions; keep the three attributes.
        return (type(self), (self.source, self.location, self.problem))
