#!/usr/bin/env python3
"""Joins `pm-bench --json` and `sqlite_peer.py --json` outputs into a markdown table.

    compare.py --ours ours.jsonl --peer peer.jsonl
    compare.py --run [--sizes 1000,10000] [--iterations 200] [--keep DIR]

Each input is JSON lines, one object per size with the keys `count`, `bulk_insert_s`, `open_s`,
`save_one_ms_p50`, `save_one_ms_p99`, `save_one_bytes`, `fetch_ms`, `undo_ms`, `peak_rss_mb`
(and optionally `engine`). Lines that are not JSON objects (build chatter) are skipped.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import subprocess
import sys
from typing import Any, Iterable, Sequence

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE_ROOT = os.path.dirname(HERE)
DEFAULT_OURS_COMMAND = "swift run -c release pm-bench --json"

# (key, label, decimals) in table order; every metric is "lower is better".
METRICS: tuple[tuple[str, str, int], ...] = (
    ("bulk_insert_s", "Bulk insert + save (s)", 3),
    ("open_s", "Cold open (s)", 3),
    ("save_one_ms_p50", "Save one, p50 (ms)", 3),
    ("save_one_ms_p99", "Save one, p99 (ms)", 3),
    ("save_one_bytes", "Save one, bytes written", 0),
    ("fetch_ms", "Fetch (ms)", 3),
    ("undo_ms", "Undo one change (ms)", 3),
    ("peak_rss_mb", "Peak memory (MiB)", 1),
)

Results = dict[int, dict[str, Any]]  # by project count


def parse_lines(lines: Iterable[str], source: str) -> Results:
    """The JSON objects among `lines`, keyed by their `count`."""
    results: Results = {}
    for line in lines:
        line = line.strip()
        if not line.startswith("{"):
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(record, dict) and "count" in record:
            results[int(record["count"])] = record
    if not results:
        raise SystemExit(f"compare.py: no benchmark results (JSON lines with a 'count') in {source}")
    return results


def read_file(path: str) -> Results:
    with open(path, encoding="utf-8") as file:
        return parse_lines(file, path)


def number(value: Any, decimals: int) -> str:
    if not isinstance(value, (int, float)):
        return "—"
    return f"{value:,.{decimals}f}"


def ratio(ours: Any, peer: Any) -> str:
    if not isinstance(ours, (int, float)) or not isinstance(peer, (int, float)) or peer == 0:
        return "—"
    return f"{ours / peer:.2f}×"


def table(ours: Results, peer: Results) -> str:
    """One markdown table: a row per (size, metric), the size written once per group."""
    lines = [
        "| Projects | Metric | ProjectManager | SQLite | Ratio |",
        "|---:|---|---:|---:|---:|",
    ]
    for count in sorted(set(ours) | set(peer)):
        mine, theirs = ours.get(count, {}), peer.get(count, {})
        for index, (key, label, decimals) in enumerate(METRICS):
            size = f"{count:,}" if index == 0 else ""
            lines.append(
                f"| {size} | {label} | {number(mine.get(key), decimals)} | "
                f"{number(theirs.get(key), decimals)} | {ratio(mine.get(key), theirs.get(key))} |"
            )
    lines += [
        "",
        "Ratio = ProjectManager / SQLite (WAL, `synchronous=FULL`). Lower is better for every metric, "
        "so a ratio below 1.00× means ProjectManager wins.",
    ]
    return "\n".join(lines)


def run(command: Sequence[str], cwd: str, keep: str | None, name: str) -> Results:
    """Runs a benchmark command (its stderr goes to ours) and parses its JSON-lines stdout."""
    print(f"$ {shlex.join(command)}", file=sys.stderr, flush=True)
    output = subprocess.run(command, cwd=cwd, check=True, stdout=subprocess.PIPE, text=True).stdout
    if keep:
        os.makedirs(keep, exist_ok=True)
        with open(os.path.join(keep, name), "w", encoding="utf-8") as file:
            file.write(output)
    return parse_lines(output.splitlines(), shlex.join(command))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ours", metavar="FILE", help="pm-bench --json output (JSON lines)")
    parser.add_argument("--peer", metavar="FILE", help="sqlite_peer.py --json output (JSON lines)")
    parser.add_argument("--run", action="store_true", help="run both benchmarks now, then print the table")
    parser.add_argument("--ours-command", default=DEFAULT_OURS_COMMAND,
                        help=f"with --run: the command for our benchmark, run in the package root "
                             f"(default: {DEFAULT_OURS_COMMAND!r})")
    parser.add_argument("--sizes", help="with --run: sizes for the SQLite peer (pm-bench runs its own)")
    parser.add_argument("--iterations", type=int, help="with --run: save-one iterations for the SQLite peer")
    parser.add_argument("--keep", metavar="DIR", help="with --run: also write ours.jsonl and peer.jsonl to DIR")
    arguments = parser.parse_args(argv)

    if arguments.run:
        if arguments.ours or arguments.peer:
            parser.error("--run runs both benchmarks; it takes no --ours or --peer")
        peer_command = [sys.executable, os.path.join(HERE, "sqlite_peer.py"), "--json"]
        if arguments.sizes:
            peer_command += ["--sizes", arguments.sizes]
        if arguments.iterations:
            peer_command += ["--iterations", str(arguments.iterations)]
        # One after the other, never together: they would compete for the disk and the CPUs.
        ours = run(shlex.split(arguments.ours_command), PACKAGE_ROOT, arguments.keep, "ours.jsonl")
        peer = run(peer_command, PACKAGE_ROOT, arguments.keep, "peer.jsonl")
    else:
        if not (arguments.ours and arguments.peer):
            parser.error("give --ours FILE and --peer FILE, or --run")
        ours, peer = read_file(arguments.ours), read_file(arguments.peer)

    print(table(ours, peer))


if __name__ == "__main__":
    main()
