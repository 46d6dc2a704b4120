"""`grade play`: a local web page where a student plays Hog through their own `play`.

The server listens on 127.0.0.1 only, on a free port, and answers only under a random
token in the path, so other users of the machine cannot drive the game. It runs no
student code itself: each game is a child process (`game.Game`). The page polls the
game's state (long polling) and posts the human's choices; two tabs show one game, and
an answer to a question already answered is refused.
"""

from __future__ import annotations

import hmac
import json
import os
import pkgutil
import secrets
import sys
import threading
import webbrowser
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import ModuleType
from typing import Optional
from urllib.parse import parse_qs, urlsplit

from .game import STUCK_SECONDS, Game

POLL_SECONDS = 20.0
BODY_CAP = 4096


class Table:
    """The one game being played, and how to start the next."""

    def __init__(self, src: Path, module: str, rules: ModuleType, final: bool,
                 stuck_seconds: float):
        self.src, self.module, self.rules, self.final = src, module, rules, final
        self.stuck_seconds = stuck_seconds
        self.lock = threading.Lock()
        self.game: Optional[Game] = None
        self.generation = 0

    def new_game(self) -> Game:
        with self.lock:
            previous = self.game
            self.game = Game(self.src, self.module, self.rules, final=self.final,
                             stuck_seconds=self.stuck_seconds).start()
            self.generation += 1
        if previous is not None:  # its waiting pages now read the new game
            previous.stop()
            previous.wake()
        return self.game

    def close(self) -> None:
        with self.lock:
            if self.game is not None:
                self.game.stop()


def make_handler(table: Table, token: str):
    page = pkgutil.get_data(__package__, "page.html")  # a file, or inside the runner's zip

    class Handler(BaseHTTPRequestHandler):
        server_version = "hog-play"

        def log_message(self, format, *args):  # the terminal shows the URL, not a request log
            pass

        def _route(self) -> Optional[str]:
            parts = urlsplit(self.path).path.split("/")
            if len(parts) < 3 or not hmac.compare_digest(parts[1].encode(), token.encode()):
                self._send(HTTPStatus.NOT_FOUND, b"not found", "text/plain")
                return None
            return "/".join(parts[2:])

        def _send(self, status, body: bytes, kind: str) -> None:
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.send_header("Content-Security-Policy",
                             "default-src 'self'; style-src 'unsafe-inline'; "
                             "script-src 'unsafe-inline'; img-src data:")
            self.end_headers()
            self.wfile.write(body)

        def _json(self, data, status=HTTPStatus.OK) -> None:
            self._send(status, json.dumps(data).encode(), "application/json")

        def do_GET(self):
            route = self._route()
            if route is None:
                return
            if route == "":
                self._send(HTTPStatus.OK, page, "text/html; charset=utf-8")
            elif route == "state":
                query = parse_qs(urlsplit(self.path).query)
                try:
                    since = int(query.get("since", ["-1"])[0])
                    generation = int(query.get("generation", ["-1"])[0])
                except ValueError:
                    since = generation = -1
                if generation == table.generation:
                    table.game.wait(since, POLL_SECONDS)
                self._json({**table.game.state(), "generation": table.generation})
            else:
                self._send(HTTPStatus.NOT_FOUND, b"not found", "text/plain")

        def do_POST(self):
            route = self._route()
            if route is None:
                return
            try:
                length = int(self.headers.get("Content-Length", "0"))
                body = json.loads(self.rfile.read(min(length, BODY_CAP)) or b"{}")
            except ValueError:
                body = None
            if not isinstance(body, dict):
                self._json({"error": "the request was not a JSON object"},
                           HTTPStatus.BAD_REQUEST)
            elif route == "move":
                if body.get("generation") != table.generation:
                    self._json({"error": "that game is over: a new one has started"},
                               HTTPStatus.CONFLICT)
                    return
                refused = table.game.answer(body.get("question"), body.get("dice"))
                if refused:
                    self._json({"error": refused}, HTTPStatus.CONFLICT)
                else:
                    self._json({"ok": True})
            elif route == "new":
                table.new_game()
                self._json({"ok": True, "generation": table.generation})
            else:
                self._send(HTTPStatus.NOT_FOUND, b"not found", "text/plain")

    return Handler


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        """A page closed while it waited for news is not an error worth a traceback."""
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


class PlayServer:
    def __init__(self, src: Path, module: str, rules: ModuleType, *, final: bool = False,
                 port: int = 0, stuck_seconds: float = STUCK_SECONDS):
        self.token = secrets.token_urlsafe(24)
        self.table = Table(Path(src), module, rules, final, stuck_seconds)
        self.httpd = _Server(("127.0.0.1", port), make_handler(self.table, self.token))

    @property
    def url(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}/{self.token}/"

    def start_game(self) -> None:
        self.table.new_game()

    def serve(self) -> None:
        self.httpd.serve_forever(poll_interval=0.2)

    def close(self) -> None:
        """Stop a server running `serve` in another thread, and its game."""
        self.httpd.shutdown()
        self.httpd.server_close()
        self.table.close()


def can_open_browser() -> bool:
    """On Linux without a display, `webbrowser` falls back to text browsers that would
    take over this terminal: print the URL only."""
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def run(src: Path, module: str, rules: ModuleType, *, final: bool, port: int,
        open_browser: bool, echo) -> int:
    """Serve until Ctrl-C; return its exit status, 130 (the game runs until stopped)."""
    server = PlayServer(src, module, rules, final=final, port=port)
    server.start_game()
    echo(f"Playing Hog with your play{' against your final_strategy' if final else ''}.")
    echo(f"Open {server.url} in a browser (Ctrl-C here stops the game).")
    if open_browser and can_open_browser():
        try:
            webbrowser.open(server.url)
        except Exception:
            pass
    try:
        server.serve()
    except KeyboardInterrupt:
        echo("\nStopped.")
    finally:
        server.httpd.server_close()
        server.table.close()
    return 130
