"""OpenTelemetry for runs (the `thinkact[otel]` extra): `OtelReporter` makes spans of a
run's events after the GenAI semantic conventions; `reporter_from_env` is what the command
line exports (`--otel`, or the standard OTEL_* variables). Importing this package does not
import OpenTelemetry: a reporter does, when it is made.

    from thinkact.otel import OtelReporter
    agent = Agent(model, tools, reporters=[OtelReporter()])   # the global tracer provider
"""

from thinkact.otel.export import reporter_from_env
from thinkact.otel.reporter import OtelReporter

__all__ = ["OtelReporter", "reporter_from_env"]
