"""The request timeline's cost: phase timing on vs off headless; the window with the Timeline
tab showing vs the Pages tab, and UI lag with the timeline at 1,000 workers."""

from __future__ import annotations

from common import median, table
from gui_sections import window
from sections import Context, ours, section
from servers import TreeServer


@section("timing", "phase timing on vs off, headless, on the docs site (twice --runs)")
def timing(ctx: Context) -> None:
    a = ctx.args
    url = ctx.docs_url()
    on, off = [], []
    for _ in range(2 * a.runs):
        # Alternated, so that drift on a shared machine hits both alike.
        on.append(ours(url, a.workers, timeout=a.timeout))
        off.append(ours(url, a.workers, "--set", "timing=false", timeout=a.timeout))
        ctx.say(f"  timed {on[-1]['wall']:.2f} s, untimed {off[-1]['wall']:.2f} s")
    rows = [
        [label, median([r["records"] for r in runs]), median([r["wall"] for r in runs])]
        for label, runs in (("timing on", on), ("timing off", off))
    ]
    ctx.say(
        table(
            ["run", "records", "wall s"],
            rows,
            title=f"\n== phase timing: {a.pages:,}-page docs site, {a.workers} workers, medians "
            f"of {2 * a.runs} ==",
        )
    )
    ratios = [x["wall"] / y["wall"] for x, y in zip(on, off, strict=True)]
    ratio = median(ratios)
    ctx.say(f"  on/off wall per run: {', '.join(f'{r:.2f}x' for r in ratios)}")
    ctx.results["timing"] = {"on": on, "off": off}
    ctx.target("phase timing on/off wall ≤ 1.05x", f"{ratio:.3f}x", "1.05x", 1.05 / ratio)


@section("timeline", "the window, Timeline tab shown vs hidden; UI lag at 1,000 workers")
def timeline(ctx: Context) -> None:
    a = ctx.args
    url = ctx.docs_url()
    shown, hidden = [], []
    for i in range(a.runs):
        shown.append(window(url, a.workers, "--tab", "timeline", timeout=a.timeout))
        hidden.append(window(url, a.workers, timeout=a.timeout))
        ctx.say(
            f"  run {i + 1}: timeline shown {shown[-1]['wall']:.2f} s, "
            f"hidden {hidden[-1]['wall']:.2f} s"
        )
    hold = 100
    srv = ctx.stack.enter_context(TreeServer(fanout=100))
    total = 1 + 100 + 10000
    big, big_hidden = [], []
    for _ in range(a.runs):
        big.append(window(srv.root(hold, total), 1000, "--tab", "timeline", timeout=a.timeout))
        big_hidden.append(window(srv.root(hold, total), 1000, timeout=a.timeout))
    rows = [
        [label, median([r["records"] for r in runs]), median([r["wall"] for r in runs]),
         median([r["lag_p99_ms"] for r in runs])]
        for label, runs in (("Timeline tab", shown), ("Pages tab", hidden),
                            ("Timeline tab, 1,000 workers", big),
                            ("Pages tab, 1,000 workers", big_hidden))
    ]  # fmt: skip
    ctx.say(
        table(
            ["window", "records", "wall s", "lag p99 ms"],
            rows,
            title=f"\n== the Timeline tab: {a.pages:,}-page docs site, {a.workers} workers; then "
            f"{total:,} URLs held {hold} ms at 1,000 workers; medians of {a.runs} ==",
        )
    )
    tab = median([x["wall"] / y["wall"] for x, y in zip(shown, hidden, strict=True)])
    ctx.results["timeline"] = {"shown": shown, "hidden": hidden, "big": big,
                               "big_hidden": big_hidden}  # fmt: skip
    ctx.target("Timeline shown/hidden wall ≤ 1.05x", f"{tab:.3f}x", "1.05x", 1.05 / tab)
    p99 = median([r["lag_p99_ms"] for r in big])
    base = median([r["lag_p99_ms"] for r in big_hidden])
    ctx.say(f"  lag p99 at 1,000 workers: Timeline {p99:.0f} ms, Pages {base:.0f} ms "
            f"({p99 / base:.2f}x)")  # fmt: skip
    ctx.target("lag p99 at 1,000 workers, Timeline ≤ 50 ms", f"{p99:.0f} ms", "50 ms", 50 / p99)
