"""Forms: upload, ask, timeline filters and the three correction forms.

Correction forms only validate input; the change itself is made by
memory.actions.corrections, whose CorrectionError is shown as a form error.
Each correction form carries the fact's version in a hidden field, so an edit
made on a page that has gone stale is refused instead of overwriting.
"""

from __future__ import annotations

from decimal import Decimal

from django import forms
from django.utils.translation import gettext_lazy as _

from memory.domain.chains import in_force
from memory.domain.slots import as_number
from memory.domain.stated import (
    SLOT_FIELDS,
    VALUED_TYPES,
    is_blood_pressure,
    slot_fields,
    slots_of,
    stated_quantity,
)
from memory.domain.subjects import SubjectError, canonical_subject
from memory.domain.types import CONDITION_STATUSES, FACT_TYPES, MEDICATION_STATUSES, SAFETY_KINDS
from memory.importing import FORMATS
from memory.models import Fact, Person
from memory.queries.pages import item_names, persons_besides
from memory.web.labels import LABELS, person_label

VERIFICATION_CHOICES = [
    ("confirmed", _("Confirmed")),
    ("unconfirmed", _("Unconfirmed")),
    ("refuted", _("Refuted")),
    ("entered_in_error", _("Entered in error")),
]
TYPE_CHOICES = [("", _("All types")), *[(t, LABELS.get(t, t)) for t in FACT_TYPES]]
# Safety records keep their type (a clinician marks one refuted instead).
RETARGET_TYPES = tuple(t for t in FACT_TYPES if t != "safety")


class MultiFileInput(forms.ClearableFileInput):
    allow_multiple_selected = True


class MultipleFileField(forms.FileField):
    """Several files in one input (Django's documented pattern)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        kwargs.setdefault("widget", MultiFileInput(attrs={"multiple": True}))
        super().__init__(*args, **kwargs)

    def clean(self, data: object, initial: object = None) -> list:
        single = super().clean
        if isinstance(data, list | tuple):
            return [single(d, initial) for d in data]
        return [single(data, initial)] if data else []


class UploadForm(forms.Form):
    files = MultipleFileField(label=_("Files"), required=False)
    text = forms.CharField(
        label=_("Or paste a transcript"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 8, "placeholder": "Patient: ...\nDoctor: ..."}),
    )
    patient_id = forms.CharField(label=_("Patient id"), required=False, max_length=128)
    session_date = forms.DateField(
        label=_("Session date"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    fmt = forms.ChoiceField(
        label=_("Format"), choices=[(f, f) for f in FORMATS], initial="auto", required=False
    )
    replace = forms.BooleanField(
        label=_("Replace changed sessions"),
        required=False,
        help_text=_(
            "A session id that is already stored with different turns is refused unless this "
            "is ticked. Ticked, the new turns replace the stored ones and the session is "
            "extracted again; facts a clinician corrected are kept."
        ),
    )

    def clean(self) -> dict:
        data = super().clean()
        if not data.get("files") and not (data.get("text") or "").strip():
            raise forms.ValidationError(_("Choose one or more files, or paste a transcript."))
        return data


class AskForm(forms.Form):
    question = forms.CharField(
        label=_("Question"), max_length=2000, widget=forms.TextInput(attrs={"autofocus": True})
    )
    at = forms.DateField(
        label=_("As of date (optional)"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
    )


class TimelineFilter(forms.Form):
    type = forms.ChoiceField(label=_("Type"), choices=TYPE_CHOICES, required=False)
    person = forms.ChoiceField(label=_("Person"), required=False)
    start = forms.DateField(
        label=_("From"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    end = forms.DateField(
        label=_("To"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )

    def __init__(self, *args: object, persons: list[Person], **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.fields["person"].choices = [("", _("Everyone"))] + [
            (p.key, person_label(p.key)) for p in persons
        ]


class VersionedForm(forms.Form):
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=1, max_value=2**31 - 1)

    def __init__(self, *args: object, fact: Fact, **kwargs: object) -> None:
        initial = dict(kwargs.pop("initial", None) or {})  # type: ignore[call-overload]
        initial.setdefault("version", fact.version)
        super().__init__(*args, initial=initial, **kwargs)  # type: ignore[arg-type]
        self.fact = fact


class ReassignForm(VersionedForm):
    person = forms.ChoiceField(label=_("Move to person"), required=False)
    relation = forms.CharField(
        label=_("or type a relation"),
        required=False,
        max_length=80,
        widget=forms.TextInput(attrs={"placeholder": "father / family:wife / other:friend"}),
    )
    reason = forms.CharField(label=_("Reason"), max_length=2000)

    def __init__(self, *args: object, fact: Fact, **kwargs: object) -> None:
        super().__init__(*args, fact=fact, **kwargs)
        others = persons_besides(fact.patient, fact.subject_id)
        self.fields["person"].choices = [("", "—")] + [(p.key, person_label(p.key)) for p in others]

    def clean(self) -> dict:
        data = super().clean()
        relation = (data.get("relation") or "").strip()
        target = relation or data.get("person") or ""
        if not target:
            raise forms.ValidationError(_("Pick a person or type a relation."))
        try:
            canonical_subject(target)  # the person key it becomes must fit its column
        except SubjectError as exc:
            self.add_error("relation" if relation else "person", str(exc))
        data["target"] = target
        return data


class EditForm(VersionedForm):
    content = forms.CharField(
        label=_("Content"), max_length=5000, widget=forms.Textarea(attrs={"rows": 2})
    )
    # The slot inputs: only those of the fact's kind stay (see __init__).
    value = forms.CharField(label=_("Value"), required=False, max_length=200)
    systolic = forms.DecimalField(label=_("Systolic"), required=False, min_value=0, max_digits=5)
    diastolic = forms.DecimalField(label=_("Diastolic"), required=False, min_value=0, max_digits=5)
    unit = forms.CharField(label=_("Unit"), required=False, max_length=60)
    frequency = forms.CharField(label=_("Frequency"), required=False, max_length=120)
    route = forms.CharField(label=_("Route"), required=False, max_length=60)
    event_date = forms.DateField(
        label=_("Event date"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    status = forms.ChoiceField(label=_("Status"), required=False)
    item = forms.CharField(
        label=_("Item (drug, diagnosis, test)"),
        required=False,
        max_length=200,
        help_text=_("Type to search the patient's items, or any drug or diagnosis name."),
    )
    fact_type = forms.ChoiceField(label=_("Type"), required=False)
    reason = forms.CharField(label=_("Reason"), max_length=2000)

    def __init__(self, *args: object, fact: Fact, **kwargs: object) -> None:
        kwargs.setdefault("initial", {**initial_of(fact), **retarget_initial(fact)})
        super().__init__(*args, fact=fact, **kwargs)
        kept = slot_fields(fact.fact_type, slots_of(fact)) or ("value", "unit")
        for name in set(SLOT_FIELDS) - set(kept):
            del self.fields[name]
        statuses = statuses_for(fact.fact_type)
        if statuses:
            self.fields["status"].choices = [(s, LABELS.get(s, s)) for s in statuses]
        else:
            del self.fields["status"]
        if fact.fact_type == "safety":
            del self.fields["fact_type"]  # safety facts keep their type
        else:
            self.fields["fact_type"].choices = [(t, LABELS.get(t, t)) for t in RETARGET_TYPES]
        self.fields["item"].widget.attrs.update(
            {"list": f"items-{fact.pk}", "autocomplete": "off", "type": "search"}
        )
        self.item_options = item_options(fact)

    def retarget(self) -> dict[str, str] | None:
        """The new item / type when either changed (done by memory.actions.retarget)."""
        current = retarget_initial(self.fact)
        item = (self.cleaned_data.get("item") or "").strip() or current["item"]
        fact_type = self.cleaned_data.get("fact_type") or current["fact_type"]
        if item == current["item"] and fact_type == current["fact_type"]:
            return None
        return {"item": item, "fact_type": fact_type}

    def clean_value(self) -> str:
        """A dose or a vital is a number; a lab result may be a word ("positive")."""
        text = (self.cleaned_data.get("value") or "").strip()
        numeric = self.fact.fact_type in ("medication_status", "vital")
        # A word the record already holds ("one tablet") may stay; a new one may not.
        unchanged = _same(text, initial_of(self.fact).get("value"))
        if text and numeric and not unchanged and as_number(text) is None:
            raise forms.ValidationError(_("Enter a number."))
        return text

    def changes(self) -> dict[str, object]:
        """Only the fields that differ, so the audit shows exactly what was changed."""
        current = initial_of(self.fact)
        fields = ("content", *SLOT_FIELDS, "event_date", "status")
        return {
            f: _plain(self.cleaned_data[f])
            for f in fields
            if f in self.cleaned_data and not _same(self.cleaned_data[f], current.get(f))
        }


def _plain(value: object) -> object:
    """A Decimal from a number input as the slot's canonical number (136, 7.2)."""
    return as_number(value) if isinstance(value, Decimal) else value


def _same(new: object, old: object) -> bool:
    """ "500" and 500, "" and None are the same input; numbers compare as numbers."""
    if new in (None, "") and old in (None, ""):
        return True
    new_number, old_number = as_number(new), as_number(old)
    if new_number is not None and old_number is not None:
        return new_number == old_number
    return new == old


class VerifyForm(VersionedForm):
    verification = forms.ChoiceField(label=_("Verification"), choices=VERIFICATION_CHOICES)
    reason = forms.CharField(label=_("Reason"), required=False, max_length=2000)

    def clean(self) -> dict:
        data = super().clean()
        needs = not in_force(data.get("verification") or "")
        if needs and not (data.get("reason") or "").strip():
            self.add_error("reason", _("A reason is required to mark a fact refuted or in error."))
        return data


class SafetyFilter(forms.Form):
    kind = forms.ChoiceField(
        label=_("Kind"),
        required=False,
        choices=[
            ("", _("All kinds")),
            *[(k, LABELS.get(k, k.replace("_", " "))) for k in SAFETY_KINDS],
        ],
    )
    verification = forms.ChoiceField(
        label=_("Verification"),
        required=False,
        choices=[("", _("Any")), *VERIFICATION_CHOICES],
    )


def statuses_for(fact_type: str) -> tuple[str, ...]:
    if fact_type == "medication_status":
        return MEDICATION_STATUSES
    if fact_type == "condition":
        return CONDITION_STATUSES
    return ()


def initial_of(fact: Fact) -> dict[str, object]:
    """The form as the fact stands: a dose or reading from its slots (domain.stated)."""
    slots = slots_of(fact)
    value, unit = stated_quantity(fact)
    if fact.fact_type in VALUED_TYPES and not is_blood_pressure(slots):
        value = slots.get("value", value)
    return {
        "content": fact.content,
        "value": value,
        "unit": unit,
        "systolic": slots.get("systolic"),
        "diastolic": slots.get("diastolic"),
        "frequency": slots.get("frequency", ""),
        "route": slots.get("route", ""),
        "event_date": fact.event_date,
        "status": fact.status,
    }


def retarget_initial(fact: Fact) -> dict[str, str]:
    return {"item": fact.entity.name if fact.entity else "", "fact_type": fact.fact_type}


def item_options(fact: Fact) -> list[str]:
    """The patient's own item names: the picker's search list."""
    return item_names(fact.patient_id, limit=300)
