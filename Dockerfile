# One image for web, worker and migrations (see docker-compose.yml).
FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 \
    MEDGRAPH_VAR_DIR=/var/lib/medgraph MEDGRAPH_STATIC_ROOT=/app/staticfiles
WORKDIR /app
# Dependencies first, from the hash-checked lock: the layer is reused until the lock changes.
COPY requirements.lock ./
RUN pip install --no-cache-dir --require-hashes -r requirements.lock
COPY pyproject.toml setup.py README.md ./
COPY medgraph_web ./src/medgraph_web
COPY memory ./src/memory
COPY templates ./src/templates
COPY static ./src/static
COPY locale ./src/locale
COPY prompts ./src/prompts
# Installed as a wheel (resources inside the package), not run from the source tree.
RUN cp pyproject.toml setup.py README.md src/ \
    && pip install --no-cache-dir --no-deps ./src && rm -rf src build \
    # Static files are collected at build time into the image, owned by root, read-only.
    && SECRET_KEY=collectstatic-at-build-time-only-not-a-secret medgraph collectstatic --noinput \
    && useradd --create-home --uid 10001 medgraph \
    && mkdir -p /var/lib/medgraph && chown medgraph:medgraph /var/lib/medgraph
USER medgraph
VOLUME ["/var/lib/medgraph"]
EXPOSE 8000
CMD ["gunicorn", "-c", "python:medgraph_web.gunicorn_conf", "medgraph_web.wsgi:application"]
