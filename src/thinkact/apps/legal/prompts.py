"""What the review agent is told. Short on purpose: on the embedded model every token of the
system prompt costs time on each of the 2 cores, and a small model follows short numbered
steps better than long prose. The judging itself happens inside `review_document`."""

from __future__ import annotations

from thinkact.demos import Example, ExampleStep

NOTICES = "LEGAL_NOTICES.md"
SUMMARY = "REVIEW_SUMMARY.md"
STEPS = ("Scan folder", "Review documents", f"Write {NOTICES}", f"Write {SUMMARY}")

INSTRUCTIONS = """\
You are a careful legal reviewer. One tool call per reply, in this order:
1. list_files with folder ".".
2. review_document with path "." (it reviews every document against the checklist of its \
kind and records the findings).
3. write_notices (no arguments).
4. write_summary (no arguments).
5. Then stop calling tools: give the final answer, one sentence with the status and the \
number of findings.
The tools record progress and choose the severities. Keep <reasoning> to one short \
sentence."""

EXTRA_FINDINGS = """
Between steps 2 and 4 you may read a document with read_file and add a finding the \
checklist missed with add_finding (a vague or risky term, with its exact quote)."""


# The review as a worked example, on made-up documents. Without one, small models copy the
# format's generic example. Tool arguments "." are the real ones; file names are invented.
EXAMPLE = Example(
    f"Review the legal documents in the workspace and write {NOTICES} and {SUMMARY}.",
    (
        ExampleStep(
            "First, the documents in the folder.",
            "list_files",
            {"folder": "."},
            "2 documents in '.':\n- lease.pdf (4.1 KB, 2 pages)\n- nda.txt (2.0 KB)",
        ),
        ExampleStep(
            "Next, review every document at once.",
            "review_document",
            {"path": "."},
            "lease.pdf: General contract; 8 clauses checked, 1 findings: CRITICAL Term and "
            "termination (missing).\nnda.txt: Non-disclosure agreement; 6 clauses checked, no "
            "findings.\nAll 2 documents reviewed (1 CRITICAL, 0 WARNING, 0 INFO). Next: "
            "write_notices.",
        ),
        ExampleStep(
            "Now the notices.",
            "write_notices",
            {},
            f"Wrote 1,204 bytes to {NOTICES}: 1 CRITICAL, 0 WARNING, 0 INFO. Next: write_summary.",
        ),
        ExampleStep(
            "Now the summary.",
            "write_summary",
            {},
            f"Wrote 512 bytes to {SUMMARY}: ❌ CRITICAL ISSUES. Both reports are done: do not "
            "call any tool; answer with the status and the number of findings (❌ CRITICAL "
            "ISSUES, 1 findings: 1 CRITICAL, 0 WARNING, 0 INFO).",
        ),
        ExampleStep(
            "Both reports are written.", answer="❌ CRITICAL ISSUES: 1 finding (1 CRITICAL)."
        ),
    ),
)


def review_task(plan: str | None = None) -> str:
    # No folder name: the folder is the workspace root, and a small model told the name
    # calls list_files("legal_docs"), which does not exist inside the root.
    task = f"Review the legal documents in the workspace and write {NOTICES} and {SUMMARY}."
    if plan:
        task += f"\n\nFollow this approved plan:\n<plan>\n{plan.strip()}\n</plan>"
    return task
