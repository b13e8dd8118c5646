"""The HTML trace's stylesheet and script, inlined in every page (no network, no CDN).

The script is static: run text never goes into it, only into escaped HTML, and the page's
Content-Security-Policy lets no other script run (see html.py).
"""

CSS = """
:root { --fg:#1f2328; --muted:#59636e; --line:#d1d9e0; --bg:#f6f8fa; --card:#fff;
  --blue:#0969da; --blue-bg:#ddf4ff; --green:#1a7f37; --green-bg:#dafbe1; --red:#cf222e;
  --red-bg:#ffebe9; --orange:#bc4c00; --orange-bg:#fff1e5; --yellow:#9a6700;
  --yellow-bg:#fff8c5; --purple:#8250df; --purple-bg:#fbefff; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: var(--fg); background: var(--bg); }
header.run, nav.toolbar, section.overview, main, footer { max-width: 1100px; margin: 0 auto;
  padding: 0 20px; }
header.run { padding-top: 20px; }
h1 { font-size: 20px; margin: 0 0 6px; display: flex; gap: 10px; align-items: center; }
h1 code { font-size: 16px; }
.status { font-size: 12px; font-weight: 600; padding: 2px 8px; border-radius: 999px;
  text-transform: uppercase; letter-spacing: .03em; }
.status.done { background: var(--green-bg); color: var(--green); }
.status.stopped, .status.running { background: var(--yellow-bg); color: var(--yellow); }
.status.failed, .status.killed, .status.interrupted { background: var(--red-bg);
  color: var(--red); }
.task { font-size: 16px; margin: 4px 0 10px; white-space: pre-wrap; overflow-wrap: anywhere; }
dl.facts { display: flex; flex-wrap: wrap; gap: 4px 22px; margin: 0 0 10px; color: var(--muted); }
dl.facts div { display: flex; gap: 6px; }
dl.facts dt { font-weight: 600; }
dl.facts dd { margin: 0; color: var(--fg); }
nav.toolbar { position: sticky; top: 0; z-index: 2; display: flex; gap: 10px; align-items: center;
  padding-top: 10px; padding-bottom: 10px; background: var(--bg);
  border-bottom: 1px solid var(--line); }
nav.toolbar input[type=search] { flex: 1; min-width: 160px; padding: 6px 10px; font: inherit;
  border: 1px solid var(--line); border-radius: 6px; background: var(--card); }
nav.toolbar button { font: inherit; padding: 5px 10px; border: 1px solid var(--line);
  border-radius: 6px; background: var(--card); cursor: pointer; }
nav.toolbar label { color: var(--muted); white-space: nowrap; }
#count { color: var(--muted); white-space: nowrap; font-variant-numeric: tabular-nums; }
section.overview { margin: 12px auto 4px; }
.lanes { background: var(--card); border: 1px solid var(--line); border-radius: 6px;
  padding: 6px 8px; }
.lane { position: relative; height: 22px; margin: 3px 0; }
.bar { position: absolute; top: 0; height: 22px; min-width: 4px; border-radius: 4px;
  background: var(--blue); color: #fff; font-size: 11px; line-height: 22px; text-align: center;
  overflow: hidden; text-decoration: none; opacity: .85; }
.bar:hover { opacity: 1; outline: 2px solid var(--fg); }
.bar.err { background: var(--red); } .bar.invalid { background: var(--orange); }
.bar.answer { background: var(--green); } .bar.plan { background: var(--purple); }
.bar.hidden-by-search { opacity: .15; }
.axis { display: flex; justify-content: space-between; color: var(--muted); font-size: 12px; }
main { padding-top: 8px; padding-bottom: 30px; }
.step { background: var(--card); border: 1px solid var(--line); border-left: 4px solid var(--blue);
  border-radius: 6px; margin: 8px 0; }
.step.has-error { border-left-color: var(--red); }
.step.has-invalid { border-left-color: var(--orange); }
.step.has-answer { border-left-color: var(--green); }
.step.plan-step { border-left-color: var(--purple); }
.step.plan-step.failed { border-left-color: var(--red); }
.step > summary { display: flex; gap: 10px; align-items: center; padding: 8px 12px;
  cursor: pointer; list-style: none; }
.step > summary::-webkit-details-marker { display: none; }
.step > summary::before { content: "▸"; color: var(--muted); width: 10px; }
.step[open] > summary::before { content: "▾"; }
.num { font-weight: 600; white-space: nowrap; }
.gist { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap;
  color: var(--muted); }
.chips, .flags { display: flex; gap: 4px; flex-wrap: nowrap; }
.chip, .flag { font-size: 12px; padding: 1px 7px; border-radius: 999px; white-space: nowrap; }
.chip { background: var(--blue-bg); color: var(--blue); font-family: ui-monospace, monospace; }
.flag.err { background: var(--red-bg); color: var(--red); font-weight: 600; }
.flag.invalid { background: var(--orange-bg); color: var(--orange); font-weight: 600; }
.flag.answer { background: var(--green-bg); color: var(--green); font-weight: 600; }
.flag.trim { background: var(--purple-bg); color: var(--purple); }
.metrics { color: var(--muted); font-size: 12px; white-space: nowrap;
  font-variant-numeric: tabular-nums; }
.step > .body { padding: 0 12px 10px 26px; }
.item { border-radius: 6px; margin: 6px 0; border: 1px solid var(--line); background: var(--card); }
.item > summary, .item > .title { padding: 4px 10px; font-size: 12px; font-weight: 600;
  letter-spacing: .02em; color: var(--muted); cursor: pointer; }
.item > .title { cursor: default; }
.item .meta { font-weight: 400; margin-left: 6px; }
.item .preview { font-weight: 400; margin-left: 8px; color: var(--muted); }
.item pre { margin: 0; padding: 6px 10px 8px; white-space: pre-wrap; overflow-wrap: anywhere;
  max-height: 32em; overflow: auto; font: 12.5px/1.45 ui-monospace, SFMono-Regular, Menlo,
  Consolas, monospace; }
.item.thought { background: #fcfcfd; }
.item.call { border-color: #b6e3ff; background: var(--blue-bg); }
.item.call > summary { color: var(--blue); }
.item.observation > summary { color: var(--green); }
.item.tool_error, .item.format_error, .item.reply { border-color: #ffcecb;
  background: var(--red-bg); }
.item.tool_error > summary, .item.format_error > summary, .item.reply > summary {
  color: var(--red); }
.item.validation { border-color: #ffd8b5; background: var(--orange-bg); }
.item.validation > summary { color: var(--orange); }
.item.notice, .item.retry, .item.denied { border-color: #f5e0a0; background: var(--yellow-bg); }
.item.notice > summary, .item.retry > summary, .item.denied > summary { color: var(--yellow); }
.item.trim, .item.progress, .item.resumed { border-style: dashed; background: var(--purple-bg); }
.item.trim > .title, .item.progress > .title, .item.resumed > summary { color: var(--purple); }
.item.answer { border-color: #aceebb; background: var(--green-bg); }
.item.answer > summary { color: var(--green); }
.item.turned_down { border-color: #ffd8b5; border-style: dashed; }
.item.turned_down > summary { color: var(--orange); }
.item.plan ol { margin: 0; padding: 4px 10px 8px 34px; }
.item.plan li { margin: 2px 0; }
.item.plan code { color: var(--purple); }
.sub { color: var(--muted); font-size: 12px; }
.result { background: var(--card); border: 1px solid var(--line); border-radius: 6px;
  padding: 10px 14px; margin: 14px 0; border-left: 4px solid var(--yellow); }
.result.ok { border-left-color: var(--green); }
.result h2 { font-size: 15px; margin: 0 0 6px; }
.result pre { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0 0 6px;
  font: 13px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
mark.hit { background: #ffd33d; color: inherit; border-radius: 2px; padding: 0 1px; }
mark.hit.current { background: #ff9f1c; outline: 2px solid #bf5600; }
.hidden { display: none !important; }
footer { color: var(--muted); font-size: 12px; padding-bottom: 24px; }
"""

JS = """
(() => {
  "use strict";
  const search = document.getElementById("search");
  const count = document.getElementById("count");
  const errorsOnly = document.getElementById("errors-only");
  const timeline = document.getElementById("timeline");
  const steps = Array.from(timeline.querySelectorAll(".step"));
  const top = steps.filter((s) => s.parentElement === timeline);
  let hits = [];
  let current = -1;

  function unmark() {
    for (const m of timeline.querySelectorAll("mark.hit")) {
      m.replaceWith(document.createTextNode(m.textContent));
    }
    timeline.normalize();
  }

  function mark(root, needle) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const nodes = [];
    while (walker.nextNode()) nodes.push(walker.currentNode);
    for (const node of nodes) {
      const text = node.nodeValue;
      const lower = text.toLowerCase();
      let i = lower.indexOf(needle);
      if (i < 0) continue;
      const parts = document.createDocumentFragment();
      let last = 0;
      while (i >= 0) {
        parts.append(text.slice(last, i));
        const m = document.createElement("mark");
        m.className = "hit";
        m.textContent = text.slice(i, i + needle.length);
        parts.append(m);
        last = i + needle.length;
        i = lower.indexOf(needle, last);
      }
      parts.append(text.slice(last));
      node.replaceWith(parts);
    }
  }

  function apply() {
    const needle = search.value.trim().toLowerCase();
    unmark();
    hits = [];
    current = -1;
    for (const step of steps) {
      const bad = step.classList.contains("has-error") || step.classList.contains("has-invalid");
      const text = step.textContent.toLowerCase();
      const show = (!needle || text.includes(needle)) && (!errorsOnly.checked || bad);
      step.classList.toggle("hidden", !show);
      const bar = document.querySelector('.bar[href="#' + step.id + '"]');
      if (bar) bar.classList.toggle("hidden-by-search", !show);
    }
    if (needle) {
      for (const step of top) {
        if (!step.classList.contains("hidden")) mark(step, needle);
      }
      hits = Array.from(timeline.querySelectorAll("mark.hit"));
      for (const m of hits) {
        for (let el = m.parentElement; el && el !== timeline; el = el.parentElement) {
          if (el.tagName === "DETAILS") el.open = true;
        }
      }
    }
    const shown = top.filter((s) => !s.classList.contains("hidden")).length;
    count.textContent = needle || errorsOnly.checked
      ? shown + " of " + top.length + " steps" +
        (needle ? ", " + hits.length + (hits.length === 1 ? " match" : " matches") : "")
      : top.length + " steps";
  }

  function next(back) {
    if (!hits.length) return;
    if (current >= 0) hits[current].classList.remove("current");
    current = (current + (back ? hits.length - 1 : 1)) % hits.length;
    hits[current].classList.add("current");
    hits[current].scrollIntoView({ block: "center" });
  }

  function openTarget() {
    const id = decodeURIComponent(location.hash.slice(1));
    const el = id && document.getElementById(id);
    if (el && el.tagName === "DETAILS") {
      for (let p = el; p; p = p.parentElement) if (p.tagName === "DETAILS") p.open = true;
      el.scrollIntoView({ block: "start" });
    }
  }

  search.addEventListener("input", apply);
  search.addEventListener("keydown", (e) => {
    if (e.key === "Enter") { e.preventDefault(); next(e.shiftKey); }
    if (e.key === "Escape") { search.value = ""; apply(); }
  });
  errorsOnly.addEventListener("change", apply);
  document.getElementById("expand").addEventListener("click", () => {
    for (const d of timeline.querySelectorAll("details")) d.open = true;
  });
  document.getElementById("collapse").addEventListener("click", () => {
    for (const d of timeline.querySelectorAll("details.step")) d.open = false;
  });
  document.addEventListener("keydown", (e) => {
    if (e.key === "/" && document.activeElement !== search) { e.preventDefault(); search.focus(); }
  });
  window.addEventListener("hashchange", openTarget);
  openTarget();
  apply();
})();
"""
