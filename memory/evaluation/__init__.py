"""`medgraph eval`: longitudinal benchmark over the development splits (docs/design.md §9).

sources (read the data) -> histories + questions (compose, with gold) ->
runner (build memory, ask MedGraph and the baselines, judge with metrics) ->
extraction (against the notes) -> scale (cost as histories grow) -> report.
See README.md beside this file.
"""
