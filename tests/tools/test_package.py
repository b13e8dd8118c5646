"""thinkact.tools: its public names import lazily and `__all__` is complete and sorted."""

from __future__ import annotations

import json
import subprocess
import sys

import thinkact.tools as tools


def test_all_is_sorted_and_every_name_resolves() -> None:
    assert tools.__all__ == sorted(tools.__all__)
    for name in tools.__all__:
        assert getattr(tools, name) is not None


def test_builtins_are_not_imported_with_thinkact() -> None:
    code = (
        "import json, sys, thinkact; "
        "heavy = ('thinkact.tools.', 'pypdf', 'docx', 'bm25s', 'charset_normalizer'); "
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith(heavy))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = json.loads(out.stdout)
    assert set(loaded) <= {
        "thinkact.tools.base",
        "thinkact.tools.isolation",
        "thinkact.tools.runtime",
    }
