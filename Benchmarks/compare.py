#!/usr/bin/env python3
"""Joins the store section of `pm-bench --json` with both SQLite peers into a markdown table.

    compare.py --ours ours.jsonl --peer peer.jsonl [--c-peer c-peer.jsonl]
    compare.py --run [--sizes 1000,10000] [--iterations 200] [--keep DIR]

Each input is JSON lines, one object per size with the keys `count`, `bulk_insert_s`, `open_s`,
`save_one_ms_p50`, `save_one_ms_p99`, `save_one_bytes`, `fetch_ms`, `undo_ms`, `peak_rss_mb`
(and optionally `engine` and `section`). Lines that are not JSON objects (build chatter), and
objects of another section than `store` (pm-bench's engine and password-hash sections), are
skipped.

The peers are `sqlite_peer.py` (Python's `sqlite3`) and `sqlite_peer.c` (the SQLite C API),
which `--run` builds with `cc` when the SQLite headers and library are installed
(`apt-get install libsqlite3-dev`); without them its column says why it is missing.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
from typing import Any, Iterable, Sequence

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE_ROOT = os.path.dirname(HERE)
DEFAULT_OURS_COMMAND = "swift run -c release pm-bench --json --store-only"
C_PEER_SOURCE = os.path.join(HERE, "sqlite_peer.c")

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
        if isinstance(record, dict) and "count" in record and record.get("section", "store") == "store":
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


def table(ours: Results, peer: Results, c_peer: Results | None, c_peer_note: str | None = None) -> str:
    """One markdown table: a row per (size, metric), the size written once per group, with the
    ratio of ours to each peer."""
    lines = [
        "| Projects | Metric | ProjectManager | SQLite (Python) | Ratio | SQLite (C) | Ratio |",
        "|---:|---|---:|---:|---:|---:|---:|",
    ]
    c_peer = c_peer or {}
    for count in sorted(set(ours) | set(peer) | set(c_peer)):
        mine, theirs, c_theirs = ours.get(count, {}), peer.get(count, {}), c_peer.get(count, {})
        for index, (key, label, decimals) in enumerate(METRICS):
            size = f"{count:,}" if index == 0 else ""
            lines.append(
                f"| {size} | {label} | {number(mine.get(key), decimals)} | "
                f"{number(theirs.get(key), decimals)} | {ratio(mine.get(key), theirs.get(key))} | "
                f"{number(c_theirs.get(key), decimals)} | {ratio(mine.get(key), c_theirs.get(key))} |"
            )
    lines += [
        "",
        "Ratio = ProjectManager / SQLite (WAL, `synchronous=FULL`). Lower is better for every metric, "
        "so a ratio below 1.00× means ProjectManager wins.",
    ]
    if c_peer_note:
        lines.append(f"SQLite (C): {c_peer_note}")
    return "\n".join(lines)


def build_c_peer(keep: str | None) -> tuple[str | None, str | None]:
    """Compiles sqlite_peer.c; returns (binary, None), or (None, why it was skipped)."""
    compiler = shutil.which("cc")
    if compiler is None:
        return None, "skipped: no C compiler (`cc`) on this machine"
    output_dir = keep or tempfile.mkdtemp(prefix="pm-bench-c-peer-")
    os.makedirs(output_dir, exist_ok=True)
    binary = os.path.join(output_dir, "sqlite_peer")
    command = [compiler, "-O2", "-o", binary, C_PEER_SOURCE, "-lsqlite3", "-lm"]
    print(f"$ {shlex.join(command)}", file=sys.stderr, flush=True)
    built = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if built.returncode != 0:
        first = (built.stdout.strip().splitlines() or ["no output"])[0]
        return None, f"skipped: it did not build ({first}); install libsqlite3-dev (`apt-get install libsqlite3-dev`)"
    return binary, None


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
    parser.add_argument("--c-peer", metavar="FILE", help="sqlite_peer.c output (JSON lines); optional")
    parser.add_argument("--run", action="store_true", help="run both benchmarks now, then print the table")
    parser.add_argument("--ours-command", default=DEFAULT_OURS_COMMAND,
                        help=f"with --run: the command for our benchmark, run in the package root "
                             f"(default: {DEFAULT_OURS_COMMAND!r})")
    parser.add_argument("--sizes", help="with --run: sizes for every benchmark, e.g. 1000,100000,1000000")
    parser.add_argument("--iterations", type=int, help="with --run: save-one iterations for every benchmark")
    parser.add_argument("--keep", metavar="DIR", help="with --run: also write ours.jsonl and peer.jsonl to DIR")
    arguments = parser.parse_args(argv)

    c_peer: Results | None = None
    c_peer_note: str | None = None
    if arguments.run:
        if arguments.ours or arguments.peer or arguments.c_peer:
            parser.error("--run runs every benchmark; it takes no --ours, --peer or --c-peer")
        options: list[str] = []
        if arguments.sizes:
            options += ["--sizes", arguments.sizes]
        if arguments.iterations:
            options += ["--iterations", str(arguments.iterations)]
        peer_command = [sys.executable, os.path.join(HERE, "sqlite_peer.py"), "--json", *options]
        # One after the other, never together: they would compete for the disk and the CPUs.
        ours = run([*shlex.split(arguments.ours_command), *options], PACKAGE_ROOT, arguments.keep, "ours.jsonl")
        peer = run(peer_command, PACKAGE_ROOT, arguments.keep, "peer.jsonl")
        binary, c_peer_note = build_c_peer(arguments.keep)
        if binary:
            c_peer = run([binary, *options], PACKAGE_ROOT, arguments.keep, "c-peer.jsonl")
        else:
            print(f"compare.py: the C peer is {c_peer_note}", file=sys.stderr)
    else:
        if not (arguments.ours and arguments.peer):
            parser.error("give --ours FILE and --peer FILE (and optionally --c-peer FILE), or --run")
        ours, peer = read_file(arguments.ours), read_file(arguments.peer)
        if arguments.c_peer:
            c_peer = read_file(arguments.c_peer)
        else:
            c_peer_note = "not given (--c-peer FILE)"

    print(table(ours, peer, c_peer, c_peer_note))


if __name__ == "__main__":
    main()
