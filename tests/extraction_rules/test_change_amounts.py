"""How much a reading changed is no reading (issue 30, item 1): "call me if you gain
three pounds" stores no weight of 3 lb. Each negative beside a control identical but
for the verb of change."""

from __future__ import annotations

import pytest

from ._helpers import facts


def _weights(speaker: str, text: str) -> list[str | None]:
    return [f.value for f in facts((speaker, text), kind="vital") if f.entity == "weight"]


@pytest.mark.parametrize(
    ("speaker", "change", "reading"),
    [
        (
            "Doctor",
            "Weigh yourself each morning and phone us if you gain four pounds.",
            "Weigh yourself each morning and phone us if you reach four pounds.",
        ),
        ("医生", "您的体重上周增加了3公斤。", "您的体重上周是3公斤。"),
    ],
)
def test_the_amount_of_a_weight_change_is_no_weight(
    speaker: str, change: str, reading: str
) -> None:
    assert (_weights(speaker, change), bool(_weights(speaker, reading))) == ([], True)


@pytest.mark.parametrize(
    ("speaker", "text", "weight"),
    [
        ("Patient", "My weight is 176 pounds now, I lost about six pounds.", "176"),
        ("患者", "我现在体重68公斤，瘦了3公斤。", "68"),
    ],
)
def test_the_weight_said_beside_a_change_is_kept(speaker: str, text: str, weight: str) -> None:
    assert _weights(speaker, text) == [weight]
