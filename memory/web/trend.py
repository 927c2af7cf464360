"""An inline SVG trend plot for a lab/vital chain, drawn on the server.

No chart library: readings become polylines over their event dates. A blood
pressure reading ("150/95", or systolic/diastolic slots) plots both numbers
as two lines; anything else plots its first number. Every reading is also
listed in a table under the plot (memory/_trend.html), so nothing depends on
seeing the picture.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from memory.domain.chains import in_force
from memory.domain.stated import stated_quantity

WIDTH, HEIGHT, PAD, LEFT, BOTTOM = 720, 240, 14, 64, 34
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
    said = stated_quantity(fact)[0]
    # The content is read only when no value was stored: a weight said beside a blood
    # pressure ("体重81.5公斤，血压138/88") is the weight's 81.5, never the pair.
    match = _PAIR.search(said) or (None if said else _PAIR.search(fact.content or ""))
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


def nice_ticks(lo: float, hi: float, target: int = Y_TICKS) -> list[float]:
    """Evenly spaced round ticks (steps of 1, 2, 2.5 or 5 times a power of ten) that
    cover [lo, hi]: the axis reads 6.0, 6.5, 7.0 … and no two ticks print alike."""
    if hi <= lo:
        lo, hi = lo - 1, hi + 1
    raw = (hi - lo) / max(target - 1, 1)
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    first = math.floor(lo / step + 1e-9) * step
    count = math.ceil((hi - first) / step - 1e-9)
    return [round(first + i * step, 10) for i in range(count + 1)]


def tick_label(value: float, ticks: list[float]) -> str:
    """The tick's number with as many decimals as the step needs ("7.5", "120")."""
    step = ticks[1] - ticks[0] if len(ticks) > 1 else 1.0
    decimals = 0
    while decimals < 4 and abs(round(step, decimals) - step) > 1e-9:
        decimals += 1
    return f"{value:.{decimals}f}"


def trend_svg(points: list[Reading], title: str) -> SafeString:
    """The plot, or "" when fewer than two readings make no trend."""
    if len(points) < 2:
        return mark_safe("")
    paired = all(p.second is not None for p in points)
    values = [p.value for p in points] + [p.second for p in points if p.second is not None]
    margin = (max(values) - min(values)) * 0.05
    ticks = nice_ticks(min(values) - margin, max(values) + margin)
    lo, hi = ticks[0], ticks[-1]
    t0, t1 = points[0].when.toordinal(), points[-1].when.toordinal()
    span_t = max(t1 - t0, 1)

    def x(when: date) -> float:
        return round(LEFT + (when.toordinal() - t0) / span_t * (WIDTH - LEFT - PAD), 1)

    def y(value: float) -> float:
        return round(HEIGHT - BOTTOM - (value - lo) / (hi - lo) * (HEIGHT - BOTTOM - PAD), 1)

    parts = [_grid(ticks, y), _dates(points, x)]
    parts.append(_series(points, x, y, lambda p: p.value, "sys"))
    if paired:
        parts.append(_series(points, x, y, lambda p: p.second, "dia"))
    return mark_safe(
        f'<svg class="trend" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" '
        f'role="img" aria-label="{escape(title)}"><title>{escape(title)}</title>'
        f"{''.join(parts)}</svg>"
    )


def _grid(ticks: list[float], y: Callable[[float], float]) -> str:
    out = []
    for value in ticks:
        yy = y(value)
        out.append(
            f'<line class="gridline" x1="{LEFT}" x2="{WIDTH - PAD}" y1="{yy}" y2="{yy}"/>'
            f'<text x="{LEFT - 6}" y="{yy + 4}" class="axis" text-anchor="end">'
            f"{tick_label(value, ticks)}</text>"
        )
    return "".join(out)


# Width of an ISO date label in plot units at the desktop font size, and the gap kept
# between two labels.
_LABEL, _GAP = 80.0, 12.0


def _extent(index: int, last: int, at: float) -> tuple[float, float, str]:
    if index == 0:
        return at, at + _LABEL, "start"
    if index == last:
        return at - _LABEL, at, "end"
    return at - _LABEL / 2, at + _LABEL / 2, "middle"


def _dates(points: list[Reading], x: Callable[[date], float]) -> str:
    """Date labels that never overlap: the latest reading's date always, others from
    the left while they leave room (close visits share one label)."""
    last = len(points) - 1
    final = _extent(last, last, x(points[last].when))
    kept: list[tuple[int, tuple[float, float, str]]] = []
    for i in range(last):
        left, right, anchor = _extent(i, last, x(points[i].when))
        clear_before = not kept or left >= kept[-1][1][1] + _GAP
        if clear_before and right + _GAP <= final[0] and len(kept) < X_TICKS - 1:
            kept.append((i, (left, right, anchor)))
    kept.append((last, final))
    out = []
    for n, (i, extent) in enumerate(kept):
        anchor = extent[2]
        # On a phone the axis text is drawn larger (static/css): the dates between the
        # first and the last would then overlap, so they are hidden there.
        cls = "axis" if n in (0, len(kept) - 1) else "axis minor"
        out.append(
            f'<text x="{x(points[i].when)}" y="{HEIGHT - 10}" class="{cls}" '
            f'text-anchor="{anchor}">{points[i].when.isoformat()}</text>'
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
