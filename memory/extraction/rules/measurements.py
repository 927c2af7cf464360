# ruff: noqa: E501 -- cue tables are long regex alternations; splitting them hides the vocabulary.
"""Vitals and labs with value and unit, English (incl. spoken numbers) and Chinese.

A metric name opens a short window; the first plausible number in it is the
value. Plausibility ranges reject numbers that belong to something else
("blood pressure medicine for 10 years" is not a BP of 10).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from memory.domain.types import ExtractedFact
from memory.extraction.rules.context_types import SentenceCtx, make_fact
from memory.extraction.rules.text import normalize_numbers


@dataclass(frozen=True)
class Metric:
    entity: str
    type: str  # vital | lab_result
    names: str  # regex alternation of surface names
    unit: str | None  # default unit when none is written
    low: float
    high: float


_METRICS: tuple[Metric, ...] = (
    Metric(
        "blood pressure", "vital", r"blood pressures?|\bbp\b|\bb\.p\.|血压|高压", "mmHg", 40, 300
    ),
    Metric("heart rate", "vital", r"heart rate|\bpulse\b|\bhr\b|心率|脉搏", "bpm", 20, 250),
    Metric(
        "hba1c",
        "lab_result",
        r"hemoglobin a1c|haemoglobin a1c|\ba1c\b|hba1c|糖化血红蛋白|糖化",
        "%",
        3,
        20,
    ),
    Metric(
        "blood glucose",
        "vital",
        r"(?:fasting |random )?blood (?:sugar|glucose)s?|\bglucose\b|\bsugars?\b|空腹血糖|餐后血糖|血糖",
        None,
        1,
        800,
    ),
    Metric("weight", "vital", r"\bweigh(?:t|s|ed|ing)?\b|体重", None, 1, 700),
    Metric(
        "temperature", "vital", r"temperature|\btemp\b|\bfever of\b|体温|发烧到|烧到", None, 34, 110
    ),
    Metric(
        "spo2",
        "vital",
        r"oxygen saturation|o2 sat\w*|\bsats?\b|spo2|pulse ox\w*|血氧(?:饱和度)?",
        "%",
        50,
        100,
    ),
    Metric("respiratory rate", "vital", r"respiratory rate|respirations|呼吸频率", "/min", 4, 80),
    Metric(
        "six-minute walk",
        "lab_result",
        r"six[- ]minute walk|6[- ]minute walk|6mwt?|六分钟步行",
        "m",
        10,
        1000,
    ),
    Metric("nt-probnp", "lab_result", r"nt-?pro-?bnp|\bbnp\b|脑钠肽", "pg/mL", 1, 50000),
    Metric("potassium", "lab_result", r"potassium|\bk\+|血钾|钾", "mmol/L", 1, 10),
    Metric("sodium", "lab_result", r"\bsodium\b|血钠", "mmol/L", 100, 180),
    Metric("creatinine", "lab_result", r"creatinine|肌酐", None, 0.1, 2000),
    Metric("egfr", "lab_result", r"\begfr\b|\bgfr\b|肾小球滤过率", "mL/min/1.73m2", 1, 200),
    Metric("ldl", "lab_result", r"\bldl\b|低密度脂蛋白", None, 0.5, 400),
    Metric(
        "total cholesterol",
        "lab_result",
        r"(?<!ldl )(?<!hdl )cholesterol|总胆固醇|胆固醇",
        None,
        1,
        600,
    ),
    Metric("hdl", "lab_result", r"\bhdl\b|高密度脂蛋白", None, 0.2, 200),
    Metric("triglycerides", "lab_result", r"triglycerides?|甘油三酯", None, 0.2, 3000),
    Metric("inr", "lab_result", r"\binr\b", None, 0.5, 10),
    Metric(
        "hemoglobin",
        "lab_result",
        r"(?<!glycated )hemoglobin(?! a1c)|haemoglobin(?! a1c)|\bhgb\b|血红蛋白",
        None,
        3,
        25,
    ),
    Metric("tsh", "lab_result", r"\btsh\b|促甲状腺", None, 0.01, 100),
    Metric("ejection fraction", "lab_result", r"ejection fraction|\bef\b|射血分数", "%", 5, 90),
    Metric("uric acid", "lab_result", r"uric acid|尿酸", None, 1, 1000),
    Metric("psa", "lab_result", r"\bpsa\b", "ng/mL", 0.01, 1000),
)

_NUM = r"(\d+(?:\.\d+)?)"
_BP_VALUE = re.compile(rf"{_NUM}\s*(?:/|over|\\)\s*{_NUM}", re.I)
_UNITS = (
    r"mmhg|mm hg|bpm|beats per minute|%|percent|mg/dl|mmol/l|mmol|µmol/l|umol/l|pg/ml|ng/ml|"
    r"kg|kilos?|kilograms?|lbs?|pounds?|°c|°f|degrees?|meters?|metres?|m\b|g/dl|"
    r"毫米汞柱|公斤|千克|斤|度|℃|米|次/分|次|毫摩尔|"
)
# A value is a number of its own: not the "1" of "HbA1c", not "4" of "in 4 weeks".
_VALUE = re.compile(
    rf"(?<![A-Za-z\d.]){_NUM}\s*({_UNITS})?(?!\s*(?:weeks?|days?|months?|years?|hours?|times|"
    rf"minutes?|个月|周|天|年|小时|次(?!/)))",
    re.I,
)
_GAP = 40  # characters allowed between a metric name and its number


def _compiled() -> list[tuple[Metric, re.Pattern[str]]]:
    return [(m, re.compile(m.names, re.I)) for m in _METRICS]


_COMPILED = _compiled()


def _read_value(metric: Metric, window: str) -> tuple[str, str | None, int] | None:
    """(value, unit, offset) of the first plausible value in the window after a name."""
    if metric.entity == "blood pressure":
        m = _BP_VALUE.search(window)
        if m and metric.low <= float(m[1]) <= metric.high and 20 <= float(m[2]) <= 200:
            unit_m = re.match(r"\s*(mmhg|mm hg|毫米汞柱)", window[m.end() :], re.I)
            return f"{m[1]}/{m[2]}", unit_m[1] if unit_m else metric.unit, m.start()
        return None
    for m in _VALUE.finditer(window):
        if metric.low <= float(m[1]) <= metric.high:
            unit = (m[2] or "").strip() or metric.unit
            return m[1], unit, m.start()
    return None


_ANY_DIGIT = re.compile(r"\d")


def _overlaps(spans: list[tuple[int, int]], a: int, b: int) -> bool:
    return any(a < e and b > s for s, e in spans)


def extract_measurements(ctx: SentenceCtx) -> list[ExtractedFact]:
    """One fact per metric name followed closely by a plausible number."""
    text = ctx.norm  # spoken numbers already turned into digits by the extractor
    if not _ANY_DIGIT.search(text):
        return []  # no value, no measurement (cheap exit for most sentences)
    facts: list[ExtractedFact] = []
    used: list[tuple[int, int]] = []
    seen: set[str] = set()
    for metric, pattern in _COMPILED:
        for name in pattern.finditer(text):
            if metric.entity in seen or _overlaps(used, name.start(), name.end()):
                continue
            window = text[name.end() : name.end() + _GAP]
            found = _read_value(metric, window)
            if found is None:
                continue
            value, unit, offset = found
            used.append((name.start(), name.end() + offset + len(value)))
            seen.add(metric.entity)
            pos = min(name.start(), len(ctx.text) - 1)
            facts.append(
                make_fact(
                    ctx,
                    pos,
                    type=metric.type,
                    entity=metric.entity,
                    value=value,
                    unit=unit,
                    assertion="hypothetical"
                    if ctx.assertion(pos, pos + 1) == "hypothetical"
                    else "present",
                    confidence=0.75,
                )
            )
    return facts


def has_measurement(text: str, zh: bool) -> bool:
    """Does the text name a metric followed closely by a plausible value?"""
    norm = text if zh else normalize_numbers(text)
    if not any(ch.isdigit() for ch in norm):
        return False
    for metric, pattern in _COMPILED:
        for name in pattern.finditer(norm):
            if _read_value(metric, norm[name.end() : name.end() + _GAP]) is not None:
                return True
    return False
