"""A real ``rami serve`` process on loopback, and a websocket player with timeouts."""

from __future__ import annotations

import json
import queue
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

from rami.cli.serve_cmd import READY

Message = dict[str, Any]


def free_port() -> int:
    """A port nobody listens on right now (loopback)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class LiveServer:
    """``rami serve`` in a child process; ``kill`` ends it abruptly."""

    def __init__(self, data: Path, port: int, *extra: str) -> None:
        self.data, self.port, self.extra = data, port, extra
        self.process: subprocess.Popen[str] | None = None

    @property
    def url(self) -> str:
        """The base HTTP address."""
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 120.0) -> None:
        """Start the process and wait until it says it accepts connections (its ready line);
        one that does not is killed."""
        command = [sys.executable, "-c", "from rami.cli import main; main()", "serve"]
        command += ["--host", "127.0.0.1", "--port", str(self.port), "--data", str(self.data)]
        process = subprocess.Popen([*command, *self.extra], stdout=subprocess.PIPE, text=True)
        self.process = process
        said: queue.Queue[bool] = queue.Queue()
        threading.Thread(target=_read_lines, args=(process, said), daemon=True).start()
        try:
            if "--workers" in self.extra:
                self._answers(timeout)
                return
            try:
                if said.get(timeout=timeout):
                    return
            except queue.Empty:
                raise RuntimeError("rami serve did not start in time") from None
            raise RuntimeError(f"rami serve exited with {process.wait(10)}")
        except BaseException:
            self.stop()
            raise

    def _answers(self, timeout: float) -> None:
        """Wait until the server answers over HTTP.

        With ``--workers`` the processes serving are uvicorn's, started by its supervisor, and
        print nothing when they accept; so this asks, at most ``timeout`` seconds.
        """
        assert self.process is not None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"rami serve exited with {self.process.returncode}")
            try:
                if httpx.get(f"{self.url}/api/meta", timeout=1.0).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("rami serve did not start in time")

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush."""
        if self.process is not None:
            self.process.kill()
            self.process.wait(10)
            self.process = None

    def stop(self) -> None:
        """Terminate politely."""
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
            self.process = None


def _read_lines(process: subprocess.Popen[str], said: queue.Queue[bool]) -> None:
    """Read the process's output to its end (so it never blocks on a full pipe), telling
    ``said`` True at its ready line and False when the output ends."""
    assert process.stdout is not None
    for line in process.stdout:
        if line.strip() == READY:
            said.put(True)
    said.put(False)


class LivePlayer:
    """A websocket client of a live server."""

    def __init__(
        self, server: LiveServer, table_id: str, headers: dict[str, str] | None = None
    ) -> None:
        url = f"ws://127.0.0.1:{server.port}/ws/{table_id}"
        self._connection = connect(url, additional_headers=headers)
        self.ws: ClientConnection = self._connection.__enter__()
        self.state: Message | None = None

    def send(self, **message: Any) -> None:
        """Send a message."""
        self.ws.send(json.dumps(message))

    def recv(self, timeout: float = 10.0) -> Message:
        """The next message."""
        message: Message = json.loads(self.ws.recv(timeout=timeout))
        if message["type"] == "state":
            self.state = message
        return message

    def until(self, type_: str, timeout: float = 10.0) -> Message:
        """Receive until a message of ``type_``."""
        while True:
            message = self.recv(timeout)
            if message["type"] == type_:
                return message

    def close(self) -> None:
        """Close the connection."""
        self._connection.__exit__(None, None, None)
