"""Patient memory versions, moved by triggers on every table the read model shows."""

from __future__ import annotations

from django.db import migrations, models

# Deferred row triggers: the version row is written once the transaction commits its
# work, so it is locked only for the commit itself, never across a whole construction.
_PATIENT_TABLES = (
    "memory_fact",
    "memory_chain",
    "memory_session",
    "memory_person",
    "memory_conflictresolution",
)

_FUNCTIONS = """
CREATE SEQUENCE memory_memoryversion_seq;

CREATE FUNCTION memory_bump_version(pid bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO memory_memoryversion (patient_id, version)
  VALUES (pid, nextval('memory_memoryversion_seq'))
  ON CONFLICT (patient_id) DO UPDATE SET version = EXCLUDED.version
$$;

CREATE FUNCTION memory_bump_patient_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM memory_bump_version(OLD.patient_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM memory_bump_version(NEW.patient_id); END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION memory_bump_edge_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  src bigint := CASE WHEN TG_OP = 'DELETE' THEN OLD.src_id ELSE NEW.src_id END;
BEGIN
  PERFORM memory_bump_version(f.patient_id) FROM memory_fact f WHERE f.id = src;
  RETURN NULL;
END $$;

CREATE FUNCTION memory_bump_shared_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM memory_bump_version(0);
  RETURN NULL;
END $$;
"""


def _trigger(table: str, function: str) -> str:
    return (
        f"CREATE CONSTRAINT TRIGGER {table}_memory_version AFTER INSERT OR UPDATE OR DELETE "
        f"ON {table} DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION {function}();"
    )


FORWARD = "\n".join(
    [_FUNCTIONS]
    + [_trigger(t, "memory_bump_patient_row") for t in _PATIENT_TABLES]
    + [_trigger("memory_factedge", "memory_bump_edge_row")]
    + [_trigger("memory_entity", "memory_bump_shared_row")]
)
REVERSE = "\n".join(
    [f"DROP TRIGGER IF EXISTS {t}_memory_version ON {t};" for t in _PATIENT_TABLES]
    + [
        "DROP TRIGGER IF EXISTS memory_factedge_memory_version ON memory_factedge;",
        "DROP TRIGGER IF EXISTS memory_entity_memory_version ON memory_entity;",
        "DROP FUNCTION IF EXISTS memory_bump_patient_row();",
        "DROP FUNCTION IF EXISTS memory_bump_edge_row();",
        "DROP FUNCTION IF EXISTS memory_bump_shared_row();",
        "DROP FUNCTION IF EXISTS memory_bump_version(bigint);",
        "DROP SEQUENCE IF EXISTS memory_memoryversion_seq;",
    ]
)


class Migration(migrations.Migration):
    dependencies = [("memory", "0011_audit_event_names")]

    operations = [
        migrations.CreateModel(
            name="MemoryVersion",
            fields=[
                ("patient_id", models.BigIntegerField(primary_key=True, serialize=False)),
                ("version", models.BigIntegerField()),
            ],
        ),
        migrations.RunSQL(FORWARD, REVERSE),
    ]
