"""What the reader is told about sessions not (fully) in memory (domain.pending): the
caveat lines, the qualifier on every stated absence, and the check that an answer
claims no unqualified absence (from the mutation pass)."""

from __future__ import annotations

from memory.domain.evidence import PendingSession, ProfileData
from memory.domain.pending import caveat_lines, guard_answer, qualify, short_reason
from tests.pipeline.absence import claims_unqualified_absence  # the pipeline tests' oracle

FAILED = PendingSession("visit-7", "failed", reason="extractor error: KeyError('dose')")
QUEUED = PendingSession("visit-8", "queued")
FALLBACK = PendingSession("visit-3", "done", kind="rule_fallback", reason="LLM timed out")

ONE_MISSING = ProfileData(cutoff=None, at=None, pending=(FAILED,))
NOTHING_MISSING = ProfileData(cutoff=None, at=None)
EN_QUALIFIER = " (only among the sessions in memory: 1 session(s) not in memory, see above)"
ZH_QUALIFIER = "（仅限已入库的会话：另有 1 个会话未入库，见上）"


def missing(*sessions: PendingSession) -> ProfileData:
    return ProfileData(cutoff=None, at=None, pending=sessions)


# --- short_reason -------------------------------------------------------------------


def test_a_reason_exactly_at_the_limit_is_kept_whole() -> None:
    assert short_reason("disk full", limit=9) == "disk full"


def test_a_long_reason_is_cut_after_the_last_whole_word() -> None:
    assert short_reason("extractor error: word word word", limit=22) == "extractor error: word…"


# --- caveat_lines -------------------------------------------------------------------


def test_a_failed_session_is_named_with_its_status_and_reason() -> None:
    assert caveat_lines(ONE_MISSING) == [
        "1 session(s) not in memory: visit-7 (failed: extractor error: KeyError('dose')). "
        "Their facts (allergies included) are missing from this profile and from the evidence."
    ]


def test_sessions_not_in_memory_are_listed_together_without_an_empty_reason() -> None:
    assert caveat_lines(missing(FAILED, QUEUED))[0].startswith(
        "2 session(s) not in memory: visit-7 (failed: extractor error: KeyError('dose')), "
        "visit-8 (queued)."
    )


def test_the_caveat_is_in_chinese_for_a_chinese_reader() -> None:
    assert caveat_lines(missing(QUEUED), "zh") == [
        "1 个会话未入库：visit-8 (queued)。其中的事实（包括过敏）不在本档案和证据中。"
    ]


def test_the_caveat_falls_back_to_english_for_another_language() -> None:
    assert caveat_lines(missing(QUEUED), "fr")[0].startswith("1 session(s) not in memory")


def test_a_session_built_by_the_rule_extractor_is_named_as_such() -> None:
    assert caveat_lines(missing(FALLBACK)) == [
        "1 session(s) built by the rule extractor after the LLM extraction failed: "
        "visit-3 (done: LLM timed out)."
    ]


def test_a_rule_fallback_session_is_not_counted_as_missing() -> None:
    assert len(caveat_lines(missing(FAILED, FALLBACK))) == 2


def test_with_every_session_in_memory_there_is_no_caveat() -> None:
    assert caveat_lines(NOTHING_MISSING) == []


# --- qualify ------------------------------------------------------------------------


def test_an_absence_is_qualified_while_a_session_is_missing() -> None:
    line = "No allergy is recorded."
    assert qualify(line, ONE_MISSING) == line + EN_QUALIFIER


def test_an_absence_is_qualified_in_chinese_for_a_chinese_reader() -> None:
    assert qualify("未记录过敏史。", ONE_MISSING, "zh") == "未记录过敏史。" + ZH_QUALIFIER


def test_an_absence_is_qualified_in_english_for_another_language() -> None:
    line = "None recorded."
    assert qualify(line, ONE_MISSING, "fr") == line + EN_QUALIFIER


def test_a_line_stating_no_absence_is_left_alone() -> None:
    assert qualify("Takes metformin 500 mg.", ONE_MISSING) == "Takes metformin 500 mg."


def test_an_absence_is_left_alone_when_every_session_is_in_memory() -> None:
    assert qualify("No allergy is recorded.", NOTHING_MISSING) == "No allergy is recorded."


# --- guard_answer -------------------------------------------------------------------


def test_a_guarded_answer_starts_with_the_caveat_and_qualifies_each_absence() -> None:
    assert guard_answer("Takes metformin.\nNo allergy is recorded.", ONE_MISSING) == "\n".join(
        [*caveat_lines(ONE_MISSING), "Takes metformin.", "No allergy is recorded." + EN_QUALIFIER]
    )


def test_a_guarded_chinese_answer_is_qualified_in_chinese() -> None:
    guarded = guard_answer("未记录过敏史。", ONE_MISSING, "zh")
    assert guarded.endswith("未记录过敏史。" + ZH_QUALIFIER)


def test_a_guarded_chinese_answer_starts_with_the_chinese_caveat() -> None:
    guarded = guard_answer("未记录过敏史。", ONE_MISSING, "zh")
    assert guarded.startswith("1 个会话未入库：visit-7")


def test_an_answer_is_unchanged_when_every_session_is_in_memory() -> None:
    text = "Takes metformin.\nNo allergy is recorded."
    assert guard_answer(text, NOTHING_MISSING) == text


# --- claims_unqualified_absence (the oracle the pipeline tests check answers with) ---


def test_an_unqualified_absence_is_caught_while_a_session_is_missing() -> None:
    assert claims_unqualified_absence("No allergy is recorded.", ONE_MISSING) is True


def test_an_absence_is_no_claim_when_every_session_is_in_memory() -> None:
    assert claims_unqualified_absence("No allergy is recorded.", NOTHING_MISSING) is False


def test_a_qualified_absence_is_not_caught() -> None:
    text = qualify("No allergy is recorded.", ONE_MISSING)
    assert claims_unqualified_absence(text, ONE_MISSING) is False


def test_an_answer_stating_no_absence_is_not_caught() -> None:
    assert claims_unqualified_absence("Takes metformin 500 mg.", ONE_MISSING) is False


def test_the_word_only_beside_an_absence_is_no_qualifier() -> None:
    text = "No allergy is recorded; only the visit notes were read."
    assert claims_unqualified_absence(text, ONE_MISSING) is True


def test_a_chinese_qualifier_in_half_width_brackets_still_qualifies() -> None:
    text = "未记录过敏史。(仅限已入库的会话：另有 1 个会话未入库，见上)"
    assert claims_unqualified_absence(text, ONE_MISSING) is False
