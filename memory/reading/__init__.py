"""The read model a question and a page are given (docs/design.md §5).

- profile.py: the L3 patient profile (safety first, never truncated; diagnosis and
  medication chain tails; pending sessions) from the patient's own records;
- read_cache.py: the per-process cache of what every ask reads (profile, conflicts,
  chain states), keyed by the patient's memory version.
"""
