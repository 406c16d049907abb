"""A scripted fake of the Anthropic Messages API on 127.0.0.1, for one Claude Code session.

The same script as the Rust end-to-end tests' fake (crates/toolgate/tests/claude_e2e/fake_api.rs):
the first main-loop request (one that offers tools) is answered with one ``tool_use`` block; the
request that carries its ``tool_result`` is recorded and answered with a final text; every other
request is recorded and answered with something valid. Written in Python so that the pytest
suite needs nothing but the wheel and the SDK.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

TOOL_USE_ID = "toolu_01PyE2eScriptedCall001"
FINAL_TEXT = "E2E-FINAL: the scripted turn is over."


@dataclass
class ToolResult:
    """A ``tool_result`` block the CLI sent back for the scripted call."""

    tool_use_id: str
    text: str
    is_error: bool


@dataclass
class FakeApi:
    """A running fake; use as a context manager."""

    tool: str
    tool_input: dict[str, Any]
    requests: list[tuple[str, str, str]] = field(default_factory=list)
    tool_results: list[ToolResult] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._lock = threading.Lock()
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
                pass

            def do_GET(self) -> None:  # noqa: N802 - http.server's naming
                fake._record("GET", self.path, "other")
                self._send_json(200, {})

            def do_HEAD(self) -> None:  # noqa: N802
                fake._record("HEAD", self.path, "other")
                self.send_response(200)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def do_POST(self) -> None:  # noqa: N802
                body = self._read_body()
                try:
                    request = json.loads(body) if body else None
                except ValueError:
                    request = None
                path = self.path.split("?", 1)[0]
                if path == "/v1/messages" and isinstance(request, dict):
                    answer = fake._classify(request)
                    fake._record("POST", self.path, answer)
                    message = fake._message(answer, request.get("model") or "claude-sonnet-4-5")
                    if request.get("stream"):
                        self._send_sse(message)
                    else:
                        self._send_json(200, message)
                elif path == "/v1/messages/count_tokens":
                    fake._record("POST", self.path, "token_count")
                    self._send_json(200, {"input_tokens": 100})
                else:
                    fake._record("POST", self.path, "other")
                    self._send_json(
                        404, {"type": "error", "error": {"type": "not_found_error", "message": "not faked"}}
                    )

            def _read_body(self) -> bytes:
                if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
                    chunks = []
                    while True:
                        size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                        if size == 0:
                            while self.rfile.readline().strip():
                                pass
                            return b"".join(chunks)
                        chunks.append(self.rfile.read(size))
                        self.rfile.readline()
                length = int(self.headers.get("Content-Length") or 0)
                return self.rfile.read(length) if length else b""

            def _send_json(self, status: int, body: Any) -> None:
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("request-id", "req_py_e2e")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def _send_sse(self, message: dict[str, Any]) -> None:
                data = "".join(
                    f"event: {name}\ndata: {json.dumps(event)}\n\n" for name, event in _sse_events(message)
                ).encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Cache-Control", "no-cache")
                self.send_header("request-id", "req_py_e2e")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, name="fake-api", daemon=True)

    def __enter__(self) -> FakeApi:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:PORT``, for ``ANTHROPIC_BASE_URL``."""
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def summary(self) -> str:
        """One line per request, for failure messages."""
        with self._lock:
            return "\n".join(f"{m} {p} -> {a}" for m, p, a in self.requests)

    def _record(self, method: str, path: str, answer: str) -> None:
        with self._lock:
            self.requests.append((method, path, answer))

    def _classify(self, request: dict[str, Any]) -> str:
        results = _tool_results_in(request)
        if results:
            with self._lock:
                for result in results:
                    if all(r.tool_use_id != result.tool_use_id for r in self.tool_results):
                        self.tool_results.append(result)
            return "final_text"
        if request.get("tools"):
            return "tool_use"
        return "side_text"

    def _message(self, answer: str, model: str) -> dict[str, Any]:
        if answer == "tool_use":
            content: list[dict[str, Any]] = [
                {"type": "tool_use", "id": TOOL_USE_ID, "name": self.tool, "input": self.tool_input}
            ]
            stop = "tool_use"
        elif answer == "final_text":
            content, stop = [{"type": "text", "text": FINAL_TEXT}], "end_turn"
        else:
            content, stop = [{"type": "text", "text": "E2E side reply"}], "end_turn"
        return {
            "id": f"msg_py_e2e_{answer}",
            "type": "message",
            "role": "assistant",
            "model": model,
            "content": content,
            "stop_reason": stop,
            "stop_sequence": None,
            "usage": {
                "input_tokens": 100,
                "output_tokens": 20,
                "cache_creation_input_tokens": 0,
                "cache_read_input_tokens": 0,
            },
        }


def _tool_results_in(request: dict[str, Any]) -> list[ToolResult]:
    found = []
    for message in request.get("messages") or []:
        if not isinstance(message, dict) or message.get("role") != "user":
            continue
        content = message.get("content")
        if not isinstance(content, list):
            continue
        for block in content:
            if isinstance(block, dict) and block.get("type") == "tool_result":
                found.append(
                    ToolResult(
                        tool_use_id=str(block.get("tool_use_id", "")),
                        text=_flatten(block.get("content")),
                        is_error=bool(block.get("is_error", False)),
                    )
                )
    return found


def _flatten(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(b.get("text", json.dumps(b)) if isinstance(b, dict) else str(b) for b in content)
    return "" if content is None else json.dumps(content)


def _sse_events(message: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """The event sequence the real API streams for ``message``."""
    start = dict(message, content=[], stop_reason=None, usage=dict(message["usage"], output_tokens=1))
    events: list[tuple[str, dict[str, Any]]] = [
        ("message_start", {"type": "message_start", "message": start}),
        ("ping", {"type": "ping"}),
    ]
    for index, block in enumerate(message["content"]):
        if block["type"] == "tool_use":
            empty = dict(block, input={})
            delta = {"type": "input_json_delta", "partial_json": json.dumps(block["input"])}
        else:
            empty = {"type": "text", "text": ""}
            delta = {"type": "text_delta", "text": block["text"]}
        events += [
            ("content_block_start", {"type": "content_block_start", "index": index, "content_block": empty}),
            ("content_block_delta", {"type": "content_block_delta", "index": index, "delta": delta}),
            ("content_block_stop", {"type": "content_block_stop", "index": index}),
        ]
    events += [
        (
            "message_delta",
            {
                "type": "message_delta",
                "delta": {"stop_reason": message["stop_reason"], "stop_sequence": None},
                "usage": {"output_tokens": message["usage"]["output_tokens"]},
            },
        ),
        ("message_stop", {"type": "message_stop"}),
    ]
    return events
