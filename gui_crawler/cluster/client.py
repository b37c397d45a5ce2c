"""The Redis client of a crawl on many machines: redis-py's, with each command (and each
pipeline) run as a task of its own that the caller awaits through ``asyncio.shield``.

redis-py (8.1 here, and before it: redis/redis-py#2028, #2551) can lose a cancellation that lands
while a command is on its way: the task cancelled goes on as if nothing happened. Our tasks are
cancelled while they may be inside a call — a node's beats and pump as it leaves, the engine's
join as it stops, workers asking a host's rules, the collector — and whatever then awaits their
end waits for ever (a node that never exits after its crawl is done). Shielded, the caller is
cancelled at once, always; the command itself runs to its end (bounded by the socket's timeout)
and its answer is dropped, as an answer lost on the way would be, which the callers already
handle (frontier.py), and its connection goes back to the pool whole, never half read.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any, TypeVar

from redis.asyncio import Redis
from redis.asyncio.client import Pipeline

T = TypeVar("T")


def _retrieved(task: asyncio.Future[Any]) -> None:
    """An answer nobody awaits any more: its error (if any) is not reported as unretrieved."""
    if not task.cancelled():
        task.exception()


async def _apart(call: Awaitable[T]) -> T:
    task = asyncio.ensure_future(call)
    task.add_done_callback(_retrieved)
    return await asyncio.shield(task)


class ShieldedPipeline(Pipeline):
    async def execute(self, raise_on_error: bool = True) -> list[Any]:
        return await _apart(super().execute(raise_on_error))


class ShieldedRedis(Redis):
    async def execute_command(self, *args: Any, **options: Any) -> Any:
        return await _apart(super().execute_command(*args, **options))

    def pipeline(self, transaction: bool = True, shard_hint: str | None = None) -> Pipeline:
        return ShieldedPipeline(
            self.connection_pool, self.response_callbacks, transaction, shard_hint
        )
