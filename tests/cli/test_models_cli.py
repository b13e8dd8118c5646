"""`thinkact models`: the providers and how to enable them; `--prepare-local`'s progress."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

from rich.console import Console
from rich.progress import Progress

from thinkact.commands.models import ProgressBar, prepare_local, status_table
from thinkact.models.status import ProviderStatus

REPO = Path(__file__).resolve().parents[2]


def models(**env_extra: str) -> subprocess.CompletedProcess[str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k
        not in ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "OPENAI_API_KEY", "THINKACT_MODEL")
    }
    env.update(COLUMNS="100", PYTHONIOENCODING="utf-8", **env_extra)
    return subprocess.run(
        [sys.executable, "-m", "thinkact", "models"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=REPO,
        env=env,
        timeout=60,
    )


def test_models_lists_every_provider_and_how_to_enable_it() -> None:
    done = models()
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.startswith("Model providers\n")
    for name in ("local", "anthropic", "openai", "openai-compatible", "scripted"):
        assert f"  {name} " in out
    assert "❌  anthropic" in out
    assert "→ export ANTHROPIC_API_KEY=" in out
    assert "✅  scripted" in out


def test_a_key_in_the_environment_makes_its_provider_usable() -> None:
    done = models(ANTHROPIC_API_KEY="sk-ant-test")
    assert done.returncode == 0, done.stderr
    assert "✅  anthropic" in done.stdout
    assert "ANTHROPIC_API_KEY is set" in done.stdout
    assert "→ export ANTHROPIC_API_KEY" not in done.stdout


def test_the_status_table_renders_exactly() -> None:
    console = Console(file=io.StringIO(), width=80, force_terminal=False)
    console.print(
        status_table(
            [
                ProviderStatus("local", True, "embedded model ready", "", "local"),
                ProviderStatus(
                    "openai",
                    False,
                    "no API key",
                    "export OPENAI_API_KEY=sk-...",
                    "openai:gpt-4o-mini",
                ),
            ]
        )
    )
    text = [line.rstrip() for line in console.file.getvalue().splitlines()]  # type: ignore[attr-defined]
    assert text == [
        "Model providers",
        "✅  local   local",
        "            embedded model ready",
        "❌  openai  openai:gpt-4o-mini",
        "            no API key",
        "            → export OPENAI_API_KEY=sk-...",
    ]


def test_prepare_local_shows_progress_per_stage_and_the_path() -> None:
    console = Console(file=io.StringIO(), width=100, force_terminal=False)
    stages: list[tuple[str, int, int]] = []

    def ensure(progress: ProgressBar) -> Path:
        for stage in ("assemble", "verify"):
            for done in (0, 512 << 20, 1024 << 20):
                progress(stage, done, 1024 << 20)
                stages.append((stage, done, 1024 << 20))
        return Path("/cache/model.gguf")

    assert prepare_local(console, ensure) == 0
    assert len(stages) == 6
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert "assemble" in out and "verify" in out
    assert "1.1/1.1 GB" in out
    assert out.rstrip().endswith("✅ Local model ready: /cache/model.gguf")


def test_the_progress_adapter_keeps_one_task_per_stage() -> None:
    with Progress(console=Console(file=io.StringIO())) as progress:
        bar = ProgressBar(progress)
        bar("assemble", 10, 100)
        bar("assemble", 100, 100)
        bar("verify", 5, 100)
        tasks = {t.description: (t.completed, t.total) for t in progress.tasks}
    assert tasks == {"assemble": (100, 100), "verify": (5, 100)}
