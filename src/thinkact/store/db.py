"""The SQLite file behind the run store: WAL mode, and schema changes as named migrations.

Each migration runs once, in order, inside a transaction, and is recorded in `_migrations`,
so an old file is brought up to date on open and a new one is built the same way.
"""

from __future__ import annotations

import os
import re
import sqlite3
import time
from pathlib import Path

MIGRATIONS: tuple[tuple[str, str], ...] = (
    (
        "001_runs_and_events",
        """
        CREATE TABLE runs (
            id TEXT PRIMARY KEY,
            status TEXT NOT NULL,
            task TEXT NOT NULL,
            model TEXT NOT NULL,
            format TEXT NOT NULL,
            steps INTEGER NOT NULL DEFAULT 0,
            input_tokens INTEGER NOT NULL DEFAULT 0,
            output_tokens INTEGER NOT NULL DEFAULT 0,
            tokens INTEGER NOT NULL DEFAULT 0,
            cost REAL,
            started REAL NOT NULL,
            finished REAL,
            duration REAL,
            config TEXT NOT NULL DEFAULT '{}',
            tools TEXT NOT NULL DEFAULT '[]',
            instructions TEXT NOT NULL DEFAULT '',
            reason TEXT,
            final_answer TEXT,
            pid INTEGER
        );
        CREATE TABLE events (
            run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            kind TEXT NOT NULL,
            step INTEGER,
            ts REAL NOT NULL,
            data TEXT NOT NULL,
            PRIMARY KEY (run_id, seq)
        ) WITHOUT ROWID;
        """,
    ),
    ("002_runs_started_index", "CREATE INDEX runs_started ON runs(started DESC);"),
)


# SQLite stores UTF-8, which has no lone surrogates, yet a Python string may hold them (a
# model's reply cut inside an emoji, a file name that is not UTF-8 read through
# os.fsdecode). Each one is stored as a private-use character and its four hex digits, and
# that character itself doubled, so any string goes in and comes back the same. (JSON's
# `\ud83d` escape would not do: two lone halves side by side read back as one character.)
_MARK = "\ue000"
_TO_ESCAPE = re.compile("[\ud800-\udfff\ue000]")
_ESCAPED = re.compile("\ue000(\ue000|[0-9a-f]{4})")


def to_db(text: str) -> str:
    """`text` as SQLite can store it; `from_db` gives it back exactly."""
    if text.isascii():
        return text
    return _TO_ESCAPE.sub(lambda m: _MARK * 2 if m[0] == _MARK else f"{_MARK}{ord(m[0]):04x}", text)


def from_db(text: str) -> str:
    """The string `to_db` was given."""
    if _MARK not in text:
        return text
    return _ESCAPED.sub(lambda m: _MARK if m[1] == _MARK else chr(int(m[1], 16)), text)


def default_path() -> Path:
    """`$THINKACT_HOME/runs.db`, else `$XDG_DATA_HOME/thinkact/runs.db` (~/.local/share)."""
    home = os.environ.get("THINKACT_HOME")
    if home:
        return Path(home).expanduser() / "runs.db"
    data = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(data).expanduser() / "thinkact" / "runs.db"


def connect(path: str | Path) -> sqlite3.Connection:
    """Open (creating if needed) and migrate the store at `path`."""
    p = Path(path).expanduser()
    if str(p) != ":memory:":
        p.parent.mkdir(parents=True, exist_ok=True)
    # Autocommit mode: we open transactions ourselves, so each event is one short commit.
    conn = sqlite3.connect(p, timeout=30.0, isolation_level=None, check_same_thread=False)
    conn.row_factory = sqlite3.Row
    conn.execute("PRAGMA journal_mode=WAL")  # readers never block the writer
    # NORMAL: a commit survives the process being killed; only power loss can lose the last.
    conn.execute("PRAGMA synchronous=NORMAL")
    conn.execute("PRAGMA foreign_keys=ON")
    migrate(conn)
    return conn


def migrate(
    conn: sqlite3.Connection, migrations: tuple[tuple[str, str], ...] = MIGRATIONS
) -> list[str]:
    """Apply the migrations this file lacks, in order; returns their names."""
    conn.execute("CREATE TABLE IF NOT EXISTS _migrations (name TEXT PRIMARY KEY, applied REAL)")
    done = {r[0] for r in conn.execute("SELECT name FROM _migrations")}
    applied: list[str] = []
    for name, sql in migrations:
        if name in done:
            continue
        conn.execute("BEGIN IMMEDIATE")
        try:
            # Another process may have applied it while we waited for the write lock.
            if conn.execute("SELECT 1 FROM _migrations WHERE name = ?", (name,)).fetchone():
                conn.execute("COMMIT")
                continue
            for statement in _statements(sql):
                conn.execute(statement)
            conn.execute("INSERT INTO _migrations VALUES (?, ?)", (name, time.time()))
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        applied.append(name)
    return applied


def _statements(sql: str) -> list[str]:
    return [s.strip() for s in sql.split(";") if s.strip()]
