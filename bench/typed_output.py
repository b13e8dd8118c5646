"""Typed results on the embedded model: short extractions with `output_type`, the schema
being the grammar of the answer.

    .venv/bin/python bench/typed_output.py [--model local]

Prints, per sentence, the run's end, its steps, the answer's JSON, whether it is the
expected person, and the time the run took (the weights load before the first).
"""

from __future__ import annotations

import argparse
import time

from pydantic import BaseModel

from thinkact import Agent, AgentConfig
from thinkact.models import resolve_model
from thinkact.types import ModelRequest, UserMessage


class Person(BaseModel):
    name: str
    age: int


CASES = [
    ("Ada Lovelace died in 1852, at the age of 36.", "Lovelace", 36),
    ("At 27, Grace Hopper joined the Navy reserve.", "Hopper", 27),
    ("Alan Turing was 41 when he died in Wilmslow.", "Turing", 41),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", default="local")
    args = parser.parse_args()
    model = resolve_model(args.model)
    start = time.perf_counter()
    model.count_tokens(ModelRequest([UserMessage("warm up")]))
    print(f"model {model.name}: ready in {time.perf_counter() - start:.1f} s")
    right = 0
    for sentence, name, age in CASES:
        start = time.perf_counter()
        agent = Agent(model, output_type=Person, config=AgentConfig(max_steps=3))
        result = agent.run(f"Extract the person from this sentence: '{sentence}'")
        took = time.perf_counter() - start
        ok = isinstance(result.output, Person) and name in result.output.name
        ok = ok and result.output.age == age
        right += ok
        print(
            f"{result.reason:18} {result.steps} step(s) {took:5.1f} s  {'right' if ok else 'WRONG'}"
            f"  {result.final_answer}"
        )
    print(f"{right}/{len(CASES)} right")


if __name__ == "__main__":
    main()
