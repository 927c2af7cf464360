"""Django database backend for the embedded PostgreSQL: starts the server on first connection."""
