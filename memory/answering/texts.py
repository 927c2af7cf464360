"""Fixed wording of the extractive reader, English and Chinese.

The answer's language follows the question's script; quoted records stay verbatim.
"""

from __future__ import annotations

TEXT: dict[str, dict[str, str]] = {
    "en": {
        "trailer": "(Extractive answer, no LLM configured: read from the structured records, "
        "not interpreted. Check the cited lines.)",
        "fallback": "(Extractive answer: the LLM reader failed ({reason}). Read from the "
        "structured records, not interpreted. Check the cited lines.)",
        "caution": "CAUTION: {record} recorded: {drug} {how} [{cite}]",
        "caution_general": "CAUTION: check any new drug against these recorded allergies, "
        "intolerances and contraindications:",
        "no_touch": "No recorded allergy, intolerance or contraindication touches {drug} or its "
        "drug class.",
        "not_applying": "Recorded but not in force ({why}): {line} [{cite}]",
        "other_safety": "Other recorded safety facts:",
        "no_safety": "No allergy, intolerance, contraindication, interaction or operation is "
        "recorded for the patient.",
        "same drug": "is the recorded substance itself",
        "class": "belongs to the drug class {via}",
        "class_asked": "the asked class {via} contains the recorded substance",
        "cross-reactive": "is in the same cross-reactive class ({via})",
        "takes": "Current record of {drug}:",
        "no_record": "No record of {item} for the patient.",
        "relative_has": "{item} is recorded for {whose}, not the patient.",
        "about_relative_yes": "{item} is recorded for {whose} (their own section of the overview).",
        "about_relative_no": "No record of {item} for {whose}.",
        "about_relative": "The question is about {whose}: the patient's own records are not "
        "used to answer it; {whose}'s records are in their own section of the overview.",
        "nothing": "Nothing in the patient's record matches the question.",
        "yes": "Yes: ",
        "suspected": "Suspected, not confirmed: ",
        "hypothetical": "Only mentioned as a possibility, not recorded as present: ",
        "no_absent": "No: recorded as absent. ",
        "not_now": "Not currently: ",
        "excluded": "Not relied on (marked {why}): ",
        "on_date": "On {date}: ",
        "not_in_force": "Nothing in force on {date}; latest record: ",
        "dose_carried": "; dose as last stated {date} [{cite}]",
        "dose_planned": "; planned {date}: {dose} [{cite}]",
        "dose_previous": "; changed from {dose} (superseded record of {date}) [{cite}]",
        "since": "since {date}",
        "stopped_on": "stopped {date}",
        "planned": "planned ({date})",
        "measured": "measured {date}",
        "measured_office": "measured in clinic {date}",
        "reported_home": "home reading, reported {date}",
        "recorded": "recorded {date}",
        "resolved_on": "resolved ({date})",
        "undated": "undated",
        "list_head": "{title} ({n}): {names}",
        "list_none": "No {title} recorded for the patient.",
        "medications": "current medications",
        "medications_at": "medications in force on {date}",
        "stopped": "stopped medications",
        "planned_meds": "planned or recommended, not yet taken",
        "diagnoses": "diagnoses",
        "inactive_diagnoses": "past, resolved or ruled-out diagnoses",
        "allergies": "allergies and intolerances",
        "contraindications": "contraindications",
        "interactions": "interactions",
        "operations": "operations and procedures",
        "safety": "safety facts (allergies, contraindications, interactions, operations)",
        "history": "History of {item} (by date):",
        "related": "Records related to the question:",
        "profile": "profile",
        "session": "session {sid}",
        "sep": ", ",
    },
    "zh": {
        "trailer": "（抽取式回答，未配置大模型：依据结构化记录作答，未做推理，请核对所引记录。）",
        "fallback": "（抽取式回答：大模型回答失败（{reason}）。"
        "依据结构化记录作答，未做推理，请核对所引记录。）",
        "caution": "注意：已记录{record}：{drug}{how} [{cite}]",
        "caution_general": "注意：开任何新药前请核对以下已记录的过敏、不耐受和禁忌：",
        "no_touch": "没有已记录的过敏、不耐受或禁忌涉及{drug}或其药物类别。",
        "not_applying": "已记录但不适用（{why}）：{line} [{cite}]",
        "other_safety": "其他已记录的安全事实：",
        "no_safety": "患者本人未记录过敏、不耐受、禁忌、相互作用或手术史。",
        "same drug": "即所记录的物质本身",
        "class": "属于{via}类药物",
        "class_asked": "所问的{via}类包含所记录的物质",
        "cross-reactive": "属于可交叉过敏的同类药物（{via}）",
        "takes": "{drug}的当前记录：",
        "no_record": "患者本人没有{item}的记录。",
        "relative_has": "{item}记录在{whose}名下，不是患者本人的。",
        "about_relative_yes": "{whose}名下有{item}的记录（见概览中{whose}的部分）。",
        "about_relative_no": "{whose}名下没有{item}的记录。",
        "about_relative": "该问题问的是{whose}：回答不使用患者本人的记录；"
        "{whose}的记录见概览中其本人的部分。",
        "nothing": "患者记录中没有与该问题相符的内容。",
        "yes": "是：",
        "suspected": "疑似，尚未确诊：",
        "hypothetical": "仅作为可能性提及，未记录为存在：",
        "no_absent": "否：记录为无/否认。",
        "not_now": "目前没有：",
        "excluded": "不予采用（已标记为{why}）：",
        "on_date": "{date}时：",
        "not_in_force": "{date}时无生效记录；最新记录：",
        "dose_carried": "；剂量为{date}最后一次记录的剂量 [{cite}]",
        "dose_planned": "；{date}计划改为 {dose} [{cite}]",
        "dose_previous": "；由 {dose} 调整而来（{date}的记录已被取代）[{cite}]",
        "since": "自{date}起",
        "stopped_on": "{date}停用",
        "planned": "计划中（{date}）",
        "measured": "{date}测得",
        "measured_office": "{date}诊室测得",
        "reported_home": "家庭自测值，{date}报告",
        "recorded": "{date}记录",
        "resolved_on": "已痊愈（{date}）",
        "undated": "日期不详",
        "list_head": "{title}（{n}项）：{names}",
        "list_none": "患者本人没有{title}的记录。",
        "medications": "当前用药",
        "medications_at": "{date}时在用的药物",
        "stopped": "已停用药物",
        "planned_meds": "计划或建议使用、尚未服用的药物",
        "diagnoses": "诊断",
        "inactive_diagnoses": "既往、已痊愈或已排除的诊断",
        "allergies": "过敏和不耐受",
        "contraindications": "禁忌",
        "interactions": "相互作用",
        "operations": "手术和操作",
        "safety": "安全事实（过敏、禁忌、相互作用、手术）",
        "history": "{item}的历史记录（按日期）：",
        "related": "与问题相关的记录：",
        "profile": "档案",
        "session": "会话 {sid}",
        "sep": "、",
    },
}

SAFETY_KIND_WORD: dict[str, dict[str, str]] = {
    "en": {
        "allergy": "allergy/intolerance",
        "contraindication": "contraindication",
        "interaction": "interaction",
        "surgical_history": "operation",
    },
    "zh": {
        "allergy": "过敏/不耐受",
        "contraindication": "禁忌",
        "interaction": "相互作用",
        "surgical_history": "手术史",
    },
}

RELATION_ZH: dict[str, str] = {
    "father": "父亲",
    "mother": "母亲",
    "son": "儿子",
    "daughter": "女儿",
    "wife": "妻子",
    "husband": "丈夫",
    "brother": "兄弟",
    "sister": "姐妹",
    "grandfather": "祖父",
    "grandmother": "祖母",
    "child": "孩子",
    "spouse": "配偶",
}


def whose(subject: str, lang: str) -> str:
    """'family:son' -> 'the son' / '儿子'; 'other:friend' -> 'friend'."""
    kind, _, label = subject.partition(":")
    label = label or kind
    if lang == "zh":
        return RELATION_ZH.get(label, label)
    return f"the {label}" if kind == "family" else label
