"""Finding the text that may hold a clause, and checking quotes against the document.

Every sentence of the document is scored for an item: its words (matched at word starts,
so "indemnif" finds "indemnification"), and the heading of its section ("Defense of
Claims" under an indemnity's headings). The best few go to the model, in document order.
Because every sentence is scored, an item with no candidate anywhere was searched for in
the whole document.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from thinkact.apps.legal.documents import Document, Passage

SENTENCE_CHARS = 360  # a longer sentence is shown (and quoted) around its best match
MIN_QUOTE = 12  # characters: a shorter quote proves nothing, so a shorter sentence is no evidence


@dataclass(frozen=True, slots=True)
class Sentence:
    """One sentence of a document and where it stands."""

    index: int  # position in the document
    text: str
    passage: Passage

    @property
    def location(self) -> str:
        return self.passage.location


@dataclass(frozen=True, slots=True)
class Candidate:
    sentence: Sentence
    score: float
    hits: int  # the item's words in it (the rest of the score is its heading's)
    shown: str  # the text the model sees and a quote would cite (a substring of `text`)

    @property
    def plain(self) -> bool:
        """Plainly the clause: under the item's heading, or with two of its words. One word
        alone ("aggregate", "not exceed the estimated budget") is a passing mention."""
        return self.score > self.hits or self.hits >= 2


_QUOTES = str.maketrans(
    {"“": '"', "”": '"', "„": '"', "«": '"', "»": '"', "‘": "'", "’": "'", "‚": "'", "`": "'",
     "–": "-", "—": "-", "‑": "-", "\u00a0": " ", "*": None}
)  # fmt: skip
_SPACE = re.compile(r"\s+")


def normalise(text: str) -> str:
    """For comparing quotes: compatibility forms, one kind of quotation mark and dash, no
    Markdown emphasis, single spaces."""
    text = unicodedata.normalize("NFKC", text).translate(_QUOTES)
    return _SPACE.sub(" ", text).strip()


def sentences(doc: Document) -> tuple[Sentence, ...]:
    out: list[Sentence] = []
    for passage in doc.passages:
        for s in passage.sentences():
            out.append(Sentence(len(out), s, passage))
    return tuple(out)


@cache
def phrase(phrase: str) -> re.Pattern[str]:
    """A phrase matched at a word start (unless it starts with punctuation, like "@"); a
    " * " in it stands for up to five words ("hold * harmless": "hold the Company harmless")."""
    start = r"(?<![a-z0-9])" if phrase[:1].isalnum() else ""
    gap = r"\s+(?:[^\s.;:]+\s+){0,5}?"
    return re.compile(start + gap.join(re.escape(part) for part in phrase.split(" * ")))


@cache
def heading(entry: str) -> re.Pattern[str]:
    """A heading word matched whole (plurals too: "term" is not "terms of use"... but
    "fee" is "fees", "warranty" "Warranties"), or as a prefix when it ends with "*"
    ("indemnif*"); "details of processing" is "Details of the Processing" too."""
    if entry.endswith("*"):
        return phrase(entry[:-1])
    start = r"(?<![a-z0-9])" if entry[:1].isalnum() else ""
    if len(entry) > 4 and entry.endswith("y") and entry[-2] not in "aeiou":
        word = re.escape(entry[:-1]) + "(?:y|ies)"  # "indemnity", "Indemnities"
    else:
        word = re.escape(entry) + ("" if len(entry) <= 4 else "(?:s|es)?")
    word = word.replace(r"\ of\ ", r"\ of\ (?:the\ )?") if " of the " not in entry else word
    return re.compile(start + word + r"(?![a-z0-9])")


def titled(title: str, headings: Sequence[str], not_words: Sequence[str] = ()) -> bool:
    """Whether a heading is one of `headings`."""
    low = lowered(title, not_words)  # "Product Liability" is no liability limit
    return bool(title) and any(heading(h).search(low) for h in headings)


def hits(text: str, words: Sequence[str], not_words: Sequence[str] = ()) -> int:
    """How many of an item's words a text has."""
    low = lowered(text, not_words)
    return sum(1 for w in words if phrase(w).search(low))


# A party's failure to pay, as the occasion of something else (values' "{owed_under}" too).
FAILS_TO_PAY = r"(?<![a-z])(?:fails?|failure|failing|neglects?)\s+to\s+pay"

# Named spans a `not_words` entry may take out whole. "{survival}": what goes on after the
# end ("the obligations in this Article continue for three years after ... this Agreement
# ends") is no way of ending it.
NOT_SPANS = {
    "{survival}": re.compile(
        r"(?<![a-z])(?:obligations?|duties|duty|undertakings?|restrictions?|provisions?|rights)\b"
        r"[^.;]{0,160}?\b(?:continue|survive|remain)s?\b[^.;]{0,120}?\b(?:after|following|beyond)"
        r"\b[^.;]{0,100}\b(?:ends?|ended|terminat\w*|expir\w*)"
        # the other way round, to the sentence's end: "After the end of the discussions, the
        # Recipient shall continue to respect the obligations of Article 3 for ..."
        r"|(?<![a-z])(?:after|following|beyond)\s+(?:the\s+)?(?:end|ending|expiry|expiration|termination)"
        r"\b[^.;]{0,120}?\b(?:continues?|survives?|remains?)\b[^.;]{0,60}?\b(?:obligations?|duties|duty"
        r"|undertakings?|restrictions?)\b[^.;]*"
        # or "After the discussions end, Hallaneva's undertakings in clause 2 remain in force
        # for a reasonable time"
        r"|(?<![a-z])(?:after|following|once)\s+(?:the\s+|this\s+)?(?:discussions|negotiations|talks"
        r"|agreement|contract|evaluation|relationship|engagement)\s+(?:ends?|ended|(?:has|have)\s+ended"
        r"|terminates?|expires?|ceases?|(?:is|are)\s+terminated)\b[^.;]{0,60}?\b(?:obligations?|duties"
        r"|duty|undertakings?|restrictions?)\b[^.;]{0,60}?\b(?:continue|survive|remain)s?\b[^.;]*"
        # or duties that survive the end, to the sentence's end ("shall survive the expiry or
        # termination of this Agreement and shall remain in force for ...")
        r"|(?<![a-z])(?:obligations?|duties|duty|undertakings?|restrictions?)\b[^.;]{0,80}?"
        r"\bsurvives?\s+(?:the\s+|any\s+|its\s+)?(?:expiry|expiration|termination|end|ending)\b[^.;]*"
        # or duties that go on "afterwards" or "thereafter", to the sentence's end ("shall
        # remain in effect for so long afterwards as the Discloser ...")
        r"|(?<![a-z])(?:obligations?|duties|duty|undertakings?|restrictions?)\b[^.;]{0,160}?"
        r"\b(?:continue|survive|remain)s?\b[^.;]{0,60}?\b(?:afterwards|thereafter)\b[^.;]*"
        # or money settled after the end ("which the Provider will settle in due course after
        # the Agreement ends"): when a refund is paid says nothing of how the contract ends
        r"|(?<![a-z])(?:settle|pay|refund|repay|reimburse|credit)\w*\b[^.;]{0,60}?\bafter\s+(?:the\s+"
        r"|this\s+)?(?:agreement|contract|subscription)\s+(?:ends|has\s+ended|terminates|expires)\b"
        r"[^.;]*"
    ),
    # a failure to pay as a ground to end the contract, with its cure period ("if Licensee
    # fails to pay any amount due within thirty days after written notice that it is
    # overdue"): no term of payment
    "{payment_default}": re.compile(
        rf"{FAILS_TO_PAY}(?![a-z])[^.;]{{0,80}}?"
        r"(?<![a-z])within\s+[^.;]{0,40}?(?<![a-z])(?:after|of)\s+(?:receiving\s+|receipt\s+of\s+)?"
        r"(?:an?\s+|the\s+)?(?:written\s+)?notice(?![a-z])[^.;]*"
    ),
    # a data subject's right to have data corrected or erased ("requests ... to access,
    # correct or delete their personal data"): no deletion when the services end
    "{erasure_right}": re.compile(
        r"(?<![a-z])(?:correct|rectif)[a-z]*\s*(?:,|\s+or|\s+and)\s+(?:[a-z]+\s+)?(?:delet|eras)[a-z]*"
        r"|(?<![a-z])(?:rights?|requests?)\s+(?:to|of|for)\s+(?:erasure|deletion)(?![a-z])"
        r"|(?<![a-z])(?:erasure|deletion),?\s+(?:or\s+)?restrict"
    ),
    # how soon one side tells the other of something ("we will tell you as soon as possible,
    # offer you a new date, and ... refund", "if you think an invoice is wrong, please tell us
    # promptly"): not how soon anything is paid or paid back
    "{told_soon}": re.compile(
        r"(?<![a-z])(?:tell|notify|inform|let|contact)[a-z]*\s+(?:you|us|the\s+[a-z]+|customers"
        r"|guests)(?:\s+know)?\s+(?:as\s+soon\s+as\s+(?:possible|practicable|we\s+can|you\s+can"
        r"|reasonably\s+possible)|promptly|without\s+(?:undue\s+)?delay)"
    ),
    # a price to be agreed with what applies if it is not ("will be agreed by the parties by
    # January 15; if they do not agree, the prices for the previous year increase by ..."): the
    # fallback settles it, unless one side then decides
    "{agreed_or_else}": re.compile(
        r"(?<![a-z])(?:(?:is|are|to|will|shall)\s+be|may\s+be)\s+agreed(?![a-z])[^.;]{0,80}?[;,]?\s*"
        r"(?:if\s+(?:the\s+parties|they|both\s+parties)\s+(?:do\s+not|cannot|can\s*not|fail\s+to"
        r"|have\s+not)\s+agree[a-z]*|failing\s+(?:such\s+)?agreement)(?![a-z])"
        r"(?![^.;]*?(?:discretion|decides?|determines?|sees\s+fit|thinks\s+fit|considers|chooses))"
    ),
    # a fault put right in a time left open ("will correct the fault within a reasonable time
    # and, if it cannot, the Customer may end this Agreement"): a warranty's remedy, not the
    # notice that ends the contract
    "{fix_in_time}": re.compile(
        r"(?<![a-z])(?:correct|fix|repair|rectify|resolve|put\s+right)\w*\s+(?:the|any|that|a|each)\s+"
        r"(?:[a-z]+\s+)?(?:fault|problem|defect|error|issue|failure)s?\s+within\s+a\s+reasonable\s+"
        r"(?:time|period)(?![a-z])"
    ),
    # users keeping their own log-in secret: account security, not the other's information
    "{credentials}": re.compile(
        r"(?<![a-z])(?:passwords?|pass\s*codes?|passphrases?|pins?|log-?in\s+(?:details|data)"
        r"|credentials|access\s+codes?)(?![a-z])[^.;]{0,30}?(?<![a-z])(?:secret|confidential|private)"
    ),
    # a breach as the occasion of something else, in a sentence that tells no one of it ("may
    # inspect ... once a year, and additionally after a personal data breach"): no duty to
    # notify
    "{breach_occasion}": re.compile(
        r"\A(?!.*?(?<![a-z])(?:notif|inform|report|tell|told|alert|communicat|aware))"
        r".*?(?<![a-z])(?:after|following|upon|on|in\s+the\s+event\s+of|in\s+case\s+of)\s+"
        r"(?:a|an|any|the|each)\s+(?:personal\s+data\s+|data\s+|security\s+)?(?:breach|incident)",
        re.DOTALL,
    ),
    # a notice of something else, in a sentence that names no breach or incident ("shall notify
    # the Controller without delay of any change"): the whole sentence goes
    "{no_breach_named}": re.compile(
        r"\A(?!.*?(?<![a-z])(?:breach|incident|compromis|unauthori[sz]ed|leak|violation|security"
        r"\s+event|loss\s+of\s+(?:personal\s+)?data|data\s+loss|accidental|unlawful))"
        r"(?=.*?(?<![a-z])notif).*",
        re.DOTALL,
    ),
    # an inspection by an authority or a court, which the processor only reports ("inform the
    # Controller of any request, inspection or order of the CNPD or of a court"): no audit by
    # the controller
    "{authority_inspection}": re.compile(
        r"(?<![a-z])(?:inspections?|audits?)(?![a-z])[^.;]{0,40}?(?<![a-z])(?:by|of|from)\s+[^.;]{0,30}?"
        r"(?<![a-z])(?:supervisory|data\s+protection\s+(?:authority|agency|board|commissioner)"
        r"|competent\s+authorit\w*|regulators?|courts?)(?![a-z])"
    ),
    # Denying that something falls outside ("A failure to mark a document does not, by
    # itself, mean that the information it contains is not Confidential Information"): no
    # exclusion from what is confidential.
    "{not_excluded}": re.compile(
        r"(?<![a-z])not\b[^.;]{0,30}?\b(?:mean|imply|indicate|signify|suggest|entail)s?\b[^.;]{0,100}?"
        r"\bnot\s+(?:be\s+)?confidential"
    ),
    # the cancelling of an order under a standing agreement ("may cancel or vary an accepted
    # Order ...; after that, the Buyer may cancel only with the Supplier's agreement"), in a
    # sentence that names no ending of the agreement itself: the whole sentence goes
    "{order_cancelled}": re.compile(
        r"\A(?=.*?(?<![a-z])cancel\w*\s+(?:or\s+[a-z]+\s+)?(?:an?\s+|the\s+|any\s+)?(?:accepted\s+"
        r"|confirmed\s+)?(?:purchase\s+)?orders?(?![a-z]))"
        r"(?!.*?(?<![a-z])(?:this|the)\s+(?:agreement|contract)(?![a-z'])).*",
        re.DOTALL,
    ),
    # who bears the loss of goods, to the sentence's end ("Risk of loss or damage to a Marker
    # remains with the Carver until it is installed", "risk in the goods passes on delivery"):
    # no rights in work
    "{goods_risk}": re.compile(
        r"(?<![a-z])risks?\s+(?:of\s+(?:accidental\s+)?(?:loss|damage|destruction)|in\s+(?:the\s+|each\s+"
        r"|any\s+)?[a-z]+|(?:shall\s+|will\s+)?pass(?:es)?)(?![a-z])[^.;]*"
    ),
    # a correction found later, to the sentence's end ("Licensee will promptly pay any
    # underpayment found, with interest"): no term of the payments themselves
    "{correction}": re.compile(
        r"(?<![a-z])(?:(?:promptly|immediately|forthwith)\s+)?(?:pay|refund|repay|reimburse|credit"
        r"|make\s+good)\w*\s+(?:[a-z]+\s+){0,3}?(?:underpayments?|overpayments?"
        r"|deficienc(?:y|ies)|discrepanc(?:y|ies))(?![a-z])[^.;]*"
        r"|(?<![a-z])(?:any|an|each|the)\s+(?:underpayment|overpayment|discrepancy|deficiency)"
        r"(?![a-z])[^.;]*"
    ),
    # a thing that stays its owner's ("The Plates remain the property of the Trust at all
    # times"), in a sentence that names no work, rights, papers or making: no rights in work
    "{kept_things}": re.compile(
        r"\A(?!.*?(?<![a-z])(?:intellectual|copyrights?|rights?|works?|work\s+product|deliverables?"
        r"|results?|reports?|designs?|invent\w*|creat\w*|develop\w*|produc\w*|prepar\w*|made|make"
        r"|software|content|outputs?|data|know-how|materials?|documents?|drawings?|records?|plans?"
        r"|photographs?|images?|files?)(?![a-z]))"
        r".*?(?<![a-z])(?:remains?|stays?|continues?\s+to\s+be)\s+(?:at\s+all\s+times\s+)?(?:the\s+)?"
        r"(?:sole\s+|exclusive\s+|absolute\s+)?property\s+of(?![a-z]).*",
        re.DOTALL,
    ),
    # a grant that names nothing the licensee may not do ("grants ... an exclusive licence to
    # reproduce, adapt and publish the Artworks"), or a leave to copy that does not either
    # ("may make a reasonable number of copies for back-up, provided each carries its
    # notices"): the acts it permits are no restriction
    "{plain_grant}": re.compile(
        r"\A(?=.*?(?:(?<![a-z])(?:grants?|granted|hereby\s+licen[cs]es?)(?![a-z])[^.;]*?licen[cs]e"
        r"|(?<![a-z])licen[cs]e\s+(?:also\s+)?(?:covers|includes|extends\s+to)(?![a-z])"
        r"|(?<![a-z])may\s+(?:make|keep|take)\s+[^.;]{0,40}?(?<![a-z])cop(?:y|ies)(?![a-z])))"
        r"(?!.*?(?<![a-z])(?:not|no|never|nor|non|except|excluding|save|other\s+than|without|only"
        r"|solely|prohibit\w*|restrict\w*|limited|subject)(?![a-z])).*",
        re.DOTALL,
    ),
}


@cache
def not_pattern(entry: str) -> re.Pattern[str]:
    """What a `not_words` entry takes out of lower-case text: a named span, a phrase with
    " * " gaps, or the words as written."""
    if entry in NOT_SPANS:
        return NOT_SPANS[entry]
    return phrase(entry) if " * " in entry else re.compile(re.escape(entry))


def lowered(text: str, not_words: Sequence[str] = ()) -> str:
    """The text as words are matched in it: normalised, lower case, without `not_words`."""
    low = normalise(text).lower()
    for entry in not_words:
        if entry in NOT_SPANS or " * " in entry:
            low = not_pattern(entry).sub(" ", low)
        else:  # plain words, nearly all of them: quicker than their pattern, on a hot path
            low = low.replace(entry, " ")
    return low


def rank(
    doc_sentences: Sequence[Sentence],
    headings: Sequence[str],
    words: Sequence[str],
    not_words: Sequence[str] = (),
    *,
    limit: int = 6,
) -> list[Candidate]:
    """The `limit` sentences most likely to hold a clause, best first; none when no
    sentence has its words or stands under its headings."""
    scored: list[tuple[float, int, Sentence]] = []
    heading_hit: dict[str, bool] = {}
    words = (*words, *defined_terms(doc_sentences, words, not_words))

    def under(title: str) -> bool:
        if title not in heading_hit:
            heading_hit[title] = titled(title, headings, not_words)
        return heading_hit[title]

    for s in doc_sentences:
        if len(s.text) < MIN_QUOTE:
            continue
        headed = (
            under(s.passage.section) or under(s.passage.part) or under(run_in_label(s.passage.text))
        )
        found = hits(s.text, words, not_words)
        score = found + (1.5 if headed else 0.0)
        if score > 0:
            scored.append((score, found, s))
    best = sorted(scored, key=lambda x: (-x[0], x[2].index))[:limit]
    return [Candidate(s, score, hits, _shown(s.text, words)) for score, hits, s in best]


def shown_first(candidates: Sequence[Candidate], n: int) -> list[Candidate]:
    """The candidates a judge reads: the `n` best ranked, and where all of them stand under
    the item's heading without one of its words, the best few that have its words in a
    section that says them more than once (a section headed "cancellation" can be all about
    ending a membership while the refunds are the next clause's; one passing mention
    elsewhere is no clause)."""
    top = list(candidates[:n])
    if any(c.hits for c in top):
        return top
    worded = [c for c in candidates[n:] if c.hits]
    sections = Counter(c.sentence.passage.section for c in worded)
    return top + [c for c in worded if sections[c.sentence.passage.section] > 1][: n // 2]


# '"Restricted Business" means any business which competes': a defined term, and the
# first words of its definition.
_DEFINITION = re.compile(
    r"[\"\u201c]([A-Z][A-Za-z-]+(?: [A-Z][A-Za-z-]+){0,3})[\"\u201d],?\s+"
    r"(?:means|shall mean|includes|refers to)\s+((?:[^\s;.\"\u201c]+\s+){0,7}[^\s;.\"\u201c]*)"
)


def defined_terms(
    doc_sentences: Sequence[Sentence], words: Sequence[str], not_words: Sequence[str] = ()
) -> tuple[str, ...]:
    """Terms the document defines by the item's words ("Restricted Business" means any
    business which competes"): where the clause uses the term, it says the words."""
    terms = []
    for s in doc_sentences:
        for m in _DEFINITION.finditer(s.text):
            term = m.group(1).lower()
            if term not in terms and hits(m.group(2), words, not_words):
                terms.append(term)
    return tuple(terms)


_RUN_IN = re.compile(
    r"^(?:[*-]\s+)?((?:[A-Z]-?)?\d{1,2}(?:\.\d{1,2})*\.?\s+)?([*_]{0,2})([A-Z0-9][^.:;!?*_]{0,60}?)"
    r"([*_]{0,2})[.:]([*_]{0,2})(?:\s|$)"
)
_SMALL_WORDS = frozenset(
    ["a", "an", "and", "as", "at", "by", "for", "in", "of", "on", "or", "the", "to", "with"]
)


@lru_cache(maxsize=4096)
def run_in_label(text: str) -> str:
    """The label a paragraph opens with, which heads it as a heading would ("Choice of Law."
    in "**Choice of Law.** California law applies..."): one to six words in title case, or
    after a clause number in sentence case ("3.5 Restriction on competing."), ending in a
    full stop or colon, or set in bold or italics in any case ("**Job title.** Boatwright.");
    "" when it opens with an ordinary sentence."""
    m = _RUN_IN.match(text)
    if not m:
        return ""
    number, opened, label, closed, after = m.groups()
    words = label.split()
    if not 1 <= len(words) <= 6 or words[-1] in _SMALL_WORDS:
        return ""
    titled = all(w[:1].isupper() or w[:1].isdigit() or w in _SMALL_WORDS for w in words)
    emphasised = bool(opened) and (closed or after) == opened
    ended = text[m.end(4)] if m.end(4) < len(text) else ""
    if number and not (titled or emphasised) and ended == "." and _FINITE.search(label):
        return ""  # a short sentence after its number ('6.2 Information is provided "as is".')
    return label if titled or number or emphasised else ""


# The verbs of a sentence, which a label in sentence case ("3.5 Restriction on competing.")
# does not have.
_FINITE = re.compile(r"\b(?:is|are|was|were|shall|will|may|must|can|cannot)\b")


def candidate(s: Sentence, words: Sequence[str] = ()) -> Candidate:
    """A sentence read beside a candidate (the rest of its paragraph), as one."""
    return Candidate(s, 0.0, 0, _shown(s.text, words))


def _shown(text: str, words: Sequence[str]) -> str:
    """The sentence, or for a long one a window around its first matching word, cut at
    word boundaries (still a verbatim part of the text)."""
    text = text.strip()
    if len(text) <= SENTENCE_CHARS:
        return text
    low = text.lower()
    starts = [m.start() for w in words if (m := phrase(w).search(low))]
    at = min(starts, default=0)
    begin = max(0, at - SENTENCE_CHARS // 3)
    if begin:
        begin = text.find(" ", begin) + 1
    end = begin + SENTENCE_CHARS
    if end < len(text):
        end = text.rfind(" ", begin, end)
    return text[begin:end].strip(" ,;:")


def first_line(doc: Document) -> str:
    for p in doc.passages:
        if p.text.strip():
            return p.text.strip()[:200]
    return ""


@dataclass(frozen=True, slots=True)
class QuoteCheck:
    verified: bool
    location: str  # where the quote was found, or ""


def verify_quote(doc: Document, quote: str) -> QuoteCheck:
    """Whether `quote` appears word for word in the document once whitespace, quotation
    marks and dashes are normalised. A quote with "..." must match each part, in order,
    within one passage. Too short a quote (under MIN_QUOTE characters) proves nothing."""
    parts = [normalise(p) for p in re.split(r"\.\.\.|…", quote.strip().strip('"'))]
    parts = [p for p in parts if p]
    if not parts or sum(len(p) for p in parts) < MIN_QUOTE:
        return QuoteCheck(False, "")
    for passage in doc.passages:
        text = normalise(passage.text)
        at = 0
        for part in parts:
            found = text.find(part, at)
            if found < 0:
                break
            at = found + len(part)
        else:
            return QuoteCheck(True, passage.location)
    return QuoteCheck(False, "")
