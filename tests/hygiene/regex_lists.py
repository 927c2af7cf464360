"""Word lists written as regex alternations in code (issue 32: lists live in data).

A group of a regular expression is a word list when more than LIMIT of its
alternatives are literals: words or phrases with no regex operator apart from
whitespace classes, word boundaries and escaped punctuation. "(?:daily|nightly)"
is grammar; nine drug-class names in one group are vocabulary, and belong in a
cue file under memory/lexicon/data/cues/.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

LIMIT = 8
_META = set(".^$*+?{}[]()|\\")
# Escapes that still leave a literal: a whitespace run, a word boundary, punctuation.
_NEUTRAL_ESCAPES = ("\\s+", "\\s*", "\\s?", "\\s", "\\b", "\\'", "\\-", "\\.", "\\/", "\\ ")


def _skip_group_prefix(source: str, i: int) -> int:
    """Index just past "(" and any "?:", "?=", "?<!", "?P<name>" or inline flags."""
    if source[i + 1 : i + 2] != "?":
        return i + 1
    if source[i + 2 : i + 3] == "P":
        return source.index(">", i) + 1
    j = i + 2
    while j < len(source) and source[j] != ":" and source[j] not in "=!)":
        if source[j] == "<" and source[j + 1 : j + 2] in ("=", "!"):
            return j + 2
        j += 1
    return j + 1 if j < len(source) and source[j] in ":=!" else j


def alternations(source: str) -> list[list[str]]:
    """Every group's alternatives (the top level counts as a group), innermost first."""
    found: list[list[str]] = []
    stack: list[list[str]] = []
    current = [""]
    i = 0
    while i < len(source):
        char = source[i]
        if char == "\\":
            current[-1] += source[i : i + 2]
            i += 2
        elif char == "[":
            end = source.find("]", i + 2)
            end = len(source) - 1 if end < 0 else end
            current[-1] += source[i : end + 1]
            i = end + 1
        elif char == "(":
            stack.append(current)
            current = [""]
            i = _skip_group_prefix(source, i)
        elif char == ")" and stack:
            found.append(current)
            inner = "(" + "|".join(current) + ")"
            current = stack.pop()
            current[-1] += inner
            i += 1
        elif char == "|":
            current.append("")
            i += 1
        else:
            current[-1] += char
            i += 1
    found.append(current)
    return found


def is_literal(alternative: str) -> bool:
    text = alternative
    for escape in _NEUTRAL_ESCAPES:
        text = text.replace(escape, " ")
    text = text.removesuffix("?")
    return bool(text.strip()) and not any(char in _META for char in text)


def word_lists(tree: ast.Module) -> Iterator[tuple[int, int]]:
    """(line, literal alternatives) of each group in a string constant above LIMIT."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and "|" in node.value:
            for group in alternations(node.value):
                literals = sum(1 for alternative in group if is_literal(alternative))
                if literals > LIMIT:
                    yield node.lineno, literals
