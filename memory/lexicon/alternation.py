"""The top-level alternatives of a regular expression: "a(?:b|c)|[|]d|e" has three,
"a(?:b|c)", "[|]d" and "e". A `|` inside a group or a character class belongs to
that group or class, so a data cell can hold a pattern such as
"strain\\s+(?:your|the)" as one form.
"""

from __future__ import annotations


def alternatives(pattern: str) -> list[str]:
    """The top-level alternatives of a pattern (split on | outside groups and sets)."""
    out, depth, start, i, in_set = [], 0, 0, 0, False
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            i += 2
            continue
        if in_set:
            in_set = ch != "]"
        elif ch == "[":
            in_set = True
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "|" and depth == 0:
            out.append(pattern[start:i])
            start = i + 1
        i += 1
    out.append(pattern[start:])
    return out
