#!/usr/bin/env python3
"""SQLite peer for the ProjectManager store benchmark (`pm-bench`, issue 3).

Runs the same workload as the Swift benchmark against SQLite through Python's
`sqlite3`: WAL mode, `PRAGMA synchronous=FULL`, one row per project, on a fresh
database file in a temporary directory for every size. It prints the same keys
as `pm-bench`, so `compare.py` can join the two outputs.

Each size runs in a fresh child process (this script re-invokes itself with
`--one N`), so `peak_rss_mb` is the peak of that size alone.

Standard library only. Linux is the target; on other systems `save_one_bytes`
falls back to measuring file growth (see `measure_save_one`).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import resource
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any, Callable, Sequence

DEFAULT_SIZES: tuple[int, ...] = (1_000, 10_000, 100_000)
DEFAULT_ITERATIONS = 200  # save-one iterations
FETCH_RUNS = 5
UNDO_RUNS = 20
DEFAULT_SEED = 42

# The keys `pm-bench --json` prints, in order. `engine` is added on top.
KEYS: tuple[str, ...] = (
    "count",
    "bulk_insert_s",
    "open_s",
    "save_one_ms_p50",
    "save_one_ms_p99",
    "save_one_bytes",
    "fetch_ms",
    "undo_ms",
    "peak_rss_mb",
)

STATES: tuple[str, ...] = ("todo", "doing", "done")
# All projects stand on one board (pm-bench should do the same; positions count per board and column).
BOARD_COUNT = 1
DEADLINE_SHARE = 0.8  # share of projects that have a deadline
DEADLINE_SPAN_DAYS = 730  # deadlines spread over ~2 years ...
DEADLINE_START = "2026-01-01"  # ... from this day
FETCH_BEFORE = "2026-07-01"  # fetch: projects in 'doing' due before this day
CREATED_AT_BASE = 1_767_225_600.0  # 2026-01-01T00:00:00Z; seeded offsets keep timestamps deterministic
BODY_LENGTH = 60

WORDS: tuple[str, ...] = (
    "plan", "review", "draft", "ship", "budget", "client", "design", "sprint",
    "audit", "launch", "invoice", "hiring", "roadmap", "backlog", "release",
    "meeting", "report", "migrate", "refactor", "support", "deploy", "survey",
)

SCHEMA: tuple[str, ...] = (
    """
    CREATE TABLE project (
        id TEXT PRIMARY KEY,
        board_id TEXT NOT NULL,
        title TEXT NOT NULL,
        body TEXT NOT NULL,
        deadline TEXT,
        state TEXT NOT NULL,
        position INTEGER NOT NULL,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL
    )
    """,
    "CREATE INDEX project_board_state_position ON project (board_id, state, position)",
    "CREATE INDEX project_state_deadline ON project (state, deadline)",
)

COLUMNS = "id, board_id, title, body, deadline, state, position, created_at, updated_at"
UPDATE_TITLE = "UPDATE project SET title = ?, updated_at = ? WHERE id = ?"

# A project row as inserted and read back: the columns above, in order.
Row = tuple[str, str, str, str, str | None, str, int, float, float]


# MARK: - Data


def make_uuid(rng: random.Random) -> str:
    """A random (version 4) UUID string drawn from `rng`, so runs are reproducible."""
    value = rng.getrandbits(128)
    value &= ~(0xF000 << 64)  # version nibble ...
    value |= 0x4000 << 64  # ... = 4
    value &= ~(0xC000 << 48)  # variant bits ...
    value |= 0x8000 << 48  # ... = RFC 4122
    text = f"{value:032x}"
    return f"{text[:8]}-{text[8:12]}-{text[12:16]}-{text[16:20]}-{text[20:]}"


def deadline_days() -> list[str]:
    """The 'YYYY-MM-DD' strings of the deadline span, starting at DEADLINE_START."""
    start = time.mktime(time.strptime(DEADLINE_START + " 12:00", "%Y-%m-%d %H:%M"))
    # Noon plus whole days never crosses a day boundary, even across DST changes.
    return [
        time.strftime("%Y-%m-%d", time.localtime(start + day * 86_400))
        for day in range(DEADLINE_SPAN_DAYS)
    ]


def make_body(rng: random.Random) -> str:
    """About BODY_LENGTH characters of words."""
    words: list[str] = []
    length = 0
    while length < BODY_LENGTH:
        word = rng.choice(WORDS)
        words.append(word)
        length += len(word) + 1
    return " ".join(words)[:BODY_LENGTH]


def make_rows(count: int, rng: random.Random) -> list[Row]:
    """`count` deterministic project rows; state is round-robin, position counts per column."""
    days = deadline_days()
    boards = [make_uuid(rng) for _ in range(BOARD_COUNT)]
    next_position: dict[tuple[str, str], int] = {}
    rows: list[Row] = []
    for i in range(count):
        board = boards[i % BOARD_COUNT]
        state = STATES[i % len(STATES)]
        position = next_position.get((board, state), 0)
        next_position[(board, state)] = position + 1
        deadline = rng.choice(days) if rng.random() < DEADLINE_SHARE else None
        # A fractional part, as real timestamps have: SQLite stores whole REALs as small integers,
        # so whole created/updated times would grow the row on its first save.
        created = CREATED_AT_BASE + i + rng.random()
        rows.append(
            (make_uuid(rng), board, f"Project {i}", make_body(rng), deadline, state, position, created, created)
        )
    return rows


# MARK: - Measuring


def connect(path: str) -> sqlite3.Connection:
    """Opens the database in autocommit mode (transactions are explicit), WAL, synchronous=FULL."""
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("PRAGMA journal_mode=WAL")  # persistent, but cheap to restate
    connection.execute("PRAGMA synchronous=FULL")  # per connection: fsync the WAL on every commit
    return connection


def timed(action: Callable[[], object]) -> float:
    """Seconds `action` takes, on the monotonic high-resolution clock."""
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def percentile(samples: Sequence[float], fraction: float) -> float:
    """Nearest-rank percentile (p99 of 200 samples is the 198th smallest)."""
    ordered = sorted(samples)
    rank = max(1, math.ceil(round(len(ordered) * fraction, 9)))  # round() guards 0.99 * n float noise
    return ordered[rank - 1]


def io_counters() -> dict[str, int] | None:
    """This process's /proc/self/io counters (Linux), or None where there are none."""
    try:
        with open("/proc/self/io", encoding="ascii") as file:
            pairs = (line.split(": ") for line in file.read().splitlines())
            return {key: int(value) for key, value in pairs}
    except OSError:
        return None


def file_size(path: str) -> int:
    try:
        return os.path.getsize(path)
    except FileNotFoundError:
        return 0


def peak_rss_mb() -> float:
    """Peak resident set size of this process, in MiB (ru_maxrss is KiB on Linux, bytes on macOS)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def bulk_insert(path: str, rows: list[Row]) -> float:
    """Creates the schema, then times inserting all rows in one transaction, commit included."""
    connection = connect(path)
    connection.execute("BEGIN")
    for statement in SCHEMA:
        connection.execute(statement)
    connection.execute("COMMIT")

    def insert() -> None:
        connection.execute("BEGIN")
        connection.executemany(f"INSERT INTO project ({COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
        connection.execute("COMMIT")

    seconds = timed(insert)
    # Closing the last connection checkpoints the WAL into the main file and removes it,
    # so the cold open below starts from a plain database file.
    connection.close()
    return seconds


def cold_open(path: str) -> tuple[sqlite3.Connection, list[Row], float]:
    """Times connecting and reading every row into Python tuples (our store loads the whole graph).

    "Cold" means a new connection with nothing cached in SQLite; the OS page cache is still warm
    from the insert (dropping it needs root and disturbs the machine). pm-bench should do the same.
    """
    start = time.perf_counter()
    connection = connect(path)
    rows: list[Row] = connection.execute(f"SELECT {COLUMNS} FROM project").fetchall()
    return connection, rows, time.perf_counter() - start


def current_title(connection: sqlite3.Connection, project_id: str) -> str:
    (title,) = connection.execute("SELECT title FROM project WHERE id = ?", (project_id,)).fetchone()
    return str(title)


def edited(title: str) -> str:
    """A one-character edit that keeps the title's length (the first letter's case flips).

    Keeping the length measures the cost of a commit, not of page splits: bulk insert packs
    SQLite's leaf pages full, so a title that grows by a few bytes splits a page and the save
    writes two or three pages instead of one. (For the same reason created/updated times carry a
    fractional part; see `make_rows`.)
    """
    return title[:1].swapcase() + title[1:]


def measure_save_one(
    connection: sqlite3.Connection, path: str, ids: list[str], iterations: int, rng: random.Random
) -> tuple[float, float, float, str]:
    """Saves one changed project (title, updated_at) per transaction, `iterations` times.

    Each iteration edits a random project's title (see `edited`) and commits.

    Returns p50 and p99 commit latency in ms, bytes written per save, and how bytes were measured.

    Bytes: preferably the `wchar` delta of /proc/self/io, i.e. the bytes this process handed to
    write(2) (WAL frame headers and pages; the -shm index is memory-mapped, so not counted), per
    save. Where /proc/self/io is missing, the growth of the main file plus the -wal file.
    In both cases the WAL is emptied first and auto-checkpointing is off for this phase
    (`PRAGMA wal_autocheckpoint=0`), so no checkpoint's copy-back into the main file lands in the
    figure. That favours SQLite: in steady state it writes each page twice (WAL, then main file).
    """
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.execute("PRAGMA wal_autocheckpoint=0")
    wal = path + "-wal"
    counters_before = io_counters()
    size_before = file_size(path) + file_size(wal)

    latencies: list[float] = []
    for _ in range(iterations):
        project_id = rng.choice(ids)
        title = edited(current_title(connection, project_id))  # untimed read: the app knows the title
        start = time.perf_counter()
        connection.execute("BEGIN")
        connection.execute(UPDATE_TITLE, (title, time.time(), project_id))
        connection.execute("COMMIT")
        latencies.append((time.perf_counter() - start) * 1000)

    counters_after = io_counters()
    if counters_before is not None and counters_after is not None:
        written = counters_after["wchar"] - counters_before["wchar"]
        method = "/proc/self/io wchar"
    else:
        written = file_size(path) + file_size(wal) - size_before
        method = "main + -wal file growth"
    connection.execute("PRAGMA wal_autocheckpoint=1000")  # back to SQLite's default
    return statistics.median(latencies), percentile(latencies, 0.99), written / iterations, method


def measure_fetch(connection: sqlite3.Connection) -> tuple[float, int]:
    """Median ms over FETCH_RUNS of: projects in 'doing' due before FETCH_BEFORE, by deadline."""
    query = (
        f"SELECT {COLUMNS} FROM project WHERE state = 'doing' AND deadline < ? "
        "ORDER BY deadline"  # NULL deadlines never compare below a day, so they drop out
    )
    found = 0
    samples: list[float] = []
    for _ in range(FETCH_RUNS):
        start = time.perf_counter()
        rows: list[Row] = connection.execute(query, (FETCH_BEFORE,)).fetchall()
        samples.append((time.perf_counter() - start) * 1000)
        found = len(rows)
    return statistics.median(samples), found


def measure_undo(connection: sqlite3.Connection, ids: list[str], rng: random.Random) -> float:
    """Median ms over UNDO_RUNS of undoing one change.

    SQLite has no undo, so the fair equivalent is what an app's undo stack would do: write the
    remembered previous title back in its own transaction and commit. The change being undone is
    made (and committed) untimed just before.
    """
    samples: list[float] = []
    for _ in range(UNDO_RUNS):
        project_id = rng.choice(ids)
        previous = current_title(connection, project_id)
        connection.execute("BEGIN")
        connection.execute(UPDATE_TITLE, (edited(previous), time.time(), project_id))
        connection.execute("COMMIT")

        start = time.perf_counter()
        connection.execute("BEGIN")
        connection.execute(UPDATE_TITLE, (previous, time.time(), project_id))
        connection.execute("COMMIT")
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples)


def run_one(count: int, iterations: int, seed: int, directory: str | None) -> dict[str, Any]:
    """The whole workload for one size, in this process, on a fresh database file."""
    rng = random.Random(seed)
    rows = make_rows(count, rng)
    ids = [row[0] for row in rows]
    with tempfile.TemporaryDirectory(prefix="pm-sqlite-peer-", dir=directory) as folder:
        path = os.path.join(folder, "projects.sqlite")
        bulk_insert_s = bulk_insert(path, rows)
        del rows  # the open below must build its own objects, as the Swift store does

        connection, loaded, open_s = cold_open(path)
        assert len(loaded) == count, f"read {len(loaded)} rows, expected {count}"
        p50, p99, save_bytes, bytes_method = measure_save_one(connection, path, ids, iterations, rng)
        fetch_ms, fetched = measure_fetch(connection)
        undo_ms = measure_undo(connection, ids, rng)
        connection.close()

    return {
        "engine": "sqlite",
        "count": count,
        "bulk_insert_s": round(bulk_insert_s, 6),
        "open_s": round(open_s, 6),
        "save_one_ms_p50": round(p50, 4),
        "save_one_ms_p99": round(p99, 4),
        "save_one_bytes": round(save_bytes),
        "fetch_ms": round(fetch_ms, 4),
        "undo_ms": round(undo_ms, 4),
        "peak_rss_mb": round(peak_rss_mb(), 1),
        # Extra context for the human-readable output; compare.py ignores unknown keys.
        "_fetched_rows": fetched,
        "_save_bytes_method": bytes_method,
    }


# MARK: - Driver


def run_in_child(count: int, arguments: argparse.Namespace) -> dict[str, Any]:
    """Runs one size in a fresh interpreter (so peak RSS is per size) and returns its result."""
    command = [
        sys.executable, os.path.abspath(__file__), "--one", str(count),
        "--iterations", str(arguments.iterations), "--seed", str(arguments.seed),
    ]
    if arguments.dir:
        command += ["--dir", arguments.dir]
    output = subprocess.run(command, check=True, stdout=subprocess.PIPE, text=True).stdout
    result: dict[str, Any] = json.loads(output.strip().splitlines()[-1])
    return result


def public(result: dict[str, Any]) -> dict[str, Any]:
    """The result with exactly the shared keys plus `engine`."""
    return {"engine": result["engine"], **{key: result[key] for key in KEYS}}


def describe(result: dict[str, Any]) -> str:
    return "\n".join(
        [
            f"SQLite {sqlite3.sqlite_version}, WAL, synchronous=FULL — {result['count']:,} projects",
            f"  bulk insert + commit  {result['bulk_insert_s']:.3f} s",
            f"  cold open (read all)  {result['open_s']:.3f} s",
            f"  save one  p50         {result['save_one_ms_p50']:.3f} ms",
            f"  save one  p99         {result['save_one_ms_p99']:.3f} ms",
            f"  save one  bytes       {result['save_one_bytes']:,} B per save ({result['_save_bytes_method']})",
            f"  fetch                 {result['fetch_ms']:.3f} ms ({result['_fetched_rows']:,} rows)",
            f"  undo one change       {result['undo_ms']:.3f} ms",
            f"  peak RSS              {result['peak_rss_mb']:.1f} MiB",
        ]
    )


def parse_sizes(text: str) -> list[int]:
    sizes = [int(part.replace("_", "")) for part in text.split(",") if part.strip()]
    if not sizes or any(size <= 0 for size in sizes):
        raise argparse.ArgumentTypeError("sizes must be positive integers, comma-separated")
    return sizes


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=parse_sizes, default=list(DEFAULT_SIZES),
                        help="comma-separated project counts (default: 1000,10000,100000)")
    parser.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS,
                        help=f"save-one iterations (default: {DEFAULT_ITERATIONS})")
    parser.add_argument("--json", action="store_true", help="print one JSON object per line per size")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="random seed (default: 42)")
    parser.add_argument("--dir", help="directory for the temporary databases (default: the system's temp dir); "
                                      "use the same file system as pm-bench, and not tmpfs")
    # Internal: run one size in this process and print its raw result (used by run_in_child).
    parser.add_argument("--one", type=int, metavar="N", help=argparse.SUPPRESS)
    arguments = parser.parse_args(argv)
    if arguments.iterations <= 0:
        parser.error("--iterations must be positive")

    if arguments.one is not None:
        print(json.dumps(run_one(arguments.one, arguments.iterations, arguments.seed, arguments.dir)), flush=True)
        return

    for count in arguments.sizes:
        result = run_in_child(count, arguments)
        print(json.dumps(public(result)) if arguments.json else describe(result), flush=True)


if __name__ == "__main__":
    main()
