"""Workspace writes that are refused or fail leave no folders behind, and a refusal names
its real reason (issue 25)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from thinkact.tools.sandbox import MAX_DEPTH, SandboxError, Workspace


def folders(root: Path) -> list[str]:
    return sorted(str(Path(d).relative_to(root)) for d, _, _ in os.walk(root))


@pytest.fixture
def root(tmp_path: Path) -> Path:
    (tmp_path / "root" / "sub").mkdir(parents=True)
    (tmp_path / "root" / "a.txt").write_text("a")
    os.symlink("..", tmp_path / "root" / "up")
    return tmp_path / "root"


@pytest.mark.parametrize(
    ("path", "reason"),
    [
        # Each once created a, b, c (or new) before finding the path bad, and left them;
        # the first ones were also said to go "through a symbolic link".
        ("a/b/c/../../../../etc/x", "leads outside the workspace (more '..' than folders"),
        ("new/../../x", "leads outside the workspace (more '..' than folders"),
        ("sub/new/deeper/../../../../x", "leads outside the workspace (more '..'"),
        ("new/../a.txt/x", "'a.txt' is a file, not a folder"),
        ("new/../up/x", "leads outside the workspace through a symbolic link"),
        ("/".join(["d"] * (MAX_DEPTH + 1)) + "/f.txt", "nested too deeply"),
        ("sub/" + "/".join(["d"] * MAX_DEPTH) + "/f.txt", "nested too deeply"),
    ],
)
def test_a_refused_write_creates_no_folder_and_says_why(root: Path, path: str, reason: str) -> None:
    before = folders(root)
    outside = sorted(os.listdir(root.parent))
    with pytest.raises(SandboxError) as err:
        Workspace(root).write(path, b"x")
    assert reason in str(err.value)
    if "symbolic link" not in reason:
        assert "symbolic link" not in str(err.value)
    assert folders(root) == before
    assert sorted(os.listdir(root.parent)) == outside


def test_dot_dot_that_stays_inside_writes_where_it_leads(root: Path) -> None:
    ws = Workspace(root)
    assert ws.write("new/../sub/./x/../y.txt", b"y").path == "sub/y.txt"
    assert folders(root) == [".", "sub"]  # `new` and `x` were never needed, never made
    assert ws.write("p/q/../r/z.txt", b"z").path == "p/r/z.txt"
    assert folders(root) == [".", "p", "p/r", "sub"]


def test_a_deep_path_within_the_limit_is_written(root: Path) -> None:
    path = "/".join(["d"] * (MAX_DEPTH - 1)) + "/f.txt"
    assert Workspace(root).write(path, b"deep").path == path
    assert (root / path).read_bytes() == b"deep"


_WRITER = textwrap.dedent(
    """
    import resource, sys
    from thinkact.tools.sandbox import SandboxError, Workspace
    resource.setrlimit(resource.RLIMIT_FSIZE, (1000, 1000))  # Python ignores SIGXFSZ: EFBIG
    try:
        Workspace(sys.argv[1], durable=False).write("new/deeper/report.md", b"N" * 100_000)
    except SandboxError as e:
        print(e)
    """
)


def test_a_write_that_fails_removes_the_folders_it_made(root: Path) -> None:
    # The file-size limit makes the write itself fail, after its folders were made; in a
    # subprocess, as the limit would hit this process's own files too.
    proc = subprocess.run(
        [sys.executable, "-c", _WRITER, str(root)], capture_output=True, text=True, check=True
    )
    assert "could not write 'new/deeper/report.md'" in proc.stdout
    assert folders(root) == [".", "sub"]
