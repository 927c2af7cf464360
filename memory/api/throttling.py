"""API rate limits (DRF throttling), read from settings on every request.

MEDGRAPH_THROTTLE_ANON / MEDGRAPH_THROTTLE_USER, e.g. "30/min", "600/min".
"""

from __future__ import annotations

from django.conf import settings
from rest_framework.throttling import AnonRateThrottle, UserRateThrottle


class AnonThrottle(AnonRateThrottle):
    def get_rate(self) -> str:
        return settings.API_THROTTLE_ANON


class UserThrottle(UserRateThrottle):
    def get_rate(self) -> str:
        return settings.API_THROTTLE_USER
