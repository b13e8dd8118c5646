"""What the text of a clause says, read without a model: whether it states its key element
or leaves it open, and whether it states, or denies, what keeps it fair. The small-model
judge (`judge.StepwiseJudge`) decides from this first and asks the model only when the text
shows neither.

The clause is the item's candidates under its headings, when one of them has its words
(`clause`): evidence from elsewhere in the document says nothing of the clause itself.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import Literal

from thinkact.apps.legal.checklist import Item, all_items
from thinkact.apps.legal.evidence import (
    Candidate,
    Sentence,
    candidate,
    hits,
    normalise,
    phrase,
    run_in_label,
    titled,
)
from thinkact.apps.legal.exits import (
    CLAUSE_NUMBER,
    ENDS_WHOLE,
    ONE_SIDED_EXIT,
    one_sided_exit,
    other_bound_to_notice,
    uneven_notice,
)
from thinkact.apps.legal.in_context import (
    CAP_BELOW_FEES,
    SELLS_WORK,
    TAKES_SUPPLIED,
    WORK_KEPT,
    cap_below_fees,
    sells_the_work,
    takes_supplied,
    work_kept,
)
from thinkact.apps.legal.periods import months_in
from thinkact.apps.legal.values import NEGATED, VALUES, open_deadline, states, without


def stated(
    candidates: Sequence[Candidate],
    item: Item,
    searched: Sequence[Candidate] = (),
    among: frozenset[str] = frozenset(),
) -> tuple[Literal["present", "vague", ""], Candidate | None]:
    """What the candidate sentences show of the item's key element: a sentence that leaves
    it open (its `vague_match` wording and no `concrete_match`, nor a sentence beside it in
    its paragraph that states the element), among the candidates and the clause's other
    searched sentences (the open payment term of a 30-page agreement is rarely among its
    five likeliest sentences), makes the clause vague; a sentence of the clause itself
    (`clause`, among those read) with a `concrete_match` makes it clear (in a passing
    mention, a value, or a phrase beside the item's word). Open wording in a sentence that
    only stands under the heading does not outweigh a sentence of the same section, plainly
    the clause, that states it ("Additional services are to be agreed" beside "pay each
    invoice within 30 days")."""
    if not item.concrete and not item.vague_match:
        return "", None
    read = _with_clause(candidates, searched)
    # and any sentence with two of its words outside other items' clauses: plainly on the
    # item wherever it stands (the settlement terms of a schedule of rates)
    read += [c for c in searched if c.hits >= 2 and c not in read and not in_other_clause(c, item)]
    whatever = [p for p in item.vague_match if p in WHATEVER_STATED]
    # and an amount one side decides, in a sentence with one of the item's words outside other
    # items' clauses ("offer whatever remedy we think fair" under "If something is wrong")
    read += [
        c
        for c in searched
        if ONE_SIDE_DECIDES in item.vague_match
        and c.hits
        and c not in read
        and states(c.sentence.text, [ONE_SIDE_DECIDES])
        and not in_other_clause(c, item)
    ]
    clear = _clear(read, item, among)
    for c in read:
        text = c.sentence.text
        # a price left open stays open whatever due date is stated beside it
        if (
            whatever
            and states(text, whatever, item.not_words)
            and (c.hits or not _claimed(c, item, among))
        ):
            return "vague", c
        if clear is not None and _outweighs(clear, c, item):
            continue
        if not c.hits and _claimed(c, item, among):
            continue
        if not states(text, item.vague_match, item.not_words):
            continue
        if (
            # a value inside the open wording is part of it ("at such time after the end
            # ... as X considers practicable")
            (
                ("{open_time}" in item.vague_match and open_deadline(text))
                or not states(
                    without(_before_examples(text, item), item.vague_match, item.not_words),
                    item.concrete_match,
                )
            )
            and not _stated_beside(c.sentence, item)
            and not _listed_after(c, read, item)
        ):
            return "vague", c
    return ("present", clear) if clear is not None else ("", None)


# Open wording no value stated beside it settles: what must be paid, what is granted,
# promised or refunded, or how and when something is done, left to later agreement or to
# one side's judgement, data passed on wherever it is useful or to anyone one side deals with,
# or a stated period stretched by an open one.
ONE_SIDE_DECIDES = "{open_amount}"
WHATEVER_STATED = (
    "{open_price}", "{open_scope}", "{open_amount}", "{held_as_agreed}", "{as_useful}",
    "{and_others}", "{open_extension}",
)  # fmt: skip


# Examples of a set one side chooses ("other organisations where we consider this
# appropriate, including partners"; "respond in a way we think is reasonable, which may mean
# a replacement, a credit or some money back") name some of its members, not its bounds.
_EXAMPLES = re.compile(
    r"(?<![a-z])(?:including|such as|for example|for instance|e\.g\.|which (?:may|might|could)"
    r" (?:mean|include|be))(?![a-z])"
)


def _before_examples(text: str, item: Item) -> str:
    """The sentence up to the examples that follow wording leaving it to one side's choice,
    if they do."""
    if "{discretion}" not in item.vague_match:
        return text
    plain = normalise(text)
    low = plain.lower()
    chosen = VALUES["{discretion}"].search(low)
    cut = _EXAMPLES.search(low, chosen.start()) if chosen else None
    return plain[: cut.start()] if cut else text


def _outweighs(clear: Candidate, c: Candidate, item: Item) -> bool:
    """Whether the clause's clear sentence outweighs open wording in `c`: one that only
    stands under the heading, in the same section, or a passing mention in another item's
    clause ("when this Agreement is terminated, the Recipient returns all materials within a
    reasonable time" under "Return of Materials" says nothing of how the agreement ends)."""
    if not clear.plain:
        return False
    section = clear.sentence.passage.section
    if not c.hits:
        return bool(clear.hits and section and section == c.sentence.passage.section)
    return not c.plain and in_other_clause(c, item)


def _claimed(c: Candidate, item: Item, among: frozenset[str] = frozenset()) -> bool:
    """Whether a sentence without the item's words, under a heading two items share, has the
    other item's words: it is that item's ("Duration": the undertakings "continue to bind"
    after the talks end say how long confidentiality lasts, not how the letter ends). Only
    items `among` the kind's (all when empty) claim one: an NDA's "duties" are no job's."""
    section = c.sentence.passage.section
    return any(
        other.id != item.id
        and (not among or other.id in among)
        and hits(c.sentence.text, other.words, other.not_words)
        and titled(section, other.headings, other.not_words)
        for other in all_items()
    )


def own_section(
    candidates: Sequence[Candidate], item: Item, among: frozenset[str] = frozenset()
) -> bool:
    """Whether sentences of one section headed by the item's own heading ("Sauna rules",
    then the rules as a list) are its clause though none has its words: two or more, and
    none another item's under a heading they share."""
    sections = Counter(
        c.sentence.passage.section for c in candidates if c.score > c.hits and not c.hits
    )
    for section, n in sections.items():
        if n < 2 or not section:
            continue
        mine = [c for c in candidates if c.sentence.passage.section == section]
        if not any(_claimed(c, item, among) for c in mine):
            return True
    return False


def in_other_clause(c: Candidate, item: Item) -> bool:
    """Whether a sentence stands under another item's heading."""
    titles = (c.sentence.passage.section, run_in_label(c.sentence.passage.text))
    return any(
        titled(t, other.headings, other.not_words)
        for other in all_items()
        if other.id != item.id
        for t in titles
    )


def _clear(
    read: Sequence[Candidate], item: Item, among: frozenset[str] = frozenset()
) -> Candidate | None:
    """The sentence of the clause that states the item's element, if one does. Where no
    sentence under the item's headings has its words, not one another item claims under a
    heading they share ("30 days before your membership expires ... renew" under "Renewal
    and cancellation" says nothing of refunds, whatever a fee clause elsewhere says)."""
    values = [p for p in item.concrete_match if p.startswith("{")]
    stating = (*item.concrete_match, *item.frame_match)
    phrases = [p for p in stating if p not in values]
    own = clause(read)  # each has the item's words or stands under its heading
    worded = any(c.hits and c.score > c.hits for c in own)  # (the score counts the heading)
    claimed = set() if worded else {c for c in own if not c.hits and _claimed(c, item, among)}
    for c in own:
        if c in claimed:
            continue
        # A value in a sentence that goes on from sentences of its paragraph another item
        # claims is theirs ("Skis in our care may be collected within 30 days" after the ways
        # to cancel says nothing of refunds); the item's own phrases still count.
        before = [
            o
            for o in own
            if o.sentence.passage is c.sentence.passage and o.sentence.index < c.sentence.index
        ]
        carried_on = not c.hits and before and all(o in claimed for o in before)
        text = c.sentence.text
        if (not carried_on and states(text, values, item.not_words)) or states(
            text if c.plain else _without(text, item.words),
            phrases if carried_on else stating,
            item.not_words,
        ):
            return c
    return None


def _without(text: str, words: Sequence[str]) -> str:
    """The text without the item's words: in a passing mention the one word that made it a
    candidate ("shall not exceed the estimated budget") does not also state the element."""
    low = normalise(text).lower()
    for w in words:
        low = phrase(w).sub(" ", low)
    return low


def _with_clause(
    candidates: Sequence[Candidate], searched: Sequence[Candidate], own_words: bool = False
) -> list[Candidate]:
    """The candidates, then the clause's further searched sentences (`_headed`); with
    `own_words`, only those of them that have the item's words, or that stand in a list a
    sentence with them opens ("We share your information with:")."""
    openers = [c for c in searched if c.hits and c.sentence.text.rstrip().endswith(":")]

    def own(c: Candidate) -> bool:
        return bool(c.hits) or any(
            o.sentence.passage.section == c.sentence.passage.section
            and o.sentence.index < c.sentence.index
            for o in openers
        )

    more = (c for c in _headed(searched) if (not own_words or own(c)) and c not in candidates)
    return [*candidates, *more]


def _headed(searched: Sequence[Candidate]) -> list[Candidate]:
    """The searched sentences under the item's headings, if one of them has its words:
    beyond the five likeliest, only the clause itself is read (an insurance schedule's
    "$5,000,000 ... contractual liability" is no liability cap)."""
    headed = [c for c in searched if c.score > c.hits]
    return headed if any(c.hits for c in headed) else []


def clause(candidates: Sequence[Candidate]) -> list[Candidate]:
    """The candidates that stand under the item's headings, if one of them has its words:
    the clause itself (a heading alone, "Cancellation" for refunds, is too weak). A
    period or a sum stated elsewhere (a late-payment deadline under "Interest") says
    nothing of whether the clause under "Payment" is clear."""
    return _headed(candidates) or list(candidates)


# A period that looks back ("any customer you dealt with in the last 24 months", "the
# 18 months before you leave") is not how long a restriction lasts.
_LOOKBACK = re.compile(
    r"\b(?:last|past|previous|preceding|final)\s+[^,.;]{0,25}?\b(?:year|month|week)s?\b"
    r"|[^,.;\s]+\s+(?:\(\d+\)\s+)?(?:year|month|week)s?\s+(?:before|preceding|prior to)\b",
    re.IGNORECASE,
)


def _within(own: Sequence[Candidate], max_months: int, item: Item) -> tuple[bool, Candidate | None]:
    """A sentence of the clause, with the item's words, that states a period longer than
    `max_months` makes it risky ("for thirty (30) months after it ends"); when such
    sentences state periods and all are within it, the clause is fair."""
    said = False
    for c in own:
        # a paragraph under the clause's heading, or labelled with its name, is the clause,
        # with or without its words ("3.5 Restriction on competing. For 24 months after ...")
        label = run_in_label(c.sentence.passage.text)
        if not c.hits and c.score <= c.hits and not titled(label, item.headings, item.not_words):
            continue
        periods = months_in(_LOOKBACK.sub(" ", c.sentence.text))
        if any(p > max_months for p in periods):
            return False, c
        said = said or bool(periods)
    return said, None


def _listed_after(c: Candidate, read: Sequence[Candidate], item: Item) -> bool:
    """Whether a sentence that opens a list ("and in any case no longer than:"), or whose
    paragraph goes on to open one ("... for the purposes described. The periods for each
    category are in Schedule 1. In summary:"), has the element stated by the items that
    follow it in its section ("call recordings: 60 days")."""
    if not c.sentence.text.rstrip().endswith(":") and not (
        c.sentence.passage.text.rstrip().endswith(":")
    ):
        return False
    section = c.sentence.passage.section
    return any(
        o.sentence.index > c.sentence.index
        and o.sentence.passage.section == section
        and states(o.sentence.text, item.concrete_match, item.not_words)
        for o in read
    )


def _stated_beside(sentence: Sentence, item: Item) -> bool:
    """Whether another sentence of the same paragraph, on the item, states its element ("as
    long as necessary. In general, not more than 25 months"), of the same party: when the
    Provider invoices "annually in advance", the Customer who pays "in the ordinary course
    of its accounts payable cycle" still has no due date."""
    actor = _actor(sentence.text)
    paying = bool(_PAYING.search(sentence.text))
    return any(
        other != sentence.text
        and hits(other, item.words, item.not_words)
        and states(other, item.concrete_match, item.not_words)
        # (not one that leaves it open too: "charged on a basis to be agreed")
        and not states(other, item.vague_match, item.not_words)
        and not (actor and (theirs := _actor(other)) and theirs != actor)
        # (nor when invoices go out, beside when they are paid: "invoices the fee annually in
        # advance. Invoices shall be settled within the time customary between the Parties")
        and not (paying and not _PAYING.search(other) and _INVOICING.search(other))
        for other in sentence.passage.sentences()
    )


_PAYING = re.compile(
    r"\b(?:pa(?:y|ys|id|yable|ying|yment)|settle[ds]?|settlement|due)\b", re.IGNORECASE
)
_INVOICING = re.compile(r"\b(?:invoic\w*|bill(?:s|ed|ing)?)\b", re.IGNORECASE)


_ACTOR = re.compile(
    CLAUSE_NUMBER.pattern + r"(?:the\s+)?([a-z]+)\s+(?:shall|will|must|may|agrees to|is to)\b",
    re.IGNORECASE,
)


# or, in the passive, the party after "by" ("Each invoice is to be settled by the Estate")
_PASSIVE_ACTOR = re.compile(
    r"\b(?:(?:is|are|shall|will|must)\s+(?:to\s+)?be|is|are)\s+[a-z]+(?:ed|en)\s+"
    r"(?:by|through)\s+(?:the\s+)?([a-z]+)",
    re.IGNORECASE,
)


def _actor(text: str) -> str:
    """Who a sentence makes act: its subject before "shall", "will", "must" ("Customer"), or
    the party that acts in a passive sentence."""
    m = _ACTOR.match(text.strip()) or _PASSIVE_ACTOR.search(text)
    return m.group(1).lower() if m else ""


# What follows these words is what a clause does not do ("without notice", "whether or not
# marked", "cannot be stopped"), up to the end of the phrase, to a condition that starts
# another thought ("will not charge you if you cancel": cancelling is not denied), or to the
# verb of the main clause after a negated qualifier ("an amendment that is not to your
# detriment takes effect on the date in the notice": the notice is not denied).
_NEGATIVE_START = re.compile(r"^(?:not|no|non|never)\b")
_NARROW_GROUND = re.compile(
    r"\b(?:(?:to\s+)?comply\s+with\s+(?:the\s+|any\s+|applicable\s+)?(?:law|laws|legal|regulat)"
    r"|required\s+by\s+(?:law|a\s+court|a\s+regulator)|legal\s+(?:requirement|obligation)s?"
    r"|security\s+(?:risk|threat|reason|vulnerabilit|incident|issue)\w*)"
)
_CONDITION = re.compile(
    r"\b(?:if|where|unless|in\s+case|in\s+the\s+event\s+that?)\b", re.IGNORECASE
)


def _conditional(text: str, m: re.Match[str]) -> bool:
    """Whether a negation stands inside a condition: "if", "where" or "unless" earlier in
    its clause (since the last comma, semicolon or colon)."""
    clause_start = max(text.rfind(p, 0, m.start()) for p in ",;:")
    return bool(_CONDITION.search(text, clause_start + 1, m.start()))


_UNCURED = re.compile(r"not\s+(?:remedy|cure|rectify|correct|make\s+good)\b", re.IGNORECASE)
# A negation that leaves something untouched denies nothing of it ("Termination does not
# affect any rights accrued before termination", "without prejudice to any right to end it");
# not one that makes an act useless ("obligations are not affected by stopping use").
_LEFT_UNTOUCHED = re.compile(
    r"(?:not|without)\s+(?:affect|prejudice|impair|limit|relieve|release|waive)(?:s|ing)?\b",
    re.IGNORECASE,
)
_MEANS = re.compile(r"\b(?:by|through|via)\s+(?:means\s+of\s+)?[\w-]+", re.IGNORECASE)
_A_SIDE_LEAVES = re.compile(
    r"\b(?:you|customers?|members?|users?|clients?|licensees?|subscribers?|(?:either|each)\s+party"
    r"|both\s+parties)\s+(?:may|can|(?:is|are)"
    r"\s+entitled\s+to|ha(?:s|ve)\s+the\s+right\s+to)\s+(?:[a-z]+\s+){0,2}?(?:cancel|terminate|end"
    r"|leave|withdraw|close)\b",
    re.IGNORECASE,
)


def risky_stated(
    candidates: Sequence[Candidate],
    item: Item,
    searched: Sequence[Candidate] = (),
    usual_form: bool = True,
    paying: frozenset[str] = frozenset(),
    beside: Sequence[Sentence] = (),
    among: frozenset[str] = frozenset(),
) -> Candidate | None:
    """The sentence of the clause that makes it risky on its face: the item's `risky_match`
    wording ("however caused") in a sentence that is plainly the clause, or a right for one
    party alone to end it at will (`one_sided_exit`), wherever it stands. The clause's
    other searched sentences with the item's words are read too ("however arising" in a
    liability exclusion under "Indemnities and liability" says nothing of the indemnity).
    Without `usual_form`, only the risky wording counts: the clause's usual form (a
    provider's right to close accounts in terms of service) is the norm. `beside` (the
    document's sentences) gives the rest of a plain statement's paragraph; `among` (the
    kind's item ids) limits which items claim a sentence under a shared heading."""
    own = clause(_with_clause(candidates, searched, own_words=True))
    # A value read from the whole sentence ("{kept_on_breach}": no refund, and the
    # provider's breach) holds beside one of the item's words; a bare phrase needs the
    # clause itself.
    values = [p for p in item.risky_match if p.startswith("{")]
    for c in own:
        # another item's sentence under a shared heading is no plain statement of this one
        plain = c.plain and not (not c.hits and _claimed(c, item, among))
        if states(c.sentence.text, item.risky_match if plain else values, item.not_words):
            return c
    # The rest of a plain statement's paragraph (of `beside`, the document's sentences) is
    # the clause too: "All rights belong to the Builder. The Board ... may not pass them to
    # another builder without its consent ..."
    for c in own:
        if c.plain and c.hits:
            for other in beside:
                if other.passage is c.sentence.passage and states(other.text, values):
                    return candidate(other)
    if ONE_SIDED_EXIT in item.risky_match:
        # A right to end the whole relationship counts beyond the likeliest sentences too
        # ("We may close your account at any time" under "Your account").
        whole = [
            c for c in searched if c.hits and c not in own and ENDS_WHOLE.search(c.sentence.text)
        ]
        exit_ = one_sided_exit([*own, *whole], paying)
        # Where leaving at will is the norm (dismissal in at-will states), only an exit the
        # other side may not match is risky: it must give months of notice.
        if exit_ is not None and (usual_form or other_bound_to_notice(own, exit_)):
            return exit_
        uneven = uneven_notice(own, paying)
        if uneven is not None:
            return uneven
    if CAP_BELOW_FEES in item.risky_match:
        low_cap = cap_below_fees(own, beside)
        if low_cap is not None:
            return low_cap
    if not usual_form:
        return None
    # the rights in the work: read in the whole clause (a licence's own sentence seldom has
    # the item's words)
    work_readings = {WORK_KEPT, TAKES_SUPPLIED, SELLS_WORK} & set(item.risky_match)
    in_clause = clause(_with_clause(candidates, searched)) if work_readings else []
    if WORK_KEPT in work_readings:
        kept = work_kept(in_clause)
        if kept is not None:
            return kept
    if TAKES_SUPPLIED in work_readings:
        taken = takes_supplied(in_clause, paying)
        if taken is not None:
            return taken
    if SELLS_WORK in work_readings:
        # the rest of the section of a plain statement of the clause is the clause too
        sections = {c.sentence.passage.section for c in own if c.plain and c.hits}
        mates = [candidate(o) for o in beside if o.passage.section in sections - {""}]
        sold = sells_the_work([*in_clause, *mates], paying)
        if sold is not None:
            return sold
    return None


def safe_stated(
    candidates: Sequence[Candidate], item: Item, element: Candidate | None = None
) -> tuple[bool, Candidate | None]:
    """What the clause's own sentences say of what keeps it fair (its `safe_match` wording):
    (True, None) when one states it ("until you cancel", "we will post the updated Terms");
    (False, sentence) when one denies it ("without any notice", "cannot be stopped"), which
    outweighs a statement elsewhere; (False, None) when neither, for the model to read. For
    an item whose safeguard is a short period (`max_months`) the periods its sentences
    state decide. For an item whose safeguard one sentence does not settle
    (`safe_from_text`), only `element`, the sentence that states the clause's element (a
    cap "of either party"), does; else the model's copy decides."""
    own = clause(candidates)  # each has the item's words or stands under its heading
    if item.max_months is not None:
        # a sentence that leaves the party free ("free to work for any employer") restricts
        # nothing for any time
        if any(states(c.sentence.text, item.safe_match, item.not_words) for c in own):
            return True, None
        return _within(own, item.max_months, item)
    if not item.safe_from_text:
        settled = element is not None and states(element.sentence.text, item.safe_match)
        return settled, None
    if not item.safe_match:
        return False, None
    # "not to renew" is itself a way out: such phrases are read in the whole sentence.
    negative = [p for p in item.safe_match if _NEGATIVE_START.match(p)]
    positive = [p for p in item.safe_match if p not in negative]
    said, denial, narrow = False, None, None
    for c in own:
        text = c.sentence.text
        # the means of an act the sentence forbids is no safeguard denied ("Provider may
        # not change its terms by posting revised terms online or by notice")
        # nor is a negation inside a condition ("if the other party ... does not cure it
        # within 30 days after receiving written notice")
        # nor one that frees the other side or each ("you may cancel ... by written notice,
        # without the notice period in clause 4.1 applying"; "either party may terminate
        # without notice for good cause"), nor a breach left uncured, a ground to
        # end it listed under a condition of its own ("(a) the other Party ... does not
        # remedy it within 30 days after receiving notice"), nor one that leaves something
        # untouched ("does not affect rights accrued before termination")
        denied = _MEANS.sub(
            " ",
            " ".join(
                m.group()
                for m in NEGATED.finditer(text)
                if not _conditional(text, m)
                and not _A_SIDE_LEAVES.search(text, 0, m.start())
                and not _UNCURED.match(m.group())
                and not _LEFT_UNTOUCHED.match(m.group())
            ),
        )
        # (not one kept for narrow grounds, the law or security, beside a safeguard stated
        # for the rest: "may make changes without notice where they are needed to comply
        # with the law or to address a security risk")
        if states(denied, positive, item.not_words) and not states(text, negative):
            if _NARROW_GROUND.search(normalise(text).lower()):
                narrow = narrow or c
            else:
                denial = denial or c
        said = said or states(NEGATED.sub(" ", text), positive, item.not_words)
        said = said or states(text, negative, item.not_words)
    if denial is not None and not (item.safe_any and said):
        return False, denial
    if narrow is not None and not said:
        return False, narrow
    return said, None
