"""What commands share: the run options, the reporters those options ask for, tool names,
the approval prompt and exit codes.

    thinkact run "TASK" --model M --format F --max-steps N --trace FILE --tools a,b
                        [--mcp CMD] [--mcp-url URL] [--quiet | --json] [--no-stream] [--yes]
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from thinkact.errors import UserError
from thinkact.formats import FORMATS

if TYPE_CHECKING:
    from rich.console import Console

    from thinkact.agent import Reporter
    from thinkact.config import AgentConfig
    from thinkact.events import Event
    from thinkact.loop import RunResult
    from thinkact.mcp import McpServer
    from thinkact.models.base import Model
    from thinkact.store import RunStore
    from thinkact.tools.base import Tool
    from thinkact.tools.runtime import Approver, Decision
    from thinkact.types import ToolCall

# Built-in tools by name -> "module:attribute", imported only when named so the CLI starts
# fast. A "workspace:" or "wiki:" source is a factory that builds several tools over a
# Workspace or a Wikipedia backend; the tools named are picked from what it returns.
_FILES = "workspace:thinkact.tools.files:file_tools"
_WIKI = "wiki:thinkact.tools.wikipedia:wikipedia_tools"
BUILTIN_TOOLS: dict[str, str] = {
    "calculator": "thinkact.tools.calculator:calculator",
    "list_files": _FILES,
    "read_file": _FILES,
    "write_file": _FILES,
    "mark_step_complete": "thinkact.workflow:mark_step_complete",
    "search_wikipedia": _WIKI,
    "lookup": _WIKI,
}
TOOL_GROUPS: dict[str, tuple[str, ...]] = {
    "files": ("list_files", "read_file", "write_file", "mark_step_complete"),
    "wikipedia": ("search_wikipedia", "lookup"),
}


def add_model_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--model",
        "-m",
        help="model string: anthropic:MODEL, openai:MODEL[@BASE_URL], local[:PATH.gguf], "
        "scripted:FILE.json (default: $THINKACT_MODEL, else local)",
    )
    parser.add_argument(
        "--format",
        "-f",
        default="auto",
        choices=["auto", *FORMATS],
        help="how actions travel in the model's text (default: the model's best)",
    )


def add_run_options(
    parser: argparse.ArgumentParser, *, tools: bool = True, mcp: bool = True
) -> None:
    """--model, --format, --max-steps, --trace, --quiet/--json, --yes and (optionally) --tools
    and --mcp/--mcp-url (a command that takes them hands `mcp_servers(args)` to its agent)."""
    add_model_options(parser)
    parser.add_argument(
        "--max-steps", type=positive_int, default=20, metavar="N", help="turns (default: 20)"
    )
    parser.add_argument("--trace", metavar="FILE", help="append every event to FILE as JSONL")
    parser.add_argument(
        "--screen-calls",
        action="store_true",
        help="before a tool runs, ask the model whether it does what the task asks; "
        "a no is not run (for small models that call a tool for everything)",
    )
    parser.add_argument(
        "--decline-check",
        action="store_true",
        help="when the model answers without a tool, ask it whether a tool fits; if one "
        "does, it replies again with calls (for small models that decline too often)",
    )
    add_budget_options(parser)
    if mcp:
        add_mcp_options(parser)
    out = parser.add_mutually_exclusive_group()
    out.add_argument("--quiet", "-q", action="store_true", help="print only the final answer")
    out.add_argument("--json", action="store_true", help="print events as JSON lines")
    parser.add_argument(
        "--no-stream",
        action="store_true",
        help="print each reply when it is whole: no spinner, no text as it is written "
        "(streaming is on by default on a terminal)",
    )
    parser.add_argument(
        "--yes", "-y", action="store_true", help="approve every tool call that changes files"
    )
    if tools:
        parser.add_argument(
            "--tools",
            "-t",
            default="",
            metavar="A,B",
            help="tools to give the agent, comma-separated: calculator, files (list_files, "
            "read_file, write_file, mark_step_complete), wikipedia (search_wikipedia, lookup) "
            "or module:function",
        )
        parser.add_argument(
            "--workspace",
            "-w",
            metavar="DIR",
            help="folder the file tools may read and write (default: the current folder)",
        )


def add_budget_options(parser: argparse.ArgumentParser) -> None:
    """--max-cost, --max-tokens, --max-seconds (AgentConfig's budgets) and --otel."""
    budget = parser.add_argument_group("budgets (the model is warned near the end)")
    budget.add_argument(
        "--max-cost", type=positive_float, metavar="USD", help="stop after spending this much"
    )
    budget.add_argument(
        "--max-tokens", type=positive_int, metavar="N", help="stop after N tokens in and out"
    )
    budget.add_argument(
        "--max-seconds", type=positive_float, metavar="S", help="stop after S seconds"
    )
    parser.add_argument(
        "--otel",
        action="store_true",
        help="export OpenTelemetry spans: over OTLP if OTEL_EXPORTER_OTLP_ENDPOINT is set, "
        "else to stderr (needs thinkact[otel]; OTEL_* variables alone also turn it on)",
    )


def add_mcp_options(parser: argparse.ArgumentParser) -> None:
    """--mcp CMD and --mcp-url URL (repeatable): MCP servers whose tools the agent gets."""
    parser.add_argument(
        "--mcp",
        action="append",
        default=[],
        metavar="CMD",
        help="an MCP server to start for the run and use the tools of: its command line in "
        'quotes, e.g. --mcp "uvx mcp-server-time" (repeatable; `thinkact mcp list CMD` shows '
        "the tools)",
    )
    parser.add_argument(
        "--mcp-url",
        action="append",
        default=[],
        metavar="URL",
        help="an MCP server to use over streamable HTTP, e.g. http://127.0.0.1:8000/mcp "
        "(repeatable)",
    )


def mcp_labels(args: argparse.Namespace) -> tuple[tuple[str, str], ...]:
    """The --mcp and --mcp-url given, as run labels: `thinkact resume` starts them again."""
    import json

    given = (("mcp", getattr(args, "mcp", None)), ("mcp_url", getattr(args, "mcp_url", None)))
    return tuple((key, json.dumps(list(values))) for key, values in given if values)


def mcp_servers_of(labels: dict[str, str]) -> list[McpServer]:
    """The MCP servers a stored run was started with (see mcp_labels)."""
    import json

    args = argparse.Namespace(
        mcp=json.loads(labels.get("mcp", "[]")), mcp_url=json.loads(labels.get("mcp_url", "[]"))
    )
    return mcp_servers(args)


def mcp_servers(args: argparse.Namespace) -> list[McpServer]:
    """The servers --mcp and --mcp-url name, not started yet: an Agent starts them when its
    run begins and stops them when it ends. A command that is not found is a usage error
    now rather than a failed run."""
    import shutil

    from thinkact.mcp import mcp_http, mcp_stdio
    from thinkact.mcp.server import Stdio

    servers = []
    for command in getattr(args, "mcp", None) or ():
        server = mcp_stdio(command)
        assert isinstance(server.transport, Stdio)
        program = server.transport.command[0]
        if shutil.which(program) is None:
            raise UserError(f"cannot start the MCP server {command!r}: {program} is not found")
        servers.append(server)
    servers += [mcp_http(url) for url in getattr(args, "mcp_url", None) or ()]
    return servers


def add_store_options(parser: argparse.ArgumentParser) -> None:
    """--db/--no-store (the run store) and --record/--replay (model calls as JSON lines)."""
    parser.add_argument(
        "--db",
        metavar="FILE",
        help="run store to record into (default: $THINKACT_HOME/runs.db, else "
        "~/.local/share/thinkact/runs.db)",
    )
    parser.add_argument(
        "--no-store", action="store_true", help="do not record the run in the run store"
    )
    replay = parser.add_mutually_exclusive_group()
    replay.add_argument(
        "--record", metavar="FILE", help="write every model request and reply to FILE (JSONL)"
    )
    replay.add_argument(
        "--replay",
        metavar="FILE",
        help="answer from a --record FILE instead of a model; fail with a diff on any change",
    )


def make_model(args: argparse.Namespace) -> Model:
    """The model --model names (its key checked), wrapped for --record, or the recording
    itself for --replay."""
    if getattr(args, "replay", None):
        from thinkact.models.replay import ReplayModel

        if getattr(args, "model", None):
            raise UserError("--replay answers from the recording: leave out --model")
        return ReplayModel(args.replay)
    model = ready_model(getattr(args, "model", None))
    if getattr(args, "format", "auto") != "native" and not getattr(args, "quiet", False):
        _probing(model)
    if getattr(args, "record", None):
        from thinkact.models.replay import RecordingModel

        return RecordingModel(model, args.record)
    return model


def _probing(model: Model) -> None:
    """Says so before an OpenAI-compatible server is asked what it can do (first use of
    its URL and model: a few seconds to a minute on a CPU server), so the wait is explained."""
    from thinkact.models.capabilities import CapabilityCache, cache_key

    base_url = getattr(model, "base_url", None)
    if not getattr(model, "compatible", False) or not base_url:
        return
    if CapabilityCache().get(cache_key(base_url, str(getattr(model, "model", "")))) is None:
        make_console(stderr=True).print(
            f"Asking {base_url} what it does with tools, grammars and JSON schemas "
            "(once; cached, see thinkact models --probe)...",
            style="dim",
        )


def ready_model(spec: str | None) -> Model:
    """The model `spec` names, its API key checked now: a missing key is a one-line usage
    error before the run's header is printed, not a model failure after it."""
    from thinkact.errors import AuthenticationError
    from thinkact.models import resolve_model

    model = resolve_model(spec)
    require_key = getattr(model, "require_key", None)  # the API providers have one
    if require_key is not None:
        try:
            require_key()
        except AuthenticationError as e:
            raise UserError(str(e)) from None
    return model


def open_store(args: argparse.Namespace) -> RunStore | None:
    """The run store the options name (None with --no-store)."""
    if getattr(args, "no_store", False):
        return None
    import sqlite3

    from thinkact.store import RunStore

    try:
        return RunStore(getattr(args, "db", None))
    except (OSError, sqlite3.Error) as e:
        raise UserError(f"cannot open the run store: {e}") from None


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"must be above 0, got {text}")
    return value


def agent_config(args: argparse.Namespace, **overrides: Any) -> AgentConfig:
    from thinkact.config import AgentConfig

    screen = bool(getattr(args, "screen_calls", False))
    decline = bool(getattr(args, "decline_check", False))
    budgets = {
        name: getattr(args, name)
        for name in ("max_cost", "max_tokens", "max_seconds")
        if getattr(args, name, None) is not None
    }
    return AgentConfig(
        max_steps=args.max_steps,
        screen_calls=screen,
        decline_check=decline,
        **{**budgets, **overrides},
    )


# --- tools -------------------------------------------------------------------------------


def resolve_tools(
    spec: str,
    *,
    workspace: str | Path | None = None,
    corpus: str | Path | None = None,
) -> list[Tool]:
    """Tools from `calculator,files,mypkg.tools:search`: built-in names, groups (`files`,
    `wikipedia`) or module:function. File tools work inside `workspace` (default: the
    current folder); Wikipedia tools search `corpus` (JSONL) offline if given, else online."""
    from thinkact.tools.base import as_tool

    names: list[str] = []
    for name in (n.strip() for n in spec.split(",")):
        names += TOOL_GROUPS.get(name, (name,) if name else ())
    tools: list[Tool] = []
    made: dict[str, list[Tool]] = {}  # each factory runs once: one workspace, one backend
    for name in names:
        target = BUILTIN_TOOLS.get(name) or (name if ":" in name else None)
        if target is None:
            known = ", ".join([*BUILTIN_TOOLS, *TOOL_GROUPS])
            raise UserError(f"unknown tool {name!r}. Built-in tools: {known}; or module:function.")
        kind, _, factory = target.partition(":")
        if kind in ("workspace", "wiki"):
            if target not in made:
                made[target] = _build(kind, _load(factory, name), workspace, corpus)
            tools += [t for t in made[target] if t.name == name]
            continue
        obj = _load(target, name)
        for item in obj if isinstance(obj, list | tuple) else [obj]:
            try:
                tools.append(as_tool(item))
            except (TypeError, ValueError) as e:
                raise UserError(f"{target} is not usable as a tool: {e}") from None
    names_given = [t.name for t in tools]
    duplicates = sorted({n for n in names_given if names_given.count(n) > 1})
    if duplicates:
        raise UserError(f"tool given twice: {', '.join(duplicates)}")
    return tools


def _build(
    kind: str, factory: Any, workspace: str | Path | None, corpus: str | Path | None
) -> list[Tool]:
    if kind == "workspace":
        from thinkact.tools.sandbox import Workspace

        return list(factory(Workspace(workspace or Path.cwd())))
    from thinkact.tools.wikipedia import choose_backend

    # A corpus means offline, as in `thinkact ask`: no probe, no network.
    backend = choose_backend(corpus=corpus, online=False if corpus is not None else None)
    return list(factory(backend))


def _load(target: str, name: str) -> Any:
    module_name, _, attr = target.rpartition(":")
    if not module_name or not attr.isidentifier():
        raise UserError(
            f"tool {name!r}: give module:function, e.g. mytools:add or ./mytools.py:add"
        )
    try:
        module = _import(module_name)
    except UserError:
        raise
    except ImportError as e:
        raise UserError(f"cannot import tool {name!r} from {module_name}: {e}") from None
    except Exception as e:  # the tool's own module failed: its error, in one line
        raise UserError(
            f"cannot import tool {name!r}: {module_name} raised {type(e).__name__}: {e}"
        ) from None
    try:
        return getattr(module, attr)
    except AttributeError:
        raise UserError(f"module {module_name} has no {attr!r} (tool {name!r})") from None


def _import(module_name: str) -> Any:
    """A module by name, or by file (`./mytools.py`, `tools/x.py`). A module in the current
    folder is found too, as `python -m` would: the `thinkact` script does not put the
    current folder on the import path."""
    if module_name.endswith(".py") or "/" in module_name or "\\" in module_name:
        return _import_file(module_name)
    if module_name.startswith("."):
        raise UserError(
            f"{module_name} is a relative module name; give mytools:add, or a file "
            "as ./mytools.py:add"
        )
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as e:
        here = str(Path.cwd())
        top = module_name.split(".")[0]
        if e.name != top or here in sys.path or "" in sys.path:
            raise
    sys.path.append(here)  # after everything else: it cannot shadow an installed module
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as e:
        raise ImportError(f"{e} (not on the import path, nor in {here})") from None


def _import_file(given: str) -> Any:
    import importlib.util

    path = Path(given).expanduser()
    if not path.suffix and not path.exists():
        path = path.with_suffix(".py")
    if not path.is_file():
        raise UserError(f"tool module {given} is not a file")
    # Under its own name if free (so its functions show as mytools.add), else a private one.
    name = path.stem if path.stem.isidentifier() and path.stem not in sys.modules else None
    name = name or f"_thinkact_tools_{abs(hash(str(path.resolve())))}"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise UserError(f"tool module {given} cannot be imported (not Python source?)")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module


# --- approval ----------------------------------------------------------------------------


def make_approver(
    args: argparse.Namespace,
    console: Console,
    *,
    ask: Callable[[str], str] | None = None,
    interactive: bool | None = None,
) -> Approver:
    """`--yes` approves everything; on a terminal the user is asked y / n / always;
    anywhere else a call needing approval is denied (the model is told, nothing crashes)
    and the user is told once per tool how to allow it."""
    from rich.text import Text

    if getattr(args, "yes", False):
        return lambda call, tool: True
    if interactive is None:
        interactive = sys.stdin.isatty()
    read = ask or literal_input(console)
    hinted: set[str] = set()

    def approve(call: ToolCall, tool: Tool) -> Decision:
        if not interactive:
            if call.name not in hinted:  # else the run looks as if the user had said no
                hinted.add(call.name)
                console.print(Text(f"{call.name}: {NO_TERMINAL}", style="yellow"), soft_wrap=True)
            return False
        import json

        shown = json.dumps(dict(call.arguments), ensure_ascii=False, default=str)
        console.print(Text(f"Allow {call.name} {shown[:300]}?", style="bold yellow"))
        while True:
            answer = read(APPROVAL_KEYS).strip().lower()
            if answer in ("y", "yes"):
                return True
            if answer in ("n", "no", ""):
                return False
            if answer in ("a", "always"):
                return "always"

    return approve


APPROVAL_KEYS = "[y]es / [n]o / [a]lways for this tool: "
NO_TERMINAL = "needs your approval and there is no terminal to ask: denied (add --yes to allow it)"


def literal_input(console: Console) -> Callable[[str], str]:
    """`console.input` that shows its prompt as written: as markup, Rich would take the
    keys of "[y]es / [n]o" or "[e] edit" for style tags and print them blank."""
    from rich.text import Text

    return lambda prompt: console.input(Text(prompt))


# --- reporters ---------------------------------------------------------------------------


class Output:
    """The reporters a command's options ask for, closed together when the command ends."""

    def __init__(self, reporters: list[Reporter], closers: list[Callable[[], None]]) -> None:
        self.reporters = reporters
        self._closers = closers

    def follow(self, items: Iterable[Event | RunResult]) -> RunResult:
        """Show each event of a run's stream (Agent.stream) to the reporters; the result."""
        from thinkact.effects import RunResult

        for item in items:
            if isinstance(item, RunResult):
                return item
            for reporter in self.reporters:
                reporter(item)
        raise RuntimeError("the run's stream ended without its result")

    def close(self) -> None:
        for close in self._closers:
            close()

    def __enter__(self) -> Output:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def make_output(
    args: argparse.Namespace,
    console: Console,
    *,
    stdout: IO[str] | None = None,
    extra: list[Reporter] | None = None,
) -> Output:
    """Console rendering (unless --quiet or --json), JSON lines on stdout for --json, a
    trace file for --trace, then any `extra` reporters (e.g. a progress tracker)."""
    from thinkact.ui.console import ConsoleReporter
    from thinkact.ui.trace import JsonlTrace

    reporters: list[Reporter] = []
    closers: list[Callable[[], None]] = []
    if getattr(args, "json", False):
        lines = JsonlTrace(stdout or sys.stdout)
        reporters.append(lines)
        closers.append(lines.close)
    elif not getattr(args, "quiet", False):
        screen = ConsoleReporter(console, live=streams(args, console))
        reporters.append(screen)
        closers.append(screen.close)
    if getattr(args, "trace", None):
        try:
            trace = JsonlTrace(args.trace)
        except OSError as e:
            raise UserError(f"cannot write the trace {args.trace}: {e.strerror or e}") from None
        reporters.append(trace)
        closers.append(trace.close)
    from thinkact.otel import reporter_from_env  # imports OpenTelemetry only if asked to

    otel = reporter_from_env(forced=bool(getattr(args, "otel", False)))
    if otel is not None:
        reporters.append(otel)
        closers.append(otel.close)
    reporters += extra or []
    return Output(reporters, closers)


def streams(args: argparse.Namespace, console: Console) -> bool:
    """Whether replies are shown as they are written (Agent(streaming=...) and the console's
    live display): on a terminal, unless --no-stream, --quiet or --json."""
    off = any(getattr(args, name, False) for name in ("no_stream", "quiet", "json"))
    return console.is_terminal and not off


def make_console(*, stderr: bool = False) -> Console:
    from rich.console import Console

    return Console(stderr=stderr, highlight=False)


def exit_code(result: RunResult) -> int:
    """0 when the run ended with an accepted final answer, else 1."""
    return 0 if result.ok else 1


def report_quiet(result: RunResult, stdout: IO[str], stderr: Console) -> None:
    """--quiet: the final answer alone on stdout; why it is missing on stderr."""
    from rich.text import Text

    if result.final_answer:
        stdout.write(result.final_answer.rstrip("\n") + "\n")
        stdout.flush()
    if not result.ok:
        stderr.print(
            Text(f"run stopped: {result.reason} after {result.steps} steps", style="yellow")
        )
