"""Re-exports for code written before the writers moved to memory.actions.

`chain_members` is a read; its callers move to memory.queries. Nothing here writes.
"""

from __future__ import annotations

from memory.actions.chains import chain_rows
from memory.domain.chains import ChainMember
from memory.models import Chain


def chain_members(chain: Chain) -> list[ChainMember]:
    return [member for member, _ in chain_rows(chain)]


__all__ = ["chain_members"]
