"""One quoted record as the extractive answer shows it to a clinician, English or Chinese.

The reader's own lines (memory.domain.render.fact_line) carry stored codes
("surgical_history", "medication_status", "<subject family:father>") that a
model reads well and a clinician misreads; the answer shown to people names
the kind, the item, the status, whose record it is and what its date means
("recorded" is the session that said it, "dated" the stated event, to the
precision it was stated with), and keeps the record's verbatim words.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memory.answering.texts import RELATION_ZH, whose
from memory.answering.values import item_name
from memory.domain.dates import date_text
from memory.domain.evidence import FactView
from memory.domain.render import fact_marks

KIND_WORD: dict[str, dict[str, str]] = {
    "en": {
        "allergy": "Allergy/intolerance", "contraindication": "Contraindication",
        "interaction": "Interaction", "surgical_history": "Surgical history",
        "medication_status": "Medication", "condition": "Condition", "lab_result": "Lab result",
        "vital": "Vital sign", "symptom": "Symptom", "safety": "Safety record",
        "preference": "Preference", "event": "Event",
    },
    "zh": {
        "allergy": "过敏/不耐受", "contraindication": "禁忌", "interaction": "相互作用",
        "surgical_history": "手术史", "medication_status": "用药", "condition": "诊断",
        "lab_result": "化验结果", "vital": "生命体征", "symptom": "症状", "safety": "安全记录",
        "preference": "偏好", "event": "事件",
    },
}  # fmt: skip
STATUS_ZH = {
    "active": "在用", "stopped": "已停用", "dose_changed": "剂量调整", "planned": "计划中",
    "suspected": "疑似", "confirmed": "已确诊", "misdiagnosed": "误诊", "resolved": "已痊愈",
    "chronic": "慢性", "worsened": "加重", "improved": "好转",
}  # fmt: skip
# Retrieval's marks (memory.retrieval.context, memory.domain.render) in clinicians' words.
MARK_WORD: dict[str, dict[str, str]] = {
    "en": {
        "current (chain tail)": "current record", "superseded": "superseded by a later record",
        "latest measurement": "latest measurement", "NEGATIVE finding (denied/absent)":
        "denied/absent", "ENTERED IN ERROR": "entered in error", "historical": "past history",
        "hypothetical": "only mentioned as a possibility",
        "corrected by a clinician": "corrected by a clinician",
    },
    "zh": {
        "current (chain tail)": "当前记录", "superseded": "已被较新的记录取代",
        "latest measurement": "最新测量", "earlier measurement": "较早的测量",
        "later record": "较晚的记录", "planned": "计划中",
        "NEGATIVE finding (denied/absent)": "否认/未见", "ENTERED IN ERROR": "录入错误",
        "historical": "既往史", "hypothetical": "仅作为可能性提及",
        "corrected by a clinician": "经临床医生更正",
    },
}  # fmt: skip
_MENTIONED = re.compile(r"mentioned (\d+)x, last (.+)")
REFUTED = {"en": "refuted by a clinician", "zh": "已被临床医生否定"}


def when(fact: FactView, lang: str) -> str:
    """'recorded 2024-01-22' (the session's date) or 'dated 1995, recorded 2024-02-05'."""
    zh = lang == "zh"
    recorded = fact.session_date
    if fact.date is not None and fact.date != recorded:
        stated = date_text(fact.date, fact.date_precision)
        if recorded is None:
            return f"日期{stated}" if zh else f"dated {stated}"
        return f"日期{stated}，{recorded}记录" if zh else f"dated {stated}, recorded {recorded}"
    if recorded is None:
        return "日期不详" if zh else "undated"
    if fact.fact_type in ("lab_result", "vital"):
        setting = (fact.slots or {}).get("setting")
        if setting == "office":
            return f"{recorded}诊室测得" if zh else f"measured in clinic {recorded}"
        if setting == "home":
            return f"家庭自测值，{recorded}报告" if zh else f"home reading, reported {recorded}"
        return f"{recorded}测得" if zh else f"measured {recorded}"
    return f"{recorded}记录" if zh else f"recorded {recorded}"


def mark_text(mark: str, lang: str) -> str:
    words = MARK_WORD[lang]
    if mark in words:
        return words[mark]
    if mark.startswith("REFUTED by clinician"):
        return REFUTED[lang] + mark[len("REFUTED by clinician") :]
    if mark.startswith("ENTERED IN ERROR"):
        return words["ENTERED IN ERROR"] + mark[len("ENTERED IN ERROR") :]
    if lang == "zh" and (m := _MENTIONED.fullmatch(mark)):
        return f"提及{m[1]}次，最近{m[2]}"
    if lang == "zh" and mark.startswith("in force on "):
        return f"{mark[len('in force on ') :]}时有效"
    if mark.startswith("valid ") and ".." in mark:
        start, _, end = mark[len("valid ") :].partition("..")
        end = "" if end == "open" else end
        if lang == "zh":
            return f"有效期{start}至{end or '今'}"
        return f"valid {start} to {end or 'now'}"
    return mark


def quoted_line(fact: FactView, marks: Sequence[str], lang: str, cite: str) -> str:
    """'- Surgical history: appendectomy — “…” (dated 1995, recorded 2024-02-05; session s03)'."""
    zh = lang == "zh"
    kind = KIND_WORD[lang].get(fact.safety_kind or fact.fact_type, fact.fact_type)
    name = item_name(fact.entity, lang) if fact.entity else ""
    head = f"{kind}{'：' if zh else ': '}{name}" if name else kind
    if fact.status:
        status = STATUS_ZH.get(fact.status, fact.status) if zh else fact.status.replace("_", " ")
        head += f"（{status}）" if zh else f" ({status})"
    if fact.subject != "patient":
        person = whose(fact.subject, lang) if zh else fact.subject.partition(":")[2]
        head += f"〔{RELATION_ZH.get(person, person)}的记录〕" if zh else f" [{person}'s record]"
    notes = [when(fact, lang), *(mark_text(m, lang) for m in (*marks, *fact_marks(fact)))]
    session = f"会话 {fact.session_id}" if zh else f"session {fact.session_id}"
    tail = "；".join([*notes, session]) if zh else "; ".join([*notes, session])
    return (
        f"- {head} — “{fact.content}” （{tail}） [{cite}]"
        if zh
        else (f"- {head} — “{fact.content}” ({tail}) [{cite}]")
    )
