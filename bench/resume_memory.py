"""Resuming a crawl file: ``--only resume-memory``. A resume streams the URLs taken in and the
frontier from the file rather than loading every record.

Debian's rust-doc (``--real-site``) crawled (nginx, ``--no-external``) to its end once by this tree, then with each
tree: ``gui-crawler crawl --resume FILE -q`` of that file (nothing left to fetch), and of a copy
with its later half of records deleted (as a cancel midway leaves it: those URLs are the
frontier), resumed to its end. Each run resumes a fresh copy; peak RSS of the process (wait4),
wall and CPU seconds. ``--before REF``: the code at REF side by side.
"""

from __future__ import annotations

import shutil
import sqlite3

from cli_stream import cli, real_site, scratch
from common import ROOT
from realsites import OWN_SITE_CLI
from sections import Context, section


@section("resume-memory", "resuming rust-doc's crawl file, done and half done: peak RSS",
         by_hand=True)  # fmt: skip
def resume_memory(ctx: Context) -> None:
    url = real_site(ctx)
    made = scratch(ctx, "resume-crawl")
    ctx.say(f"  crawling {ctx.args.real_site} once (this tree) …")
    cli([url, "-q", *OWN_SITE_CLI, "--db", "done.sqlite3"], made, {"PYTHONPATH": str(ROOT)})
    shutil.copy(made / "done.sqlite3", made / "half.sqlite3")
    with sqlite3.connect(made / "half.sqlite3") as db:
        (count,) = db.execute("SELECT count(*) FROM records").fetchone()
        db.execute(
            "DELETE FROM records WHERE seq > (SELECT min(seq) FROM records) + ?", (count // 2,)
        )
        db.execute("UPDATE meta SET value='cancelled' WHERE key='state'")
    db.close()

    def measure(env: dict[str, str]) -> dict[str, float]:
        out = {}
        for name in ("done", "half"):
            folder = scratch(ctx, "resume")
            shutil.copy(made / f"{name}.sqlite3", folder / "c.sqlite3")
            r = cli(["--resume", "c.sqlite3", "-q"], folder, env)
            out |= {f"{name}: {k}": v for k, v in r.items()}
            shutil.rmtree(folder)
        return out

    title = f"resuming {ctx.args.real_site}'s crawl file: done ({count:,} records), half done ({count - count // 2:,} left)"
    ctx.results["resume-memory"] = ctx.compare(title, measure)
