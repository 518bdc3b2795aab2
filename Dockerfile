# Scorepad in a container, as a home server (scripts/home): `docker compose up -d`
# with compose.yaml, which adds PostgreSQL (docs/home-server.md).
FROM python:3.12-slim-bookworm

# WeasyPrint (the PDFs) needs Pango and a font from the system, as scripts/setup names them.
RUN apt-get update \
    && apt-get install -y --no-install-recommends \
        libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fonts-dejavu-core \
    && rm -rf /var/lib/apt/lists/*

RUN useradd --system --uid 10001 --user-group --home-dir /app scorepad \
    && install -d -o scorepad -g scorepad -m 700 /app /data
WORKDIR /app
COPY --chown=scorepad:scorepad . /app
USER scorepad
# The runtime packages of requirements.lock only, checked against their hashes.
RUN bash scripts/setup prod

ENV PYTHONUNBUFFERED=1 \
    SECRET_KEY_FILE=/data/secret_key \
    SQLITE_PATH=/data/db.sqlite3 \
    PORT=8000
VOLUME ["/data"]
EXPOSE 8000
CMD ["bash", "scripts/home"]
