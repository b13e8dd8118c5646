"""Scoring the legal review against the labelled evaluation set (`bench/legal_set/`).

    keys = load_answer_key(Path("bench/legal_set"))
    result = score(keys, outcomes)          # one DocumentOutcome per reviewed document
    print(result.render())

Pure functions over frozen dataclasses: no model, no file other than the answer key.

The key lists, per document, the problems planted in it (`expected`: item, status, severity)
and the items that must not be flagged (`must_not_flag`: present and sound, or not
applicable). A finding *flags* an item when its status is `missing`, `vague` or `risky`;
findings with any other status (a reviewer's "present" or "ok") are not flags, and only their
quotes are counted.

- recall: expected problems with a flag on the same item (any of the three statuses);
- exact severity: expected problems with a flag on the item carrying the key's severity;
- false flags: flags on an item in `must_not_flag`, and every flag on a clean document;
- unlabelled: flags on an item that is neither expected nor in `must_not_flag` (reported apart:
  the key takes no position on them);
- false flags are counted once per document and item, however many findings repeat them;
- verified quotes: findings other than `missing` (which has nothing to quote) whose quote
  the reviewer verified against the document;
- a document with no outcome counts as not completed, with no findings.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

ANSWERS = "answers.json"

KINDS: tuple[str, ...] = (
    "services",
    "saas",
    "nda",
    "employment",
    "licence",
    "dpa",
    "terms",
    "privacy",
    "general",
)
STATUSES: tuple[str, ...] = ("missing", "vague", "risky")
SEVERITIES: tuple[str, ...] = ("CRITICAL", "WARNING", "INFO")
SPLITS: tuple[str, ...] = (
    "dev",
    "heldout",
    "fresh",
    "fresh2",
    "fresh3",
    "fresh4",
    "fresh5",
    "fresh6",
    "fresh7",
    "fresh8",
    "fresh9",
    "fresh10",
    "fresh11",
    "fresh12",
    "fresh13",
    "fresh14",
    "fresh15",
    "fresh16",
    "fresh17",
    "fresh18",
    "fresh19",
    "fresh20",
    "fresh21",
    "fresh22",
    "fresh23",
    "fresh24",
    "fresh25",
    "fresh26",
    "fresh27",
    "fresh28",
    "fresh29",
    "fresh30",
    "fresh31",
    "fresh32",
    "fresh33",
    "fresh34",
    "fresh35",
    "fresh36",
    "fresh37",
    "fresh38",
    "fresh39",
    "fresh40",
    "fresh41",
    "fresh42",
    "fresh43",
    "fresh44",
    "fresh45",
    "fresh46",
    "fresh47",
    "fresh48",
    "fresh49",
    "fresh50",
    "fresh51",
    "fresh52",
    "fresh53",
    "fresh54",
    "fresh55",
    "fresh56",
    "fresh57",
    "fresh58",
    "fresh59",
    "fresh60",
    "fresh61",
    "fresh62",
    "fresh63",
    "fresh64",
    "fresh65",
    "fresh66",
    "fresh67",
    "fresh68",
    "fresh69",
    "fresh70",
    "fresh71",
    "fresh72",
    "fresh73",
    "fresh74",
    "fresh75",
    "fresh76",
    "fresh77",
    "fresh78",
    "fresh79",
    "fresh80",
    "fresh81",
    "fresh82",
    "fresh83",
    "fresh84",
    "fresh85",
    "fresh86",
    "fresh87",
    "fresh88",
    "fresh89",
    "fresh90",
    "fresh91",
    "fresh92",
    "fresh93",
    "fresh94",
    "fresh95",
    "fresh96",
    "fresh97",
    "fresh98",
    "fresh99",
    "fresh100",
    "fresh101",
    "fresh102",
    "fresh103",
    "fresh104",
    "fresh105",
    "fresh106",
    "fresh107",
    "fresh108",
    "fresh109",
    "fresh110",
    "fresh111",
    "fresh112",
    "fresh113",
    "fresh114",
    "fresh115",
    "fresh116",
    "fresh117",
    "fresh118",
    "fresh119",
    "fresh120",
    "fresh121",
    "fresh122",
    "fresh123",
    "fresh124",
    "fresh125",
    "fresh126",
    "fresh127",
    "fresh128",
    "fresh129",
    "fresh130",
    "fresh131",
    "fresh132",
    "fresh133",
    "fresh134",
    "fresh135",
    "fresh136",
    "real",
)

COMMERCIAL_ITEMS: tuple[str, ...] = (
    "term_termination",
    "payment_terms",
    "limitation_of_liability",
    "indemnity",
    "governing_law",
    "confidentiality",
    "ip_ownership",
    "warranties",
    "refund_policy",
    "auto_renewal",
    "changes_to_terms",
)
_CONTRACT_CORE: tuple[str, ...] = (
    "term_termination",
    "payment_terms",
    "limitation_of_liability",
    "indemnity",
    "governing_law",
    "confidentiality",
)

ITEMS_BY_KIND: Mapping[str, tuple[str, ...]] = {
    "services": (*_CONTRACT_CORE, "ip_ownership", "warranties", "auto_renewal"),
    "saas": (*_CONTRACT_CORE, "warranties", "auto_renewal", "refund_policy", "changes_to_terms"),
    "general": (*_CONTRACT_CORE, "warranties", "auto_renewal"),
    "nda": (
        "confidential_information",
        "confidentiality_exclusions",
        "confidentiality_term",
        "return_of_information",
        "governing_law",
        "term_termination",
    ),
    "employment": (
        "compensation",
        "position_duties",
        "term_termination",
        "non_compete",
        "ip_ownership",
        "confidentiality",
        "governing_law",
    ),
    "licence": (
        "licence_grant",
        "licence_restrictions",
        "payment_terms",
        "warranties",
        "limitation_of_liability",
        "term_termination",
        "governing_law",
    ),
    "dpa": (
        "processing_details",
        "processor_instructions",
        "security_measures",
        "subprocessors",
        "breach_notification",
        "data_subject_assistance",
        "deletion_return",
        "audit_rights",
        "international_transfers",
        "governing_law",
    ),
    "terms": (
        "acceptable_use",
        "term_termination",
        "limitation_of_liability",
        "warranties",
        "indemnity",
        "governing_law",
        "changes_to_terms",
        "payment_terms",
        "refund_policy",
        "auto_renewal",
        "ip_ownership",
    ),
    "privacy": (
        "controller_identity",
        "data_collected",
        "purposes",
        "lawful_basis",
        "data_sharing",
        "data_subject_rights",
        "retention",
        "international_transfers",
        "privacy_contact",
        "children",
        "changes_to_terms",
    ),
}

_CRITICAL_WHEN_MISSING: frozenset[tuple[str, str]] = frozenset(
    [
        (kind, item)
        for kind in ("services", "saas", "general")
        for item in (
            "term_termination",
            "payment_terms",
            "limitation_of_liability",
            "governing_law",
        )
    ]
    + [
        ("nda", "confidential_information"),
        ("employment", "compensation"),
        ("licence", "licence_grant"),
        ("licence", "payment_terms"),
        ("terms", "payment_terms"),
    ]
    + [
        ("dpa", item)
        for item in (
            "processing_details",
            "processor_instructions",
            "security_measures",
            "subprocessors",
            "breach_notification",
        )
    ]
    + [
        ("privacy", item)
        for item in (
            "controller_identity",
            "data_collected",
            "purposes",
            "lawful_basis",
            "data_subject_rights",
            "privacy_contact",
        )
    ]
)
_INFO_WHEN_MISSING: frozenset[str] = frozenset(
    {
        "warranties",
        "return_of_information",
        "acceptable_use",
        "changes_to_terms",
        "children",
        "auto_renewal",
    }
)


def rubric_severity(kind: str, item: str, status: str) -> str:
    """The severity the set's rubric gives a problem.

    Vague and risky clauses are WARNING. A missing clause is CRITICAL or INFO by item and
    kind (licence and terms payment_terms count as CRITICAL: the key only marks them missing
    where fees are charged), and WARNING otherwise.
    """
    if status != "missing":
        return "WARNING"
    if (kind, item) in _CRITICAL_WHEN_MISSING:
        return "CRITICAL"
    if item in _INFO_WHEN_MISSING or (kind, item) == ("employment", "governing_law"):
        return "INFO"
    return "WARNING"


# --- the answer key ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ExpectedProblem:
    """A problem planted in (or found by annotators in) a document."""

    item: str
    status: str
    severity: str
    note: str


@dataclass(frozen=True)
class DocumentKey:
    """The answer for one document; `file` is relative to the set's folder."""

    file: str
    kind: str
    split: str
    pages: int
    clean: bool
    expected: tuple[ExpectedProblem, ...]
    must_not_flag: tuple[str, ...]

    @property
    def format(self) -> str:
        """The file's extension without the dot: pdf, docx, md, txt."""
        return PurePosixPath(self.file).suffix.lstrip(".").lower()


def load_answer_key(folder: Path) -> list[DocumentKey]:
    """Read and check `folder/answers.json`; a malformed key raises ValueError naming the field."""
    path = Path(folder) / ANSWERS
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ValueError(f"{path}: cannot read the answer key ({exc})") from exc
    except json.JSONDecodeError as exc:
        raise ValueError(f"{path}: not valid JSON ({exc})") from exc
    if not isinstance(raw, list):
        raise ValueError(f"{path}: expected a JSON list of documents, got {type(raw).__name__}")
    keys = [_parse_entry(path, index, entry) for index, entry in enumerate(raw)]
    seen: set[str] = set()
    for index, key in enumerate(keys):
        if key.file in seen:
            raise ValueError(f"{path}: entry {index} ({key.file}): field 'file': listed twice")
        seen.add(key.file)
    return keys


_ENTRY_FIELDS = ("file", "kind", "split", "pages", "clean", "expected", "must_not_flag")
_PROBLEM_FIELDS = ("item", "status", "severity", "note")


def _parse_entry(path: Path, index: int, entry: Any) -> DocumentKey:
    where = f"{path}: entry {index}"
    if not isinstance(entry, dict):
        raise ValueError(f"{where}: expected an object, got {type(entry).__name__}")
    name = entry.get("file")
    if isinstance(name, str):
        where = f"{where} ({name})"

    def fail(field: str, problem: str) -> ValueError:
        return ValueError(f"{where}: field '{field}': {problem}")

    for field in _ENTRY_FIELDS:
        if field not in entry:
            raise fail(field, "missing")
    for field in entry:
        if field not in _ENTRY_FIELDS:
            raise fail(field, "unknown field")

    file = entry["file"]
    if not isinstance(file, str) or not file.strip():
        raise fail("file", "must be a non-empty string")
    posix = PurePosixPath(file)
    if posix.is_absolute() or ".." in posix.parts or "\\" in file:
        raise fail("file", f"must be a relative path inside the set, got {file!r}")
    kind = entry["kind"]
    if kind not in KINDS:
        raise fail("kind", f"unknown kind {kind!r} (one of {', '.join(KINDS)})")
    split = entry["split"]
    if split not in SPLITS:
        raise fail("split", f"unknown split {split!r} (one of {', '.join(SPLITS)})")
    pages = entry["pages"]
    if not isinstance(pages, int) or isinstance(pages, bool) or pages < 1:
        raise fail("pages", f"must be a positive integer, got {pages!r}")
    clean = entry["clean"]
    if not isinstance(clean, bool):
        raise fail("clean", f"must be true or false, got {clean!r}")

    allowed = ITEMS_BY_KIND[kind]
    raw_expected = entry["expected"]
    if not isinstance(raw_expected, list):
        raise fail("expected", "must be a list")
    expected: list[ExpectedProblem] = []
    for number, problem in enumerate(raw_expected):
        label = f"expected[{number}]"
        if not isinstance(problem, dict):
            raise fail(label, "must be an object")
        for field in _PROBLEM_FIELDS:
            if field not in problem:
                raise fail(f"{label}.{field}", "missing")
        for field in problem:
            if field not in _PROBLEM_FIELDS:
                raise fail(f"{label}.{field}", "unknown field")
        item, status, severity, note = (problem[f] for f in _PROBLEM_FIELDS)
        if item not in allowed:
            raise fail(f"{label}.item", f"{item!r} is not an item of kind {kind!r}")
        if status not in STATUSES:
            raise fail(f"{label}.status", f"unknown status {status!r}")
        if severity not in SEVERITIES:
            raise fail(f"{label}.severity", f"unknown severity {severity!r}")
        if not isinstance(note, str) or not note.strip():
            raise fail(f"{label}.note", "must be a non-empty string")
        if any(other.item == item for other in expected):
            raise fail(f"{label}.item", f"{item!r} is expected twice")
        expected.append(ExpectedProblem(item, status, severity, note))
    if clean and expected:
        raise fail("clean", "a clean document cannot have expected problems")

    raw_flags = entry["must_not_flag"]
    if not isinstance(raw_flags, list):
        raise fail("must_not_flag", "must be a list")
    must_not_flag: list[str] = []
    for item in raw_flags:
        if item not in allowed:
            raise fail("must_not_flag", f"{item!r} is not an item of kind {kind!r}")
        if item in must_not_flag:
            raise fail("must_not_flag", f"{item!r} is listed twice")
        if any(problem.item == item for problem in expected):
            raise fail("must_not_flag", f"{item!r} is also expected")
        must_not_flag.append(item)
    return DocumentKey(file, kind, split, pages, clean, tuple(expected), tuple(must_not_flag))


# --- outcomes and scores ----------------------------------------------------------------------


@dataclass(frozen=True)
class ScoredFinding:
    """One finding of the reviewer, reduced to what the score needs."""

    item: str
    status: str
    severity: str
    quote: str
    quote_verified: bool


@dataclass(frozen=True)
class DocumentOutcome:
    """What the reviewer produced for one document."""

    file: str
    completed: bool
    seconds: float
    findings: tuple[ScoredFinding, ...]


@dataclass(frozen=True)
class FlagRecord:
    """A flag the key counts against the reviewer (false) or takes no position on (unlabelled)."""

    file: str
    item: str
    status: str
    severity: str
    reason: str  # "must_not_flag" | "clean document" | "unlabelled"


@dataclass(frozen=True)
class ProblemRecord:
    """An expected problem that was missed, or found with another severity."""

    file: str
    item: str
    status: str
    severity: str
    found_severities: tuple[str, ...]  # empty when missed


@dataclass(frozen=True)
class SplitScore:
    """Every figure for one group of documents ("all" or one of SPLITS)."""

    name: str
    documents: int
    completed: int
    expected: int
    found: int
    exact_severity: int
    false_flags: int
    unlabelled: int
    clean_documents: int
    false_flags_per_clean_mean: float | None
    false_flags_per_clean_max: int | None
    real_documents: int
    false_flags_per_real_mean: float | None
    false_flags_per_real_max: int | None
    quotes_checked: int
    quotes_verified: int
    seconds_mean: float | None
    seconds_max_short: float | None  # documents of 10 pages or fewer

    @property
    def recall(self) -> float | None:
        return self.found / self.expected if self.expected else None

    @property
    def exact_severity_rate(self) -> float | None:
        return self.exact_severity / self.expected if self.expected else None

    @property
    def verified_quote_rate(self) -> float | None:
        return self.quotes_verified / self.quotes_checked if self.quotes_checked else None


@dataclass(frozen=True)
class LegalScore:
    """The score of a run: figures per group, and the records behind them."""

    splits: tuple[SplitScore, ...]  # "all" first, then each split present in the key
    missed: tuple[ProblemRecord, ...]
    wrong_severity: tuple[ProblemRecord, ...]
    false_flags: tuple[FlagRecord, ...]
    unlabelled: tuple[FlagRecord, ...]

    def split(self, name: str) -> SplitScore:
        for group in self.splits:
            if group.name == name:
                return group
        raise KeyError(name)

    def render(self) -> str:
        """A Markdown report: the table of figures, then the records behind them."""
        groups = self.splits
        lines = [
            "| | " + " | ".join(g.name for g in groups) + " |",
            "|---|" + "---:|" * len(groups),
        ]

        def row(label: str, cells: Iterable[str]) -> None:
            lines.append(f"| {label} | " + " | ".join(cells) + " |")

        row("documents completed", (f"{g.completed}/{g.documents}" for g in groups))
        row("recall", (_ratio(g.found, g.expected) for g in groups))
        row("exact severity", (_ratio(g.exact_severity, g.expected) for g in groups))
        row("false flags", (str(g.false_flags) for g in groups))
        row("unlabelled flags", (str(g.unlabelled) for g in groups))
        row(
            "false flags per clean doc (mean / max)",
            (_mean_max(g.false_flags_per_clean_mean, g.false_flags_per_clean_max) for g in groups),
        )
        row(
            "false flags per real doc (mean / max)",
            (_mean_max(g.false_flags_per_real_mean, g.false_flags_per_real_max) for g in groups),
        )
        row("verified quotes", (_ratio(g.quotes_verified, g.quotes_checked) for g in groups))
        row("seconds per doc (mean)", (_seconds(g.seconds_mean) for g in groups))
        row("seconds per doc <= 10 pages (max)", (_seconds(g.seconds_max_short) for g in groups))

        def section(title: str, records: Sequence[str]) -> None:
            lines.extend(["", f"### {title} ({len(records)})", ""])
            lines.extend(f"- {record}" for record in records)
            if not records:
                lines.append("- none")

        section(
            "Missed",
            [f"{p.file}: {p.item} ({p.status}, {p.severity})" for p in self.missed],
        )
        section(
            "Wrong severity",
            [
                f"{p.file}: {p.item} expected {p.severity}, found {'/'.join(p.found_severities)}"
                for p in self.wrong_severity
            ],
        )
        section(
            "False flags",
            [
                f"{f.file}: {f.item} ({f.status}, {f.severity}; {f.reason})"
                for f in self.false_flags
            ],
        )
        section(
            "Unlabelled flags",
            [f"{f.file}: {f.item} ({f.status}, {f.severity})" for f in self.unlabelled],
        )
        return "\n".join(lines) + "\n"


def _ratio(part: int, whole: int) -> str:
    return f"{part}/{whole} ({part / whole:.0%})" if whole else "-"


def _mean_max(mean: float | None, top: int | None) -> str:
    return "-" if mean is None or top is None else f"{mean:.2f} / {top}"


def _seconds(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


@dataclass(frozen=True)
class _Document:
    key: DocumentKey
    outcome: DocumentOutcome | None
    found: int
    exact: int
    missed: tuple[ProblemRecord, ...]
    wrong_severity: tuple[ProblemRecord, ...]
    false_flags: tuple[FlagRecord, ...]
    unlabelled: tuple[FlagRecord, ...]
    quotes_checked: int
    quotes_verified: int


def score(keys: Sequence[DocumentKey], outcomes: Iterable[DocumentOutcome]) -> LegalScore:
    """Score the reviewer's outcomes against the key.

    An outcome's `file` may be the key's path (`docs/x.pdf`), a path ending with it, or the
    bare file name when that is unique in the key. An outcome that matches no key, or a second
    outcome for the same document, raises ValueError.
    """
    by_file = {key.file: key for key in keys}
    matched: dict[str, DocumentOutcome] = {}
    for outcome in outcomes:
        key = _match(outcome.file, keys)
        if key.file in matched:
            raise ValueError(f"two outcomes for {key.file}")
        matched[key.file] = outcome
    documents = [_evaluate(key, matched.get(key.file)) for key in by_file.values()]
    groups = [_group("all", documents)]
    groups += [
        _group(name, [d for d in documents if d.key.split == name])
        for name in SPLITS
        if any(d.key.split == name for d in documents)
    ]
    return LegalScore(
        splits=tuple(groups),
        missed=tuple(r for d in documents for r in d.missed),
        wrong_severity=tuple(r for d in documents for r in d.wrong_severity),
        false_flags=tuple(r for d in documents for r in d.false_flags),
        unlabelled=tuple(r for d in documents for r in d.unlabelled),
    )


def _match(name: str, keys: Sequence[DocumentKey]) -> DocumentKey:
    wanted = PurePosixPath(name.replace("\\", "/"))
    for key in keys:
        if wanted == PurePosixPath(key.file):
            return key
    suffix = [k for k in keys if _ends_with(wanted, PurePosixPath(k.file))]
    if len(suffix) == 1:
        return suffix[0]
    same_name = [k for k in keys if PurePosixPath(k.file).name == wanted.name]
    if len(same_name) == 1:
        return same_name[0]
    if same_name or suffix:
        raise ValueError(f"outcome {name!r} matches more than one document in the key")
    raise ValueError(f"outcome {name!r} matches no document in the key")


def _ends_with(path: PurePosixPath, tail: PurePosixPath) -> bool:
    return len(path.parts) >= len(tail.parts) and path.parts[-len(tail.parts) :] == tail.parts


def _evaluate(key: DocumentKey, outcome: DocumentOutcome | None) -> _Document:
    findings = outcome.findings if outcome is not None else ()
    flags: dict[str, list[ScoredFinding]] = {}
    checked = verified = 0
    for finding in findings:
        item = finding.item.strip().lower()
        status = finding.status.strip().lower()
        if status != "missing":
            checked += 1
            verified += bool(finding.quote_verified)
        if status in STATUSES:
            flags.setdefault(item, []).append(finding)

    found = exact = 0
    missed: list[ProblemRecord] = []
    wrong: list[ProblemRecord] = []
    for problem in key.expected:
        hits = flags.get(problem.item, [])
        severities = tuple(h.severity.strip().upper() for h in hits)
        if not hits:
            missed.append(
                ProblemRecord(key.file, problem.item, problem.status, problem.severity, ())
            )
            continue
        found += 1
        if problem.severity in severities:
            exact += 1
        else:
            wrong.append(
                ProblemRecord(key.file, problem.item, problem.status, problem.severity, severities)
            )

    expected_items = {problem.item for problem in key.expected}
    false_flags: list[FlagRecord] = []
    unlabelled: list[FlagRecord] = []
    for item, hits in flags.items():
        first = hits[0]
        status, severity = first.status.strip().lower(), first.severity.strip().upper()
        if key.clean:
            false_flags.append(FlagRecord(key.file, item, status, severity, "clean document"))
        elif item in key.must_not_flag:
            false_flags.append(FlagRecord(key.file, item, status, severity, "must_not_flag"))
        elif item not in expected_items:
            unlabelled.append(FlagRecord(key.file, item, status, severity, "unlabelled"))
    return _Document(
        key=key,
        outcome=outcome,
        found=found,
        exact=exact,
        missed=tuple(missed),
        wrong_severity=tuple(wrong),
        false_flags=tuple(false_flags),
        unlabelled=tuple(unlabelled),
        quotes_checked=checked,
        quotes_verified=verified,
    )


def _group(name: str, documents: Sequence[_Document]) -> SplitScore:
    clean = [len(d.false_flags) for d in documents if d.key.clean]
    real = [len(d.false_flags) for d in documents if d.key.split == "real"]
    seconds = [d.outcome.seconds for d in documents if d.outcome is not None]
    short = [d.outcome.seconds for d in documents if d.outcome is not None and d.key.pages <= 10]
    return SplitScore(
        name=name,
        documents=len(documents),
        completed=sum(1 for d in documents if d.outcome is not None and d.outcome.completed),
        expected=sum(len(d.key.expected) for d in documents),
        found=sum(d.found for d in documents),
        exact_severity=sum(d.exact for d in documents),
        false_flags=sum(len(d.false_flags) for d in documents),
        unlabelled=sum(len(d.unlabelled) for d in documents),
        clean_documents=len(clean),
        false_flags_per_clean_mean=sum(clean) / len(clean) if clean else None,
        false_flags_per_clean_max=max(clean) if clean else None,
        real_documents=len(real),
        false_flags_per_real_mean=sum(real) / len(real) if real else None,
        false_flags_per_real_max=max(real) if real else None,
        quotes_checked=sum(d.quotes_checked for d in documents),
        quotes_verified=sum(d.quotes_verified for d in documents),
        seconds_mean=sum(seconds) / len(seconds) if seconds else None,
        seconds_max_short=max(short) if short else None,
    )
