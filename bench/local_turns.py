"""A 10-turn conversation on the embedded model: is the KV cache really reused?

For each turn: prompt tokens, tokens taken from the cache, tokens evaluated, tokens
generated and seconds. Every reply is cut at the same number of tokens (the user asks for
long answers), so turns differ only in how much prompt they evaluate. Then turn 10's prompt
once more with the cache emptied, to show what reuse saves.

    flock /tmp/thinkact-model.lock .venv/bin/python bench/local_turns.py [--turns 10]

Target: turn 10 takes at most 1.3x the seconds of turn 2.
"""

from __future__ import annotations

import argparse
import time

from thinkact.models.local import LocalModel
from thinkact.types import AssistantMessage, Message, ModelRequest, SystemMessage, UserMessage

TOPICS = [
    "the history of the number zero",
    "how a hash table works",
    "why the sky is blue",
    "how compilers optimise loops",
    "the rules of chess castling",
    "what a B-tree is for",
    "how vaccines train the immune system",
    "why TCP needs a three-way handshake",
    "how photosynthesis stores energy",
    "what makes a good unit test",
    "how a bicycle stays upright",
    "what an index does in a database",
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", type=int, default=10)
    parser.add_argument("--reply-tokens", type=int, default=32)
    parser.add_argument("--model", default=None, help="path to a GGUF (default: embedded)")
    args = parser.parse_args()

    model = LocalModel(args.model)
    messages: list[Message] = [
        SystemMessage("You are a patient teacher. Answer in long, detailed paragraphs.")
    ]
    t0 = time.perf_counter()
    model.count_tokens(ModelRequest(messages))  # load the weights before timing
    print(f"model loaded in {time.perf_counter() - t0:.1f} s\n")
    print(f"{'turn':>4} {'prompt':>7} {'cached':>7} {'evaluated':>9} {'out':>4} {'seconds':>8}")
    seconds: list[float] = []
    for turn in range(1, args.turns + 1):
        messages.append(UserMessage(f"Explain {TOPICS[(turn - 1) % len(TOPICS)]}."))
        request = ModelRequest(tuple(messages), max_tokens=args.reply_tokens)
        start = time.perf_counter()
        reply = model.complete(request)
        took = time.perf_counter() - start
        seconds.append(took)
        u = reply.usage
        print(
            f"{turn:>4} {u.input_tokens:>7} {u.cached_tokens:>7} "
            f"{u.input_tokens - u.cached_tokens:>9} {u.output_tokens:>4} {took:>8.2f}"
        )
        messages.append(AssistantMessage(reply.text))

    last = ModelRequest(tuple(messages[:-1]), max_tokens=args.reply_tokens)
    model.complete(ModelRequest([UserMessage("Unrelated.")], max_tokens=1))  # evict the cache
    start = time.perf_counter()
    cold = model.complete(last)
    cold_s = time.perf_counter() - start
    print(
        f"\nturn {args.turns} again with an empty cache: {cold.usage.input_tokens} tokens "
        f"evaluated ({cold.usage.cached_tokens} cached), {cold_s:.2f} s"
    )
    if len(seconds) >= 2:
        ratio = seconds[-1] / seconds[1]
        verdict = "ok" if ratio <= 1.3 else "over target"
        print(f"turn {args.turns} / turn 2 = {ratio:.2f}x (target <= 1.3x: {verdict})")
        print(f"cache speed-up on turn {args.turns}: {cold_s / seconds[-1]:.1f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
