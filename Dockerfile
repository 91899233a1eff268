# The room as a container image, built from this checkout (docs/deploy.md, "Docker"): the
# first stage builds the wheel, the second installs it in a virtual environment and keeps
# no build tools. One room on its SQLite file, kept on a volume:
#
#   docker build -t pokernight .
#   docker run -p 8000:8000 -v pokernight-data:/data pokernight
#
# deploy/compose.yaml builds it for three rooms on PostgreSQL and Redis behind Caddy.
# BASE: any image with Python 3.11 or newer and its venv module: Docker Hub's
# python:3.11-slim by default; tests/test_deploy_image.py builds on a Debian image it makes
# with debootstrap, where a container engine runs. EXTRAS: the optional dependencies
# installed with it (pyproject.toml): the PostgreSQL driver and Redis for compose.yaml.
ARG BASE=python:3.11-slim

FROM ${BASE} AS build
WORKDIR /src
COPY pyproject.toml setup.py README.md ./
COPY src ./src
RUN python3 -m venv /opt/build \
    && /opt/build/bin/pip install --quiet --no-cache-dir 'setuptools>=77' wheel \
    && /opt/build/bin/pip wheel --quiet --no-deps --no-build-isolation --wheel-dir /wheels .

FROM ${BASE}
ARG EXTRAS=postgresql,cluster
COPY --from=build /wheels /wheels
RUN python3 -m venv /opt/pokernight \
    && /opt/pokernight/bin/pip install --quiet --no-cache-dir \
        "$(ls /wheels/pokernight-*.whl)[${EXTRAS}]" \
    && rm -rf /wheels \
    && useradd --system --home-dir /data --no-create-home --shell /usr/sbin/nologin poker \
    && mkdir -p /data \
    && chown poker:poker /data
ENV PATH=/opt/pokernight/bin:$PATH \
    PYTHONUNBUFFERED=1
# The SQLite file is pokernight.sqlite3 in the working directory: on the volume.
USER poker
WORKDIR /data
VOLUME /data
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=3s \
    CMD ["python3", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz')"]
ENTRYPOINT ["pokernight"]
CMD ["serve", "--host", "0.0.0.0", "--port", "8000"]
