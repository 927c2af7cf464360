"""A small inline SVG trend plot for a lab/vital chain, drawn on the server.

No chart library: readings become a polyline over their event dates. Values
such as "150/95" (blood pressure) plot the first number and keep the full
reading in each point's tooltip, so nothing reported is hidden.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

WIDTH, HEIGHT, PAD, LEFT, BOTTOM = 340, 100, 10, 44, 22
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


@dataclass(frozen=True)
class Reading:
    when: date
    value: float
    label: str


def first_number(text: str) -> float | None:
    match = _NUMBER.search(text or "")
    return float(match.group()) if match else None


def readings(facts: list) -> list[Reading]:
    """Dated numeric readings, oldest first; refuted / in-error readings left out."""
    out = []
    for fact in facts:
        if fact.verification in ("refuted", "entered_in_error"):
            continue
        number = first_number(fact.value) if fact.value else first_number(fact.content)
        if fact.effective_date is None or number is None:
            continue
        label = f"{fact.effective_date}: {fact.value or fact.content} {fact.unit}".strip()
        out.append(Reading(fact.effective_date, number, label))
    return sorted(out, key=lambda r: r.when)


def trend_svg(points: list[Reading], title: str) -> SafeString:
    """The plot, or "" when fewer than two readings make no trend."""
    if len(points) < 2:
        return mark_safe("")
    t0, t1 = points[0].when.toordinal(), points[-1].when.toordinal()
    lo, hi = min(p.value for p in points), max(p.value for p in points)
    span_t, span_v = max(t1 - t0, 1), max(hi - lo, 1e-9)

    def xy(p: Reading) -> tuple[float, float]:
        x = LEFT + (p.when.toordinal() - t0) / span_t * (WIDTH - LEFT - PAD)
        y = (
            HEIGHT
            - BOTTOM
            - ((p.value - lo) / span_v if hi > lo else 0.5) * (HEIGHT - BOTTOM - PAD)
        )
        return round(x, 1), round(y, 1)

    coords = [xy(p) for p in points]
    line = " ".join(f"{x},{y}" for x, y in coords)
    dots = "".join(
        f'<circle cx="{x}" cy="{y}" r="3"><title>{escape(p.label)}</title></circle>'
        for (x, y), p in zip(coords, points, strict=True)
    )
    axis = (
        f'<text x="{LEFT}" y="{HEIGHT - 4}" class="axis">{points[0].when}</text>'
        f'<text x="{WIDTH - PAD}" y="{HEIGHT - 4}" class="axis" text-anchor="end">'
        f"{points[-1].when}</text>"
        f'<text x="{LEFT - 6}" y="{PAD + 4}" class="axis" text-anchor="end">{_fmt(hi)}</text>'
        f'<text x="{LEFT - 6}" y="{HEIGHT - BOTTOM + 4}" class="axis" text-anchor="end">'
        f"{_fmt(lo)}</text>"
    )
    return mark_safe(
        f'<svg class="trend" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" '
        f'role="img" aria-label="{escape(title)}"><title>{escape(title)}</title>'
        f'<polyline points="{line}" fill="none"/>{dots}{axis}</svg>'
    )


def _fmt(value: float) -> str:
    return f"{value:g}"
