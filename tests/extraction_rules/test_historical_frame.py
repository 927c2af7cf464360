"""A time frame opening a telling ("when I was twenty-five ...") dates the whole
clause chain after it, not only the next sixty characters; a return to now ends it."""

from __future__ import annotations

from memory.extraction.rules.context import assertion_of

LONG = (
    "When I was about twenty-five I got a throat infection at college and the doctor at "
    "the student clinic kept me in bed for ten days with pneumonia"
)


def test_a_historical_frame_reaches_a_mention_far_after_it() -> None:
    start = LONG.index("pneumonia")
    assert start > 100 and assertion_of(LONG, start, start + 9, zh=False) == "historical"


def test_now_ends_the_historical_frame() -> None:
    text = "When I was about twenty-five I smoked a lot and now I have a cough"
    start = text.index("cough")
    assert assertion_of(text, start, start + 5, zh=False) == "present"


def test_a_chinese_historical_frame_reaches_past_its_first_words() -> None:
    text = "二十岁的时候在老家干活受了伤又淋了雨得了一场很重的肺炎"
    start = text.index("肺炎")
    assert assertion_of(text, start, start + 2, zh=True) == "historical"


def test_xianzai_ends_the_chinese_historical_frame() -> None:
    text = "以前抽烟抽得很多现在咳嗽"
    start = text.index("咳嗽")
    assert assertion_of(text, start, start + 2, zh=True) == "present"


def test_negation_scope_stays_short() -> None:
    text = "No, I went to the clinic on Monday and on Tuesday and they said it was a bad cough"
    start = text.index("cough")
    assert assertion_of(text, start, start + 5, zh=False) == "present"
