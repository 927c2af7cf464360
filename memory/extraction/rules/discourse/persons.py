"""People a he/she may stand for who are no relative: clinicians and "the patient".

The clinical reason: "my pcp ... she increased the meds", "Did the dermatologist
see you?" - "Yes, she said I have an overactive sweat gland", "According to the
patient, his symptoms got worse" - a third person right after such a person is
that person (or what was done to the patient), never a relative whose facts
would leave the patient's memory. An animal is such a someone too ("my brother's dog ... he
bit me"). The subject tracker (discourse.tracker) and the session votes
(discourse.votes) read these offsets.

A clinician only counts as someone spoken *of*: the speaker addressing the
doctor ("What do you think, doctor, what does she have?", "医生，他这样要紧吗")
names the listener, and the "she" is still the person concerned.
"""

from __future__ import annotations

import re
from functools import lru_cache

from memory.lexicon.cues import cues

_PERSONS = cues("persons")
# Words, not one long alternation: a sentence is split into words once and each
# looked up, which costs less than trying forty alternatives at every position.
_CLINICIAN_WORDS = frozenset(_PERSONS.forms("clinician", "en"))
# cardiologist, dermatologists, ...: the specialists by their endings.
_SPECIALIST_ENDINGS = ("ologist", "ologists")
_ANIMAL_WORDS = frozenset(_PERSONS.forms("animal", "en"))
_WORD = re.compile(r"[a-z]+", re.I)
_ZH_ANIMALS = _PERSONS.pattern("animal", "zh", ordered=True)
_ZH_PERSONS = re.compile(
    rf"(?P<clinician>{_PERSONS.pattern('clinician', 'zh', ordered=True)})|{_ZH_ANIMALS}"
)
# A bare "doctor" with no determiner before it and a pause or the end after it
# is said to the listener: "Thank you doctor.", "What do you think doctor, ...".
_DETERMINED = re.compile(
    rf"\b{_PERSONS.pattern('determiner_before_clinician', 'en', ordered=True)}\s+$", re.I
)
_PAUSE_AFTER = re.compile(r"\s*(?:[,.?!;:]|$)")
_ZH_VOCATIVE = re.compile(r"^(?:[，,。！!？?：:\s]|$)")
_ZH_LEAD = re.compile(r"(?:^|[，,。！!？?\s]|你好|您好|谢谢|麻烦|请问)$")


# Most sentences name no clinician nor animal: one scan for their letters first.
_MAYBE = re.compile(
    rf"\b{_PERSONS.pattern('clinician_short_word', ordered=True)}\b"
    rf"|{_PERSONS.pattern('clinician_stem', ordered=True)}",
    re.I,
)


@lru_cache(maxsize=4096)
def _clinicians(text: str) -> tuple[int, ...]:
    if not _MAYBE.search(text):
        return ()
    out = []
    for m in _WORD.finditer(text):
        word = m[0].casefold()
        clinician = word in _CLINICIAN_WORDS or word.endswith(_SPECIALIST_ENDINGS)
        if word in _ANIMAL_WORDS or (clinician and not _addressed(text, *m.span())):
            out.append(m.start())
    if not text.isascii():
        for m in _ZH_PERSONS.finditer(text):
            if not (m["clinician"] and _addressed(text, *m.span())):
                out.append(m.start())
    return tuple(sorted(out))


def _addressed(text: str, start: int, end: int) -> bool:
    """The clinician word names the listener (a vocative), not someone spoken of."""
    if text[start].isascii():
        return bool(not _DETERMINED.search(text, 0, start) and _PAUSE_AFTER.match(text, end))
    return bool(_ZH_VOCATIVE.match(text[end:]) and _ZH_LEAD.search(text, 0, start))


def clinician_mentions(text: str) -> list[int]:
    """Offsets of clinicians spoken of in the text, and of animals ("my brother's
    dog ... he attacked me": the he is the dog, the bite is the patient's)."""
    return list(_clinicians(text))


_ANIMALS = "|".join(sorted(_ANIMAL_WORDS))
_OWNED_ANIMAL = re.compile(
    rf"^(?:'s|s')\s+(?:[a-z]+\s+)?(?:{_ANIMALS})\b|^(?:家)?的?{_ZH_ANIMALS}", re.I
)


def owns_animal(text: str, end: int) -> bool:
    """The relative named ending at `end` owns an animal ("my brother's dog",
    "我哥的狗"): the animal is spoken of, not the relative's body."""
    return bool(_OWNED_ANIMAL.match(text[end:]))


# "the patient", "patient" used for the person ("Is patient allergic?", "According
# to the patient, his symptoms ..."), 患者/病人: whom clinicians speak of.
_PATIENT_NOUN = re.compile(r"\bpatient\b|患者|病人", re.I)


def patient_mentions(text: str) -> list[int]:
    """Offsets of "the patient" named as a person."""
    return [m.start() for m in _PATIENT_NOUN.finditer(text)]


def forget_persons() -> None:
    _clinicians.cache_clear()
