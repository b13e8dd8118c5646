"""The HTML trace (`thinkact runs html`), opened in a real browser: Debian's chromium driven
by Playwright. The run is recorded into a real SQLite run store; the page is read back from
it through the command line."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from thinkact import Agent, AgentConfig, tool
from thinkact.cli import main
from thinkact.pev import PlanExecuteVerify
from thinkact.store import RunStore
from thinkact.testing import FunctionModel, ScriptedModel
from thinkact.types import ModelRequest
from thinkact.ui.html import trace_html

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
# What a document or a tool may write: it must show as text, never run or close an element.
INJECTED = "<script>window.pwned = 1</script></details><b>not bold</b>"
TASK = "What is 84 / 2? <i>Check</i> the page too."
USAGE = {"input_tokens": 120, "output_tokens": 30, "cost": 0.0012}


@tool
def divide(a: float, b: float) -> float:
    """Divide a by b."""
    return a / b


@tool
def fetch(url: str) -> str:
    """Fetch a page."""
    return f"Page text. {INJECTED}\n" + "Lorem ipsum dolor sit amet. " * 60


def call(name: str, thought: str, **arguments: Any) -> dict[str, Any]:
    return {"text": thought, "tool_calls": [{"name": name, "arguments": arguments}], "usage": USAGE}


def digits(answer: str) -> str | None:
    return None if re.search(r"\d", answer) else "write the answer in digits"


def record_run(db: Path) -> str:
    """Five steps: a tool error, a fix, a page with markup in it, an answer turned down by
    validation, the answer. The window is small, so the history is trimmed twice."""
    model = ScriptedModel(
        [
            call("divide", "I will divide 84 by the divisor first.", a=1, b=0),
            call("divide", "Oops, zero. Divide 84 by 2 instead.", a=84, b=2),
            call("fetch", "Let me check the page for context.", url="http://example.com/<x>"),
            {"text": "forty-two", "usage": USAGE},
            {"text": "42", "usage": USAGE},
        ]
    )
    config = AgentConfig(context_window=500, max_reply_tokens=128)
    with RunStore(db) as store:
        agent = Agent(model, [divide, fetch], validators=[digits], store=store, config=config)
        result = agent.run(TASK)
    assert result.ok and result.final_answer == "42"
    return result.run_id


def write_page(db: Path, run: str, out: Path) -> None:
    assert main(["runs", "html", run, "-o", str(out), "--db", str(db)]) == 0
    assert out.is_file()


def shown(steps: Any) -> list[bool]:
    return [steps.nth(i).is_visible() for i in range(steps.count())]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed at /usr/bin/chromium (.ci/run installs it)")
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    with sync_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def test_a_recorded_run_in_the_browser(tmp_path: Path, browser: Any) -> None:
    db, out = tmp_path / "runs.db", tmp_path / "trace.html"
    run_id = record_run(db)
    write_page(db, run_id, out)

    page = browser.new_page(viewport={"width": 1200, "height": 900})
    requests: list[str] = []
    problems: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.goto(out.as_uri())

    assert run_id in page.title()
    assert page.locator("p.task").inner_text() == TASK  # markup in the task shows as text
    steps = page.locator("#timeline > details.step")
    assert steps.count() == 5
    assert page.locator(".overview .bar").count() == 5
    assert page.locator("#count").inner_text() == "5 steps"

    # Errors and validation failures stand out, in the step list and on the timeline.
    first, fourth = steps.nth(0), steps.nth(3)
    assert "has-error" in (first.get_attribute("class") or "")
    assert "1 error" in first.locator(":scope > summary").inner_text()
    assert "has-invalid" in (fourth.get_attribute("class") or "")
    assert "validation failed" in fourth.locator(":scope > summary").inner_text()
    assert "err" in (page.locator(".bar").nth(0).get_attribute("class") or "")
    assert "invalid" in (page.locator(".bar").nth(3).get_attribute("class") or "")
    # Tokens, cost and time of each step; the trimming of the history.
    metrics = steps.nth(1).locator(".metrics").inner_text()
    assert re.fullmatch(r"120 in · 30 out · \$0\.0012 · \d+\.\d\d s", metrics), metrics
    trimmed = page.locator("#timeline > details.step", has=page.locator(".item.trim"))
    assert trimmed.count() >= 1
    assert "trimmed" in trimmed.first.locator(":scope > summary").inner_text()

    # Steps start folded; one opens on a click, with its reasoning, action and observation.
    second = steps.nth(1)
    assert not second.evaluate("d => d.open")
    assert not second.get_by_text("Oops, zero", exact=False).last.is_visible()
    second.locator(":scope > summary").click()
    assert second.evaluate("d => d.open")
    body = second.locator(".body")
    assert "Oops, zero. Divide 84 by 2 instead." in body.locator(".item.thought").inner_text()
    args = json.loads(body.locator(".item.call pre").inner_text())
    assert args == {"a": 84, "b": 2}
    assert body.locator(".item.observation pre").inner_text() == "42.0"

    # A tool's output holding <script> and </details> is text: nothing ran, nothing closed.
    assert page.evaluate("window.pwned") is None
    assert page.locator("b", has_text="not bold").count() == 0
    third = steps.nth(2)
    observation = third.locator(".item.observation pre")
    assert INJECTED in (observation.text_content() or "")  # folded: in the page, not shown
    assert third.locator(".item").count() == 3  # reasoning, action, observation: all inside
    tool_error = first.locator(".item.tool_error pre").text_content()
    assert tool_error == "ZeroDivisionError: float division by zero"

    # Search filters the steps, highlights the matches and opens where they are.
    page.fill("#search", "zerodivision")
    assert page.locator("#count").inner_text() == "1 of 5 steps, 1 match"
    assert first.is_visible() and not second.is_visible() and not fourth.is_visible()
    hit = page.locator("mark.hit")
    assert hit.count() == 1 and hit.inner_text().lower() == "zerodivision"
    assert hit.is_visible() and first.evaluate("d => d.open")
    page.fill("#search", "")
    assert page.locator("mark.hit").count() == 0 and shown(steps) == [True] * 5
    page.check("#errors-only")
    assert shown(steps) == [True, False, False, True, False]
    page.uncheck("#errors-only")

    page.click("#expand")
    for name, query in (("trace.png", ""), ("search.png", "divide")):
        page.fill("#search", query)
        shot = tmp_path / name
        page.screenshot(path=str(shot), full_page=True)
        assert shot.stat().st_size > 20_000
    assert all(url.startswith("file://") for url in requests), requests  # no network
    assert problems == []
    page.close()


# --- without a browser ---------------------------------------------------------------------


class _Tree(HTMLParser):
    """(tag, classes, text) of every element, with the path of its ancestors' classes."""

    VOID = frozenset({"meta", "input", "br", "img", "link", "hr"})

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, str]] = []
        self.found: list[tuple[tuple[str, ...], str]] = []  # (ancestor classes, data)
        self.scripts = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.scripts += tag == "script"
        if tag not in self.VOID:
            self.stack.append((tag, dict(attrs).get("class") or ""))

    def handle_endtag(self, tag: str) -> None:
        assert self.stack and self.stack[-1][0] == tag, f"</{tag}> closes {self.stack[-1:]}"
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        if data.strip():
            self.found.append((tuple(c for _, c in self.stack), data))


def parse(page: str) -> _Tree:
    tree = _Tree()
    tree.feed(page)
    tree.close()
    assert tree.stack == [], "unclosed elements"
    return tree


def test_run_text_cannot_break_the_page(tmp_path: Path) -> None:
    db = tmp_path / "runs.db"
    run_id = record_run(db)
    with RunStore(db) as store:
        record = store.get(run_id)
        page = trace_html(record, store.timed_events(record.id))
    tree = parse(page)  # every element closes where the page closes it
    assert tree.scripts == 1  # the page's own
    texts = [data for _, data in tree.found]
    assert any(INJECTED in t for t in texts)
    assert TASK in texts


def test_plan_steps_hold_their_sub_runs(tmp_path: Path) -> None:
    plan = {"steps": [{"id": "s1", "goal": "divide <b>4</b> by 2", "tools": ["divide"]}]}

    def answer(request: ModelRequest) -> Any:
        system = str(request.messages[0].content)  # type: ignore[union-attr]
        if "You are the planner" in system:
            return json.dumps(plan)
        if "You check one step" in system:
            return '{"pass": true, "reason": "fine"}'
        if any(m.role == "tool" for m in request.messages):
            return {"tool_calls": [{"name": "final_answer", "arguments": {"answer": "2"}}]}
        return call("divide", "Divide.", a=4, b=2)

    db = tmp_path / "runs.db"
    with RunStore(db) as store:
        pev = PlanExecuteVerify(FunctionModel(answer), [divide], store=store)
        result = pev.run("4/2")
        assert result.ok
        record = store.get("last")
        page = trace_html(record, store.timed_events(record.id))
    tree = parse(page)
    inside = [path for path, data in tree.found if data == "ACTION · divide"]
    assert len(inside) == 1
    path = " | ".join(inside[0])
    assert re.search(r"step plan-step.*\| step( |\|).*item call", path), path
    assert any(data == "divide <b>4</b> by 2" for _, data in tree.found)


def test_runs_show_html_and_stdout(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "runs.db"
    run_id = record_run(db)
    out = tmp_path / "shown.html"
    assert main(["runs", "show", run_id[:6], "--html", "-o", str(out), "--db", str(db)]) == 0
    assert f"wrote run {run_id} to {out}" in capsys.readouterr().out
    assert out.read_text(encoding="utf-8").startswith("<!doctype html>")
    assert main(["runs", "html", "last", "-o", "-", "--db", str(db)]) == 0
    assert capsys.readouterr().out.rstrip().endswith("</html>")
    missing = tmp_path / "no" / "such" / "folder" / "x.html"
    assert main(["runs", "html", "last", "-o", str(missing), "--db", str(db)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "cannot write" in err[0]
