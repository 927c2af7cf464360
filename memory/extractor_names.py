"""Names a session's `extractor` field takes beyond a model's own name.

Apart from memory.reading.profile (which imports the lexicons) so that the operator
commands that filter on it (`medgraph sessions --status fallback`) start fast.
"""

from __future__ import annotations

# Prefix of the extractor of a session the rule extractor built after the
# configured LLM failed: the session may miss what only the LLM would find.
RULE_FALLBACK_PREFIX = "rules after llm failure"
