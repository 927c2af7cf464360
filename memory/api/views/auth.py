"""POST /api/auth/token/: exchange username + password for an API token."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiExample, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response

from memory.api.errors import api_exception_handler
from memory.api.parsers import SafeJSONParser
from memory.api.views.base import errors


class TokenView(ObtainAuthToken):
    """DRF's token view in the API's error shape and with a documented 400."""

    parser_classes = [SafeJSONParser, FormParser, MultiPartParser]

    def get_exception_handler(self) -> Any:
        return api_exception_handler

    @extend_schema(
        summary="Obtain an API token (send it as `Authorization: Token <key>`)",
        request=AuthTokenSerializer,
        examples=[
            OpenApiExample("login", request_only=True,
                           value={"username": "dr_li", "password": "…"}),
            OpenApiExample("token", response_only=True,
                           value={"token": "9944b09199c62bcf9418ad846dd0e4bbdfc6ee4b"}),
        ],
        responses={
            200: inline_serializer("Token", {"token": serializers.CharField()}),
            400: errors(400)[400],
        },
        auth=[],
    )  # fmt: skip
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().post(request, *args, **kwargs)
