"""CLI commands: one module each, listed in `thinkact.cli.COMMANDS`.

A command module exposes `register(subparsers) -> None`, which adds its subparser with
`set_defaults(func=run)`, and `run(args) -> int` (the exit code). Shared options and the
reporters they ask for live in `common.py`.
"""
