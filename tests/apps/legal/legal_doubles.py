"""Test doubles shared by the legal review's tests (a unique module name: pytest puts this
folder on sys.path): a deterministic reader that answers the judge's prompts from their
text, the review's workflow as scripted xml replies, and one model that is both (the
review asks its judge questions of the same model that runs the agent).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from typing import Any

from thinkact.apps.legal.checklist import kinds
from thinkact.apps.legal.judge import SYSTEM, StepwiseJudge
from thinkact.errors import UserError
from thinkact.testing import FunctionModel
from thinkact.types import AssistantMessage, ModelRequest


def xml(reasoning: str, action: str, **arguments: Any) -> str:
    return (
        f"<reasoning>{reasoning}</reasoning>\n<action>{action}</action>\n"
        f"<parameters>{json.dumps(arguments, ensure_ascii=False)}</parameters>"
    )


def final(answer: str) -> str:
    return (
        f"<reasoning>Both reports are written.</reasoning>\n<final_answer>{answer}</final_answer>"
    )


DONE = "Done: both reports are written."
# The workflow the review's instructions ask for, one tool call a reply.
WORKFLOW = [
    xml("List the documents.", "list_files", folder="."),
    xml("Review every document.", "review_document", path="."),
    xml("Write the notices.", "write_notices"),
    xml("Write the summary.", "write_summary"),
    final(DONE),
]


# --- the judge's side ----------------------------------------------------------------------

_COPY = re.compile(
    r"Text:\n(?P<text>.*)\n\nCopy from the text (?P<what>.*?): write only words", re.S
)
_CLAUSE_NUMBER = re.compile(r"(?:^|(?<=\s))\d{1,2}(?:\.\d{1,2})+\.?(?=\s)")
_WITH_NUMBER = re.compile(r"(?:[^.;:,]|(?<=\d)[.,](?=\d))*\d(?:[^.;:,]|(?<=\d)[.,](?=\d))*")
_LAW = re.compile(r"laws? of (?:the )?[A-Z]\w*(?: (?:and |of )?[A-Z]\w*)*")
_SUCH_AS = re.compile(r"\(such as (.*?)\)")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
# What keeps a clause fair: the reader copies the best sentence, and the judge's own test
# (a phrase of `safe_match`, a period within `max_months`) decides.
_SAFE = {n.item.safe for k in kinds().values() for n in k.needs if n.item.safe}
REASON = "The text does not state what a clear clause needs."


def is_judge(request: ModelRequest) -> bool:
    first = request.messages[0]
    return getattr(first, "content", None) == SYSTEM


def prompt_of(request: ModelRequest) -> str:
    """The judge's question (the first user message: a re-ask follows it)."""
    return str(request.messages[1].content)  # type: ignore[union-attr]


def question(request: ModelRequest) -> tuple[str, str]:
    """The text and the `what` of a StepwiseJudge copy prompt."""
    prompt = prompt_of(request)
    m = _COPY.search(prompt)
    assert m is not None, f"not a copy prompt: {prompt[:300]}"
    return m["text"], m["what"]


def reader(request: ModelRequest) -> str:
    """Answers the StepwiseJudge's prompts as a careful small model would, from the best
    (first) sentence shown: the clause, or what keeps it fair, is that sentence; an element
    is the law named after "laws of", else its first phrase with a number in it (clause
    numbers aside), else one of the question's own examples found in it; otherwise NONE.
    A problem's reason is one fixed sentence."""
    if "Say what is wrong with the text" in prompt_of(request):
        return REASON
    text, what = question(request)
    best = _SENTENCE_END.split(text.strip(), maxsplit=1)[0]
    if what.startswith("the words that ") or what in _SAFE:
        return best
    plain = _CLAUSE_NUMBER.sub(" ", best)
    if "law applies" in what:
        found = _LAW.search(plain)
        return found.group() if found else "NONE"
    found = _WITH_NUMBER.search(plain)
    if found:
        return found.group().strip()
    examples = _SUCH_AS.search(what)
    for example in re.split(r",? or |, ", examples.group(1)) if examples else ():
        if example.strip() and example.strip().lower() in plain.lower():
            return example.strip()
    return "NONE"


def stepwise(answer: Callable[[ModelRequest], str] = reader) -> StepwiseJudge:
    return StepwiseJudge(FunctionModel(answer, native_tools=False))


# --- both sides in one model -----------------------------------------------------------------


def turn(request: ModelRequest) -> int:
    """The agent's turn: the replies it has given so far in this history (a resumed run
    sees its whole history again, so it goes on where it stopped)."""
    return sum(isinstance(m, AssistantMessage) for m in request.messages)


def reviewer(
    script: Sequence[str] = WORKFLOW,
    *,
    judge: Callable[[ModelRequest], str] = reader,
    name: str = "reviewer",
) -> FunctionModel:
    """One text model (xml format, StepwiseJudge) for a whole review: the judge's prompts
    go to `judge`, the agent's turns to `script` by turn number. Past the script's end it
    fails as ScriptedModel does."""

    def reply(request: ModelRequest) -> str:
        if is_judge(request):
            return judge(request)
        n = turn(request)
        if n >= len(script):
            raise UserError(f"the script has no reply left: all {len(script)} were used")
        return script[n]

    return FunctionModel(reply, name=name, native_tools=False)


def judge_prompts(model: FunctionModel) -> list[str]:
    return [prompt_of(r) for r in model.requests if is_judge(r)]


# --- documents -------------------------------------------------------------------------------

# Every clause a services agreement needs, each clear: no findings.
CLEAN_CONTRACT = """\
CONSULTING AGREEMENT

This Agreement is made between Alder Consulting Ltd (the "Consultant") and Birch Foods plc
(the "Client").

1. Services
1.1 The Consultant shall advise the Client on supply-chain planning.

2. Fees
2.1 The Client shall pay each invoice within thirty (30) days of receipt.

3. Term and Termination
3.1 Either party may terminate this Agreement on 30 days' written notice.

4. Limitation of Liability
4.1 Each party's total liability shall not exceed the fees paid in the 12 months before the
claim.

5. Indemnity
5.1 Each party shall indemnify the other against third-party claims caused by its breach.

6. Confidentiality
6.1 Each party shall keep the other party's confidential information secret.

7. Intellectual Property
7.1 The Client owns all intellectual property in the deliverables.

8. Warranties
8.1 The Consultant warrants that the services will be performed with reasonable skill and
care.

9. Governing Law
9.1 This Agreement is governed by the laws of England and Wales.
"""

# No termination clause (CRITICAL) and no payment deadline (vague: WARNING).
GAPS_CONTRACT = """\
SERVICES AGREEMENT

This Agreement is made between Elm Digital Ltd (the "Supplier") and Fir Books Ltd (the
"Customer").

1. Services
1.1 The Supplier shall build and host the Customer's online shop.

2. Fees
2.1 The Customer shall pay the Supplier's invoices in a timely manner.

3. Limitation of Liability
3.1 Each party's total liability under this Agreement shall not exceed EUR 10,000.

4. Governing Law
4.1 This Agreement is governed by the laws of Scotland.
"""

# A general contract with no sentence that is a candidate for any of its items: every item
# is missing, decided without asking the model. For scripted models, whose replies would
# otherwise go to the judge's questions. Format with a title word and a house number.
UNJUDGED_LEASE = (
    "LEASE {}\n\nThe Tenant rents the flat at {} Elm Street.\nThe Landlord keeps a spare key.\n"
)
