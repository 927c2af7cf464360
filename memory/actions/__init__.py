"""Actions: the writers of models, one `do_<verb>` per action, each in its own
transaction with its audit event."""
