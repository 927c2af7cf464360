"""POST /api/auth/token/: exchange username + password for an expiring API token.

Each call issues a new token; only its digest is stored (memory.actions.tokens).
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiExample, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response

from memory.actions.tokens import do_issue_token
from memory.api.errors import api_exception_handler
from memory.api.parsers import SafeJSONParser
from memory.api.throttling import AnonThrottle, UserThrottle
from memory.api.views.base import errors


class TokenView(ObtainAuthToken):
    """DRF's token view in the API's error shape and with a documented 400."""

    parser_classes = [SafeJSONParser, FormParser, MultiPartParser]
    throttle_classes = [AnonThrottle, UserThrottle]

    def get_exception_handler(self) -> Any:
        return api_exception_handler

    @extend_schema(
        summary="Obtain an API token (send it as `Authorization: Token <key>`)",
        request=AuthTokenSerializer,
        examples=[
            OpenApiExample("login", request_only=True,
                           value={"username": "dr_li", "password": "…"}),
            OpenApiExample("token", response_only=True,
                           value={"token": "q0tB3x1G2n-8Jr0m3cXcV2l8v6Y2oH9cE0W1yQxZ4sU",
                                  "expires_at": "2024-05-09T08:00:00Z"}),
        ],
        responses={
            200: inline_serializer("Token", {"token": serializers.CharField(),
                                             "expires_at": serializers.DateTimeField()}),
            400: errors(400)[400],
        },
        auth=[],
    )  # fmt: skip
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        form = self.get_serializer(data=request.data)
        form.is_valid(raise_exception=True)
        key, token = do_issue_token(form.validated_data["user"], channel="api")
        return Response({"token": key, "expires_at": token.expires_at})
