"""An inline SVG trend plot for a lab/vital chain, drawn on the server.

No chart library: readings become polylines over their event dates. A blood
pressure reading ("150/95", or systolic/diastolic slots) plots both numbers
as two lines; anything else plots its first number. Every reading is also
listed in a table under the plot (memory/_trend.html), so nothing depends on
seeing the picture.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from memory.domain.chains import in_force
from memory.domain.stated import stated_quantity

WIDTH, HEIGHT, PAD, LEFT, BOTTOM = 720, 240, 14, 56, 34
Y_TICKS, X_TICKS = 5, 6
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
_PAIR = re.compile(r"(\d{2,3})\s*/\s*(\d{2,3})")


@dataclass(frozen=True)
class Reading:
    when: date
    value: float
    label: str
    second: float | None = None  # diastolic, when the reading is a pair


def first_number(text: str) -> float | None:
    match = _NUMBER.search(text or "")
    return float(match.group()) if match else None


def _pair(fact: object) -> tuple[float, float] | None:
    slots = getattr(fact, "slots", None) or {}
    if isinstance(slots, dict) and slots.get("systolic") and slots.get("diastolic"):
        try:
            return float(slots["systolic"]), float(slots["diastolic"])
        except (TypeError, ValueError):
            return None
    match = _PAIR.search(stated_quantity(fact)[0]) or _PAIR.search(fact.content or "")
    return (float(match.group(1)), float(match.group(2))) if match else None


def readings(facts: list) -> list[Reading]:
    """Dated numeric readings, oldest first; refuted / in-error readings left out."""
    out = []
    for fact in facts:
        if not in_force(fact.verification) or fact.effective_date is None:
            continue
        pair = _pair(fact)
        value, unit = stated_quantity(fact)
        number = pair[0] if pair else first_number(value or fact.content)
        if number is None:
            continue
        label = f"{value or fact.content} {unit}".strip()
        out.append(Reading(fact.effective_date, number, label, pair[1] if pair else None))
    return sorted(out, key=lambda r: r.when)


def _ticks(lo: float, hi: float, n: int) -> list[float]:
    step = (hi - lo) / (n - 1) if hi > lo else 1
    return [lo + i * step for i in range(n)]


def trend_svg(points: list[Reading], title: str) -> SafeString:
    """The plot, or "" when fewer than two readings make no trend."""
    if len(points) < 2:
        return mark_safe("")
    paired = all(p.second is not None for p in points)
    values = [p.value for p in points] + [p.second for p in points if p.second is not None]
    lo, hi = min(values), max(values)
    margin = max((hi - lo) * 0.1, 1.0)
    lo, hi = lo - margin, hi + margin
    t0, t1 = points[0].when.toordinal(), points[-1].when.toordinal()
    span_t = max(t1 - t0, 1)

    def x(when: date) -> float:
        return round(LEFT + (when.toordinal() - t0) / span_t * (WIDTH - LEFT - PAD), 1)

    def y(value: float) -> float:
        return round(HEIGHT - BOTTOM - (value - lo) / (hi - lo) * (HEIGHT - BOTTOM - PAD), 1)

    parts = [_grid(lo, hi, y), _dates(points, x)]
    parts.append(_series(points, x, y, lambda p: p.value, "sys"))
    if paired:
        parts.append(_series(points, x, y, lambda p: p.second, "dia"))
    return mark_safe(
        f'<svg class="trend" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" '
        f'role="img" aria-label="{escape(title)}"><title>{escape(title)}</title>'
        f"{''.join(parts)}</svg>"
    )


def _grid(lo: float, hi: float, y: Callable[[float], float]) -> str:
    out = []
    for value in _ticks(lo, hi, Y_TICKS):
        yy = y(value)
        out.append(
            f'<line class="gridline" x1="{LEFT}" x2="{WIDTH - PAD}" y1="{yy}" y2="{yy}"/>'
            f'<text x="{LEFT - 6}" y="{yy + 4}" class="axis" text-anchor="end">'
            f"{value:.0f}</text>"
        )
    return "".join(out)


def _dates(points: list[Reading], x: Callable[[date], float]) -> str:
    step = max(1, -(-len(points) // X_TICKS))
    shown = points[::step]
    if shown[-1] is not points[-1]:
        shown = [*shown[:-1], points[-1]] if len(shown) > 1 else [*shown, points[-1]]
    out = []
    for i, p in enumerate(shown):
        anchor = "start" if i == 0 else ("end" if i == len(shown) - 1 else "middle")
        out.append(
            f'<text x="{x(p.when)}" y="{HEIGHT - 10}" class="axis" '
            f'text-anchor="{anchor}">{p.when.isoformat()}</text>'
        )
    return "".join(out)


def _series(
    points: list[Reading],
    x: Callable[[date], float],
    y: Callable[[float], float],
    get: Callable[[Reading], float | None],
    cls: str,
) -> str:
    coords = [(x(p.when), y(get(p) or 0.0)) for p in points]
    line = " ".join(f"{a},{b}" for a, b in coords)
    name = _("systolic") if cls == "sys" else _("diastolic")
    dots = "".join(
        f'<circle class="{cls}" cx="{a}" cy="{b}" r="4"><title>{p.when}: {escape(p.label)} '
        f"({escape(name)})</title></circle>"
        for (a, b), p in zip(coords, points, strict=True)
    )
    return f'<polyline class="{cls}" points="{line}" fill="none"/>{dots}'
