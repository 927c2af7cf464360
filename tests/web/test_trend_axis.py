"""The trend plot's axis (issue 30 item 6): ticks are distinct round numbers, each
label says the value its line is drawn at, and every point sits where its value is."""

from __future__ import annotations

import itertools
import re
from datetime import date

import pytest

from memory.web.trend import Reading, nice_ticks, tick_label, trend_svg

A1C = [6.5, 7.1, 7.8, 6.9]
DAYS = [date(2024, 2, 5), date(2024, 5, 20), date(2024, 9, 9), date(2025, 1, 13)]


def _svg(values: list[float]) -> str:
    points = [Reading(d, v, f"{v} %") for d, v in zip(DAYS, values, strict=True)]
    return str(trend_svg(points, "HbA1c"))


def _axis(svg: str) -> dict[str, float]:
    """tick label -> the y of its grid line."""
    lines = re.findall(
        r'<line class="gridline"[^>]*y1="([\d.]+)"[^>]*/><text[^>]*>([^<]+)</text>', svg
    )
    return {label: float(y) for y, label in lines}


def _dots(svg: str) -> list[float]:
    return [float(cy) for cy in re.findall(r'<circle class="sys" cx="[\d.]+" cy="([\d.]+)"', svg)]


@pytest.mark.parametrize(
    ("lo", "hi"), [(6.4, 7.9), (118.0, 162.0), (0.8, 1.3), (70.0, 82.0), (3.4, 3.5), (5.0, 5.0)]
)
def test_tick_labels_are_distinct(lo: float, hi: float) -> None:
    ticks = nice_ticks(lo, hi)
    labels = [tick_label(t, ticks) for t in ticks]
    assert len(set(labels)) == len(labels)


@pytest.mark.parametrize(("lo", "hi"), [(6.4, 7.9), (118.0, 162.0), (0.8, 1.3), (3.4, 3.5)])
def test_ticks_cover_the_readings(lo: float, hi: float) -> None:
    ticks = nice_ticks(lo, hi)
    assert ticks[0] <= lo and ticks[-1] >= hi


def test_tick_labels_print_the_value_of_their_line() -> None:
    assert [tick_label(t, nice_ticks(6.4, 7.9)) for t in nice_ticks(6.4, 7.9)] == [
        "6.0", "6.5", "7.0", "7.5", "8.0",
    ]  # fmt: skip


def test_a_point_is_drawn_between_the_ticks_of_its_value() -> None:
    svg = _svg(A1C)
    axis, dots = _axis(svg), _dots(svg)
    # 7.1 lies above the 7.0 line and below the 7.5 line (y grows downwards).
    assert axis["7.5"] < dots[1] < axis["7.0"]


def test_points_are_placed_in_proportion_to_their_values() -> None:
    svg = _svg(A1C)
    axis, dots = _axis(svg), _dots(svg)
    per_unit = (axis["6.0"] - axis["7.0"]) / 1.0
    assert dots[1] == pytest.approx(axis["7.0"] - 0.1 * per_unit, abs=0.2)


def test_dates_between_the_first_and_last_can_make_way_on_a_phone() -> None:
    svg = _svg(A1C)
    dates = re.findall(r'<text[^>]*class="([^"]+)"[^>]*>(\d{4}-\d\d-\d\d)</text>', svg)
    classes = [c for c, _ in dates]
    assert (classes[0], classes[-1]) == ("axis", "axis")
    assert set(classes[1:-1]) == {"axis minor"}


def _date_spans(svg: str) -> list[tuple[float, str]]:
    found = re.findall(r'<text x="([\d.]+)"[^>]*text-anchor="(\w+)">\d{4}-\d\d-\d\d</text>', svg)
    return [(float(x), anchor) for x, anchor in found]


def test_dates_of_close_visits_do_not_overlap() -> None:
    days = [date(2024, 1, 22), date(2024, 2, 5), date(2024, 5, 20)]
    points = [Reading(d, v, str(v)) for d, v in zip(days, [9.4, 8.9, 7.2], strict=True)]
    spans = []
    for at, anchor in _date_spans(str(trend_svg(points, "HbA1c"))):
        left = at if anchor == "start" else at - 80 if anchor == "end" else at - 40
        spans.append((left, left + 80))
    assert all(a[1] <= b[0] for a, b in itertools.pairwise(spans))


def test_the_latest_reading_is_always_dated() -> None:
    days = [date(2024, 1, 1), date(2024, 5, 30), date(2024, 6, 1)]
    points = [Reading(d, v, str(v)) for d, v in zip(days, [9.4, 8.9, 8.1], strict=True)]
    labels = re.findall(r">(\d{4}-\d\d-\d\d)</text>", str(trend_svg(points, "HbA1c")))
    assert labels == ["2024-01-01", "2024-06-01"]
