"""The room's container image (``Dockerfile``, seed 000's "Docker containerization"; decision
57): built from this checkout, never from a package index, and run on its SQLite volume.

Without a container engine: the files the Dockerfile copies are in the checkout and in the
build context ``.dockerignore`` leaves; both compose files build their rooms from the
Dockerfile; and the wheel built as the Dockerfile builds it, from those files alone, serves
the room from its data folder as the image's command starts it.

With one (Debian's podman; the base image is Debian made by ``debootstrap``, since Docker
Hub may be out of reach): the image is built, started with a volume, a table created in
it; a new container on the same volume still has the table, and the room runs as its own
user. On a machine where podman's defaults cannot run a container (crun and mixed cgroups,
limits a root without CAP_SYS_RESOURCE may not raise), the settings that can are found
first (``engine_args``).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import yaml  # type: ignore[import-untyped]  # PyYAML: with uvicorn[standard]

from tests.missing import missing
from tests.web_helpers import free_port

ROOT = Path(__file__).resolve().parents[1]
DOCKERFILE = ROOT / "Dockerfile"
COMPOSE_FILES = (ROOT / "deploy" / "compose.yaml", ROOT / "deploy" / "compose.sqlite.yaml")
START_SECONDS = 60.0
# Bounds, not timings: the base comes from Debian's mirror, the dependencies from PyPI.
DEBOOTSTRAP_SECONDS = 900
BUILD_SECONDS = 900
BASE_PACKAGES = "python3,python3-venv,ca-certificates"
CA_BUNDLE = Path("/etc/ssl/certs/ca-certificates.crt")

Json = dict[str, Any]


def copied_sources() -> list[str]:
    """What the Dockerfile copies from the build context (not from its own build stage)."""
    sources: list[str] = []
    for line in DOCKERFILE.read_text().splitlines():
        words = line.split()
        if words[:1] == ["COPY"] and not any(word.startswith("--from") for word in words):
            sources += words[1:-1]
    return sources


def test_the_dockerfile_copies_files_of_the_checkout_that_the_context_keeps() -> None:
    sources = copied_sources()
    assert sources == ["pyproject.toml", "setup.py", "README.md", "src"]
    assert all((ROOT / source).exists() for source in sources)
    kept = (ROOT / ".dockerignore").read_text().splitlines()
    assert "*" in kept, "the context is what the Dockerfile copies, nothing more"
    assert all(f"!{source}" in kept or f"!{source}/" in kept for source in sources)
    text = DOCKERFILE.read_text()
    assert 'CMD ["serve", "--host", "0.0.0.0", "--port", "8000"]' in text
    assert "VOLUME /data" in text and "WORKDIR /data" in text  # the SQLite file's folder


@pytest.mark.parametrize("path", COMPOSE_FILES, ids=lambda path: path.name)
def test_compose_builds_the_rooms_from_the_dockerfile(path: Path) -> None:
    services: dict[str, Json] = yaml.safe_load(path.read_text())["services"]
    rooms = {name: service for name, service in services.items() if "build" in service}
    assert rooms, f"{path.name} builds no room"
    for name, room in rooms.items():
        build = room["build"]
        assert (path.parent / build["context"]).resolve() == ROOT, name
        assert (path.parent / build["context"] / build["dockerfile"]).resolve() == DOCKERFILE
        command = room["command"]
        assert command[0] == "serve" and command[command.index("--host") + 1] == "0.0.0.0"
    assert not any("pip install" in json.dumps(service) for service in services.values())


def test_the_single_room_keeps_its_sqlite_file_on_a_volume() -> None:
    room = yaml.safe_load(COMPOSE_FILES[1].read_text())["services"]["room"]
    assert room["volumes"] == ["roomdata:/data"]
    assert "--db" not in room["command"]  # the default: pokernight.sqlite3 in /data


def build_context(into: Path) -> Path:
    """The build context: the files the Dockerfile copies, and nothing else."""
    into.mkdir()
    for source in copied_sources():
        path = ROOT / source
        if path.is_dir():
            shutil.copytree(path, into / source, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(path, into / source)
    return into


def run(command: Sequence[str], timeout: float, **options: Any) -> str:
    done = subprocess.run(
        list(command), capture_output=True, text=True, timeout=timeout, check=False, **options
    )
    assert done.returncode == 0, f"{' '.join(command)}:\n{done.stdout}\n{done.stderr}"
    output: str = done.stdout
    return output


def wait_until_healthy(url: str, process: subprocess.Popen[bytes] | None = None) -> None:
    deadline = time.monotonic() + START_SECONDS
    while True:
        try:
            with urllib.request.urlopen(f"{url}/healthz", timeout=5) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, OSError):
            pass
        if process is not None and process.poll() is not None:
            raise AssertionError(f"the room exited with {process.returncode}")
        if time.monotonic() > deadline:
            raise AssertionError(f"{url} did not answer in {START_SECONDS:g} s")
        time.sleep(0.2)


def request(url: str, method: str = "GET", body: Json | None = None) -> Json:
    data = None if body is None else json.dumps(body).encode()
    asked = urllib.request.Request(
        url, data=data, method=method, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(asked, timeout=30) as response:
        answer: Json = json.loads(response.read())
        return answer


@pytest.mark.slow
def test_the_wheel_the_dockerfile_builds_serves_the_room_from_its_data_folder(
    tmp_path: Path,
) -> None:
    """The build stage's ``pip wheel`` from the copied files alone, then the image's
    ``pokernight serve --host 0.0.0.0`` in the data folder (the wheel installed apart, its
    dependencies those of this environment)."""
    context = build_context(tmp_path / "context")
    wheels = tmp_path / "wheels"
    pip = [sys.executable, "-m", "pip", "--quiet"]
    run([*pip, "wheel", "--no-deps", "--no-build-isolation", "--wheel-dir", str(wheels), "."],
        BUILD_SECONDS, cwd=context)  # fmt: skip
    (wheel,) = wheels.glob("pokernight-*.whl")
    site = tmp_path / "site"
    run([*pip, "install", "--no-deps", "--target", str(site), str(wheel)], BUILD_SECONDS)
    environment = {**os.environ, "PYTHONPATH": str(site)}
    where = run([sys.executable, "-c", "import pokernight; print(pokernight.__file__)"], 60,
                env=environment)  # fmt: skip
    assert where.startswith(str(site)), where
    data = tmp_path / "data"
    data.mkdir()
    port = free_port()
    serve = "import sys; from pokernight.cli.main import main; sys.exit(main())"
    process = subprocess.Popen(
        [sys.executable, "-c", serve, "serve", "--host", "0.0.0.0", "--port", str(port)],
        cwd=data,
        env=environment,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        url = f"http://127.0.0.1:{port}"
        wait_until_healthy(url, process)
        created = request(f"{url}/api/tables", "POST", {"name": "Ann", "settings": {}})
        assert request(f"{url}/api/tables/{created['code']}")["code"] == created["code"]
        assert [preset["seed"] for preset in request(f"{url}/api/games")["presets"]]
        assert (data / "pokernight.sqlite3").exists()
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


# With a container engine ------------------------------------------------------------------


def podman(*arguments: str, timeout: float = BUILD_SECONDS) -> str:
    return run(["podman", *arguments], timeout)


def base_image(tmp_path: Path) -> str:
    """Debian bookworm with Python and its venv module, made by debootstrap from Debian's
    mirror (no Docker Hub), trusting what this machine trusts (its CA bundle: a proxy
    that inspects TLS is trusted in the image too). Kept, by a tag naming its recipe."""
    trusted = CA_BUNDLE.read_bytes() if CA_BUNDLE.exists() else b""
    recipe = hashlib.sha256(BASE_PACKAGES.encode() + trusted).hexdigest()[:12]
    tag = f"localhost/pokernight-test-base:bookworm-{recipe}"
    if subprocess.run(["podman", "image", "exists", tag], check=False).returncode == 0:
        return tag
    rootfs = tmp_path / "rootfs"
    run(["debootstrap", "--variant=minbase", f"--include={BASE_PACKAGES}", "bookworm",
         str(rootfs), "http://deb.debian.org/debian"], DEBOOTSTRAP_SECONDS)  # fmt: skip
    if trusted:
        (rootfs / CA_BUNDLE.relative_to("/")).write_bytes(trusted)
    archive = tmp_path / "rootfs.tar"
    run(["tar", "-C", str(rootfs), "-cf", str(archive), "."], DEBOOTSTRAP_SECONDS)
    podman("import", "--change", f"ENV PIP_CERT={CA_BUNDLE}", str(archive), tag)
    shutil.rmtree(rootfs, ignore_errors=True)
    return tag


def engine_args(image: str) -> list[str]:
    """The options podman needs on this machine to run ``image``: none on most; else the
    runc runtime (crun refuses cgroups v1 and v2 mixed) and limits no higher than this
    process's own (podman raises them by default). A missing() saying why when none work."""
    soft, hard = (int(value) for value in run(["sh", "-c", "ulimit -Sn; ulimit -Hn"], 10).split())
    limits = ["--ulimit", f"nofile={soft}:{hard}", "--ulimit", "nproc=4096:4096"]
    tried: list[str] = []
    for extra in ([], limits, ["--runtime", "runc"], ["--runtime", "runc", *limits]):
        done = subprocess.run(
            ["podman", "run", "--rm", *extra, image, "true"],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        if done.returncode == 0:
            return extra
        tried.append(f"{' '.join(extra) or 'defaults'}: {done.stderr.strip()}")
    missing("podman cannot run a container here: " + "; ".join(tried))


@contextmanager
def container(name: str, image: str, args: list[str], volume: str, port: int) -> Iterator[str]:
    """The image's own command in a container, its port on 127.0.0.1:``port``, ``volume``
    at /data; its URL, once it answers; removed after the block."""
    podman("run", "--detach", "--name", name, *args, "--publish", f"127.0.0.1:{port}:8000",
           "--volume", f"{volume}:/data", image, timeout=120)  # fmt: skip
    try:
        url = f"http://127.0.0.1:{port}"
        try:
            wait_until_healthy(url)
        except AssertionError as error:
            logs = subprocess.run(
                ["podman", "logs", name], check=False, capture_output=True, text=True
            )
            raise AssertionError(f"{error}\n{logs.stdout}\n{logs.stderr}") from None
        yield url
    finally:
        subprocess.run(["podman", "rm", "--force", name], capture_output=True, check=False)


@pytest.mark.slow
def test_the_image_builds_runs_and_keeps_its_tables_on_its_volume(tmp_path: Path) -> None:
    for program in ("podman", "debootstrap"):
        if shutil.which(program) is None:
            missing(f"no {program} (apt-get install podman runc debootstrap)")
    base = base_image(tmp_path)
    args = engine_args(base)
    tag = f"localhost/pokernight-test:{os.getpid()}"
    volume = f"pokernight-test-data-{os.getpid()}"
    try:
        # No layers kept: each run leaves no build stage behind (the base is what is kept).
        podman("build", "--format", "docker", "--layers=false", *args,
               "--build-arg", f"BASE={base}", "--tag", tag, str(ROOT))  # fmt: skip
        configured = json.loads(podman("image", "inspect", tag))[0]["Config"]
        assert configured["Entrypoint"] == ["pokernight"]
        assert configured["Cmd"] == ["serve", "--host", "0.0.0.0", "--port", "8000"]
        assert configured["User"] == "poker"
        podman("volume", "create", volume, timeout=60)
        port = free_port()
        with container(f"pokernight-test-{os.getpid()}-1", tag, args, volume, port) as url:
            created = request(f"{url}/api/tables", "POST", {"name": "Ann", "settings": {}})
            files = podman("exec", f"pokernight-test-{os.getpid()}-1", "ls", "/data", timeout=60)
            assert "pokernight.sqlite3" in files.split()
            whoami = podman("exec", f"pokernight-test-{os.getpid()}-1", "id", "-un", timeout=60)
            assert whoami.strip() == "poker"
            # docs/deploy.md's backup, on the volume, while the room runs.
            podman("exec", f"pokernight-test-{os.getpid()}-1", "pokernight", "backup",
                   "/data/backup.sqlite3", timeout=120)  # fmt: skip
        with container(f"pokernight-test-{os.getpid()}-2", tag, args, volume, port) as url:
            again = request(f"{url}/api/tables/{created['code']}")
            assert again["code"] == created["code"]  # a new container, the same room
            kept = podman("exec", f"pokernight-test-{os.getpid()}-2", "ls", "/data", timeout=60)
            assert "backup.sqlite3" in kept.split()
    finally:
        for leftover in (["volume", "rm", "--force", volume], ["rmi", "--force", tag]):
            subprocess.run(["podman", *leftover], check=False, capture_output=True)
