"""English caregiver sessions derived mechanically from development dialogues.

Real caregivers speak in the patient role about a relative: they name him
once ("my father"), then say only he / him / his, and a follow-up visit may
never name him at all. MTS-Dialog has few such sessions, so they are made from
ordinary patient dialogues by a fixed rewrite that knows nothing of the
record (no rule of the extractor may quote it; this only moves pronouns):

* `named`: the patient's first person becomes the caregiver's third person
  about a relative (I -> he, my -> his, me -> him, with the verb agreeing),
  and the doctor's second person becomes the same third person (you -> he,
  your -> his); the first such word of the patient's first turn names the
  relative instead ("my father"), and so does the doctor's first ("your
  father"); every later turn has pronouns only;
* `follow_up`: the same rewrite of another dialogue, with nobody ever named;
* in both, a third person the original dialogue already used for the person
  examined (the doctor's "she underwent ...") takes the relative's gender, so
  the session speaks of one person throughout;
* in both, the caregiver keeps his own first person where he manages the
  relative's medicines (issue 29): "I take Advair" -> "I give him Advair", "I'm
  on insulin" -> "I have him on insulin", "I've increased my lisinopril" -> "I've
  increased his lisinopril", "I check my sugar" -> "I check his sugar" - but only
  where the clause names a medicine or a reading, so "I take a walk" stays his.
  That first person is the agent of care, not the body concerned.

Every health fact of these sessions is the relative's: their gold subject is
"relative", and a fact stored under the patient is pollution.
"""

from __future__ import annotations

import re

from memory.domain.types import Turn
from memory.extraction.rules.entities import find_entities

_FIRST = re.compile(r"\b(I'm|I've|I'd|I'll|I|me|my|mine|myself)\b", re.I)
_SECOND = re.compile(r"\b(you're|you've|you'd|you'll|you|your|yours|yourself)\b", re.I)
_PRONOUNS = {
    "m": {"subj": "he", "obj": "him", "poss": "his", "own": "his", "self": "himself"},
    "f": {"subj": "she", "obj": "her", "poss": "her", "own": "hers", "self": "herself"},
}
_ROLE = {
    "i": "subj", "me": "obj", "my": "poss", "mine": "own", "myself": "self",
    "you": "subj", "your": "poss", "yours": "own", "yourself": "self",
}  # fmt: skip
_CONTRACTIONS = {"m": "'s", "ve": "'s", "re": "'s", "d": "'d", "ll": "'ll"}
# Third-person agreement of the verb right after a new "he"/"she".
_AGREE = {
    "am": "is", "are": "is", "have": "has", "do": "does", "don't": "doesn't",
    "were": "was", "go": "goes",
}  # fmt: skip
_REGULAR = re.compile(
    r"^(?:take|get|feel|need|use|want|think|know|see|smoke|drink|eat|live|work|sleep|"
    r"notice|remember|walk|exercise|check|stay|try|like|run|wake|drive|wear|keep)$",
    re.I,
)
# "Do you take" -> "Does he take": the auxiliary before a second person agrees too.
_AUX_BEFORE = re.compile(r"\b(do|are|have|were)(\s+)$", re.I)
_AUX = {"do": "does", "are": "is", "have": "has", "were": "was"}
# A "you" is a subject after these (or at a clause start), else an object ("brings you").
_SUBJECT_CONTEXT = re.compile(
    r"(?:^|[.,;:!?]|\b(?:and|but|so|if|when|because|that|do|does|did|are|were|have|has|can|"
    r"could|would|will|should|how|what|where|why|okay|ok|well|now|then|as|or))\s*$",
    re.I,
)
_SENTENCE_START = re.compile(r"(?:^|[.!?]\s+)$")
_RELATIONS = {"m": "father", "f": "mother"}


def gender_of(relation: str) -> str:
    return "f" if relation in ("mother", "wife", "daughter", "sister", "grandmother") else "m"


def _case(word: str, like: str) -> str:
    return word[:1].upper() + word[1:] if like[:1].isupper() else word


def _third(match: re.Match[str], text: str, gender: str) -> str:
    """One first- or second-person word -> the third person of that gender."""
    word = match[0]
    base, _, tail = word.casefold().partition("'")
    role = _ROLE.get(base, "subj")
    if base == "you" and not tail and not _SUBJECT_CONTEXT.search(text, 0, match.start()):
        role = "obj"
    out = _PRONOUNS[gender][role]
    if tail:
        out += _CONTRACTIONS.get(tail, "'" + tail)
    if base == "i" and not _SENTENCE_START.search(text, 0, match.start()):
        return out  # "I" is capital anywhere; "he" only at a sentence start
    return _case(out, word)


def rewrite(text: str, gender: str, pattern: re.Pattern[str], name: str | None) -> str:
    """All first (or second) person words of a turn -> third person; `name`, when
    given, replaces the first of them ("my father", "your father")."""
    out = ""
    last = 0
    for match in pattern.finditer(text):
        if match.start() < last:
            continue  # inside a verb already rewritten
        word = _third(match, text, gender)
        if name is not None:
            base, _, tail = match[0].casefold().partition("'")
            owned = _ROLE.get(base) in ("poss", "own")
            word = _case(name + ("'s" if owned else ""), match[0]) + _CONTRACTIONS.get(tail, "")
            name = None
        head = out + text[last : match.start()]
        subject = word.split()[-1].casefold() in ("he", "she") or word.endswith(
            ("father", "mother")
        )
        aux = _AUX_BEFORE.search(head) if subject else None
        if aux:
            head = head[: aux.start(1)] + _case(_AUX[aux[1].casefold()], aux[1]) + aux[2]
        out = head + word
        last = match.end()
        following = _next_word(text, last)
        verb = _agree(following) if subject and not aux else ""
        if verb:
            out += verb
            last += len(following)
    return out + text[last:]


def _next_word(text: str, pos: int) -> str:
    m = re.match(r"\s+[A-Za-z']+", text[pos:])
    return m[0] if m else ""


def _agree(spaced: str) -> str:
    """The verb after a new third-person subject, made to agree ("he has"); "" if none."""
    word = spaced.strip()
    low = word.casefold()
    if low in _AGREE:
        return spaced.replace(word, _case(_AGREE[low], word))
    if _REGULAR.match(word):
        return spaced.replace(word, word + "s")
    return ""


_THIRD = re.compile(r"\b(he|she|him|her|his|hers|himself|herself)\b", re.I)
_SAME = {"he": "subj", "she": "subj", "him": "obj", "his": "poss", "hers": "own",
         "himself": "self", "herself": "self"}  # fmt: skip
_NOT_A_NOUN = re.compile(r"\s*(?:[^\w\s]|$|(?:to|for|and|or|about|with|at|in|on|that|if|"
                         r"so|but|up|out|off|down|again|too|a|an|the)\b)", re.I)  # fmt: skip


def _regender(text: str, gender: str) -> str:
    """The original's he/she (the person examined) -> the relative's gender."""

    def one(m: re.Match[str]) -> str:
        word = m[0].casefold()
        role = _SAME.get(word)
        if role is None:  # "her": possessive before a noun, else an object
            role = "obj" if _NOT_A_NOUN.match(text, m.end()) else "poss"
        return _case(_PRONOUNS[gender][role], m[0])

    return _THIRD.sub(one, text)


# The patient taking a medicine -> the caregiver giving it (verb forms kept in tense).
_TAKES = re.compile(
    r"\bI(?P<aux>'m|\s+am|'ve been|\s+have been|\s+was|'ll|\s+will)?\s+"
    r"(?P<verb>take|taking|took|use|using|on)\b"
    r"(?!\s+(?:to|off|care|it easy|a (?:walk|look|break)))",
    re.I,
)
_GIVE = {"take": "give", "taking": "giving", "took": "gave", "use": "give", "using": "giving"}
_HAVE_ON = {"'m": "have", "am": "have", "was": "had", "'ve been": "'ve had",
            "have been": "have had", "'ll": "'ll have", "will": "will have"}  # fmt: skip
# The patient changing or checking his own medicine or reading -> the caregiver's.
_MANAGES = re.compile(
    r"\bI(?P<aux>'ve|\s+have|\s+had|'d|'ll|\s+will)?\s+(?P<verb>increased|increase|decreased|"
    r"decrease|raised|lowered|cut|doubled|stopped|check|checked|measure|measured|monitor|"
    r"monitored|track|tracked)\s+my\b",
    re.I,
)
_CLAUSE = re.compile(r"[^.;,!?]*")
_CARER = "\x01"  # the caregiver's own "I", kept out of the pronoun rewrite
_OBJ = "\x02"  # the relative as the object of care, filled in after it
_MY = "\x03"  # the caregiver's "my" naming the relative ("I give my father ...")


def _names_item(text: str, pos: int) -> bool:
    """The clause after `pos` names a medicine or a reading (lexicon), so the rewrite
    moves only what is said of a medicine."""
    clause = _CLAUSE.match(text, pos)
    kinds = {h.kind for h in find_entities(clause[0] if clause else "", False)}
    return bool(kinds & {"drug", "drug_class", "test"})


def _managed(text: str) -> str:
    """The patient's own medicine taking and changing -> the caregiver managing the
    relative's (placeholders: the caregiver's "I", the relative as object)."""

    def take(m: re.Match[str]) -> str:
        if not _names_item(text, m.end()):
            return m[0]
        aux = (m["aux"] or "").strip().casefold()
        verb = m["verb"].casefold()
        if verb == "on":
            if not aux:
                return m[0]
            have = _HAVE_ON[aux]
            return f"{_CARER}{'' if have.startswith(chr(39)) else ' '}{have} {_OBJ} on"
        return f"{_CARER}{m['aux'] or ''} {_GIVE[verb]} {_OBJ}"

    def manage(m: re.Match[str]) -> str:
        if not _names_item(text, m.end()):
            return m[0]
        return f"{_CARER}{m['aux'] or ''} {m['verb']} {_OBJ}'s"

    return _MANAGES.sub(manage, _TAKES.sub(take, text))


def _restore(text: str, gender: str, name: str | None) -> tuple[str, str | None]:
    """Objects of care back to words: the first names the relative when given `name`
    ("I give my father ..."), the others are pronouns; returns the name if unused."""
    while _OBJ in text:
        at = text.index(_OBJ)
        owned = text.startswith("'s", at + 1)
        if name is not None:
            word, name = name, None
        else:
            word = _PRONOUNS[gender]["poss" if owned else "obj"]
        text = text[:at] + word + text[at + 1 + (2 if owned and word in ("his", "her") else 0) :]
    return text, name


def _with_care(
    source: str, gender: str, pattern: re.Pattern[str], name: str | None, relation: str
) -> tuple[str, str | None]:
    """Fill the objects of care; the turn's name (if it is to name the relative) goes
    to whichever comes first, an object of care or a first-person word."""
    if _OBJ not in source:
        return source, name
    first = pattern.search(source)
    if name is not None and (first is None or source.index(_OBJ) < first.start()):
        return _restore(source, gender, f"{_MY} {relation}")[0], None
    return _restore(source, gender, None)[0], name


def _caregiver(turns: tuple[Turn, ...], relation: str, name_once: bool) -> tuple[Turn, ...]:
    gender = gender_of(relation)
    named = {"patient": not name_once, "doctor": not name_once}
    out: list[Turn] = []
    for t in turns:
        role = "doctor" if t.speaker == "doctor" else "patient"
        pattern = _SECOND if role == "doctor" else _FIRST
        found = pattern.search(t.text) is not None
        name = None
        # The patient names the relative first; the doctor only after him.
        if found and not named[role] and (role == "patient" or named["patient"]):
            name = ("your " if role == "doctor" else "my ") + relation
            named[role] = True
        source = _regender(t.text, gender)
        if role == "patient":
            source, name = _with_care(_managed(source), gender, pattern, name, relation)
        text = rewrite(source, gender, pattern, name).replace(_CARER, "I").replace(_MY, "my")
        out.append(Turn(t.index, role, text))
    return tuple(out)


def speaks_in_person(turns: tuple[Turn, ...]) -> bool:
    """The patient says I / me / my somewhere: the rewrite then leaves a person cue.
    A dialogue without any ("Any medications?" - "Metformin.") would be nobody's
    in particular once rewritten, so it makes no caregiver session."""
    return any(t.speaker != "doctor" and _FIRST.search(t.text) for t in turns)


def named_session(turns: tuple[Turn, ...], relation: str) -> tuple[Turn, ...]:
    """The relative named once by the caregiver (and once by the doctor), then pronouns."""
    return _caregiver(turns, relation, name_once=True)


def follow_up_session(turns: tuple[Turn, ...], relation: str) -> tuple[Turn, ...]:
    """Pronouns only: the relative is never named."""
    return _caregiver(turns, relation, name_once=False)


def relation_for(i: int) -> str:
    """Alternate fathers and mothers across histories (he and she both tested)."""
    return _RELATIONS["m" if i % 2 == 0 else "f"]
