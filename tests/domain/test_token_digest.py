"""API tokens are kept as their SHA-256 digest: the stored value must stay the same
recipe, or every issued token stops working."""

from __future__ import annotations

import hashlib

from memory.domain.tokens import token_digest


def test_a_token_is_stored_as_the_sha256_hex_of_its_utf8_bytes():
    assert token_digest("mg_abc123") == hashlib.sha256(b"mg_abc123").hexdigest()


def test_the_digest_of_a_known_token_is_pinned():
    # Pinned, not recomputed: a change of hash, encoding or case must fail here.
    assert token_digest("medgraph-test-token") == (
        "29456a5c12264003897e8eee4f13901c1f2b0a858a8014041467fa31ff7b9151"
    )


def test_a_token_with_a_lone_surrogate_is_digested_with_a_replacement():
    assert token_digest("key\udc80") == hashlib.sha256(b"key?").hexdigest()
