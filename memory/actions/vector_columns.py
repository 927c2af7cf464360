"""The width of the stored vector columns: declared by the models, owned by the database.

The models declare `vector(EMBEDDING_DIM)` (512, the default embedder's width):
that is what the migrations create. The width that counts is the column's own
type in the database, which `medgraph reindex` changes when it switches to an
embedder of another width, and which IndexState records with the embedder's
name. These helpers read that width from the catalog, so that indexing and
re-indexing compare an embedder with the real columns, never with the models'
declaration, and so that a fresh database whose configured embedder is not
512-d gets columns of the right width before its first vector is written.
"""

from __future__ import annotations

from django.db import connection
from django.db.models import Model

from memory.models import Fact, TurnPair

VECTOR_MODELS: tuple[type[Model], ...] = (Fact, TurnPair)


def _column_dim(model: type[Model]) -> int | None:
    """The declared width of `model`'s embedding column in the database (None: unsized)."""
    with connection.cursor() as cur:
        cur.execute(
            "SELECT atttypmod FROM pg_attribute WHERE attrelid = %s::regclass "
            "AND attname = 'embedding' AND NOT attisdropped",
            [model._meta.db_table],
        )
        row = cur.fetchone()
    return int(row[0]) if row and row[0] > 0 else None


def column_dims() -> dict[str, int | None]:
    return {model._meta.db_table: _column_dim(model) for model in VECTOR_MODELS}


def _hnsw_index(model: type[Model]):  # type: ignore[no-untyped-def]
    return next(i for i in model._meta.indexes if i.name.endswith("_embedding_hnsw"))


def retype(model: type[Model], new_dim: int) -> None:
    """Empty `model`'s vectors and give its column `new_dim`, without its HNSW index.

    The caller re-embeds and then re-adds the index (add_hnsw_index).
    """
    from pgvector.django import VectorField

    old_dim = _column_dim(model)
    with connection.cursor() as cur:
        # ALTER TABLE refuses to run while deferred trigger or FK events are pending.
        cur.execute("SET CONSTRAINTS ALL IMMEDIATE")
    model.objects.exclude(embedding=None).update(embedding=None)
    declared = model._meta.get_field("embedding")
    old = VectorField(dimensions=old_dim or declared.dimensions, null=True)
    new = VectorField(dimensions=new_dim, null=True)
    for field in (old, new):
        field.set_attributes_from_name("embedding")
        field.model = model
    with connection.schema_editor() as editor:
        editor.execute(f"DROP INDEX IF EXISTS {_hnsw_index(model).name}")
        if old_dim != new_dim:
            editor.alter_field(model, old, new)


def add_hnsw_index(model: type[Model]) -> None:
    with connection.schema_editor() as editor:
        editor.add_index(model, _hnsw_index(model))


def fit_empty_columns(dim: int) -> None:
    """Give columns that hold no vector yet the width `dim` (a fresh database).

    Columns that already hold vectors are left alone: only `medgraph reindex`
    may replace stored vectors.
    """
    for model in VECTOR_MODELS:
        if _column_dim(model) == dim or model.objects.exclude(embedding=None).exists():
            continue
        retype(model, dim)
        add_hnsw_index(model)
