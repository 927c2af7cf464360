from __future__ import annotations

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "medgraph_web.settings")
application = get_wsgi_application()

# Models and lexicons load when the worker starts, so the first question is not slow.
from memory.warmup import warm  # noqa: E402

warm()
