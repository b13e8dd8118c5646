"""scripts/make_examples.py regenerates the PDF and DOCX examples from their text sources."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from thinkact.tools.documents import extract

ROOT = Path(__file__).resolve().parents[3]


def test_regenerated_documents_match_the_committed_ones(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "make_examples.py"), "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "contract_v1.pdf" in done.stdout and "terms_of_service.docx" in done.stdout
    for name, pages in (("contract_v1.pdf", 3), ("terms_of_service.docx", None)):
        fresh = extract((tmp_path / name).read_bytes(), Path(name).suffix)
        committed = extract(
            (ROOT / "examples" / "legal_docs" / name).read_bytes(), Path(name).suffix
        )
        assert fresh.text == committed.text
        assert fresh.pages == pages
    contract = extract((tmp_path / "contract_v1.pdf").read_bytes(), ".pdf").text
    assert "[page 2]" in contract and "5. Confidentiality" in contract
    terms = extract((tmp_path / "terms_of_service.docx").read_bytes(), ".docx").text
    assert "Starter | up to 3 | EUR 29 | monthly in advance" in terms  # the table
    assert "# 3. Refunds" in terms  # a real heading
