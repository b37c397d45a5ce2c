"""Memory that does not come back: ``--only gui-repeat``, ``--real-site`` (nginx on loopback)
crawled ``--repeat-crawls`` times in one offscreen MainWindow, as Start does (16 workers, no
external checks). After each crawl (its last ticks, Qt's deferred deletes, gc, malloc_trim): RSS
and the peak so far. ``--before REF``: the code at REF side by side.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import sys

from common import maxrss_mb, median, rss_mb, run_json, trim
from gui import in_window_process, new_window, start
from realsites import ensure_docs
from sections import Context, section
from servers import Nginx


async def crawls(url: str, runs: int) -> dict:
    from PySide6.QtCore import QCoreApplication, QEvent

    window = new_window(url, 16)
    await asyncio.sleep(0.3)
    trim()
    out: dict = {"idle": rss_mb(), "after": [], "peak": []}
    for _ in range(runs):
        await start(window).wait()
        await asyncio.sleep(0.5)  # the last ticks
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        trim()
        out["after"].append(rss_mb())
        out["peak"].append(maxrss_mb())
    out["rows"] = window.row_count
    window.close()
    await window.wait()
    return out


@section("gui-repeat", "the window crawling a real site again and again: RSS after each, peak",
         by_hand=True)  # fmt: skip
def gui_repeat(ctx: Context) -> None:
    a = ctx.args
    url = ctx.stack.enter_context(Nginx(ensure_docs(a.real_site), mime_types=True)).url

    def measure(env: dict[str, str]) -> dict[str, float]:
        r = run_json([__file__, url, str(a.repeat_crawls)], a.real_timeout * a.repeat_crawls, env)
        after, peak = r["after"], r["peak"]
        grew = [y - x for x, y in itertools.pairwise(after)]
        return {"rows": r["rows"], "idle MB": r["idle"], "first crawl's peak MB": peak[0],
                "after the first crawl MB": after[0], "a later crawl adds MB": median(grew),
                "peak over all MB": peak[-1]}  # fmt: skip

    title = (
        f"the window crawling {a.real_site} {a.repeat_crawls} times (RSS after gc and malloc_trim)"
    )
    ctx.results["gui-repeat"] = ctx.compare(title, measure)


if __name__ == "__main__":
    print(json.dumps(in_window_process(lambda: crawls(sys.argv[1], int(sys.argv[2])))))
