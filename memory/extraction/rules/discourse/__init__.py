"""Discourse-level subject tracking: whose body each mention of a session concerns.

cues (the words: relation nouns, first person, pronouns with gender, reflexives),
stance (an "I" that states a view or gives care, no cue of the speaker's body),
persons (clinicians, animals and "the patient": people a he/she may stand for
who are no relative), framing (relation words that name nobody concerned: "I am
her mother", "my wife says", "I have a daughter", the doctor's "Mom"; a child's
birth history), roles (doctor and patient read from what each speaker does,
for swapped speaker tags), votes and focus (whom the whole session is about),
tracker (the running per-session state that resolves each mention) and session
(the session subject retrieval reads). Import from the submodules: clauses.py
reads the cues, and the tracker reads clauses.
"""
