from __future__ import annotations

import shutil
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "legal_docs"


@pytest.fixture
def legal_docs(tmp_path: Path) -> Path:
    """A fresh copy of the three example documents."""
    folder = tmp_path / "legal_docs"
    shutil.copytree(EXAMPLES, folder)
    for stray in ("LEGAL_NOTICES.md", "REVIEW_SUMMARY.md"):
        (folder / stray).unlink(missing_ok=True)
    return folder
