"""A fast yes/no gate over many name patterns: "might any of these names occur?".

The regular-expression engine tries each alternative of an alternation at each
position; an alternative that begins with a literal character is skipped at
once where that character is absent, one that begins with a word boundary or a
look-behind is tried in full. The gate rewrites each alternative to begin with
its literal ("\\bbp\\b" -> "b(?<=\\bb)p\\b", the same matches), multiplying out a
leading group first ("\\b(?:once|twice) a day"); it only decides whether the exact
patterns need to run at all.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from memory.lexicon.alternation import alternatives

_SPECIAL = set(".^$*+?{}[]\\|()")
__all__ = ["alternatives", "fast", "gate", "literal_first"]


def _group_end(pattern: str, start: int) -> int:
    """Index just after the group opening at `start`."""
    depth, i = 0, start
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise ValueError(f"unbalanced group in {pattern!r}")


def literal_first(alternative: str) -> str:
    """The alternative rewritten to begin with its first literal character, same
    matches: "\\bbp\\b" -> "b(?<=\\bb)p\\b", "(?<!non-)\\bldl" -> "l(?<!(?:non-)l)(?<=\\bl)dl"
    (an assertion before the character is checked just after it, that character
    included)."""
    lead: list[str] = []
    i = 0
    while True:
        if alternative.startswith(r"\b", i):
            lead.append(r"\b")
            i += 2
        elif alternative.startswith(("(?<!", "(?<="), i):
            end = _group_end(alternative, i)
            lead.append(alternative[i:end])
            i = end
        else:
            break
    first, rest = alternative[i : i + 1], alternative[i + 1 :]
    if not lead or not first or first in _SPECIAL or rest[:1] in ("?", "*", "+", "{"):
        return alternative
    after = [
        f"(?<=\\b{first})" if item == r"\b" else f"{item[:4]}(?:{item[4:-1]}){first})"
        for item in lead
    ]
    return first + "".join(after) + rest


def _distributed(alternative: str, depth: int = 3) -> list[str]:
    """ "\\b(?:once|twice) a day" -> ["\\bonce a day", "\\btwice a day"]: a leading
    unquantified group is multiplied out, so each alternative can begin with a literal."""
    lead = r"\b" if alternative.startswith(r"\b") else ""
    body = alternative[len(lead) :]
    if depth == 0 or not body.startswith("(") or body.startswith(("(?<", "(?=", "(?!", "(?P")):
        return [alternative]
    end = _group_end(body, 0)
    if body[end : end + 1] in ("?", "*", "+", "{"):
        return [alternative]
    inner = body[3 : end - 1] if body.startswith("(?:") else body[1 : end - 1]
    rest = body[end:]
    out: list[str] = []
    for alt in alternatives(inner):
        out.extend(_distributed(lead + alt + rest, depth - 1))
    return out


def fast(pattern: str) -> str:
    """The pattern with every alternative made to begin with a literal: the same
    matches (start and end), but capturing groups of a leading group are lost, so
    only for patterns read by their span."""
    parts = [literal_first(part) for alt in alternatives(pattern) for part in _distributed(alt)]
    return "|".join(f"(?:{part})" for part in parts)


def gate(patterns: Iterable[str]) -> re.Pattern[str]:
    """One pattern that matches wherever any of `patterns` does (case as given)."""
    return re.compile("|".join(fast(pattern) for pattern in patterns))
