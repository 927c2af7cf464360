"""Actions: the writers of models, each one transaction with its audit event."""
