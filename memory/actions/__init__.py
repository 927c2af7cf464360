"""Actions: the writers of models, one `do_<verb>` per action, each in its own
transaction with its audit event.

Outside this package, code calls the `do_` entry points and catches their errors;
the few other names it may use (the audit write, the construction pipeline's
writes inside its own transaction) are listed with their reasons in
tests/hygiene/test_actions_entry_points.py. Helpers used by one module are private
(`_name`); a pure decision lives in memory/domain, a read in memory/queries.
"""
