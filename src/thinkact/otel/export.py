"""What the command line exports: spans only when asked, through the standard variables.

`thinkact run ... --otel` writes span JSON to stderr; with OTEL_EXPORTER_OTLP_ENDPOINT set
(e.g. http://collector:4318) spans go there over OTLP instead, `--otel` or not.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from typing import IO, Any

from thinkact.errors import UserError
from thinkact.otel.reporter import MISSING, OtelReporter, otel_api

_ENDPOINTS = ("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "OTEL_EXPORTER_OTLP_ENDPOINT")


def reporter_from_env(
    *,
    forced: bool = False,
    env: Mapping[str, str] | None = None,
    stream: IO[str] | None = None,
) -> OtelReporter | None:
    """The command line's reporter, or None when nothing asks for spans.

    Spans are exported when `forced` (`--otel`) or when OTEL_TRACES_EXPORTER or an OTLP
    endpoint is set; OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none turn it off.
    Exporters: `otlp` (the default when an endpoint is set; OTEL_EXPORTER_OTLP_PROTOCOL
    picks http/protobuf or grpc, and the exporter reads its other OTEL_* variables) and
    `console` (span JSON on `stream`, default stderr, so stdout keeps the answer).
    If the process already has an SDK tracer provider (`opentelemetry-instrument`), spans
    go there instead. OpenTelemetry is not imported when nothing asks for it.
    """
    env = os.environ if env is None else env
    if env.get("OTEL_SDK_DISABLED", "").strip().lower() == "true":
        return None
    names = [n.strip().lower() for n in env.get("OTEL_TRACES_EXPORTER", "").split(",")]
    names = [n for n in names if n]
    endpoint = any(env.get(n) for n in _ENDPOINTS)
    if "none" in names or not (forced or names or endpoint):
        return None
    if not names:
        names = ["otlp"] if endpoint else ["console"]
    trace = otel_api()
    if not isinstance(trace.get_tracer_provider(), trace.ProxyTracerProvider):
        return OtelReporter()  # the process set OpenTelemetry up itself
    try:
        from opentelemetry.sdk.resources import Resource
        from opentelemetry.sdk.trace import TracerProvider
        from opentelemetry.sdk.trace.export import (
            BatchSpanProcessor,
            ConsoleSpanExporter,
            SimpleSpanProcessor,
        )
    except ImportError:
        raise UserError(MISSING) from None
    named = "OTEL_SERVICE_NAME" in env or "service.name=" in env.get("OTEL_RESOURCE_ATTRIBUTES", "")
    resource = Resource.create({} if named else {"service.name": "thinkact"})
    provider = TracerProvider(resource=resource)
    for name in dict.fromkeys(names):
        if name == "console":
            exporter = ConsoleSpanExporter(out=stream or sys.stderr)
            provider.add_span_processor(SimpleSpanProcessor(exporter))
        elif name == "otlp":
            provider.add_span_processor(BatchSpanProcessor(_otlp_exporter(env)))
        else:
            raise UserError(
                f"OTEL_TRACES_EXPORTER={name}: thinkact exports spans to otlp or console"
            )
    return OtelReporter(provider=provider)


def _otlp_exporter(env: Mapping[str, str]) -> Any:
    protocol = (
        env.get("OTEL_EXPORTER_OTLP_TRACES_PROTOCOL")
        or env.get("OTEL_EXPORTER_OTLP_PROTOCOL")
        or "http/protobuf"
    ).strip()
    try:
        if protocol == "grpc":
            from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter
        else:
            from opentelemetry.exporter.otlp.proto.http.trace_exporter import (
                OTLPSpanExporter,
            )
    except ImportError:
        package = f"opentelemetry-exporter-otlp-proto-{'grpc' if protocol == 'grpc' else 'http'}"
        raise UserError(f"OTLP export needs {package}: pip install 'thinkact[otel]'") from None
    return OTLPSpanExporter()
