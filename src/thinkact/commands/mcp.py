"""`thinkact mcp list "CMD"`: the tools an MCP server offers, as an agent would see them.

thinkact mcp list "uvx mcp-server-time"
thinkact mcp list --url http://127.0.0.1:8000/mcp --json
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console

    from thinkact.tools.base import Tool


def register(subparsers: Any) -> None:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "mcp",
        help="inspect MCP servers (their tools are used with --mcp / --mcp-url)",
        description="Inspect an MCP server. Give its tools to an agent with --mcp CMD or "
        "--mcp-url URL on run, ask and review.",
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    listing = actions.add_parser(
        "list",
        help="start a server and list its tools",
        description="Start the MCP server CMD (a command line in quotes), or connect to --url, "
        "and print each tool's name, description and parameters as the agent sees them. "
        "Exit code: 0 listed, 2 the server could not be started or reached.",
    )
    where = listing.add_mutually_exclusive_group(required=True)
    where.add_argument("command", nargs="?", metavar="CMD", help='e.g. "python server.py"')
    where.add_argument("--url", help="a streamable HTTP server, e.g. http://127.0.0.1:8000/mcp")
    listing.add_argument(
        "--json", action="store_true", help="print the tools as JSON (name, description, schema)"
    )
    listing.set_defaults(func=run_list)


def run_list(args: argparse.Namespace) -> int:
    from thinkact.commands.common import make_console, mcp_servers
    from thinkact.errors import UserError
    from thinkact.mcp import McpError

    given = argparse.Namespace(mcp=[args.command] if args.command else [], mcp_url=[])
    if args.url:
        given.mcp_url = [args.url]
    (server,) = mcp_servers(given)
    try:
        with server:
            tools = server.list_tools()
    except McpError as e:
        raise UserError(str(e)) from None
    if args.json:
        shown = [
            {"name": t.name, "description": t.description, "parameters": t.parameters}
            for t in tools
        ]
        json.dump(shown, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
        return 0
    show_tools(tools, server.label, make_console())
    return 0


def show_tools(tools: list[Tool], label: str, console: Console) -> None:
    """Each tool: its name (bold) and description, then one line per parameter."""
    from rich.text import Text

    count = f"{len(tools)} tool{'' if len(tools) == 1 else 's'}"
    console.print(Text(f"{count} from {label}", style="dim"), soft_wrap=True)
    for t in tools:
        console.print()
        line = Text(t.name, style="bold")
        if t.description:
            line.append(f"  {t.description}")
        console.print(line, soft_wrap=True)
        properties = t.parameters.get("properties", {})
        required = set(t.parameters.get("required", ()))
        if not properties:
            console.print(Text("    (no parameters)", style="dim"))
        for name, schema in properties.items():
            console.print(Text(f"    {_parameter(name, schema, name in required)}"), soft_wrap=True)


def _parameter(name: str, schema: Any, required: bool) -> str:
    schema = schema if isinstance(schema, dict) else {}
    kind = _type_of(schema)
    facts = [kind] if kind else []
    if required:
        facts.append("required")
    elif "default" in schema:
        facts.append(f"default {json.dumps(schema['default'], ensure_ascii=False)}")
    else:
        facts.append("optional")
    if "enum" in schema:
        choices = (json.dumps(v, ensure_ascii=False) for v in schema["enum"])
        facts.append("one of " + ", ".join(choices))
    text = f"{name} ({', '.join(facts)})"
    description = str(schema.get("description") or "").strip()
    return f"{text}: {description}" if description else text


def _type_of(schema: dict[str, Any]) -> str:
    kind = schema.get("type")
    if isinstance(kind, list):
        return " or ".join(str(k) for k in kind)
    if kind == "array" and isinstance(schema.get("items"), dict):
        inner = _type_of(schema["items"])
        return f"array of {inner}" if inner else "array"
    if isinstance(kind, str):
        return kind
    branches = schema.get("anyOf") or schema.get("oneOf")
    if isinstance(branches, list):
        return " or ".join(_type_of(b) or "any" for b in branches if isinstance(b, dict))
    return ""
