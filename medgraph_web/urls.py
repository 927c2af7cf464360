from __future__ import annotations

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from medgraph_web import observability
from memory.web import health

urlpatterns = [
    path("healthz", health.healthz, name="healthz"),
    path("metrics", observability.metrics, name="metrics"),
    path("admin/", admin.site.urls),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/", include("memory.api.urls")),
    path("", include("memory.web.urls")),
]

# The API's error shape for errors raised outside its views (memory.api.errors).
handler400 = "memory.api.errors.bad_request"
handler403 = "memory.api.errors.permission_denied"
handler404 = "memory.api.errors.not_found"
handler500 = "memory.api.errors.server_error"
