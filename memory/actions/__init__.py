"""Writers of models outside extraction and corrections: one `do_<verb>` per action,
each in its own transaction with its audit event."""
