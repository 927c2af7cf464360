"""Discourse-level subject tracking: whose body each mention of a session concerns.

cues (the words: relation nouns, first person, pronouns with gender), focus
(whom the whole session is about) and tracker (the running per-session state
that resolves each mention). Import from the submodules: clauses.py reads the
cues, and the tracker reads clauses.
"""
