"""The command line: `thinkact <command> ...`.

Each command lives in `thinkact.commands.<name>` and exposes `register(subparsers)`, which
adds its subparser and sets `func=run`. A listed module that does not exist yet is skipped,
so a new command is one new file plus its name below. Commands import heavy things inside
`run`, so `thinkact --help` stays fast.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from thinkact.errors import ModelError, ThinkactError, UserError

COMMANDS = ("run", "models", "review", "ask", "eval", "batch", "runs", "resume", "mcp")

EXIT_OK = 0
EXIT_FAILED = 1  # the run did not finish with an answer, or the model failed
EXIT_USAGE = 2  # bad options, files, tools or model strings (argparse uses 2 as well)
EXIT_INTERRUPTED = 130  # Ctrl-C, as shells report SIGINT


def build_parser(
    commands: Sequence[str] = COMMANDS, package: str = "thinkact.commands"
) -> argparse.ArgumentParser:
    from thinkact import __version__

    parser = argparse.ArgumentParser(
        prog="thinkact",
        description="Fast, reliable ReAct agents on Claude, GPT, any OpenAI-compatible "
        "server, or an embedded local model.",
    )
    parser.add_argument("--version", action="version", version=f"thinkact {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in commands:
        module_name = f"{package}.{name}"
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as e:
            if e.name == module_name:
                continue  # not written yet
            raise
        module.register(subparsers)
    return parser


def _error(message: str) -> None:
    from rich.console import Console
    from rich.text import Text

    # soft_wrap: one line however long, so scripts can grep it.
    Console(stderr=True, highlight=False, soft_wrap=True).print(
        Text(f"error: {message}", style="bold red")
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; returns the exit code (the console script passes it to sys.exit)."""
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        func = getattr(args, "func", None)
        if func is None:
            parser.print_help()
            return EXIT_USAGE
        code: int = func(args)
        return code
    except KeyboardInterrupt:
        _error("interrupted")
        return EXIT_INTERRUPTED
    except UserError as e:
        _error(str(e))
        return EXIT_USAGE
    except ModelError as e:
        provider = f"{e.provider}: " if e.provider else ""
        _error(f"{provider}{e}")
        return EXIT_FAILED
    except ThinkactError as e:
        _error(f"{type(e).__name__}: {e}")
        return EXIT_FAILED
    except BrokenPipeError:
        # `thinkact run ... | head`: the reader left. Point stdout at /dev/null so the
        # flush at exit does not raise again, and say nothing more.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_FAILED
    except OSError as e:
        # A file or folder the user named cannot be read or written (--out, --trace...):
        # their mistake to fix, told in one line, not a traceback.
        where = f": {e.filename}" if e.filename else ""
        _error(f"{e.strerror or e}{where}")
        return EXIT_USAGE


if __name__ == "__main__":
    sys.exit(main())
