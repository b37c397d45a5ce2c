"""``gui-crawler crawl`` on a real site, as a user runs it: ``--only cli-stream``.

Debian's rust-doc (``--real-site``) served by nginx, crawled by ``gui-crawler crawl --no-external`` with a crawl
file and ``--csv --report --broken-csv`` (the CLI keeps counts and reads its report and outputs
from the file at the end, a batch at a time); then that crawl file resumed with nothing left to
fetch and every output asked (``-v --csv --report --broken-csv --links-csv``): each the peak RSS
of the process (wait4), wall and CPU seconds; and the crawl file's size. ``--before REF``: the code at REF side by side.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from common import run_measured
from realsites import OWN_SITE_CLI, ensure_docs
from sections import Context, section
from servers import Nginx

AUDIT = ["--csv", "pages.csv", "--report", "r.html", "--broken-csv", "broken.csv"]


def cli(args: list[str], folder: Path, env: dict[str, str]) -> dict[str, float]:
    """``gui-crawler crawl ARGS`` run by the tree ``env`` names, in ``folder`` (not the
    repository: ``-m`` puts the working directory first on the path)."""
    return run_measured(["-m", "gui_crawler", "crawl", *args], folder, env)


def scratch(ctx: Context, name: str) -> Path:
    """A fresh folder for one run."""
    return Path(tempfile.mkdtemp(prefix=f"{name}-", dir=ctx.tmp))


def real_site(ctx: Context) -> str:
    """``--real-site`` served by nginx for the rest of the section: its URL."""
    return ctx.stack.enter_context(Nginx(ensure_docs(ctx.args.real_site), mime_types=True)).url


@section(
    "cli-stream",
    "gui-crawler crawl of rust-doc with --csv --report --broken-csv: peak RSS",
    by_hand=True,
)
def cli_stream(ctx: Context) -> None:
    url = real_site(ctx)

    def measure(env: dict[str, str]) -> dict[str, float]:
        folder = scratch(ctx, "cli-stream")
        crawl = cli([url, "-q", *OWN_SITE_CLI, *AUDIT, "--db", "c.sqlite3"], folder, env)
        size = (folder / "c.sqlite3").stat().st_size / 2**20
        outputs = cli(
            ["--resume", "c.sqlite3", "-v", *AUDIT, "--links-csv", "links.csv"], folder, env
        )
        shutil.rmtree(folder)
        both = {"crawl": crawl, "outputs": outputs}
        figures = {f"{what}: {k}": v for what, r in both.items() for k, v in r.items()}
        return {**figures, "crawl file MB": size}

    title = (
        f"gui-crawler crawl of {ctx.args.real_site} with its outputs, then every output of its file"
    )
    ctx.results["cli-stream"] = ctx.compare(title, measure)
