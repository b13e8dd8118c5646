"""A stored run as one self-contained HTML page: `thinkact runs html RUN -o trace.html`.

The page needs no network (its CSS and script are inline, see html_assets) and shows a
timeline of the steps, then each step: reasoning, actions with their arguments, observations,
errors and failed validations (highlighted), trimming, tokens, cost and time; plan steps
hold their sub-runs. A search box filters and highlights steps.

Everything a run wrote (documents, tool output, model text) is escaped, and the page's
Content-Security-Policy runs only its own script (by its hash), so a `<script>` in a tool
result shows as text and never runs.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import os
import re
import time
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from thinkact.store.base import RunRecord
from thinkact.ui.html_assets import CSS, JS
from thinkact.ui.html_timeline import Item, PlanStep, Run, Step, Totals, build

__all__ = ["trace_html", "write_html"]

_SURROGATES = re.compile("[\ud800-\udfff]")
_OPEN_CHARS = 1200  # a longer observation starts folded, with its first line shown


def esc(value: object) -> str:
    """Text for HTML, quotes included; a lone surrogate (UTF-8 cannot hold it) becomes �."""
    return html.escape(_SURROGATES.sub("\ufffd", str(value)), quote=True)


def trace_html(
    record: RunRecord,
    events: Iterable[tuple[float, Mapping[str, Any]]],
    *,
    now: float | None = None,
) -> str:
    """The page for `record` from its (Unix time, event dict) pairs, as the store gives them."""
    run = build(events)
    ids = _Ids()
    blocks = "\n".join(_block(b, ids) for b in run.blocks)
    preface = "".join(_item(i) for i in run.preface)
    # Only the page's own script runs; styles may be inline (the timeline's bars place
    # themselves with style attributes, made of numbers only).
    csp = f"default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-{_digest(JS)}'"
    made = time.strftime("%Y-%m-%d %H:%M", time.localtime(time.time() if now is None else now))
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>thinkact run {esc(record.id)}: {esc(_short(record.task, 60))}</title>
<style>{CSS}</style>
</head>
<body>
{_header(record)}
<nav class="toolbar">
<input id="search" type="search" aria-label="Search steps"
 placeholder="Search steps (press / to focus, Enter for the next match)">
<span id="count"></span>
<label><input id="errors-only" type="checkbox"> errors only</label>
<button id="expand" type="button">Expand all</button>
<button id="collapse" type="button">Collapse all</button>
</nav>
{_overview(run, ids)}
<main id="timeline">
{preface}
{blocks}
</main>
<footer>thinkact · run {esc(record.id)} · page made {esc(made)}</footer>
<script>{JS}</script>
</body>
</html>
"""


def write_html(text: str, path: str | Path) -> Path:
    """Write the page to `path` whole or not at all (a temporary file, then a rename)."""
    target = Path(path)
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, target)
    finally:
        tmp.unlink(missing_ok=True)
    return target


# --- the page's parts ----------------------------------------------------------------------


def _header(r: RunRecord) -> str:
    state = r.live_status
    facts = [
        ("model", r.model),
        ("format", r.format),
        ("started", time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(r.started))),
        ("steps", str(r.steps)),
        ("tokens", f"{r.input_tokens:,} in · {r.output_tokens:,} out"),
    ]
    if r.cost is not None:
        facts.append(("cost", f"${r.cost:.4f}"))
    if r.duration is not None:
        facts.append(("time", _seconds(r.duration)))
    if r.reason:
        facts.append(("ended", r.reason))
    if r.tools:
        facts.append(("tools", ", ".join(r.tools)))
    dl = "".join(f"<div><dt>{esc(k)}</dt><dd>{esc(v)}</dd></div>" for k, v in facts)
    extra = ""
    if r.instructions.strip():
        extra = _details("item thought", "INSTRUCTIONS", f"<pre>{esc(r.instructions)}</pre>")
    return f"""<header class="run">
<h1>Run <code>{esc(r.id)}</code> <span class="status {esc(state)}">{esc(state)}</span></h1>
<p class="task">{esc(r.task)}</p>
<dl class="facts">{dl}</dl>
{extra}{_result(r)}
</header>"""


def _result(r: RunRecord) -> str:
    if r.final_answer is None and r.reason is None:
        return ""
    ok = r.reason == "final_answer"
    title = "Final answer" if ok else f"Stopped: {r.reason or r.live_status}"
    answer = f"<pre>{esc(r.final_answer)}</pre>" if r.final_answer else ""
    return f'<section class="result{" ok" if ok else ""}"><h2>{esc(title)}</h2>{answer}</section>'


def _overview(run: Run, ids: _Ids) -> str:
    """One bar per step (or plan step) on the run's clock; parallel plan steps get lanes."""
    blocks = [b for b in run.blocks if isinstance(b, Step | PlanStep)]
    if not blocks:
        return ""
    t0, total = run.start, run.end - run.start
    even = total < 0.001 * len(blocks)  # recorded too fast to draw by time: side by side
    lanes: list[float] = []  # the end of the last bar in each lane
    rows: list[list[str]] = []
    for i, b in enumerate(blocks):
        if even:
            left, width = 100 * i / len(blocks), 100 / len(blocks) - 0.4
        else:
            left = 100 * (b.start - t0) / total
            width = max(0.4, 100 * (b.end - b.start) / total)
        lane = next((n for n, end in enumerate(lanes) if end <= left), len(lanes))
        if lane == len(lanes):
            lanes.append(0.0)
            rows.append([])
        lanes[lane] = left + width
        label, tip, look = _bar_text(b)
        rows[lane].append(
            f'<a class="bar {look}" href="#{ids.of(b)}" title="{esc(tip)}" '
            f'style="left:{left:.2f}%;width:{width:.2f}%">{esc(label)}</a>'
        )
    body = "".join(f'<div class="lane">{"".join(row)}</div>' for row in rows)
    axis = ("first step", "last step") if even else ("0 s", _seconds(total))
    return (
        f'<section class="overview"><div class="lanes">{body}</div><div class="axis">'
        f"<span>{axis[0]}</span><span>{esc(axis[1])}</span></div></section>"
    )


def _bar_text(b: Step | PlanStep) -> tuple[str, str, str]:
    seconds = _seconds(b.end - b.start)
    if isinstance(b, PlanStep):
        look = "err" if b.ok is False else "plan"
        return b.step_id, f"plan step {b.step_id}: {_short(b.goal, 80)} · {seconds}", look
    look = "err" if b.errors else "invalid" if b.failed_validation else ""
    look = look or ("answer" if b.answered else "")
    what = ", ".join(b.calls) or ("answer" if b.answered else "")
    return str(b.number), f"step {b.number} · {what} · {seconds}".replace(" ·  ·", " ·"), look


class _Ids:
    """Element ids made from counters only: run text never ends up in an id or a selector."""

    def __init__(self) -> None:
        self._ids: dict[int, str] = {}

    def of(self, block: Step | PlanStep) -> str:
        key = id(block)
        if key not in self._ids:
            self._ids[key] = f"b{len(self._ids) + 1}"
        return self._ids[key]


def _block(b: Step | PlanStep | Item, ids: _Ids) -> str:
    if isinstance(b, Item):
        return _item(b)
    if isinstance(b, PlanStep):
        return _plan_step(b, ids)
    return _step(b, ids)


def _step(s: Step, ids: _Ids) -> str:
    looks = ["step"]
    flags: list[str] = []
    if s.errors:
        looks.append("has-error")
        flags.append(f'<span class="flag err">{s.errors} error{"s" if s.errors > 1 else ""}</span>')
    if s.failed_validation:
        looks.append("has-invalid")
        flags.append('<span class="flag invalid">validation failed</span>')
    if any(i.kind == "trim" for i in s.items):
        flags.append('<span class="flag trim">trimmed</span>')
    if s.answered:
        looks.append("has-answer")
        flags.append('<span class="flag answer">answer</span>')
    chips = "".join(f'<span class="chip">{esc(name)}</span>' for name in s.calls)
    body = "".join(_item(i) for i in s.items)
    return (
        f'<details class="{" ".join(looks)}" id="{ids.of(s)}" data-step="{s.number}">'
        f'<summary><span class="num">Step {s.number}</span>'
        f'<span class="chips">{chips}</span><span class="gist">{esc(_short(s.gist, 200))}</span>'
        f'<span class="flags">{"".join(flags)}</span>'
        f'<span class="metrics">{esc(_metrics(s.totals, s.end - s.start))}</span></summary>'
        f'<div class="body">{body}</div></details>'
    )


def _plan_step(p: PlanStep, ids: _Ids) -> str:
    looks = ["step", "plan-step"]
    if p.ok is False:
        looks += ["failed", "has-error"]
    how = "" if p.check in ("", "none") else f" ({p.check})"
    state = {True: f"passed{how}", False: f"failed{how}", None: "not finished"}[p.ok]
    inner = "".join(_item(i) for i in p.run.preface)
    inner += "".join(_block(b, ids) for b in p.run.blocks)
    if p.result:
        inner += _details("item answer", "STEP RESULT", f"<pre>{esc(p.result)}</pre>")
    if p.reason:
        look = "item validation" if p.ok is False else "item notice"
        inner += _details(look, "CHECK", f"<pre>{esc(p.reason)}</pre>")
    totals = Totals()
    for s in p.run.steps:
        totals.add_usage({"input_tokens": s.totals.input_tokens, "cost": s.totals.cost})
        totals.output_tokens += s.totals.output_tokens
    return (
        f'<details class="{" ".join(looks)}" id="{ids.of(p)}">'
        f'<summary><span class="num">Plan step {esc(p.step_id)}</span>'
        f'<span class="gist">{esc(_short(p.goal, 200))}</span>'
        f'<span class="flags"><span class="flag {"err" if p.ok is False else "answer"}">'
        f"{esc(state)}</span></span>"
        f'<span class="metrics">{esc(_metrics(totals, p.end - p.start))}</span></summary>'
        f'<div class="body">{inner}</div></details>'
    )


def _item(i: Item) -> str:
    title = esc(i.title)
    if i.meta:
        title += f'<span class="meta">{esc(i.meta)}</span>'
    look = f"item {i.kind}"
    if i.kind == "call":
        args = json.dumps(i.data, ensure_ascii=False, indent=2, default=str)
        return _details(look, title, f"<pre>{esc(args)}</pre>", raw_title=True)
    if i.kind == "plan":
        return _details(look, title, _plan_list(i), raw_title=True)
    if not i.body:
        return f'<div class="{look}"><div class="title">{title}</div></div>'
    folded = i.kind == "observation" and len(i.body) > _OPEN_CHARS
    if folded:
        first = i.body.strip().splitlines()[0] if i.body.strip() else ""
        title += f'<span class="preview">{esc(_short(first, 90))} ({len(i.body):,} chars)</span>'
    return _details(look, title, f"<pre>{esc(i.body)}</pre>", raw_title=True, open_=not folded)


def _plan_list(i: Item) -> str:
    if not isinstance(i.data, list):
        return f"<pre>{esc(i.body)}</pre>"
    rows = []
    for s in i.data:
        after = ", ".join(map(str, s.get("depends_on") or ()))
        extra = f" · after {after}" if after else ""
        if s.get("check"):
            extra += f" · check {s['check']}"
        rows.append(
            f"<li><code>{esc(s.get('id', '?'))}</code> {esc(s.get('goal', ''))}"
            f'<span class="sub">{esc(extra)}</span></li>'
        )
    return f"<ol>{''.join(rows)}</ol>"


def _details(
    look: str, title: str, body: str, *, raw_title: bool = False, open_: bool = True
) -> str:
    shown = title if raw_title else esc(title)
    opened = " open" if open_ else ""
    return f'<details class="{look}"{opened}><summary>{shown}</summary>{body}</details>'


def _metrics(t: Totals, seconds: float) -> str:
    parts = []
    if t.input_tokens or t.output_tokens:
        parts.append(f"{t.input_tokens:,} in · {t.output_tokens:,} out")
    if t.cost is not None:
        parts.append(f"${t.cost:.4f}")
    parts.append(_seconds(max(seconds, t.model_seconds + t.tool_seconds)))
    return " · ".join(parts)


def _seconds(seconds: float) -> str:
    return f"{seconds:.2f} s" if seconds < 10 else f"{seconds:.1f} s"


def _short(text: str, limit: int) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _digest(text: str) -> str:
    return base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")
