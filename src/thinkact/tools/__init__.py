"""Tools: `Tool`/`@tool` (base), the runtime, and the built-in tools.

    from thinkact.tools import Workspace, file_tools, wikipedia_tools, OfflineWiki
    from thinkact.tools.calculator import calculator   # a module of the same name

Built-ins are imported on first use, so `import thinkact` stays fast.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from thinkact.tools.base import Tool, ToolContext, tool

if TYPE_CHECKING:
    from thinkact.tools.calculator import evaluate
    from thinkact.tools.files import file_tools
    from thinkact.tools.mediawiki import MediaWiki
    from thinkact.tools.offline_wiki import OfflineWiki
    from thinkact.tools.runtime import ToolRuntime, approve_all
    from thinkact.tools.sandbox import SandboxError, Workspace
    from thinkact.tools.wikipedia import choose_backend, wikipedia_tools

_LAZY = {
    "MediaWiki": "thinkact.tools.mediawiki",
    "OfflineWiki": "thinkact.tools.offline_wiki",
    "SandboxError": "thinkact.tools.sandbox",
    "ToolRuntime": "thinkact.tools.runtime",
    "Workspace": "thinkact.tools.sandbox",
    "approve_all": "thinkact.tools.runtime",
    "choose_backend": "thinkact.tools.wikipedia",
    "evaluate": "thinkact.tools.calculator",
    "file_tools": "thinkact.tools.files",
    "wikipedia_tools": "thinkact.tools.wikipedia",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'thinkact.tools' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)


__all__ = [
    "MediaWiki",
    "OfflineWiki",
    "SandboxError",
    "Tool",
    "ToolContext",
    "ToolRuntime",
    "Workspace",
    "approve_all",
    "choose_backend",
    "evaluate",
    "file_tools",
    "tool",
    "wikipedia_tools",
]
