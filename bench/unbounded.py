"""A million URLs headless: ``unbounded`` crawls a site that never ends, without ``max_pages``,
until 1,000,000 URLs are taken in.

The endless site (nginx ``return 200``, no files): every page links to ten new pages one level
down (``0/`` … ``9/``) and to three shared ones (``/``, ``/about``, ``/contact``), so after R
pages fetched about 10·R URLs are taken in, nine in ten of them still queued. ``ours.py`` cancels
its own crawl once ``--unbounded-urls`` are taken in; RSS every 1% of them. Printed: RSS at a
tenth of them (100k) and at the end, and the slope in bytes per URL taken in between (end
points, and a least-squares fit of every sample). ``--before REF``: the code at REF side by side.
"""

from __future__ import annotations

from sections import Context, ours, section
from servers import TINY_PAGE, Nginx, answer

# The tiny tree's page, and three links every page shares.
ENDLESS = TINY_PAGE.replace("</body>", '<a href="/">home</a> <a href="/about">about</a> <a href="/contact">contact</a></body>')  # fmt: skip


def slopes(trace: list[list[float]], first: int) -> dict[str, float]:
    """RSS (MB) at ``first`` URLs and at the end, and the growth in bytes per URL taken in
    between them: from the two end points, and fitted (least squares) over every sample between.
    Before ``first``: the start-up and the first resizes of the seen set, left out."""
    after = [(n, rss * 2**20) for n, _t, rss in trace if n >= first]
    if len(after) < 2:
        return {}
    (n0, r0), (n1, r1) = after[0], after[-1]
    mx = sum(n for n, _ in after) / len(after)
    my = sum(r for _, r in after) / len(after)
    fit = sum((n - mx) * (r - my) for n, r in after) / sum((n - mx) ** 2 for n, _ in after)
    return {f"RSS MB at {first:,}": r0 / 2**20, "RSS MB at end": r1 / 2**20,
            "B/URL": (r1 - r0) / (n1 - n0), "B/URL fit": fit}  # fmt: skip


@section("unbounded", "an endless site headless, no max_pages, to 1M URLs taken in: RSS per URL",
         by_hand=True)  # fmt: skip
def unbounded(ctx: Context) -> None:
    a = ctx.args
    srv = ctx.stack.enter_context(Nginx(locations=answer("/", ENDLESS)))

    def measure(env: dict[str, str]) -> dict[str, float]:
        r = ours(
            srv.url, 100, "--taken", str(a.unbounded_urls), timeout=a.unbounded_timeout, env=env
        )
        return {"taken in": r["taken"], "recorded": r["records"], **slopes(r["trace"], a.unbounded_urls // 10), "wall s": r["wall"]}  # fmt: skip

    title = f"unbounded: 100 workers, {a.unbounded_urls:,} URLs taken in"
    ctx.results["unbounded"] = ctx.compare(title, measure)
