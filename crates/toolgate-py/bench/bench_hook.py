"""Per-call cost of ``ToolgateHook`` against claude-agent-acgs 0.1.0 / acgs-lite 3.0.1 on the same
inputs: ``evaluate()`` and ``await hook(event, ...)``, and whether the two decide the same.

``evaluate()`` is timed as ACGSHook's is called, without a ``cwd``: a call whose paths need one
then reads this process's working directory (a system call). A third column times it given
the session's ``cwd``, as the hook's events always give it, to show what that read costs.

Each case is timed twice: in batches of ten calls (so the timer's own cost per sample is not
counted as a call's, as ``timeit`` does), in rounds in which every column takes its turn, for
the p50 (the median of the rounds) and the ratios (the median of the ratios within a round);
then call by call for the p99.

Run by ``scripts/bench-python`` (release wheel, fresh venv). Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any, NamedTuple

from acgs_lite import Constitution
from claude_agent_acgs import ACGSHook

import toolgate
from toolgate import ToolgateHook

PROSE = (
    "The build pipeline compiles each crate, runs the unit tests and then the integration tests. "
    "When a test fails, the log names the crate and the test, and the artifact is kept for a day. "
)
KEY = "sk-" + "a" * 24  # matches acgs-lite's ACGS-006 pattern

# The kinds of calls of reference/acgs.md section 8, in the same order.
CASES: list[tuple[str, str, dict[str, Any]]] = [
    ("Read", "Read", {"file_path": "/srv/project/README.md"}),
    ("Bash ls", "Bash", {"command": "ls -la", "description": "List files"}),
    ("Bash rm -rf", "Bash", {"command": "rm -rf build/", "description": "Clean"}),
    ("Bash --no-audit", "Bash", {"command": "npm install --no-audit", "description": "Install"}),
    ("Grep", "Grep", {"pattern": "TODO", "path": "src/", "output_mode": "content"}),
    ("Write sk- key", "Write", {"file_path": "/srv/project/.env", "content": f"OPENAI_KEY={KEY}\n"}),
    ("Edit password", "Edit", {"file_path": "/srv/project/a.py", "old_string": "x", "new_string": "password = x"}),
    (
        "MCP nested",
        "mcp__deploy__run_job",
        {"job": "billing", "dryRun": False, "steps": [{"name": "migrate", "args": ["--fast", "--env=stage"]}]},
    ),
    ("Write 1 KB prose", "Write", {"file_path": "/srv/project/notes.md", "content": PROSE * 6}),
    ("Write 10 KB prose", "Write", {"file_path": "/srv/project/notes.md", "content": PROSE * 55}),
    ("Write 100 KB prose", "Write", {"file_path": "/srv/project/notes.md", "content": PROSE * 550}),
]


class Timing(NamedTuple):
    """One column's per-call cost on one case: ``p50`` is the median over the rounds of each
    round's batch means (the harness's own cost per sample, a timer read and a list append of
    about 50 ns, spread over a batch as ``timeit`` does), ``p99`` the 99th percentile of calls
    timed one by one, ``rounds`` each round's mean (for ratios taken within a round)."""

    p50: float
    p99: float
    rounds: list[float]


#: Calls per timed batch, for all but the big inputs (whose calls each last long enough).
BATCH = 10

#: Rounds per case. The columns of a case are timed in turn within each round, so a slow
#: stretch of a shared machine (another VM, a build) slows every column of its round alike,
#: and each ratio is the median of the ratios within the rounds.
ROUNDS = 15

#: A column: a call (plain) or an awaitable call (the hook callbacks).
Column = tuple[Callable[[], Any], bool]


async def time_columns(columns: list[Column], iterations: int, batch: int) -> list[Timing]:
    """Times each column on ``iterations`` calls: a warm-up, then ``ROUNDS`` rounds in which
    every column runs its share in batches of ``batch``, then each column call by call for
    its p99."""

    async def once(fn: Callable[[], Any], awaited: bool) -> None:
        if awaited:
            await fn()
        else:
            fn()

    for fn, awaited in columns:
        for _ in range(max(3, iterations // 20)):
            await once(fn, awaited)
    per_round = max(1, iterations // (batch * ROUNDS))
    rounds: list[list[float]] = [[] for _ in columns]
    for _ in range(ROUNDS):
        for (fn, awaited), means in zip(columns, rounds):
            batch_means = []
            for _ in range(per_round):
                start = time.perf_counter_ns()
                if awaited:
                    for _ in range(batch):
                        await fn()
                else:
                    for _ in range(batch):
                        fn()
                batch_means.append((time.perf_counter_ns() - start) / batch)
            means.append(statistics.median(batch_means))
    timings = []
    for (fn, awaited), means in zip(columns, rounds):
        samples = []
        for _ in range(iterations):
            start = time.perf_counter_ns()
            await once(fn, awaited)
            samples.append(time.perf_counter_ns() - start)
        timings.append(Timing(statistics.median(means), p99(samples), means))
    return timings


def ratio(theirs: Timing, ours: Timing) -> float:
    """The median over the rounds of their time over ours within the round."""
    return statistics.median(a / b for a, b in zip(theirs.rounds, ours.rounds))


def fmt_us(ns: float) -> str:
    return f"{ns / 1000:.1f}" if ns < 100_000 else f"{ns / 1000:.0f}"


def p99(samples: list[int]) -> float:
    return statistics.quantiles(samples, n=100)[98]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--iterations", type=int, default=2000, help="calls per case (fewer for big inputs)")
    args = parser.parse_args()

    acgs = ACGSHook(Constitution.default())
    same_rules = ToolgateHook({"constitution": "acgs-default"})
    default = ToolgateHook()
    verdicts = {"no_decision": "allow", "allow": "allow", "review": "review", "deny": "deny"}

    print(f"python {sys.version.split()[0]}, toolgate {toolgate.__name__} wheel, claude-agent-acgs 0.1.0, acgs-lite 3.0.1")
    print()
    print("| call | acgs evaluate µs (p50/p99) | toolgate evaluate µs, acgs-default rules (p50/p99) | ratio | "
          "toolgate evaluate(cwd=…) µs | ratio | acgs await hook µs | toolgate await hook µs | ratio | "
          "toolgate default policy evaluate µs | same decision |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    ratios_eval: list[float] = []
    ratios_cwd: list[float] = []
    ratios_hook: list[float] = []
    disagreements = []
    for label, tool, tool_input in CASES:
        n = args.iterations if "KB" not in label else max(50, args.iterations // (20 if "100" in label else 4))
        event = {"hook_event_name": "PreToolUse", "tool_name": tool, "tool_input": tool_input, "cwd": "/srv/project"}
        batch = 1 if "KB" in label else BATCH
        context = {"signal": None}
        a_eval, t_eval, t_cwd, d_eval, a_hook, t_hook = asyncio.run(
            time_columns(
                [
                    (lambda: acgs.evaluate(tool, tool_input), False),
                    (lambda: same_rules.evaluate(tool, tool_input), False),
                    (lambda: same_rules.evaluate(tool, tool_input, cwd="/srv/project"), False),
                    (lambda: default.evaluate(tool, tool_input), False),
                    (lambda: acgs(event, None, context), True),
                    (lambda: same_rules(event, None, context), True),
                ],
                n,
                batch,
            )
        )
        theirs = acgs.evaluate(tool, tool_input)
        mine = same_rules.evaluate(tool, tool_input)
        same = verdicts[mine.verdict] == theirs.verdict.value and [
            i for i in mine.rule_ids if not i.startswith("TG-")
        ] == list(theirs.rule_ids)
        if not same:
            disagreements.append(f"{label}: acgs {theirs.verdict.value} {list(theirs.rule_ids)}, "
                                 f"toolgate {mine.verdict} {mine.rule_ids}")
        r_eval = ratio(a_eval, t_eval)
        r_cwd = ratio(a_eval, t_cwd)
        r_hook = ratio(a_hook, t_hook)
        ratios_eval.append(r_eval)
        ratios_cwd.append(r_cwd)
        ratios_hook.append(r_hook)
        print(
            f"| {label} | {fmt_us(a_eval.p50)} / {fmt_us(a_eval.p99)} "
            f"| {fmt_us(t_eval.p50)} / {fmt_us(t_eval.p99)} | {r_eval:.1f}× "
            f"| {fmt_us(t_cwd.p50)} | {r_cwd:.1f}× "
            f"| {fmt_us(a_hook.p50)} | {fmt_us(t_hook.p50)} | {r_hook:.1f}× "
            f"| {fmt_us(d_eval.p50)} | {'yes' if same else 'NO'} |"
        )
    print()
    print(f"evaluate: toolgate is {min(ratios_eval):.1f}×–{max(ratios_eval):.0f}× faster per call "
          f"(geometric mean {statistics.geometric_mean(ratios_eval):.0f}×)")
    print(f"evaluate(cwd=…): {min(ratios_cwd):.1f}×–{max(ratios_cwd):.0f}× "
          f"(geometric mean {statistics.geometric_mean(ratios_cwd):.0f}×)")
    print(f"await hook: {min(ratios_hook):.1f}×–{max(ratios_hook):.0f}× "
          f"(geometric mean {statistics.geometric_mean(ratios_hook):.0f}×)")
    print(f"same decisions: {len(CASES) - len(disagreements)} of {len(CASES)}")
    for d in disagreements:
        print(f"  differs: {d}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
