"""What the review agent is told. Short on purpose: on the embedded model every token of the
system prompt costs time on each of the 2 cores, and a 1.5B model follows short numbered
steps better than long prose."""

from __future__ import annotations

from thinkact.apps.legal.reports import NOTICES, SUMMARY
from thinkact.demos import Example, ExampleStep

STEPS = ("Scan folder", "Review documents", f"Write {NOTICES}", f"Write {SUMMARY}")

_SEVERITY = (
    "Severity: CRITICAL = a missing clause or a legal gap that must be fixed before "
    "signing or publishing (e.g. no termination right, no DPO contact); WARNING = a vague "
    "or incomplete clause (e.g. payment without a deadline, discretionary refunds); "
    "INFO = minor."
)
_STATUS = (
    'Overall status: "CRITICAL ISSUES" if any finding is CRITICAL, else "REQUIRES ATTENTION" '
    'if any is WARNING, else "APPROVED".'
)

STRUCTURED = f"""\
You are a careful legal reviewer. One tool call per reply, in this order:
1. list_files with folder ".".
2. check_clauses with path "." (it checks every document).
3. write_notices with one finding for each clause that check_clauses reported MISSING or \
VAGUE, in all documents (none for PRESENT clauses). Each finding: document, severity, \
clause, and a recommendation: one short sentence saying what to add or change (no quotes: \
the tool adds them).
4. write_summary with the overall status.
5. Then stop calling tools: give the final answer, one sentence with the status and the \
number of findings.
{_SEVERITY}
{_STATUS}
The tools record progress. Keep <reasoning> to one short sentence."""

MARKDOWN = f"""\
You are a careful legal reviewer. Work through these steps in order:
1. Scan the folder with list_files, then mark_step_complete("{STEPS[0]}").
2. Review each document: read it with read_file and run check_clauses on it (a \
deterministic checker; confirm its findings against the text). Then \
mark_step_complete("{STEPS[1]}").
3. Write {NOTICES} with write_file: a "## <file name>" section per document. For each \
finding a "### <SEVERITY>: <clause>" heading, then the problem (the clause or its \
absence), a short quote with its location (page or section) where there is text to quote, \
and a specific recommendation. Write the labels CRITICAL, WARNING and INFO in capitals only \
for findings. Then mark_step_complete("{STEPS[2]}").
4. Write {SUMMARY} with write_file: a line "**Overall status: <status>**" with exactly one \
of ✅ APPROVED, ⚠️ REQUIRES ATTENTION, ❌ CRITICAL ISSUES; a table of counts by severity; \
the documents reviewed; the top 3 recommendations. Then mark_step_complete("{STEPS[3]}").
5. Finish with a short final answer: the status and the counts.
{_SEVERITY}
{_STATUS}"""


# The structured review as a worked example, on made-up documents. Without one, the
# embedded model copied the format's generic example and checked one document a turn
# (7 turns instead of 5). Tool arguments "." are the real ones; file names are invented.
STRUCTURED_EXAMPLE = Example(
    f"Review the legal documents in the workspace and write {NOTICES} and {SUMMARY}.",
    (
        ExampleStep(
            "First, the documents in the folder.",
            "list_files",
            {"folder": "."},
            "2 documents in '.':\n- lease.pdf (4.1 KB, 2 pages)\n- nda.txt (2.0 KB)",
        ),
        ExampleStep(
            "Next, check the clauses of every document at once.",
            "check_clauses",
            {"path": "."},
            "All 2 documents checked. Problems to report with write_notices: lease.pdf: "
            "Term and termination (MISSING); nda.txt: Governing law and venue (VAGUE).",
        ),
        ExampleStep(
            "One finding for each MISSING or VAGUE clause.",
            "write_notices",
            {
                "findings": [
                    {
                        "document": "lease.pdf",
                        "severity": "CRITICAL",
                        "clause": "Term and termination",
                        "recommendation": "Add a termination right with a notice period.",
                    },
                    {
                        "document": "nda.txt",
                        "severity": "WARNING",
                        "clause": "Governing law and venue",
                        "recommendation": "Name the governing law and the courts.",
                    },
                ]
            },
            f"Wrote 1,204 bytes to {NOTICES}: 1 CRITICAL, 1 WARNING, 0 INFO.",
        ),
        ExampleStep(
            "A finding is CRITICAL, so the status is CRITICAL ISSUES.",
            "write_summary",
            {"status": "CRITICAL ISSUES"},
            f"Wrote 512 bytes to {SUMMARY}: ❌ CRITICAL ISSUES.",
        ),
        ExampleStep(
            "Both reports are written.",
            answer="❌ CRITICAL ISSUES: 2 findings (1 CRITICAL, 1 WARNING).",
        ),
    ),
)


# The PEV review's steps as worked examples, on made-up documents: a step is shown the one
# that calls its tools. Without them the embedded model, in a document step, reported "no
# missing clauses" after check_clauses had listed one, and a re-planned step answered "..."
# (the generic example's placeholder).
# The VAGUE clause comes first: with the MISSING one first, the model called the first
# problem of every document CRITICAL. Each finding names its document, because the notices
# step sees the findings under step ids ("[doc1]"), not file names.
_LEASE = (
    "lease.pdf (contract, 2 pages): 6 clauses checked, 4 present, 1 vague, 1 missing.\n"
    '- Payment terms: VAGUE. No concrete deadline. Quote: "Rent is paid from time to time." '
    "(page 1, clause 2)\n"
    "- Term and termination: MISSING. No termination clause: no right to terminate or notice "
    'period. Quote: "This lease runs for as long as the tenant occupies the unit." (page 1, '
    "clause 3)\n"
    "- Limitation of liability: PRESENT (page 2, clause 7)."
)
_LEASE_FINDINGS = (
    '- lease.pdf, WARNING: Payment terms (VAGUE). Quote: "Rent is paid from time to time." '
    "(page 1, clause 2). Recommendation: set a deadline, e.g. 30 days from the invoice.\n"
    '- lease.pdf, CRITICAL: Term and termination (MISSING). Quote: "This lease runs for as '
    'long as the tenant occupies the unit." (page 1, clause 3). Recommendation: add a '
    "termination right with a notice period."
)
PEV_STEP_EXAMPLES = (
    Example(
        'Your step (doc1): Review lease.pdf only: call check_clauses with path "lease.pdf", '
        "then give as your final answer each problem.",
        (
            ExampleStep(
                "I check the clauses of lease.pdf.", "check_clauses", {"path": "lease.pdf"}, _LEASE
            ),
            ExampleStep(
                "VAGUE means WARNING and MISSING means CRITICAL: Payment terms is VAGUE, so "
                "WARNING; Term and termination is MISSING, so CRITICAL.",
                answer=_LEASE_FINDINGS,
            ),
        ),
    ),
    Example(
        f"Your step (notices): Write {NOTICES} with write_notices: every finding of the "
        f"review steps.\n\nResults of the steps it builds on:\n[doc1] {_LEASE_FINDINGS}",
        (
            ExampleStep(
                "Each finding in the results above becomes one notice, with the document, "
                "severity and clause it names.",
                "write_notices",
                {
                    "findings": [
                        {
                            "document": "lease.pdf",
                            "severity": "WARNING",
                            "clause": "Payment terms",
                            "recommendation": "Set a deadline, e.g. 30 days from the invoice.",
                        },
                        {
                            "document": "lease.pdf",
                            "severity": "CRITICAL",
                            "clause": "Term and termination",
                            "recommendation": "Add a termination right with a notice period.",
                        },
                    ]
                },
                f"Wrote 1,010 bytes to {NOTICES}: 1 CRITICAL, 1 WARNING, 0 INFO.",
            ),
            ExampleStep(f"{NOTICES} is written.", answer="2 findings: 1 CRITICAL, 1 WARNING."),
        ),
    ),
    Example(
        f"Your step (summary): Write {SUMMARY} with write_summary. Answer with the status."
        "\n\nResults of the steps it builds on:\n[notices] 2 findings: 1 CRITICAL, 1 WARNING.",
        (
            ExampleStep(
                "A finding is CRITICAL, so the status is CRITICAL ISSUES.",
                "write_summary",
                {"status": "CRITICAL ISSUES"},
                f"Wrote 512 bytes to {SUMMARY}: ❌ CRITICAL ISSUES.",
            ),
            ExampleStep(f"{SUMMARY} is written.", answer="CRITICAL ISSUES"),
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
