"""`--output-schema FILE` on `thinkact run`: a JSON Schema the final answer must match
(Agent(output_type=...)), recorded with the run so `thinkact resume` asks for the same."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from thinkact.errors import UserError

LABEL = "output_schema"


def add_output_schema(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--output-schema",
        metavar="FILE",
        help="a JSON Schema file the final answer must match: the model is given the schema, "
        "an answer that does not match goes back to it, and the answer is printed as JSON",
    )


def load_output_schema(path: str | None) -> dict[str, Any] | None:
    """The schema in the file (None without one); a UserError (exit 2) says what is wrong."""
    if path is None:
        return None
    from thinkact.output import OutputType

    try:
        schema = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise UserError(f"--output-schema: no such file: {path}") from None
    except (OSError, UnicodeDecodeError) as e:
        raise UserError(f"--output-schema: cannot read {path}: {e}") from None
    except json.JSONDecodeError as e:
        raise UserError(f"--output-schema: {path} is not JSON: {e}") from None
    if not isinstance(schema, dict):
        kind = type(schema).__name__
        raise UserError(f"--output-schema: {path} must hold a JSON object (a schema), not {kind}")
    try:
        OutputType(schema)  # checks it is a valid JSON Schema
    except UserError as e:
        raise UserError(f"--output-schema: {path}: {e}") from None
    return schema


def schema_labels(schema: dict[str, Any] | None) -> tuple[tuple[str, str], ...]:
    """The schema as a run label (see AgentConfig.labels)."""
    return () if schema is None else ((LABEL, json.dumps(schema, separators=(",", ":"))),)


def schema_of(labels: dict[str, str]) -> dict[str, Any] | None:
    """The schema a stored run was started with (see schema_labels), else None."""
    raw = labels.get(LABEL)
    if raw is None:
        return None
    schema = json.loads(raw)
    return schema if isinstance(schema, dict) else None
