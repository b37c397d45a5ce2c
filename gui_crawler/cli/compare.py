"""``gui-crawler compare OLD NEW``: what changed between two crawl files of one site, as counts,
a list, a CSV (``--csv``) and a one-file HTML page (``--report``).

Exit codes as diff's: 0 no change, 1 changes, 2 usage error (two different sites, a file that is
no crawl file), 3 an output that could not be written.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from gui_crawler.records import compare
from gui_crawler.records.export import write_table
from gui_crawler.records.outfile import atomic_text, why_unwritable
from gui_crawler.storage import StoreError, load

EXIT_SAME, EXIT_CHANGED, EXIT_USAGE, EXIT_ERROR = 0, 1, 2, 3
SHOWN = 20  # URLs listed a kind on the terminal


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="gui-crawler compare",
        description="What changed between two crawl files of one site: URLs added and removed, "
        "answers, redirect targets, titles, meta descriptions, H1s, canonicals, robots "
        "directives and content.",
        epilog="Exit codes: 0 no change, 1 changes found, 2 usage error, 3 an output could not be "
        "written.",
    )
    p.add_argument("old", metavar="OLD", help="the earlier crawl file")
    p.add_argument("new", metavar="NEW", help="the later crawl file")
    p.add_argument("--csv", metavar="FILE", help="write one row per change (url,change,old,new)")
    p.add_argument("--report", metavar="FILE.html", help="write the changes as one HTML file")
    p.add_argument("-v", "--verbose", action="store_true", help="list every changed URL")
    p.add_argument("-q", "--quiet", action="store_true", help="print only the summary line")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    for flag, target in (("--csv", args.csv), ("--report", args.report)):
        if target is not None and (why := why_unwritable(target) if target.strip() else "empty"):
            parser.error(f"cannot write {flag} {target!r}: {why}")
    try:
        old, new = load(Path(args.old)), load(Path(args.new))
        compare.check_same_site(old.config.roots, new.config.roots)
    except (StoreError, compare.DifferentSites) as e:
        parser.error(str(e))
    changes = compare.compare(old.records, new.records)
    out = sys.stdout
    print(
        f"Compared {args.old} ({len(old.records):,} URLs) with {args.new} "
        f"({len(new.records):,} URLs): {compare.summary(changes)}",
        file=out,
    )
    note = compare.options_note(old.config, new.config)
    if note is not None:
        print(note, file=out)
    if not args.quiet:
        for kind in compare.KINDS:
            rows = [c for c in changes if c.kind == kind.key]
            if not rows:
                continue
            print(f"{kind.label.capitalize()}: {len(rows):,}", file=out)
            for c in rows if args.verbose else rows[:SHOWN]:
                shown = f"  {c.old} → {c.new}" if c.old and c.new else ""
                print(f"  {c.url}{shown}", file=out)
            if not args.verbose and len(rows) > SHOWN:
                print(f"  … and {len(rows) - SHOWN:,} more (-v lists them all)", file=out)
    try:
        if args.csv:
            n = write_table(args.csv, compare.CSV_COLUMNS, compare.csv_rows(changes))
            print(f"Wrote {n:,} rows to {args.csv}", file=out)
        if args.report:
            with atomic_text(args.report) as f:
                f.write(compare.render(changes, args.old, args.new))
            print(f"Wrote the comparison to {args.report}", file=out)
    except OSError as e:
        print(f"gui-crawler: cannot write: {e.strerror or e}", file=sys.stderr)
        return EXIT_ERROR
    return EXIT_CHANGED if changes else EXIT_SAME
