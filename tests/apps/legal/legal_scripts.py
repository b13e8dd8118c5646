"""Scripted replies shared by the legal review's tests (a unique module name: pytest puts
this folder on sys.path)."""

from __future__ import annotations

import json
from typing import Any


def call(name: str, **arguments: Any) -> dict[str, Any]:
    return {"name": name, "arguments": arguments}


def xml(reasoning: str, action: str, **arguments: Any) -> str:
    return (
        f"<reasoning>{reasoning}</reasoning>\n<action>{action}</action>\n"
        f"<parameters>{json.dumps(arguments, ensure_ascii=False)}</parameters>"
    )


FINDINGS = [
    {"document": "contract_v1.pdf", "severity": "CRITICAL", "clause": "Term and termination",
     "problem": "No termination clause.",
     "recommendation": "Add termination on 30 days' notice and for material breach."},
    {"document": "contract_v1.pdf", "severity": "WARNING", "clause": "Payment terms",
     "problem": "No payment deadline.", "recommendation": "Require payment within 30 days."},
    {"document": "terms_of_service.docx", "severity": "WARNING", "clause": "Refund policy",
     "problem": "Refunds are discretionary.",
     "recommendation": "State refund conditions and a 14-day window."},
    {"document": "privacy_policy.txt", "severity": "CRITICAL", "clause": "DPO contact",
     "problem": "No DPO or privacy contact.",
     "recommendation": "Name a DPO with an email address."},
    {"document": "privacy_policy.txt", "severity": "WARNING", "clause": "Data retention",
     "recommendation": "Give retention periods per category."},  # problem: the checker's
    {"document": "privacy_policy.txt", "severity": "WARNING", "clause": "Lawful basis",
     "recommendation": "State the Art. 6 basis for each purpose."},
    {"document": "privacy_policy.txt", "severity": "WARNING",
     "clause": "International transfers",
     "recommendation": "Name the safeguard: adequacy or standard contractual clauses."},
]  # fmt: skip


def structured_trace(status: str = "CRITICAL ISSUES") -> list[str]:
    """The small-model workflow: 7 turns; the tools mark the steps."""
    return [
        xml("List the documents.", "list_files", folder="."),
        xml("Check the contract.", "check_clauses", path="contract_v1.pdf"),
        xml("Next.", "check_clauses", path="terms_of_service.docx"),
        xml("Next.", "check_clauses", path="privacy_policy.txt"),
        xml("Write the notices.", "write_notices", findings=FINDINGS),
        xml("Two CRITICAL findings.", "write_summary", status=status),
        "<reasoning>All done.</reasoning>\n<final_answer>❌ CRITICAL ISSUES: 8 findings."
        "</final_answer>",
    ]
