"""A real Nostr relay on 127.0.0.1 (``nostr-relay`` from PyPI, installed by ``make install``) and
the site built with ``RELAYS`` pointing at it, in a folder of the test session's own (the normal
_site stays as it is): the rooms' tests (issue 33)."""

from __future__ import annotations

import importlib.util
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = importlib.util.find_spec("nostr_relay")  # found, not imported (it has no type hints)
CONFIG = Path(SPEC.origin if SPEC is not None and SPEC.origin else "nostr_relay").with_name("config.yaml")
RELAY_PROGRAM = Path(sys.executable).with_name("nostr-relay")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def relay_config(folder: Path, port: int) -> Path:
    """The packaged config.yaml with its port and its sqlite file changed (both on this machine)."""
    text = CONFIG.read_text(encoding="utf-8")
    for old, new in (
        ("sqlite+aiosqlite:///nostr.sqlite3", f"sqlite+aiosqlite:///{folder / 'nostr.sqlite3'}"),
        ("127.0.0.1:6969", f"127.0.0.1:{port}"),
        ("port: 6969", f"port: {port}"),
        ("localhost:6969", f"localhost:{port}"),
    ):
        if old not in text:
            raise RuntimeError(f"nostr-relay's config.yaml has no {old!r}: its layout changed")
        text = text.replace(old, new)
    path = folder / "config.yaml"
    path.write_text(text, encoding="utf-8")
    return path


class Relay:
    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        self.url = f"ws://127.0.0.1:{self.port}"
        config = relay_config(folder, self.port)
        self.log = (folder / "relay.log").open("w")
        self.process = subprocess.Popen(
            [str(RELAY_PROGRAM), "-c", str(config), "serve"],
            cwd=folder,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its workers go with it
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), 1).close()
                return
            except OSError:
                if self.process.poll() is not None:
                    break
                time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"the relay did not start: see {folder / 'relay.log'}")

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)  # the relay's own group, started above
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
        self.log.close()


def build_site(out: Path, relays: str) -> None:
    """``make site``'s build into ``out`` with ``RELAYS=relays``."""
    env = {**os.environ, "RELAYS": relays}
    subprocess.run(
        [sys.executable, "-m", "scripts.build.build_site", "--out", str(out)],
        check=True,
        env=env,
        cwd=ROOT,
    )
