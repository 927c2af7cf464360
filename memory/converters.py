"""URL converters: an id outside its alphabet never reaches a view or the database.

A patient or session id is 1-100 characters of [A-Za-z0-9._:-] (the import
rule), and an object number fits a bigint; anything else is a plain 404.
"""

from __future__ import annotations

from django.urls import register_converter


class ExternalIdConverter:
    regex = r"[A-Za-z0-9._:-]{1,100}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return str(value)


class ObjectIdConverter:
    # 18 digits always fit PostgreSQL's bigint, so a huge number is a 404, not a 500.
    regex = r"[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int | str) -> str:
        return str(value)


register_converter(ExternalIdConverter, "extid")
register_converter(ObjectIdConverter, "objid")
