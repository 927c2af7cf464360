FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /app
COPY pyproject.toml README.md ./
COPY medgraph_web ./medgraph_web
COPY memory ./memory
COPY prompts ./prompts
COPY templates ./templates
COPY static ./static
COPY manage.py ./
RUN pip install --no-cache-dir . && useradd --create-home medgraph
USER medgraph
EXPOSE 8000
CMD ["gunicorn", "medgraph_web.wsgi:application", "--bind", "0.0.0.0:8000", "--workers", "3"]
