"""How the configured LLM extractor is doing, read from the sessions it built.

A wrong key, a renamed model or a dead endpoint does not stop construction: the rule
extractor builds every session instead, and nothing else would show it. Operators
see it here, in /healthz ("llm": degraded after DEGRADED_AFTER sessions in a row built
by rules) and in /metrics (requests made, fallbacks by kind of failure).
"""

from __future__ import annotations

import re
from collections import Counter

from django.conf import settings
from django.db.models import Sum

from memory.domain.sessions import RULE_FALLBACK_PREFIX
from memory.models import Session

DEGRADED_AFTER = 3
_KIND = re.compile(r"^LLM extraction failed \((\w+)\)")


def failure_kind(reason: str) -> str:
    """The kind of failure a fallback session's reason names ("auth", "timeout"...)."""
    found = _KIND.match(reason or "")
    return found.group(1) if found else "other"


def llm_state() -> str:
    """ "off" (no LLM configured), "ok", or "degraded: ..." naming the latest cause."""
    if not getattr(settings, "LLM_BASE_URL", None):
        return "off"
    latest = list(
        Session.objects.filter(status=Session.Status.DONE, finished_at__isnull=False)
        .exclude(extractor="")
        .order_by("-finished_at")
        .values_list("extractor", "status_reason")[:DEGRADED_AFTER]
    )
    fell_back = [r for e, r in latest if e.startswith(RULE_FALLBACK_PREFIX)]
    if len(latest) == DEGRADED_AFTER and len(fell_back) == DEGRADED_AFTER:
        return (
            f"degraded: the last {DEGRADED_AFTER} sessions were built by rules after LLM "
            f"failures ({failure_kind(fell_back[0])}: {fell_back[0][-200:]})"
        )
    return "ok"


def llm_counts() -> dict[str, object]:
    """LLM requests made for the sessions now in memory, and fallbacks by kind."""
    llm = Session.objects.filter(extractor="llm")
    fallback = Session.objects.filter(extractor__startswith=RULE_FALLBACK_PREFIX)
    requests = (llm.aggregate(n=Sum("attempts"))["n"] or 0) + (
        fallback.aggregate(n=Sum("attempts"))["n"] or 0
    )
    kinds = Counter(failure_kind(r) for r in fallback.values_list("status_reason", flat=True))
    return {"requests": requests, "llm_sessions": llm.count(), "fallback_by_kind": dict(kinds)}
