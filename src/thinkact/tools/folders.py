"""Descriptor-level helpers for the sandbox: a stack of open folders, an atomic write into
an open folder, and names for kinds of files."""

from __future__ import annotations

import contextlib
import os
import secrets
import stat

DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
READ_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC


def kind_of(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device file"
    return "not a regular file"


class Walk:
    """Open folders from the root down to the current one; closes them all at the end."""

    def __init__(self, root_fd: int) -> None:
        self.fds = [root_fd]
        self.names: list[str] = []

    @property
    def fd(self) -> int:
        return self.fds[-1]

    def rel(self, name: str | None = None) -> str:
        parts = [*self.names, name] if name else self.names
        return "/".join(parts) or "."

    def push(self, fd: int, name: str) -> None:
        self.fds.append(fd)
        self.names.append(name)

    def pop(self) -> bool:
        if not self.names:
            return False
        os.close(self.fds.pop())
        self.names.pop()
        return True

    def reset(self) -> None:
        while self.pop():
            pass

    def close(self) -> None:
        for fd in self.fds:
            os.close(fd)
        self.fds, self.names = [], []


def atomic_write(dir_fd: int, name: str, data: bytes, durable: bool) -> None:
    tmp = f".tmp-{secrets.token_hex(6)}"
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
    fd = os.open(tmp, flags, 0o666, dir_fd=dir_fd)
    try:
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            if durable:
                os.fsync(fd)
        finally:
            os.close(fd)
        # rename() replaces whatever is at `name` (even a symlink planted since our check)
        # without following it, so the write cannot land outside the root.
        os.rename(tmp, name, src_dir_fd=dir_fd, dst_dir_fd=dir_fd)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp, dir_fd=dir_fd)
        raise
    if durable:
        os.fsync(dir_fd)  # make the rename itself durable
