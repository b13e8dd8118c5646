"""The workspace sandbox: hostile paths, real symlinks, special files, races."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import stat
import threading
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from thinkact.errors import ToolRetry, UserError
from thinkact.tools.sandbox import SandboxError, Workspace

SECRET = b"SECRET-OUTSIDE-THE-ROOT"


def _snapshot(folder: Path) -> dict[str, tuple[bytes, int] | str]:
    """Everything under `folder`: file contents and mtimes, dirs and links."""
    out: dict[str, tuple[bytes, int] | str] = {}
    for dirpath, dirnames, filenames in os.walk(folder):
        for d in dirnames:
            p = Path(dirpath, d)
            out[str(p)] = "link" if p.is_symlink() else "dir"
        for f in filenames:
            p = Path(dirpath, f)
            out[str(p)] = (p.read_bytes(), p.lstat().st_mtime_ns) if p.is_file() else "other"
    return out


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    base = tmp_path_factory.mktemp("sbx")
    root, outside = base / "root", base / "outside"
    (root / "sub" / "deep").mkdir(parents=True)
    (outside / "dir").mkdir(parents=True)
    (root / "a.txt").write_text("inside a")
    (root / "sub" / "b.md").write_text("inside b")
    (root / "sub" / "deep" / "c.txt").write_text("inside c")
    (root / ".hidden").write_text("hidden")
    (outside / "secret.txt").write_bytes(SECRET)
    (outside / "dir" / "x.txt").write_bytes(SECRET + b" x")
    (base / "sibling.txt").write_bytes(SECRET + b" sibling")
    links = {
        "link_out_rel": "../outside",
        "link_out_abs": str(outside),
        "link_secret": "../outside/secret.txt",
        "link_sibling": "../sibling.txt",
        "link_etc": "/etc",
        "link_passwd": "/etc/passwd",
        "link_proc": "/proc/self/root",
        "link_devnull": "/dev/null",
        "link_in": "sub",
        "link_in_abs": str(root / "sub"),
        "link_file_in": "a.txt",
        "loop_a": "loop_b",
        "loop_b": "loop_a",
        "self": ".",
        "up": "..",
        "dangling": "does-not-exist",
        "sub/up2": "../..",
        "sub/deep/escape": "../../../outside/secret.txt",
        "sub/deep/back": "../../a.txt",
    }
    for name, target in links.items():
        os.symlink(target, root / name)
    os.mkfifo(root / "fifo")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.bind(str(root / "sock"))
    sock.close()
    with contextlib.suppress(OSError):  # not root: the /dev links cover devices then
        os.mknod(root / "nulldev", stat.S_IFCHR | 0o666, os.makedev(1, 3))
    return {"base": base, "root": root, "outside": outside}


# --- plain cases ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("a.txt", "a.txt"),
        ("./a.txt", "a.txt"),
        ("sub/b.md", "sub/b.md"),
        ("sub\\b.md", "sub/b.md"),
        ("sub/../a.txt", "a.txt"),
        ("link_file_in", "a.txt"),
        ("link_in/b.md", "sub/b.md"),
        ("link_in_abs/b.md", "sub/b.md"),
        ("self/self/a.txt", "a.txt"),
        ("sub/deep/back", "a.txt"),
        ("link_in/deep/../b.md", "sub/b.md"),
    ],
)
def test_paths_inside_are_resolved(tree: dict[str, Path], path: str, expected: str) -> None:
    ws = Workspace(tree["root"])
    assert ws.resolve(path) == expected
    info, data = ws.read(path)
    assert info.path == expected
    assert data == (tree["root"] / expected).read_bytes()


def test_absolute_path_inside_the_root_is_accepted(tree: dict[str, Path]) -> None:
    ws = Workspace(tree["root"])
    assert ws.read(str(tree["root"] / "sub" / "b.md"))[1] == b"inside b"


@pytest.mark.parametrize(
    ("path", "reason"),
    [
        ("../outside/secret.txt", "leads outside the workspace"),
        ("sub/../../outside/secret.txt", "leads outside the workspace"),
        ("..\\outside\\secret.txt", "leads outside the workspace"),
        ("/etc/passwd", "is outside the workspace"),
        ("link_secret", "through a symbolic link"),
        ("link_out_rel/secret.txt", "through a symbolic link"),
        ("link_out_abs/secret.txt", "symbolic link that leads outside"),
        ("link_passwd", "symbolic link that leads outside"),
        ("link_proc/etc/passwd", "symbolic link that leads outside"),
        ("up/outside/secret.txt", "through a symbolic link"),
        ("sub/up2/sibling.txt", "through a symbolic link"),
        ("sub/deep/escape", "through a symbolic link"),
        ("loop_a", "too many levels of symbolic links"),
        ("fifo", "FIFO"),
        ("sock", "socket"),
        ("link_devnull", "outside"),
        ("a\x00.txt", "NUL byte"),
        ("x" * 300, "name in the path is too long"),
        ("a/" * 600, "path is too long"),
        ("sub", "is a folder"),
        (".", "is a folder"),
        ("nope.txt", "does not exist"),
        ("nope/x.txt", "folder 'nope' does not exist"),
        ("a.txt/x", "is a file, not a folder"),
        ("\ud800.txt", "not valid text"),
    ],
)
def test_hostile_paths_are_refused_with_a_reason(
    tree: dict[str, Path], path: str, reason: str
) -> None:
    ws = Workspace(tree["root"])
    with pytest.raises(SandboxError, match=None) as err:
        ws.read(path)
    assert reason in str(err.value)
    assert isinstance(err.value, ToolRetry)  # reaches the model as an observation


def test_device_file_is_refused(tree: dict[str, Path]) -> None:
    if not (tree["root"] / "nulldev").exists():
        pytest.skip("creating a device node needs root")
    with pytest.raises(SandboxError, match="device file"):
        Workspace(tree["root"]).read("nulldev")


def test_writes_through_escaping_links_are_refused(tree: dict[str, Path]) -> None:
    ws = Workspace(tree["root"], allow_overwrite=True)
    before = _snapshot(tree["outside"])
    for path in ("link_secret", "link_out_rel/new.txt", "link_out_abs/dir/x.txt", "up/new.txt"):
        with pytest.raises(SandboxError):
            ws.write(path, b"pwned")
    assert _snapshot(tree["outside"]) == before


def test_missing_root_is_a_user_error(tmp_path: Path) -> None:
    with pytest.raises(UserError, match="cannot be opened"):
        Workspace(tmp_path / "missing")
    (tmp_path / "f").write_text("x")
    with pytest.raises(UserError, match="not a folder"):
        Workspace(tmp_path / "f")


def test_a_replaced_root_is_refused(tmp_path: Path) -> None:
    root = tmp_path / "root"
    root.mkdir()
    ws = Workspace(root)
    root.rename(tmp_path / "moved")
    root.mkdir()
    with pytest.raises(SandboxError, match="replaced"):
        ws.read("a.txt")


# --- hypothesis: hundreds of hostile paths, nothing outside touched, nothing left behind ------
# (bench/robustness.py "paths" runs 10,000)

_NAMES = [
    "..",
    ".",
    "",
    "...",
    "a.txt",
    "sub",
    "deep",
    "b.md",
    "c.txt",
    "secret.txt",
    "outside",
    "root",
    "dir",
    "x.txt",
    "etc",
    "passwd",
    "new",
    "new.txt",
    ".hidden",
    "fifo",
    "sock",
    "nulldev",
    "link_out_rel",
    "link_out_abs",
    "link_secret",
    "link_sibling",
    "link_etc",
    "link_passwd",
    "link_proc",
    "link_devnull",
    "link_in",
    "link_in_abs",
    "link_file_in",
    "loop_a",
    "self",
    "up",
    "up2",
    "dangling",
    "escape",
    "back",
    "sibling.txt",
    "../..",
    "..\\..",
    "sub//deep",
    "sub/./deep",
    "./..",
    "link_in/../..",
    "．．",
    "\u2025",
    "\u2024\u2024",
    "..\u200b",
    "\u202e..",
    "%2e%2e",
    "..%2f",
    ".. ",
    " ..",
    "~",
    "$HOME",
    "CON",
    "a\x00b",
    "\x00",
    "x" * 300,
    "é" * 130,
    "\ud800",
    "\udcff",
    "\n",
]
_PREFIXES = [
    "",
    "",
    "",
    "/",
    "./",
    "~/",
    "C:\\",
    "\\\\server\\share\\",
    "/etc/",
    "/dev/",
    "/proc/self/",
    "/tmp/",
]
PATHS_PER_EXAMPLE = 10


def hostile_paths(tree: dict[str, Path]) -> st.SearchStrategy[str]:
    """Prefix + named parts (links, `..`, unicode look-alikes, NUL...) + a random piece."""
    prefixes = [
        *_PREFIXES,
        f"{tree['root']}/",
        f"{tree['outside']}/",
        f"{tree['base']}/",
        f"{tree['root']}/../",
    ]
    return st.builds(
        lambda prefix, parts, sep, noise, at: (
            prefix + sep.join([*parts[:at], noise, *parts[at:]] if noise else parts)
        ),
        st.sampled_from(prefixes),
        st.lists(st.sampled_from(_NAMES), max_size=7),
        st.sampled_from(["/", "/", "\\", "//", "/./"]),
        st.text(max_size=4),
        st.integers(0, 7),
    )


def _folders(root: Path) -> set[str]:
    return {d for d, _, _ in os.walk(root)}


def _inside(root: Path, rel: str) -> Path:
    real = Path(os.path.realpath(root / rel))
    assert real == root or root in real.parents, f"{rel} resolved to {real}"
    return real


def test_hostile_paths_touch_nothing_outside_and_a_refusal_leaves_no_folder(
    tree: dict[str, Path],
) -> None:
    root, base = tree["root"], tree["base"]
    reader = Workspace(root)
    writer = Workspace(root, allow_overwrite=True, durable=False)  # fsync is beside the point
    outside_before = _snapshot(tree["outside"])
    base_before = sorted(os.listdir(base))
    sibling = (base / "sibling.txt").read_bytes()
    seen = {"paths": 0, "reads": 0, "writes": 0}
    mark = b"written by the hypothesis test"

    def one(path: str) -> None:
        seen["paths"] += 1
        try:
            info, data = reader.read(path)
        except SandboxError:
            pass
        else:
            seen["reads"] += 1
            assert SECRET not in data
            assert _inside(root, info.path).read_bytes() == data
        folders = _folders(root)
        try:
            result = writer.write(path, mark)
        except SandboxError:
            assert _folders(root) == folders, f"{path!r} was refused but left folders"
        else:
            seen["writes"] += 1
            assert _inside(root, result.path).read_bytes() == mark
        try:
            for info in reader.files(path, hidden=True, limit=20):
                _inside(root, info.path)
        except SandboxError:
            pass

    # Many paths per example: hypothesis' per-example cost would dominate otherwise.
    @settings(
        max_examples=500 // PATHS_PER_EXAMPLE,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(st.lists(hostile_paths(tree), min_size=PATHS_PER_EXAMPLE, max_size=PATHS_PER_EXAMPLE))
    def check(paths: list[str]) -> None:
        for path in paths:
            one(path)
        assert _snapshot(tree["outside"]) == outside_before
        assert sorted(os.listdir(base)) == base_before
        assert (base / "sibling.txt").read_bytes() == sibling

    check()
    assert seen["paths"] >= 500
    assert seen["reads"] > 5 and seen["writes"] > 5  # the paths inside did work


# --- races: a folder swapped for a symlink while we read and write through it ---------------


def test_a_folder_swapped_for_an_escaping_symlink_never_leaks(tmp_path: Path) -> None:
    root, outside = tmp_path / "root", tmp_path / "outside"
    (root / "swap").mkdir(parents=True)
    outside.mkdir()
    (root / "swap" / "f.txt").write_bytes(b"INSIDE")
    (outside / "f.txt").write_bytes(SECRET)
    ws = Workspace(root, allow_overwrite=True, durable=False)
    stop = threading.Event()

    swap, parked = root / "swap", root / "parked"

    def settle() -> None:
        """Back to the real `swap` folder, removing whatever the writer made in a gap."""
        while True:
            try:
                if swap.is_symlink():
                    os.unlink(swap)
                if parked.exists():
                    if swap.exists():
                        shutil.rmtree(swap, ignore_errors=True)
                    os.rename(parked, swap)
                return
            except OSError:
                continue

    def swapper() -> None:
        while not stop.is_set():
            try:
                os.rename(swap, parked)
                os.symlink(outside, swap)
                os.unlink(swap)
                os.rename(parked, swap)
            except OSError:
                pass
            settle()
            time.sleep(0.0002)  # leave the real folder in place for a moment too

    thread = threading.Thread(target=swapper)
    thread.start()
    outcomes = {"inside": 0, "refused": 0}
    try:
        for i in range(1000):
            try:
                data = ws.read("swap/f.txt")[1]
                assert data == b"INSIDE"
                outcomes["inside"] += 1
            except SandboxError:
                outcomes["refused"] += 1
            with contextlib.suppress(SandboxError):
                ws.write(f"swap/w{i % 7}.txt", b"w")
    finally:
        stop.set()
        thread.join()
    assert sorted(os.listdir(outside)) == ["f.txt"]
    assert (outside / "f.txt").read_bytes() == SECRET
    assert outcomes["inside"] > 0 and outcomes["refused"] > 0  # both states were met
