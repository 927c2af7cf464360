"""API tokens are stored as their digest only: a leaked table holds no usable key."""

from __future__ import annotations

import hashlib


def token_digest(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8", "replace")).hexdigest()
