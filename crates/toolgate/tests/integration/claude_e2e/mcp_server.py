"""A tiny MCP stdio server for the end-to-end tests (stdlib only).

`touch_marker` creates the marker file named by argv[1], so a test can tell whether the call
really ran; `fetch_url` opens its URL (a test counts the connections its target gets).
JSON-RPC 2.0, one message per line.
"""
import json
import sys
import urllib.request

MARKER = sys.argv[1]

TOOL = {
    "name": "touch_marker",
    "description": "Creates the marker file for the given target.",
    "inputSchema": {
        "type": "object",
        "properties": {"target": {"type": "string"}},
        "required": ["target"],
    },
}


FETCH = {
    "name": "fetch_url",
    "description": "Fetches the given URL and returns its status.",
    "inputSchema": {
        "type": "object",
        "properties": {"url": {"type": "string"}},
        "required": ["url"],
    },
}


def reply(request_id, result=None, error=None):
    message = {"jsonrpc": "2.0", "id": request_id}
    if error is None:
        message["result"] = result
    else:
        message["error"] = error
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def handle(message):
    method = message.get("method")
    request_id = message.get("id")
    if request_id is None:
        return  # a notification
    if method == "initialize":
        version = message.get("params", {}).get("protocolVersion", "2025-06-18")
        reply(request_id, {
            "protocolVersion": version,
            "capabilities": {"tools": {}},
            "serverInfo": {"name": "harness", "version": "1.0.0"},
        })
    elif method == "tools/list":
        reply(request_id, {"tools": [TOOL, FETCH]})
    elif method == "tools/call":
        params = message.get("params", {})
        if params.get("name") == "fetch_url":
            try:
                with urllib.request.urlopen(params.get("arguments", {}).get("url", ""), timeout=2) as r:
                    text = "FETCHED %d" % r.status
            except Exception as e:  # the fake target closes at once
                text = "FETCH-FAILED %s" % type(e).__name__
            reply(request_id, {"content": [{"type": "text", "text": text}]})
            return
        if params.get("name") != "touch_marker":
            reply(request_id, error={"code": -32602, "message": "unknown tool"})
            return
        with open(MARKER, "w") as marker:
            marker.write(json.dumps(params.get("arguments", {})))
        reply(request_id, {"content": [{"type": "text", "text": "MCP-MARKER-CREATED"}]})
    elif method == "ping":
        reply(request_id, {})
    else:
        reply(request_id, error={"code": -32601, "message": "method not found"})


for line in sys.stdin:
    line = line.strip()
    if line:
        try:
            handle(json.loads(line))
        except ValueError:
            pass
