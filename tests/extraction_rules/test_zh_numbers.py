"""Chinese numerals read as digits where they are quantities, and nowhere else."""

from __future__ import annotations

import pytest

from memory.extraction.rules.zh_numbers import normalize_zh_numbers


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("五百毫克", "500毫克"),
        ("一百零五", "105"),
        ("一百五", "150"),
        ("两千五", "2500"),
        ("三十八", "38"),
        ("十五", "15"),
        ("七点五", "7.5"),
        ("零点五毫克", "0.5毫克"),
        ("两片", "2片"),
        ("半片", "0.5片"),
        ("一片半", "1.5片"),
        ("三十八度五", "38.5度"),
        ("百分之八十", "80%"),
        ("十分钟", "10分钟"),
    ],
)
def test_a_chinese_quantity_reads_as_digits(said: str, read: str) -> None:
    assert normalize_zh_numbers(said) == read


@pytest.mark.parametrize(
    "said", ["一直在吃", "一些", "十分难受", "千万别停", "三五天", "好一点", "一下", "第一次"]
)
def test_a_word_that_only_contains_a_numeral_stays_as_it_is(said: str) -> None:
    assert normalize_zh_numbers(said) == said
