"""The request timeline's cost: phase timing on vs off headless, the window with the Timeline
tab showing vs the Pages tab, and UI lag with the timeline at 1,000 workers."""

from __future__ import annotations

from common import median, table
from gui_sections import window
from sections import Context, ours, section
from servers import TreeServer


@section(
    "timeline", "phase timing on/off headless, Timeline tab shown/hidden, lag at 1,000 workers"
)
def timeline(ctx: Context) -> None:
    a = ctx.args
    url = ctx.docs_url()
    on, off, shown, hidden = [], [], [], []
    for i in range(a.runs):
        # Alternated, so that drift on a shared machine hits both alike.
        on.append(ours(url, a.workers, timeout=a.timeout))
        off.append(ours(url, a.workers, "--set", "timing=false", timeout=a.timeout))
        shown.append(window(url, a.workers, "--tab", "timeline", timeout=a.timeout))
        hidden.append(window(url, a.workers, timeout=a.timeout))
        ctx.say(
            f"  run {i + 1}: headless timed {on[-1]['wall']:.2f} s, untimed {off[-1]['wall']:.2f} s;"
            f" window, timeline shown {shown[-1]['wall']:.2f} s, hidden {hidden[-1]['wall']:.2f} s"
        )
    hold = 100
    srv = ctx.stack.enter_context(TreeServer(fanout=100))
    total = 1 + 100 + 4000
    big = window(srv.root(hold, total), 1000, "--tab", "timeline", timeout=a.timeout)
    rows = [
        [label, median([r["records"] for r in runs]), median([r["wall"] for r in runs]),
         median([r.get("lag_p99_ms", float("nan")) for r in runs])]
        for label, runs in (("headless, timing on", on), ("headless, timing off", off),
                            ("window, Timeline tab", shown), ("window, Pages tab", hidden),
                            ("window, Timeline tab, 1,000 workers", [big]))
    ]  # fmt: skip
    ctx.say(
        table(
            ["run", "records", "wall s", "lag p99 ms"],
            rows,
            title=f"\n== timeline cost: {a.pages:,}-page docs site, {a.workers} workers, medians "
            f"of {a.runs}; then {total:,} URLs held {hold} ms at 1,000 workers ==",
        )
    )
    timing = median([x["wall"] / y["wall"] for x, y in zip(on, off, strict=True)])
    tab = median([x["wall"] / y["wall"] for x, y in zip(shown, hidden, strict=True)])
    ctx.results["timeline"] = {"on": on, "off": off, "shown": shown, "hidden": hidden, "big": big}
    ctx.target("phase timing on/off wall ≤ 1.05x", f"{timing:.3f}x", "1.05x", 1.05 / timing)
    ctx.target("Timeline shown/hidden wall ≤ 1.05x", f"{tab:.3f}x", "1.05x", 1.05 / tab)
    p99 = big["lag_p99_ms"]
    ctx.target("lag p99 at 1,000 workers, Timeline ≤ 50 ms", f"{p99:.0f} ms", "50 ms", 50 / p99)
