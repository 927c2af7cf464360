"""FHIR export of one patient's memory as an IPS-style document Bundle."""

from __future__ import annotations

from memory.fhir.bundle import VERSIONS, FhirExportError, build_bundle, validate_bundle

__all__ = ["VERSIONS", "FhirExportError", "build_bundle", "validate_bundle"]
