"""Released prompts are pinned, complete and render strictly."""

from __future__ import annotations

import hashlib
import json
import re

import pytest

from memory.extraction.validation import parse_extraction
from memory.llm.prompts import PROMPTS_DIR, PromptError, load_prompt, pick_lang, render

# A released prompt is never edited: results record "extract/v1.zh" and must
# keep meaning the same text. To change a prompt, add v2 and pin it here.
RELEASED: dict[str, str] = {
    "answer/v1.en": "7188e08dc8e5f68f316b0224659d9739ef1760f82d0a5d5b435043097e87dc84",
    "answer/v1.zh": "d334a3a4e90c36e56ed3b0753c8339faaff812acc31522ca39c08e0de4d873ab",
    "answer/v2.en": "d138e7bb91d9e868f9c31104908d9bda4e17654c7cc0a9d2ecda4c2725465e1d",
    "answer/v2.zh": "d16e166c3f3e4e044d0c09147cd3d7cbe07117f356ae7fc3446ac9059a48fd9f",
    "extract/v1.en": "acb14065aed6a8d7ae2f32edd4be06f1ce931419f31499f49b0c105ceeef77ca",
    "extract/v1.zh": "35505d5ce7f6c5a094dc1526da984adda5fd35a704cc80618a5754cc81f36e98",
    "extract_retry/v1.en": "ff92c1494b735b57a139436e961a3b25b418d3fc5c28f487d513f3f229b99a8b",
    "extract_retry/v1.zh": "f427ad193079494958a0cbbb3e110b1465e7701e6755a5d6d2da9a8c4270e8ad",
    "extract/v2.en": "79c08a3b16aa5577d315e51c4507bbb7220e5dd5d73a8e9e84964a72e81af763",
    "extract/v2.zh": "6d1fdcf831df515ef02b774c723788d28f8188d7a5aef98bb233bd31083b49d5",
    "extract_retry/v2.en": "7f728059e432da60d49d2e67a86fcf098bf30281e2a8b7ef70468ccbb7d3b834",
    "extract_retry/v2.zh": "efe84d9d43d06b171ea0a289bf396d0bb9b457ca7974882103709b56e430c469",
    "answer/v3.en": "d0815f25bbbea63b0a84ec7313a6f497718e4ce8073c0b76212228dd3ed3f06f",
    "answer/v3.zh": "ec89a2d73845af152ba31970bf4202ad0304188b1727f9212cf8a88d2e62022c",
    "extract/v3.en": "ef07325d7ac9a78bc41984064039b8e1db1e5e49d395a7dbf90ef16b6498d92e",
    "extract/v3.zh": "e5f16df73d56ea863d671935f17b37f1a054833c185af469c850ca8f57fd22c3",
    "extract_retry/v3.en": "7f728059e432da60d49d2e67a86fcf098bf30281e2a8b7ef70468ccbb7d3b834",
    "extract_retry/v3.zh": "efe84d9d43d06b171ea0a289bf396d0bb9b457ca7974882103709b56e430c469",
}
LANG_PAIRS = [("extract", "zh"), ("extract", "en")]


def _load(version_id: str):
    task, rest = version_id.split("/")
    version, lang = rest.split(".")
    return load_prompt(task, version, lang)


@pytest.mark.parametrize("version_id", sorted(RELEASED))
def test_released_prompt_file_is_unchanged(version_id: str) -> None:
    prompt = _load(version_id)
    assert prompt.sha256 == RELEASED[version_id], f"released prompt {version_id} was edited"


def test_every_prompt_file_is_pinned() -> None:
    on_disk = {
        f"{p.parent.name}/{p.name.removesuffix('.txt')}" for p in PROMPTS_DIR.glob("*/*.txt")
    }
    assert on_disk == set(RELEASED)


def test_loaded_prompt_hash_is_of_the_file_bytes() -> None:
    prompt = load_prompt("extract", "v1", "zh")
    data = (PROMPTS_DIR / "extract" / "v1.zh.txt").read_bytes()
    assert prompt.sha256 == hashlib.sha256(data).hexdigest()


def test_version_id_names_task_version_and_language() -> None:
    assert load_prompt("answer", "v1", "en").version_id == "answer/v1.en"


def test_unknown_prompt_version_is_an_error() -> None:
    with pytest.raises(PromptError, match=r"extract/v9\.zh"):
        load_prompt("extract", "v9", "zh")


def test_unknown_language_is_an_error() -> None:
    with pytest.raises(PromptError, match="lang"):
        load_prompt("extract", "v1", "fr")


def test_render_fails_on_a_missing_placeholder() -> None:
    prompt = load_prompt("extract", "v1", "en")
    with pytest.raises(PromptError, match="missing value for dialogue"):
        render(prompt, date="2024-01-01")


def test_render_fails_on_an_unexpected_value() -> None:
    prompt = load_prompt("extract", "v1", "en")
    with pytest.raises(PromptError, match="no placeholder for patient"):
        render(prompt, date="2024-01-01", dialogue="1. Patient: hi", patient="x")


def test_render_does_not_expand_placeholders_inside_values() -> None:
    prompt = load_prompt("extract", "v1", "en")
    text = render(prompt, date="2024-01-01", dialogue="1. Patient: my {date} note")
    assert "1. Patient: my {date} note" in text


def test_render_leaves_the_json_example_intact() -> None:
    prompt = load_prompt("extract", "v1", "zh")
    text = render(prompt, date="2024-01-01", dialogue="1. Patient: 你好")
    assert '{"session_subject": "patient|family:关系|mixed|none",' in text


@pytest.mark.parametrize(("task", "lang"), LANG_PAIRS)
def test_extract_prompt_has_date_and_dialogue_placeholders(task: str, lang: str) -> None:
    assert load_prompt(task, "v1", lang).placeholders == {"date", "dialogue"}


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_answer_prompt_has_its_four_placeholders(lang: str) -> None:
    expected = {"profile", "evidence", "question", "today"}
    assert load_prompt("answer", "v1", lang).placeholders == expected


@pytest.mark.parametrize(("task", "lang"), LANG_PAIRS)
def test_extract_prompt_numbers_requirements_0_to_8_in_order(task: str, lang: str) -> None:
    text = load_prompt(task, "v1", lang).text
    numbers = [int(n) for n in re.findall(r"^(\d)\. ", text, flags=re.MULTILINE)]
    assert numbers == list(range(9))


@pytest.mark.parametrize(("task", "lang"), LANG_PAIRS)
def test_extract_prompt_has_no_pdf_continuation_marks(task: str, lang: str) -> None:
    assert ",→" not in load_prompt(task, "v1", lang).text


@pytest.mark.parametrize(("task", "lang"), LANG_PAIRS)
def test_extract_prompt_json_example_passes_validation(task: str, lang: str) -> None:
    text = load_prompt(task, "v1", lang).text
    example = json.loads(text[text.rindex('{"session_subject"') :])
    example["session_subject"] = "patient"  # the example lists the choices
    raw = json.dumps(example, ensure_ascii=False)
    extraction = parse_extraction(raw, n_turns=3, prompt_version="v1")
    assert [f.type for f in extraction.facts] == ["medication_status", "safety"]


# --- extract v2 -----------------------------------------------------------------
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_v2_extract_prompt_has_date_and_dialogue_placeholders(lang: str) -> None:
    assert load_prompt("extract", "v2", lang).placeholders == {"date", "dialogue"}


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_v2_extract_prompt_numbers_requirements_0_to_10_in_order(lang: str) -> None:
    text = load_prompt("extract", "v2", lang).text
    numbers = [int(n) for n in re.findall(r"^(\d+)\. ", text, flags=re.MULTILINE)]
    assert numbers == list(range(11))


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_v2_json_example_passes_strict_validation_with_slots(lang: str) -> None:
    text = load_prompt("extract", "v2", lang).text
    example = json.loads(text[text.rindex('{"session_subject"') :])
    example["session_subject"] = "patient"
    facts = parse_extraction(json.dumps(example, ensure_ascii=False), n_turns=4).facts
    assert [(f.assertion, f.slots.get("systolic")) for f in facts] == [
        ("present", None),
        ("present", 152),
        ("negated", None),
    ]


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ("assertion (required", "Caregiver sessions", "Undated sessions", "slots")),
        ("zh", ("assertion（每条事实必填）", "照护者会话", "无日期会话", "slots")),
    ],
)
def test_v2_extract_prompt_states_the_new_requirements(lang: str, words: tuple[str, ...]) -> None:
    text = load_prompt("extract", "v2", lang).text
    assert [w for w in words if w not in text] == []


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_v2_retry_prompt_asks_for_the_assertion(lang: str) -> None:
    prompt = load_prompt("extract_retry", "v2", lang)
    assert (prompt.placeholders, "assertion" in prompt.text) == ({"error"}, True)


def test_chinese_prompt_keeps_the_safety_rule_better_too_many_than_missed() -> None:
    assert "宁多勿漏" in load_prompt("extract", "v1", "zh").text


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_answer_prompt_asks_for_evidence_citations(lang: str) -> None:
    assert "[E3]" in load_prompt("answer", "v1", lang).text


@pytest.mark.parametrize(("lang", "word"), [("en", "superseded"), ("zh", "superseded")])
def test_answer_prompt_says_superseded_lines_are_not_current(lang: str, word: str) -> None:
    assert word in load_prompt("answer", "v1", lang).text


def test_answer_prompt_says_relatives_facts_are_not_the_patients() -> None:
    assert "is NOT the patient's" in load_prompt("answer", "v1", "en").text


def test_answer_prompt_says_when_evidence_lacks_the_answer() -> None:
    assert "does not contain it" in load_prompt("answer", "v1", "en").text


def test_mostly_chinese_text_picks_the_chinese_prompt() -> None:
    assert pick_lang("我最近在吃metformin 500mg，血糖还是高") == "zh"


def test_english_text_with_a_chinese_name_picks_the_english_prompt() -> None:
    assert pick_lang("The patient, 王伟, takes lisinopril daily for blood pressure") == "en"


# --- extract v3 -----------------------------------------------------------------
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_v3_extract_prompt_numbers_requirements_0_to_11_in_order(lang: str) -> None:
    text = load_prompt("extract", "v3", lang).text
    numbers = [int(n) for n in re.findall(r"^(\d+)\. ", text, flags=re.MULTILINE)]
    assert numbers == list(range(12))


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_v3_json_example_carries_an_allergy_reaction_and_severity(lang: str) -> None:
    text = load_prompt("extract", "v3", lang).text
    example = json.loads(text[text.rindex('{"session_subject"') :])
    example["session_subject"] = "patient"
    facts = parse_extraction(json.dumps(example, ensure_ascii=False), n_turns=4).facts
    allergy = next(f for f in facts if f.entity == "penicillin")
    assert (allergy.slots["severity"], bool(allergy.slots["reaction"])) == ("moderate", True)


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", ("antihistamines", "neighbour", "tolerates", "severity")),
     ("zh", ("抗组胺药", "邻居", "耐受", "severity"))],
)  # fmt: skip
def test_v3_extract_prompt_says_what_an_allergy_is(lang: str, words: tuple[str, ...]) -> None:
    text = load_prompt("extract", "v3", lang).text
    assert [w for w in words if w not in text] == []


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_v3_answer_prompt_has_a_relatives_section(lang: str) -> None:
    prompt = load_prompt("answer", "v3", lang)
    assert prompt.placeholders == {"profile", "evidence", "relatives", "question", "today"}
