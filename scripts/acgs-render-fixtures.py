#!/usr/bin/env python3
"""Writes the rendering fixtures of `crates/toolgate-core/tests/rules_render_acgs.rs`.

Each line of the output is one tool call rendered by the real claude-agent-acgs 0.1.0
`format_tool_call`: {"tool": name, "input": <the input as JSON text>, "expected": text} or
{"tool": …, "input": …, "error": message} when it raises (nesting too deep). The input is kept as
text so that numbers reach both parsers exactly as written.

Usage (needs the package, which pulls in acgs-lite):
    pip install claude-agent-acgs==0.1.0
    scripts/acgs-render-fixtures.py > crates/toolgate-core/tests/fixtures/acgs_render.jsonl
"""

import json
import random
import sys

from claude_agent_acgs._governance import format_tool_call

HANDWRITTEN = [
    ("Bash", '{"command": "ls -la", "description": "List files"}'),
    ("send_email", '{"to": "a@example.com", "body": "Hi\\nthere"}'),
    ("Write", '{"file_path": "/tmp/a.txt", "content": "line one\\n\\n\\tline two  "}'),
    ("mcp__github__create_issue", '{"repoName": "skip_audit", "labels": ["bug", "needsReview"]}'),
    ("skipAudit", "{}"),
    ("tool", "[]"),
    ("tool", '"README.md"'),
    ("tool", "[1, [2, []], {}]"),
    ("tool", "null"),
    ("tool", "true"),
    ("tool", "12"),
    ("tool", '{"a": null, "b": true, "c": false, "d": 0, "e": -5}'),
    ("tool", '{"f": 0.1, "g": 1e16, "h": 1.5e-7, "i": 1e308, "j": -0.0, "k": 100.0, "l": 2.5}'),
    ("tool", '{"m": 123456789012345678901234567890, "n": -98765432109876543210, "o": -0}'),
    ("tool", '{"p": 18446744073709551615, "q": 18446744073709551616, "r": -9223372036854775808}'),
    ("tool", '{"s": 1E2, "t": 1.0e-5, "u": 0.000001, "v": 1234567890123456789012.5}'),
    ("tool", '{"B": 1, "_": 2, "a": 3, "Z": 4, "é": 5, "10": 6, "9": 7}'),
    ("tool", '{"x": {"y": {"z": "deep"}}, "list": [{"k": "v"}, {"k": ["w"]}]}'),
    ("tool", '{"unicode": "caf\\u00e9 \\u2028 line\\u00a0nbsp \\u3000ideo"}'),
    ("tool", '{"ws": "\\u001c\\u001d\\u001e\\u001f \\u0085 x"}'),
    ("tool", '{"zw": "pass\\u200bword", "fw": "\\uff50\\uff41\\uff53\\uff53"}'),
    ("kebab-case-tool", '{"some-key": "some-value", "snake_key": "snake_value"}'),
    ("tool.with.dots", '{"path/like": "a/b/c", "colon:key": "x:y"}'),
    ("HTTPServer", '{"getHTTPResponse": "parseJSONBody", "v2Api": "useV2Api"}'),
    ("tool", '{"id": "abcDef", "id2": "Abc", "id3": "a_b", "id4": "a__b", "id5": "_a_b"}'),
    ("tool", '{"long": "' + "aB" * 40 + '"}'),
    ("tool", '{"sixtyfour": "' + "a_" * 31 + 'bb"}'),
    ("tool", '{"empty": "", "space": "   ", "nl": "\\n"}'),
    ("", '{"a": 1}'),
    ("tool name with spaces", '{"a": 1}'),
    ("tool", '{"dup": 1, "dup": 2}'),
]


def nested(depth):
    text = '"leaf"'
    for _ in range(depth):
        text = '{"k": ' + text + "}"
    return text


def nested_list(depth):
    return "[" * depth + "1" + "]" * depth


WORDS = ["skip", "audit", "Disable", "logging", "self_approve", "rm -rf", "sk-", "ghp_",
         "adminOverride", "a-b", "x.y", "ü", "é", "\u00a0", "\t", "\n", " ", "", "Z9", "9z"]


def rand_str(rng):
    return "".join(rng.choice(WORDS) for _ in range(rng.randint(0, 5)))


def rand_number(rng):
    kind = rng.randint(0, 5)
    if kind == 0:
        return str(rng.randint(-1000, 1000))
    if kind == 1:
        return str(rng.randint(-(10**30), 10**30))
    if kind == 2:
        return repr(rng.uniform(-1e6, 1e6))
    if kind == 3:
        return "%de%d" % (rng.randint(1, 9), rng.randint(-30, 30))
    if kind == 4:
        return "%d.%de%+d" % (rng.randint(0, 99), rng.randint(0, 99), rng.randint(-320, 308))
    return rng.choice(["0", "-0", "0.0", "-0.0", "1.0", "5e-324", "1.7976931348623157e308"])


def rand_value(rng, depth):
    kind = rng.randint(0, 9 if depth < 4 else 5)
    if kind <= 1:
        return json.dumps(rand_str(rng))
    if kind == 2:
        return rand_number(rng)
    if kind == 3:
        return rng.choice(["true", "false", "null"])
    if kind == 4:
        return json.dumps(rng.choice(["camelCase", "snake_case", "kebab-case", "Plain", "x"]))
    if kind == 5:
        return rand_number(rng)
    if kind <= 7:
        items = [rand_value(rng, depth + 1) for _ in range(rng.randint(0, 3))]
        return "[" + ", ".join(items) + "]"
    keys = [rand_str(rng) or "k" for _ in range(rng.randint(0, 4))]
    return "{" + ", ".join(json.dumps(k) + ": " + rand_value(rng, depth + 1) for k in keys) + "}"


def main():
    cases = list(HANDWRITTEN)
    for depth in (30, 31, 32, 33, 40):
        cases.append(("tool", nested(depth)))
        cases.append(("tool", nested_list(depth)))
    rng = random.Random(20261203)
    for _ in range(1500):
        name = rng.choice(["Bash", "Write", "mcp__srv__doThing", "skip_audit", "t"])
        cases.append((name, rand_value(rng, 0)))
    out = sys.stdout
    for tool, text in cases:
        value = json.loads(text)
        line = {"tool": tool, "input": text}
        try:
            line["expected"] = format_tool_call(tool, value)
        except ValueError as e:
            line["error"] = str(e)
        out.write(json.dumps(line, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
