"""REST API (DRF, OpenAPI 3 via drf-spectacular): the programmatic face of MedGraph.

Conventions (also stated in the OpenAPI description):
* Patients are addressed by their external id; sessions by theirs; facts and
  chains by numeric id, always nested under their patient.
* Care-team access as in the web pages (memory.access). A patient the caller
  may not see answers 404 on every endpoint under it, exactly as an unknown
  one, so ids never leak. Administrator-only endpoints answer 403.
* Errors have one shape: {"error": {"code", "message", "fields"}}.
* Every read of patient data is audited (channel "api"); writes are audited
  by the write layer (imports, corrections).
"""
