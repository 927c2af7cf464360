"""Discourse-level subject tracking: whose body each mention of a session concerns.

cues (the words: relation nouns, first person, pronouns with gender), framing
(relation words that name nobody concerned: "I am her mother", "my wife says",
the doctor's "Mom"; a child's birth history), focus (whom the whole session is
about), tracker (the running per-session state that resolves each mention) and
session (the session subject retrieval reads). Import from the submodules: clauses.py reads the
cues, and the tracker reads clauses.
"""
