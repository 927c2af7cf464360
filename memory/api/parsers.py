"""The API's JSON parser: bounded nesting, no NUL or lone surrogate in any string.

A body nested thousands of levels deep, an integer of thousands of digits or a
string PostgreSQL cannot store is a 400 naming where it is, never a 500.
"""

from __future__ import annotations

import json
from typing import Any

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

from memory.importing.limits import MAX_JSON_DEPTH, bad_char, json_depth_ok


class SafeJSONParser(JSONParser):
    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        raw = stream.read() if stream is not None else b""
        try:
            data = json.loads(raw.decode("utf-8"))
        except UnicodeDecodeError:
            raise ParseError("JSON parse error - body is not UTF-8") from None
        except RecursionError:
            raise ParseError(f"JSON nested deeper than {MAX_JSON_DEPTH} levels") from None
        except ValueError as exc:  # JSONDecodeError, or an integer of > 4300 digits
            raise ParseError(f"JSON parse error - {exc}") from None
        if not json_depth_ok(data):
            raise ParseError(f"JSON nested deeper than {MAX_JSON_DEPTH} levels")
        problem = first_bad_string(data)
        if problem is not None:
            raise ParseError(problem)
        return data


def first_bad_string(data: Any, path: str = "") -> str | None:
    """'path: problem at position N' for the first key or string with NUL/lone surrogate."""
    stack: list[tuple[Any, str]] = [(data, path)]
    while stack:
        item, where = stack.pop()
        if isinstance(item, str):
            found = bad_char(item)
            if found is not None:
                return f"{where or 'body'}: {found[1]} at position {found[0]}"
        elif isinstance(item, dict):
            for key, value in item.items():
                child = f"{where}.{key}" if where else str(key)
                stack.append((key, f"{child} (key)"))
                stack.append((value, child))
        elif isinstance(item, list):
            stack.extend((value, f"{where}[{i}]") for i, value in enumerate(item))
    return None
