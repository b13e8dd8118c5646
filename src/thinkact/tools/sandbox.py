"""A workspace sandbox: model-given paths resolved inside one root folder, never outside.

Every path is walked one component at a time from a descriptor of the root, opening each
folder with `O_NOFOLLOW` relative to its parent (`openat`). Symlinks are read and followed
by us, not by the kernel, and `..` pops our own stack of open folders, so a link or `..`
that leads out of the root is refused, and a path swapped for a symlink between our check
and our open (TOCTOU) fails to open instead of escaping.
"""

from __future__ import annotations

import contextlib
import errno
import fnmatch
import os
import stat
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from thinkact.errors import ToolRetry, UserError
from thinkact.tools.folders import DIR_FLAGS, READ_FLAGS, Walk, atomic_write, kind_of

MAX_PATH_CHARS = 1024
MAX_COMPONENT_BYTES = 255
MAX_SYMLINK_HOPS = 40
MAX_DEPTH = 64  # folders above a file: a write may not make 500 nested ones in one go


class SandboxError(ToolRetry):
    """A path the workspace refuses. The message says why, written for the model."""


class _Walk(Walk):
    """A walk that knows how many of its deepest folders it created itself."""

    def __init__(self, root_fd: int) -> None:
        super().__init__(root_fd)
        self.created = 0

    def remove_created(self) -> None:
        """Remove the folders this walk created, deepest first, if they are still empty.
        Each is removed through its parent's descriptor, never by a path (which could
        have been swapped for a link meanwhile)."""
        while self.created > 0 and self.names:
            self.created -= 1
            name = self.names[-1]
            self.pop()
            with contextlib.suppress(OSError):
                os.rmdir(name, dir_fd=self.fd)


@dataclass(frozen=True, slots=True)
class FileInfo:
    """A regular file inside the workspace: its path relative to the root and its stat."""

    path: str
    size: int
    mtime_ns: int
    inode: int

    @property
    def key(self) -> tuple[str, int, int, int]:
        """Changes whenever the file does (a write replaces the inode): a cache key."""
        return (self.path, self.inode, self.mtime_ns, self.size)


@dataclass(frozen=True, slots=True)
class WriteResult:
    path: str
    bytes_written: int
    replaced: int | None  # size of the file it replaced, None for a new file


class Workspace:
    """The folder a model may read and write, given as paths relative to it.

    `protected`: glob patterns (matched against the relative path, or the file name for
    patterns without `/`) of files `write` must not overwrite. By default (None) every file
    that already existed is protected, and only files written through this workspace may be
    rewritten. `allow_overwrite=True` lifts the protection. `durable=False` skips fsync
    (writes stay atomic for other processes, but may be lost if the machine crashes).
    """

    def __init__(
        self,
        root: str | os.PathLike[str],
        *,
        allow_overwrite: bool = False,
        protected: Iterable[str] | None = None,
        max_read_bytes: int = 64 * 2**20,
        max_write_bytes: int = 16 * 2**20,
        durable: bool = True,
    ) -> None:
        try:
            self.root = Path(root).resolve(strict=True)
        except (OSError, RuntimeError) as e:
            raise UserError(f"workspace folder {root!s} cannot be opened: {e}") from None
        if not self.root.is_dir():
            raise UserError(f"workspace {self.root} is not a folder")
        st = os.stat(self.root)
        self._identity = (st.st_dev, st.st_ino)
        self.allow_overwrite = allow_overwrite
        self.protected = None if protected is None else tuple(protected)
        self.max_read_bytes = max_read_bytes
        self.max_write_bytes = max_write_bytes
        self.durable = durable  # fsync file and folder (a crash of the OS loses nothing)
        self._written: set[str] = set()

    def __repr__(self) -> str:
        return f"Workspace({str(self.root)!r})"

    # --- resolving ------------------------------------------------------------------------

    def _open_root(self) -> int:
        fd = os.open(self.root, DIR_FLAGS)
        st = os.fstat(fd)
        if (st.st_dev, st.st_ino) != self._identity:
            os.close(fd)
            raise SandboxError("the workspace folder was replaced while in use; refusing")
        return fd

    def _components(self, path: str) -> list[str]:
        """Check a model-given path and split it; absolute paths must lie in the root."""
        if not isinstance(path, str):
            raise SandboxError(f"path must be text, got {type(path).__name__}")
        if "\x00" in path:
            raise SandboxError("path contains a NUL byte; give a plain relative path")
        if len(path) > MAX_PATH_CHARS:
            raise SandboxError(f"path is too long ({len(path)} characters, max {MAX_PATH_CHARS})")
        text = path.strip().replace("\\", "/")  # models write Windows separators too
        if text.startswith("/"):
            try:
                text = str(PurePosixPath(text).relative_to(self.root.as_posix()))
            except ValueError:
                raise SandboxError(
                    f"'{path}' is outside the workspace; use a path relative to it "
                    "(e.g. 'contract.pdf' or 'reports/notes.md')"
                ) from None
        parts = [p for p in text.split("/") if p not in ("", ".")]
        for p in parts:
            try:
                size = len(os.fsencode(p))
            except UnicodeError:
                raise SandboxError(f"path '{path}' is not valid text") from None
            if size > MAX_COMPONENT_BYTES:
                raise SandboxError(
                    f"a name in the path is too long ({size} bytes, max {MAX_COMPONENT_BYTES})"
                )
        return parts

    def _follow(self, walk: Walk, name: str, pending: deque[str], shown: str) -> bool:
        """Splice the target of the symlink `name` (in the current folder) into `pending`.
        False if it is no longer a symlink (changed under us: the caller retries)."""
        try:
            target = os.readlink(name, dir_fd=walk.fd)
        except OSError:
            return False
        if target.startswith("/"):
            try:
                inside = PurePosixPath(target).relative_to(self.root.as_posix())
            except ValueError:
                raise SandboxError(
                    f"'{shown}' goes through a symbolic link that leads outside the workspace"
                ) from None
            walk.reset()
            target = str(inside)
        pending.extendleft(reversed([p for p in target.split("/") if p not in ("", ".")]))
        return True

    def _walk(
        self, path: str, *, final_dir: bool, create_dirs: bool = False
    ) -> tuple[_Walk, str | None, os.stat_result | None]:
        """Walk to `path`. Returns the open folders, the last name (None when `final_dir`:
        the walk ends in the folder itself) and that name's lstat (None if missing).

        A name that changes while we look at it (a folder swapped for a link) is looked at
        again; symlinks followed and such retries together are bounded. Missing folders
        (`create_dirs`) are created only once the whole path is known to be good, so a
        refused path leaves nothing behind; the caller removes them if its write fails
        (`remove_created`).
        """
        pending = deque(self._components(path))
        walk = _Walk(self._open_root())
        hops = links = 0
        # The path's folders that do not exist yet: below the first, nothing is looked up
        # (a missing folder holds no links), `..` just drops the last.
        missing: list[str] = []
        name: str | None = None
        st: os.stat_result | None = None

        def again(name: str) -> None:
            nonlocal hops
            hops += 1
            if hops > MAX_SYMLINK_HOPS:
                raise SandboxError(f"'{path}': too many levels of symbolic links")
            pending.appendleft(name)

        try:
            while pending:
                name = pending.popleft()
                st = None
                if name in ("", "."):
                    name = None
                    continue
                if name == "..":
                    name = None
                    if missing:
                        missing.pop()
                    elif not walk.pop():
                        via = (
                            " through a symbolic link"
                            if links
                            else " (more '..' than folders above it)"
                        )
                        raise SandboxError(f"'{path}' leads outside the workspace{via}; refusing")
                    continue
                if len(walk.names) + len(missing) >= MAX_DEPTH:
                    raise SandboxError(f"'{path}' is nested too deeply (max {MAX_DEPTH} folders)")
                if missing:
                    if pending or final_dir:
                        missing.append(name)
                    continue
                try:
                    st = os.stat(name, dir_fd=walk.fd, follow_symlinks=False)
                except FileNotFoundError:
                    st = None
                if st is not None and stat.S_ISLNK(st.st_mode):
                    hops += 1
                    links += 1
                    if hops > MAX_SYMLINK_HOPS:
                        raise SandboxError(f"'{path}': too many levels of symbolic links")
                    if not self._follow(walk, name, pending, path):
                        pending.appendleft(name)
                    continue
                if not pending and not final_dir:
                    break
                if st is None:
                    if not create_dirs:
                        raise SandboxError(
                            f"folder '{walk.rel(name)}' does not exist (in '{path}'); "
                            "call list_files to see what exists"
                        )
                    missing.append(name)
                    continue
                if not stat.S_ISDIR(st.st_mode):
                    raise SandboxError(f"'{walk.rel(name)}' is a file, not a folder")
                try:
                    fd = os.open(name, DIR_FLAGS, dir_fd=walk.fd)
                except OSError as e:
                    if e.errno not in (errno.ELOOP, errno.ENOTDIR, errno.ENOENT):
                        raise
                    again(name)  # swapped since the stat: look again
                    continue
                walk.push(fd, name)
            if missing:
                self._create(walk, missing, path)
            return (walk, None, None) if final_dir else (walk, name, st)
        except BaseException:
            walk.remove_created()
            walk.close()
            raise

    @staticmethod
    def _create(walk: _Walk, names: list[str], path: str) -> None:
        """Create the folders `names`, each inside the one before, below the walk's folder,
        and enter them."""
        for name in names:
            try:
                os.mkdir(name, 0o777, dir_fd=walk.fd)
                made = True
            except FileExistsError:
                made = False  # made by someone else since we looked: entered if a folder
            except OSError as e:
                raise SandboxError(
                    f"could not create folder '{walk.rel(name)}': {e.strerror or e}"
                ) from None
            try:
                fd = os.open(name, DIR_FLAGS, dir_fd=walk.fd)
            except OSError:
                if made:
                    with contextlib.suppress(OSError):
                        os.rmdir(name, dir_fd=walk.fd)
                raise SandboxError(
                    f"'{walk.rel(name)}' changed while '{path}' was being written; try again"
                ) from None
            walk.push(fd, name)
            # Only a run of our own folders at the top can be removed again.
            walk.created = walk.created + 1 if made else 0

    def resolve(self, path: str) -> str:
        """The path relative to the root that `path` names (symlinks inside followed)."""
        walk, name, _ = self._walk(path, final_dir=False)
        try:
            return walk.rel(name)
        finally:
            walk.close()

    # --- reading --------------------------------------------------------------------------

    def read(self, path: str) -> tuple[FileInfo, bytes]:
        """Read a regular file inside the root. Refuses folders, devices, FIFOs, sockets."""
        walk, name, st = self._walk(path, final_dir=False)
        try:
            if name is None:
                raise SandboxError(f"'{path}' is a folder; call list_files to see its files")
            rel = walk.rel(name)
            if st is None:
                raise SandboxError(f"file '{rel}' does not exist; call list_files to see files")
            if not stat.S_ISREG(st.st_mode):
                raise SandboxError(f"'{rel}' is {kind_of(st.st_mode)}; only files can be read")
            try:
                fd = os.open(name, READ_FLAGS, dir_fd=walk.fd)
            except OSError as e:
                raise SandboxError(f"'{rel}' cannot be opened ({e.strerror})") from None
            with os.fdopen(fd, "rb") as f:
                st = os.fstat(fd)
                if not stat.S_ISREG(st.st_mode):  # swapped since the stat above
                    raise SandboxError(f"'{rel}' is {kind_of(st.st_mode)}; only files can be read")
                if st.st_size > self.max_read_bytes:
                    raise SandboxError(
                        f"'{rel}' is too large to read ({st.st_size:,} bytes, "
                        f"max {self.max_read_bytes:,})"
                    )
                data = f.read(self.max_read_bytes + 1)
            info = FileInfo(rel, len(data), st.st_mtime_ns, st.st_ino)
            return info, data[: self.max_read_bytes]
        finally:
            walk.close()

    def read_text(self, path: str) -> str:
        """Convenience for callers (validators): the file decoded as UTF-8."""
        return self.read(path)[1].decode("utf-8", errors="replace")

    def files(
        self, folder: str = ".", *, hidden: bool = False, limit: int = 10_000
    ) -> Iterator[FileInfo]:
        """Regular files under `folder`, recursively, sorted by path within each folder.
        Symlinks are not followed and hidden names (".x") are skipped unless `hidden`."""
        walk, _, _ = self._walk(folder, final_dir=True)
        prefix = walk.rel()
        try:
            yield from self._scan(walk.fd, "" if prefix == "." else prefix, hidden, [limit])
        finally:
            walk.close()

    def _scan(self, fd: int, prefix: str, hidden: bool, left: list[int]) -> Iterator[FileInfo]:
        with os.scandir(fd) as it:
            entries = sorted(it, key=lambda e: e.name)
        subdirs: list[str] = []
        for e in entries:
            if left[0] <= 0:
                return
            if not hidden and e.name.startswith("."):
                continue
            rel = f"{prefix}/{e.name}" if prefix else e.name
            st = e.stat(follow_symlinks=False)
            if stat.S_ISREG(st.st_mode):
                left[0] -= 1
                yield FileInfo(rel, st.st_size, st.st_mtime_ns, st.st_ino)
            elif stat.S_ISDIR(st.st_mode):
                subdirs.append(e.name)
        for name in subdirs:
            try:
                sub = os.open(name, DIR_FLAGS, dir_fd=fd)
            except OSError:
                continue  # vanished or swapped for a link since the scan: skip it
            try:
                yield from self._scan(sub, f"{prefix}/{name}" if prefix else name, hidden, left)
            finally:
                os.close(sub)

    # --- writing --------------------------------------------------------------------------

    def is_protected(self, rel: str) -> bool:
        if self.allow_overwrite or rel in self._written:
            return False
        if self.protected is None:
            return True
        name = rel.rsplit("/", 1)[-1]
        return any(fnmatch.fnmatchcase(rel if "/" in pat else name, pat) for pat in self.protected)

    def write(self, path: str, data: bytes) -> WriteResult:
        """Atomically write `data`: a temporary file in the same folder, fsync, rename.

        Folders are created inside the root as needed. A process killed midway leaves the
        old file intact (at worst a stray `.tmp-*` file beside it).
        """
        if len(data) > self.max_write_bytes:
            raise SandboxError(
                f"content is too large ({len(data):,} bytes, max {self.max_write_bytes:,})"
            )
        walk, name, st = self._walk(path, final_dir=False, create_dirs=True)
        try:
            if name is None:
                raise SandboxError(f"'{path}' names a folder; give a file name to write")
            rel = walk.rel(name)
            replaced = None
            if st is not None:
                if not stat.S_ISREG(st.st_mode):
                    raise SandboxError(f"'{rel}' is {kind_of(st.st_mode)}; cannot write there")
                if self.is_protected(rel):
                    raise SandboxError(
                        f"'{rel}' already exists and is protected (a document under review "
                        "must not be overwritten); write to a new file name instead"
                    )
                replaced = st.st_size
            try:
                atomic_write(walk.fd, name, data, self.durable)
            except OSError as e:
                raise SandboxError(f"could not write '{rel}': {e.strerror or e}") from None
            self._written.add(rel)
            return WriteResult(rel, len(data), replaced)
        except BaseException:
            walk.remove_created()  # a failed write leaves no empty folders behind
            raise
        finally:
            walk.close()


__all__ = ["FileInfo", "SandboxError", "Workspace", "WriteResult"]
