"""OpenTelemetry spans of runs (thinkact.otel), read back from the SDK's in-memory exporter."""

from __future__ import annotations

import io
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("opentelemetry.sdk", reason="the otel extra is not installed")

from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import StatusCode

from thinkact import Agent, AgentConfig, UserError, tool
from thinkact.cli import main
from thinkact.otel import OtelReporter, reporter_from_env
from thinkact.pev import PlanExecuteVerify
from thinkact.testing import FunctionModel, ScriptedModel
from thinkact.types import ModelRequest, UserMessage


@tool
def divide(a: float, b: float) -> float:
    """Divide a by b."""
    return a / b


def call(name: str, **arguments: Any) -> dict[str, Any]:
    return {"tool_calls": [{"name": name, "arguments": arguments}], "usage": USAGE}


USAGE = {"input_tokens": 100, "output_tokens": 20}


@pytest.fixture
def exported() -> Iterator[tuple[TracerProvider, InMemorySpanExporter]]:
    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    yield provider, exporter
    provider.shutdown()


@pytest.fixture(autouse=True)
def _no_otel_variables(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("OTEL_TRACES_EXPORTER", "OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_SDK_DISABLED"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.delenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", raising=False)
    monkeypatch.delenv("OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT", raising=False)


def by_name(spans: tuple[ReadableSpan, ...], name: str) -> list[ReadableSpan]:
    return [s for s in spans if s.name == name]


def parent_of(span: ReadableSpan, spans: tuple[ReadableSpan, ...]) -> ReadableSpan:
    assert span.parent is not None, f"{span.name} has no parent"
    (parent,) = [s for s in spans if s.context.span_id == span.parent.span_id]
    return parent


def run_scripted(provider: TracerProvider, *, content: bool | None = None) -> Any:
    """Step 1 divides by zero (a tool error), step 2 divides, step 3's answer fails
    validation, step 4 answers."""
    model = ScriptedModel(
        [
            call("divide", a=1, b=0),
            call("divide", a=84, b=2),
            {"text": "forty-two", "usage": USAGE},
            {"text": "42", "usage": USAGE},
        ]
    )

    def digits(answer: str) -> str | None:
        return None if re.search(r"\d", answer) else "write the answer in digits"

    reporter = OtelReporter(provider.get_tracer("test"), content=content)
    agent = Agent(model, [divide], validators=[digits], reporters=[reporter])
    result = agent.run("What is 84 / 2?")
    reporter.close()
    return result


def test_a_run_is_a_tree_of_run_step_model_and_tool_spans(
    exported: tuple[TracerProvider, InMemorySpanExporter],
) -> None:
    provider, exporter = exported
    result = run_scripted(provider)
    assert result.ok
    spans = exporter.get_finished_spans()
    (run,) = by_name(spans, "invoke_agent thinkact")
    assert run.parent is None
    steps = [s for s in spans if s.name.startswith("step ")]
    assert [s.name for s in steps] == ["step 1", "step 2", "step 3", "step 4"]
    assert all(parent_of(s, spans) is run for s in steps)
    chats = by_name(spans, "chat scripted")
    assert len(chats) == 4
    assert [parent_of(c, spans).name for c in chats] == ["step 1", "step 2", "step 3", "step 4"]
    tools = by_name(spans, "execute_tool divide")
    assert [parent_of(t, spans).name for t in tools] == ["step 1", "step 2"]
    # Children lie inside their parents, in time too.
    for span in [*steps, *chats, *tools]:
        parent = parent_of(span, spans)
        assert parent.start_time <= span.start_time <= span.end_time <= parent.end_time


def test_spans_carry_the_genai_attributes(
    exported: tuple[TracerProvider, InMemorySpanExporter],
) -> None:
    provider, exporter = exported
    run_scripted(provider)
    spans = exporter.get_finished_spans()
    (run,) = by_name(spans, "invoke_agent thinkact")
    attrs = dict(run.attributes or {})
    assert attrs["gen_ai.operation.name"] == "invoke_agent"
    assert attrs["gen_ai.request.model"] == "scripted"
    assert attrs["gen_ai.conversation.id"] == attrs["thinkact.run.id"]
    assert (attrs["gen_ai.usage.input_tokens"], attrs["gen_ai.usage.output_tokens"]) == (400, 80)
    assert attrs["thinkact.reason"] == "final_answer"
    assert run.status.status_code is StatusCode.OK

    chat = by_name(spans, "chat scripted")[0]
    attrs = dict(chat.attributes or {})
    assert attrs["gen_ai.operation.name"] == "chat"
    assert attrs["gen_ai.request.model"] == "scripted"
    assert (attrs["gen_ai.usage.input_tokens"], attrs["gen_ai.usage.output_tokens"]) == (100, 20)
    assert attrs["gen_ai.response.finish_reasons"] == ("tool_calls",)
    last = dict(by_name(spans, "chat scripted")[-1].attributes or {})
    assert last["gen_ai.response.finish_reasons"] == ("stop",)

    tool_span = by_name(spans, "execute_tool divide")[1]
    attrs = dict(tool_span.attributes or {})
    assert attrs["gen_ai.operation.name"] == "execute_tool"
    assert attrs["gen_ai.tool.name"] == "divide"
    assert json.loads(str(attrs["gen_ai.tool.call.arguments"])) == {"a": 84, "b": 2}
    assert "gen_ai.tool.call.id" in attrs
    # What tools and the model wrote is recorded only when asked for.
    assert "gen_ai.tool.call.result" not in attrs
    assert "gen_ai.output.messages" not in dict(chat.attributes or {})


def test_a_tool_error_and_a_validation_failure_mark_their_spans(
    exported: tuple[TracerProvider, InMemorySpanExporter],
) -> None:
    provider, exporter = exported
    run_scripted(provider)
    spans = exporter.get_finished_spans()
    failed, fine = by_name(spans, "execute_tool divide")
    assert failed.status.status_code is StatusCode.ERROR
    assert "division by zero" in (failed.status.description or "")
    assert dict(failed.attributes or {})["error.type"] == "ZeroDivisionError"
    (exception,) = [e for e in failed.events if e.name == "exception"]
    assert dict(exception.attributes or {})["exception.type"] == "ZeroDivisionError"
    assert fine.status.status_code is StatusCode.UNSET

    (step3,) = by_name(spans, "step 3")
    assert step3.status.status_code is StatusCode.ERROR
    (note,) = [e for e in step3.events if e.name == "thinkact.validation_failed"]
    assert dict(note.attributes or {})["thinkact.message"] == "write the answer in digits"
    assert by_name(spans, "step 4")[0].status.status_code is StatusCode.UNSET


def test_content_is_recorded_when_asked_for(
    exported: tuple[TracerProvider, InMemorySpanExporter],
) -> None:
    provider, exporter = exported
    run_scripted(provider, content=True)
    spans = exporter.get_finished_spans()
    tool_span = by_name(spans, "execute_tool divide")[1]
    assert dict(tool_span.attributes or {})["gen_ai.tool.call.result"] == "42.0"
    last = by_name(spans, "chat scripted")[-1]
    (message,) = json.loads(str(dict(last.attributes or {})["gen_ai.output.messages"]))
    assert message["role"] == "assistant" and message["parts"][-1]["content"] == "42"
    run = by_name(spans, "invoke_agent thinkact")[0]
    assert dict(run.attributes or {})["thinkact.task"] == "What is 84 / 2?"


def test_a_run_that_stops_without_an_answer_is_an_error(
    exported: tuple[TracerProvider, InMemorySpanExporter],
) -> None:
    provider, exporter = exported
    model = ScriptedModel([call("divide", a=1, b=0)] * 3 + ["none"])
    reporter = OtelReporter(provider.get_tracer("test"))
    Agent(model, [divide], reporters=[reporter], config=AgentConfig(max_steps=2)).run("x")
    (run,) = by_name(exporter.get_finished_spans(), "invoke_agent thinkact")
    assert run.status.status_code is StatusCode.ERROR
    assert dict(run.attributes or {})["error.type"] == "max_steps"


def test_spans_left_open_by_an_interrupted_run_end_on_close(
    exported: tuple[TracerProvider, InMemorySpanExporter],
) -> None:
    provider, exporter = exported
    reporter = OtelReporter(provider.get_tracer("test"))
    agent = Agent(ScriptedModel([call("divide", a=1, b=1), "1"]), [divide])
    events = agent.iter("x")
    for event in events:
        reporter(event)
        if event.kind == "tool_started":
            break  # the caller stops reading: no RunFinished
    assert not by_name(exporter.get_finished_spans(), "invoke_agent thinkact")
    reporter.close()
    spans = exporter.get_finished_spans()
    (run,) = by_name(spans, "invoke_agent thinkact")
    assert run.status.status_code is StatusCode.ERROR
    assert by_name(spans, "execute_tool divide") and by_name(spans, "step 1")


def test_plan_steps_nest_their_sub_runs(
    exported: tuple[TracerProvider, InMemorySpanExporter],
) -> None:
    provider, exporter = exported
    plan = {"steps": [{"id": "s1", "goal": "divide", "tools": ["divide"]}]}

    def answer(request: ModelRequest) -> Any:
        system = str(request.messages[0].content)  # type: ignore[union-attr]
        if "You are the planner" in system:
            return json.dumps(plan)
        if "You check one step" in system:
            return '{"pass": true, "reason": "fine"}'
        if any(m.role == "tool" for m in request.messages):
            return {"tool_calls": [{"name": "final_answer", "arguments": {"answer": "2"}}]}
        assert any(isinstance(m, UserMessage) for m in request.messages)
        return call("divide", a=4, b=2)

    reporter = OtelReporter(provider.get_tracer("test"))
    result = PlanExecuteVerify(FunctionModel(answer), [divide], reporters=[reporter]).run("4/2")
    reporter.close()
    assert result.ok
    spans = exporter.get_finished_spans()
    top = [s for s in by_name(spans, "invoke_agent thinkact") if s.parent is None]
    (plan_step,) = by_name(spans, "plan_step s1")
    assert parent_of(plan_step, spans) is top[0]
    (sub_run,) = [s for s in by_name(spans, "invoke_agent thinkact") if s.parent is not None]
    assert parent_of(sub_run, spans) is plan_step
    (tool_span,) = by_name(spans, "execute_tool divide")
    assert parent_of(parent_of(tool_span, spans), spans) is sub_run


# --- what the command line exports ---------------------------------------------------------


def test_nothing_is_exported_unless_asked() -> None:
    assert reporter_from_env(env={}) is None
    assert reporter_from_env(forced=True, env={"OTEL_SDK_DISABLED": "true"}) is None
    assert reporter_from_env(forced=True, env={"OTEL_TRACES_EXPORTER": "none"}) is None


def test_otel_exports_to_the_console_or_as_the_variables_say() -> None:
    stream = io.StringIO()
    reporter = reporter_from_env(forced=True, env={}, stream=stream)
    assert reporter is not None
    model = ScriptedModel(["Final Answer: 4"], preferred_format="react")
    Agent(model, reporters=[reporter]).run("2+2?")
    reporter.close()
    names = re.findall(r'"name": "([^"]+)"', stream.getvalue())
    assert "invoke_agent thinkact" in names and "chat scripted" in names
    assert '"service.name": "thinkact"' in stream.getvalue()

    stream = io.StringIO()
    env = {"OTEL_TRACES_EXPORTER": "console", "OTEL_SERVICE_NAME": "mine"}
    reporter = reporter_from_env(env=env, stream=stream)
    assert reporter is not None
    reporter.close()
    with pytest.raises(UserError, match="otlp or console"):
        reporter_from_env(env={"OTEL_TRACES_EXPORTER": "zipkin"})


def test_the_otel_flag_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    replies = tmp_path / "replies.json"
    replies.write_text(json.dumps({"replies": ["Final Answer: 4"], "format": "react"}))
    code = main(["run", "2+2?", "-m", f"scripted:{replies}", "--otel", "--quiet", "--no-store"])
    out, err = capsys.readouterr()
    assert code == 0 and out == "4\n"  # stdout keeps the answer alone
    assert '"name": "invoke_agent thinkact"' in err


def test_a_missing_extra_is_one_clear_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "opentelemetry.sdk.trace", None)  # as if not installed
    replies = tmp_path / "replies.json"
    replies.write_text(json.dumps({"replies": ["Final Answer: 4"], "format": "react"}))
    code = main(["run", "2+2?", "-m", f"scripted:{replies}", "--otel", "--no-store"])
    err = capsys.readouterr().err
    assert code == 2
    assert err.strip().splitlines() == [
        "error: OpenTelemetry needs the otel extra: pip install 'thinkact[otel]'"
    ]


def test_otlp_without_its_exporter_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    module = "opentelemetry.exporter.otlp.proto.http.trace_exporter"
    monkeypatch.setitem(sys.modules, module, None)  # as if not installed
    env = {"OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:4318"}
    with pytest.raises(UserError, match=r"opentelemetry-exporter-otlp-proto-http: pip install"):
        reporter_from_env(env=env)
