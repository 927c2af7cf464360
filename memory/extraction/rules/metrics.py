# ruff: noqa: E501 -- cue tables are long regex alternations; splitting them hides the vocabulary.
"""The vitals and labs the rule extractor reads: names (English and Chinese), default
unit and plausible range of each (docs/design.md §4: every reading is kept, with its value
and unit).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Metric:
    entity: str
    type: str  # vital | lab_result
    names: str  # regex alternation of surface names
    unit: str | None  # default unit when none is written
    low: float
    high: float


METRICS: tuple[Metric, ...] = (
    Metric(
        # "your pressure today is 150 over 90": only a two-number reading is read for it
        "blood pressure",
        "vital",
        # "systolic was 160 and diastolic 95" (not the "systolic" of "160 systolic")
        r"blood pressures?|\bpressures?\b|\bbp\b|\bb\.p\.|(?<!\d )(?<!\d)\bsystolic\b|血压|高压|收缩压",
        "mmHg",
        40,
        300,
    ),
    Metric("heart rate", "vital", r"heart rate|\bpulse\b|\bhr\b|心率|脉搏|心跳", "bpm", 20, 250),
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
    Metric(
        "weight",
        "vital",
        # "you're about 200 pounds now": a person said to be so many pounds is a weight
        r"\bweigh(?:t|s|ed|ing)?\b|\b(?:i'm|i am|you're|you are|he's|he is|she's|she is)"
        r"(?= (?:(?:about|around|like|now|up to|down to|at) )*\d{2,3} ?(?:pounds|lbs?|kilos|kilograms|kg)\b)"
        r"|体重",
        None,
        1,
        700,
    ),
    Metric(
        "temperature",
        "vital",
        r"temperature|\btemp\b|\bfever of\b|(?<!a)\bfebrile (?:at|to|with)\b|体温|发烧到|烧到",
        None,
        34,
        110,
    ),
    Metric(
        "spo2",
        "vital",
        # "your oxygen was 98" (a saturation's range, never "oxygen 2 liters"), "o2 of 95 %"
        r"oxygen(?:ation| saturation| sat\w*| levels?)|\b(?:oxygen|o2)(?=(?:'s| (?:was|is|at|of|were|are))* "
        r"(?:\d+(?:\.\d+)? ?(?:%|percent)|(?:[7-9]\d|100)\b(?! ?(?:liters?|l\b|lpm))))|o2 sat\w*|\bsats?\b|"
        r"\bsatting\b|\bsaturation\b|\bsaturating\b|spo2|pulse ox\w*|血氧(?:饱和度)?",
        "%",
        50,
        100,
    ),
    Metric(
        "respiratory rate",
        "vital",
        r"respiratory rate|resp(?:iration)? rate|respirations?|\brr\b|breathing rate|"
        r"呼吸频率|呼吸(?=\s*[:：]?\s*\d)",
        "/min",
        4,
        80,
    ),
    Metric("bmi", "vital", r"\bbmi\b|body mass index|体重指数", "kg/m2", 10, 80),
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
    Metric(
        "ldl",
        "lab_result",
        r"(?<!non-)(?<!non )\bldl\b|bad cholesterol|低密度脂蛋白(?:胆固醇)?",
        None,
        0.5,
        400,
    ),
    Metric(
        "total cholesterol",
        "lab_result",
        r"(?<!ldl )(?<!hdl )cholesterol|总胆固醇|胆固醇",
        None,
        1,
        600,
    ),
    Metric(
        "hdl",
        "lab_result",
        r"(?<!non-)(?<!non )\bhdl\b|good cholesterol|高密度脂蛋白(?:胆固醇)?",
        None,
        0.2,
        200,
    ),
    Metric("triglycerides", "lab_result", r"triglycerides?|甘油三酯", None, 0.2, 3000),
    Metric("inr", "lab_result", r"\binr\b", None, 0.5, 10),
    Metric(
        "hemoglobin",
        "lab_result",
        r"(?<!glycated )hemoglobin(?! a1c)|haemoglobin(?! a1c)|\bhgb\b|血红蛋白",
        None,
        3,
        250,  # g/dL in English dialogue, g/L in Chinese ("血红蛋白90克每升")
    ),
    Metric("tsh", "lab_result", r"\btsh\b|促甲状腺", None, 0.01, 100),
    Metric(
        "ejection fraction",
        "lab_result",
        r"ejection fraction|\bef\b|pumping (?:function|fraction)|射血分数",
        "%",
        5,
        90,
    ),
    Metric("uric acid", "lab_result", r"uric acid|尿酸", None, 1, 1000),
    Metric("psa", "lab_result", r"\bpsa\b", "ng/mL", 0.01, 1000),
    Metric("magnesium", "lab_result", r"magnesium|血镁", None, 0.3, 10),
    Metric("bun", "lab_result", r"\bbun\b|blood urea nitrogen|尿素氮", None, 1, 200),
    Metric(
        "alt", "lab_result", r"\balt\b|alanine (?:amino)?transaminase|谷丙转氨酶", "U/L", 1, 5000
    ),
    Metric(
        "ast", "lab_result", r"\bast\b|aspartate (?:amino)?transaminase|谷草转氨酶", "U/L", 1, 5000
    ),
    Metric(
        "alkaline phosphatase",
        "lab_result",
        r"alkaline phosphatase|alk phos|碱性磷酸酶",
        "U/L",
        10,
        3000,
    ),
    Metric("vitamin d", "lab_result", r"vitamin d|维生素d", None, 1, 200),
    Metric("testosterone", "lab_result", r"testosterone|睾酮", None, 1, 3000),
    # The blood count and other frequent labs; ranges span both unit scales said
    # ("white count 12" in thousands, "11,000"; "血小板80" in 10^9/L).
    Metric(
        "white blood cell count",
        "lab_result",
        r"white (?:blood )?(?:cell )?count|white blood cells?|\bwbcs?\b|white cells|白细胞(?:计数)?",
        None,
        0.1,
        200000,
    ),
    Metric(
        "platelet count",
        "lab_result",
        r"platelets?(?: count)?|\bplts?\b|血小板(?:计数)?",
        None,
        1,
        2000000,
    ),
    Metric(
        "hematocrit",
        "lab_result",
        r"hematocrit|haematocrit|\bhct\b|红细胞压积|红细胞比容",
        "%",
        10,
        75,
    ),
    Metric(
        "vitamin b12 level",
        "lab_result",
        r"(?:vitamin )?\bb ?-?12\b|维生素b12",
        "pg/mL",
        50,
        5000,
    ),
    Metric("ferritin", "lab_result", r"ferritin|铁蛋白", None, 1, 10000),
    Metric("calcium", "lab_result", r"\bcalcium\b(?! channel)|血钙", None, 1, 16),
    Metric(
        "free t4",
        "lab_result",
        r"free t4|\bft4\b|free thyroxine|游离甲状腺素|游离t4",
        None,
        0.1,
        60,
    ),
    Metric("albumin", "lab_result", r"(?<!micro)\balbumin\b|(?<!尿)白蛋白", None, 1, 60),
    # Questionnaire scores: a number of points on the instrument's own scale (PHQ-9
    # 0-27, GAD-7 0-21); the severity the score is said to mean is the condition's
    # (rules.scores).
    Metric(
        "phq-9", "lab_result", r"\bphq-? ?9\b|\bphq\b|patient health questionnaire", "points", 0, 27
    ),
    Metric(
        "gad-7", "lab_result", r"\bgad-? ?7\b|\bgad\b(?= (?:score|questionnaire))", "points", 0, 21
    ),
    Metric("crp", "lab_result", r"c-? ?reactive protein|\bcrp\b|c反应蛋白", None, 0.01, 500),
)
