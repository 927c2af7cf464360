"""segment_zh() and the jieba user dictionary."""

from __future__ import annotations

from memory.lexicon import jieba_userdict_path, segment_zh


def test_userdict_file_exists_and_is_not_empty() -> None:
    assert jieba_userdict_path().stat().st_size > 0


def test_drug_name_is_kept_whole() -> None:
    assert "二甲双胍" in segment_zh("我每天吃二甲双胍")


def test_lab_name_is_kept_whole() -> None:
    assert "糖化血红蛋白" in segment_zh("糖化血红蛋白是7.2")


def test_segmentation_drops_whitespace_tokens() -> None:
    assert " " not in segment_zh("高血压 心衰")
