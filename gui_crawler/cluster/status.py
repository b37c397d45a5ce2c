"""A cluster crawl's progress as a person reads it (``gui-crawler cluster status``): the crawl's
counts, then one line per node."""

from __future__ import annotations

from dataclasses import dataclass

from gui_crawler.cluster.shared import SharedCrawl


@dataclass(frozen=True)
class NodeFigures:
    """One node as it last told Redis (its figures; ``beat_age``: seconds since)."""

    node: str
    machine: str
    state: str
    workers: int
    busy: int
    fetched: int
    recorded: int
    dropped: int
    offline: str
    beat_age: float
    worker_states: str
    number: int = -1  # the order it joined in (-1: a node of an older version)
    start_ms: float = 0.0  # when its crawl started, on Redis's clock (0: not known)

    @classmethod
    def of(cls, d: dict[str, str], now_ms: float) -> NodeFigures:
        def num(k: str) -> int:
            try:
                return int(float(d.get(k, 0) or 0))
            except ValueError:
                return 0

        beat = float(d.get("beat", 0) or 0)
        return cls(
            node=d["node"],
            machine=d.get("machine", ""),
            state=d.get("state", ""),
            workers=num("workers"),
            busy=num("busy"),
            fetched=num("fetched"),
            recorded=num("done"),
            dropped=num("dropped"),
            offline=d.get("offline", ""),
            beat_age=max(0.0, (now_ms - beat) / 1000) if beat else -1.0,
            worker_states=d.get("worker_states", ""),
            number=num("number") if "number" in d else -1,
            start_ms=float(d.get("start") or d.get("joined") or 0),
        )


async def node_figures(shared: SharedCrawl) -> list[NodeFigures]:
    seconds, micros = await shared.client.time()
    now_ms = seconds * 1000 + micros / 1000
    return [NodeFigures.of(d, now_ms) for d in await shared.nodes()]


async def status_lines(shared: SharedCrawl, where: str) -> list[str]:
    counts = await shared.counts()
    state = await shared.state()
    lines = [
        f"Crawl {shared.id} at {where}: {state}; roots {' '.join(shared.config.roots)}",
        f"  taken in {counts['taken']:,}, queued {counts['queued']:,}, held by nodes "
        f"{counts['held']:,}, recorded {counts['recorded']:,}, collected {counts['collected']:,}",
    ]
    nodes = await node_figures(shared)
    if not nodes:
        lines.append("  no node has joined")
        return lines
    head = ("node", "machine", "state", "workers", "busy", "fetched", "recorded", "last beat")
    rows = [head]
    for n in nodes:
        state = n.state + (f" (Redis unreachable: {n.offline})" if n.offline else "")
        beat = f"{n.beat_age:.1f} s ago" if n.beat_age >= 0 else "never"
        rows.append(
            (n.node, n.machine, state, str(n.workers), str(n.busy), f"{n.fetched:,}",
             f"{n.recorded:,}", beat)
        )  # fmt: skip
    widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
    for r in rows:
        lines.append("  " + "  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip())
    return lines
