"""Codes for exported concepts, wherever a lexicon has them; the text is always kept.

Drugs: DrugBank and MeSH identifiers from the drug dictionary MedGraph already
ships (drug-named-entity-recognition). Measurements: LOINC for common vital
signs and laboratory tests. Units: UCUM codes, so every Quantity carries the
UCUM system and, when the unit is known, its code.
"""

from __future__ import annotations

import bz2
import pickle
import re
import threading
from functools import lru_cache
from importlib import util
from pathlib import Path
from typing import Any

from memory.fhir.codes import LOINC, UCUM, coding

DRUGBANK = "https://go.drugbank.com/drugs"
MESH = "http://terminology.hl7.org/CodeSystem/MSH"
_lock = threading.Lock()

# item name (casefolded) -> (LOINC code, display): common vital signs and tests.
LOINC_CODES: dict[str, tuple[str, str]] = {
    "blood pressure": ("85354-9", "Blood pressure panel"),
    "systolic blood pressure": ("8480-6", "Systolic blood pressure"),
    "diastolic blood pressure": ("8462-4", "Diastolic blood pressure"),
    "heart rate": ("8867-4", "Heart rate"),
    "pulse": ("8867-4", "Heart rate"),
    "respiratory rate": ("9279-1", "Respiratory rate"),
    "body temperature": ("8310-5", "Body temperature"),
    "temperature": ("8310-5", "Body temperature"),
    "body weight": ("29463-7", "Body weight"),
    "weight": ("29463-7", "Body weight"),
    "body height": ("8302-2", "Body height"),
    "height": ("8302-2", "Body height"),
    "bmi": ("39156-5", "Body mass index (BMI) [Ratio]"),
    "oxygen saturation": ("59408-5", "Oxygen saturation in Arterial blood by Pulse oximetry"),
    "fasting glucose": ("1558-6", "Fasting glucose [Mass/volume] in Serum or Plasma"),
    "blood glucose": ("2339-0", "Glucose [Mass/volume] in Blood"),
    "glucose": ("2345-7", "Glucose [Mass/volume] in Serum or Plasma"),
    "hba1c": ("4548-4", "Hemoglobin A1c/Hemoglobin.total in Blood"),
    "hemoglobin a1c": ("4548-4", "Hemoglobin A1c/Hemoglobin.total in Blood"),
    "total cholesterol": ("2093-3", "Cholesterol [Mass/volume] in Serum or Plasma"),
    "ldl cholesterol": ("13457-7", "Cholesterol in LDL [Mass/volume] in Serum or Plasma"),
    "hdl cholesterol": ("2085-9", "Cholesterol in HDL [Mass/volume] in Serum or Plasma"),
    "triglycerides": ("2571-8", "Triglyceride [Mass/volume] in Serum or Plasma"),
    "creatinine": ("2160-0", "Creatinine [Mass/volume] in Serum or Plasma"),
    "potassium": ("2823-3", "Potassium [Moles/volume] in Serum or Plasma"),
    "sodium": ("2951-2", "Sodium [Moles/volume] in Serum or Plasma"),
    "hemoglobin": ("718-7", "Hemoglobin [Mass/volume] in Blood"),
    "tsh": ("3016-3", "Thyrotropin [Units/volume] in Serum or Plasma"),
}

# Unit as written (casefolded, spaces removed) -> UCUM code.
UCUM_CODES: dict[str, str] = {
    "mg": "mg", "g": "g", "mcg": "ug", "µg": "ug", "ug": "ug", "kg": "kg", "lb": "[lb_av]",
    "lbs": "[lb_av]", "ml": "mL", "l": "L", "iu": "[iU]", "units": "[iU]", "u": "U",
    "mmol/l": "mmol/L", "mg/dl": "mg/dL", "g/l": "g/L", "g/dl": "g/dL", "umol/l": "umol/L",
    "µmol/l": "umol/L", "u/l": "U/L", "miu/l": "m[iU]/L", "mmhg": "mm[Hg]", "bpm": "/min",
    "beats/min": "/min", "/min": "/min", "breaths/min": "/min", "%": "%", "cm": "cm",
    "m": "m", "mm": "mm", "kg/m2": "kg/m2", "kg/m^2": "kg/m2", "°c": "Cel", "c": "Cel",
    "°f": "[degF]", "f": "[degF]", "meq/l": "meq/L", "ng/ml": "ng/mL", "pg/ml": "pg/mL",
    "mg/l": "mg/L", "10^9/l": "10*9/L", "毫克": "mg", "克": "g", "千克": "kg", "公斤": "kg",
    "毫升": "mL", "毫摩尔/升": "mmol/L", "mmol/升": "mmol/L", "毫米汞柱": "mm[Hg]",
    "次/分": "/min", "次/分钟": "/min", "厘米": "cm", "度": "Cel", "℃": "Cel", "单位": "[iU]",
}  # fmt: skip


def quantity(value: float | int, unit: str) -> dict[str, Any]:
    """A FHIR Quantity with the UCUM system; the code when the unit is known ("1" if none)."""
    out: dict[str, Any] = {"value": value, "system": UCUM}
    code = ucum_code(unit)
    if unit:
        out["unit"] = unit
    if code:
        out["code"] = code
    return out


def ucum_code(unit: str) -> str | None:
    key = re.sub(r"\s+", "", unit).casefold()
    if not key:
        return "1"
    return UCUM_CODES.get(key)


def measurement_concept(name: str) -> dict[str, Any]:
    found = LOINC_CODES.get(name.strip().casefold())
    concept: dict[str, Any] = {"text": name}
    if found:
        concept["coding"] = [coding(LOINC, found[0], found[1])]
    return concept


def drug_concept(name: str) -> dict[str, Any]:
    """CodeableConcept of a drug: DrugBank and MeSH codings when the dictionary knows it."""
    ids = _drug_ids().get(name.strip().casefold())
    concept: dict[str, Any] = {"text": name}
    if ids:
        drugbank, mesh, display = ids
        codings = []
        if drugbank:
            codings.append(coding(DRUGBANK, drugbank, display))
        if mesh:
            codings.append(coding(MESH, mesh, display))
        if codings:
            concept["coding"] = codings
    return concept


@lru_cache(maxsize=1)
def _drug_ids() -> dict[str, tuple[str, str, str]]:
    """canonical name -> (DrugBank id, MeSH id, display), read once per process."""
    spec = util.find_spec("drug_named_entity_recognition")
    if spec is None or spec.origin is None:
        return {}
    path = Path(spec.origin).parent / "drug_ner_dictionary.pkl.bz2"
    with _lock, bz2.open(path, "rb") as handle:
        raw = pickle.load(handle)
    out: dict[str, tuple[str, str, str]] = {}
    for canonical, data in raw["drug_canonical_to_data"].items():
        drugbank, mesh = data.get("drugbank_id", ""), data.get("mesh_id", "")
        if drugbank or mesh:
            out[canonical.casefold()] = (drugbank, mesh, data.get("name", canonical))
    return out
