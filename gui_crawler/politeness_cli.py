"""The command-line options of real-site manners (robots.txt, sitemaps, per-host limits, external
links), kept beside the CLI so its option list stays short to read."""

from __future__ import annotations

import argparse
from typing import Any

from .config import CrawlConfig


def add_politeness_options(p: argparse.ArgumentParser, d: CrawlConfig) -> None:
    g = p.add_argument_group("real sites")
    g.add_argument(
        "--per-host",
        "--per_host",
        type=int,
        default=d.per_host,
        metavar="N",
        help="most requests in flight to one host (default %(default)s)",
    )
    g.add_argument(
        "--delay",
        type=float,
        default=d.delay,
        metavar="S",
        help="least seconds between requests to one host; robots.txt Crawl-delay raises it "
        "(default %(default)s)",
    )
    g.add_argument(
        "--ignore-robots",
        "--ignore_robots",
        action="store_true",
        default=d.ignore_robots,
        help="do not read robots.txt (for your own site)",
    )
    g.add_argument(
        "--no-sitemaps",
        dest="use_sitemaps",
        action="store_false",
        default=d.use_sitemaps,
        help="do not seed the crawl from robots.txt Sitemap: lines and /sitemap.xml",
    )
    ext = g.add_mutually_exclusive_group()
    ext.add_argument(
        "--check-external",
        "--check_external",
        dest="check_external",
        action="store_true",
        default=d.check_external,
        help="check every off-site link once (HEAD, else GET)"
        + (" (default)" if d.check_external else ""),
    )
    ext.add_argument(
        "--no-external",
        dest="check_external",
        action="store_false",
        help="never contact off-site URLs" + ("" if d.check_external else " (default)"),
    )


def politeness_from_args(args: argparse.Namespace) -> dict[str, Any]:
    return {
        "per_host": args.per_host,
        "delay": args.delay,
        "ignore_robots": args.ignore_robots,
        "use_sitemaps": args.use_sitemaps,
        "check_external": args.check_external,
    }
