"""real-pure: is the pure-Python path a complete specification of the compiled one, and does each
compiled module pay for itself, on the real sites (python3-doc, rust-doc served by nginx)?

Each crawl is a child process (``ours.py`` with the CLI's Report and a crawl file, as
``gui-crawler crawl`` runs by default; no external checks, the real-site sections' flags), runs
alternated: the chapter's crawler (the baseline), ours compiled, ours with
``GUI_CRAWLER_NO_EXTENSIONS=1`` (all pure Python), ``=pagewalk`` and ``=linkpack`` (one module
pure). The crawl files are compared URL by URL, field by field, with the first compiled crawl;
a second compiled crawl is the control (what differs between two crawls of the same code).
Every .html file of each site is also read in process by both twins and compared part by part.
"""

from __future__ import annotations

import hashlib
import pickle
import sqlite3
import sys
import time
from collections import Counter
from pathlib import Path

from common import run_json
from realsites import TASKS, chapter_cmd, crawl_alternated, ensure_docs, ours_cmd, summary
from sections import Context, section

from gui_crawler.parsing.pagefacts import PageFacts

# The per-URL fields compared (kind and verdict are derived from status and error_kind; the rest
# are the record's own). Not compared: what depends on which worker got there first (depth,
# referrer, num_new_urls, in_sitemap's timing fields) and the timings.
FIELDS = ("status", "kind", "verdict", *PageFacts.__slots__, "links", "words", "num_urls", "next_url",
          "size", "content_type", "encoding", "error_kind", "note")  # fmt: skip
# Crawls of each site: name -> GUI_CRAWLER_NO_EXTENSIONS ("" = everything compiled).
CONFIGS = {"C": "", "pure (=1)": "1", "=pagewalk": "pagewalk", "=linkpack": "linkpack"}
SHOWN = 25  # differing (URL, field) pairs listed per comparison
FACTS = PageFacts.__slots__  # the audit fields


def _accel_check(env: str) -> str:
    """accel.describe() in a child with ``GUI_CRAWLER_NO_EXTENSIONS=env``: what it really runs."""
    code = ("import json; from gui_crawler.parsing import accel; print(json.dumps([accel.describe(), "
            "', '.join(getattr(accel, n).__name__ for n in accel.NAMES)]))")  # fmt: skip
    return "{} [{}]".format(*run_json(["-c", code], 60, env={"GUI_CRAWLER_NO_EXTENSIONS": env}))


def dump(root: Path, out: Path) -> None:
    """Child mode (``python bench/pure.py dump ROOT OUT``): every .html file under ``root`` read
    by whichever twins GUI_CRAWLER_NO_EXTENSIONS picks, pickled to ``out`` as path -> (what
    ``links.parse_page`` gives: encoding, note, audit fields, the links' hash and count; what the
    raw walk of the whole page reads, its hrefs hashed; ``markup``; the cut points)."""
    from gui_crawler.parsing import accel, links, slicing

    pw = accel.pagewalk
    got: dict[str, tuple] = {}
    t0 = time.perf_counter()
    root = root.resolve()
    for path in sorted(root.rglob("*.html")):
        rel = path.relative_to(root).as_posix()
        body = path.read_bytes()
        page = links.parse_page(body, "utf-8", "http://127.0.0.1:8000/" + rel)
        facts = tuple(getattr(page.facts, n) for n in FACTS)
        link_hash = hashlib.blake2b("\n".join(page.links).encode(), digest_size=8).hexdigest()
        data = body.removeprefix(b"\xef\xbb\xbf")
        hrefs: dict[str, str | None] = {}
        read = pw.walk(data, hrefs, None)
        raw = (*read[:-1], hashlib.blake2b(read[-1], digest_size=8).hexdigest(),
               hashlib.blake2b("\n".join(hrefs).encode(), digest_size=8).hexdigest(), len(hrefs))  # fmt: skip
        tags, bound = pw.markup(data)
        cuts = tuple(pw.cut_points(data, slicing.MAX_TAGS, tags))
        got[rel] = (page.encoding, page.note, facts, link_hash, len(page.links), raw, (tags, bound), cuts)  # fmt: skip
    with open(out, "wb") as fh:
        pickle.dump({"pages": got, "seconds": time.perf_counter() - t0, "describe": accel.describe()}, fh)  # fmt: skip
    print(f'{{"pages": {len(got)}}}')


PARTS = ("encoding", "note", "facts", "links hash", "links", "raw walk", "markup", "cut points")
RAW = ("base", "title", "h1", "h1_count", "lang", "metas", "rels", "words", "text hash", "hrefs hash",
       "hrefs")  # fmt: skip


def every_file(ctx: Context, name: str, root: Path) -> dict:
    """Every .html file of the site, read by the compiled twins and by the Python ones (a child
    each, in process: no server), compared part by part."""
    dumps = {}
    for who, env in (("C", ""), ("Python", "1")):
        out = ctx.tmp / f"dump-{name}-{who}.pickle"
        cmd = ["bench/pure.py", "dump", str(root), str(out)]
        run_json(cmd, ctx.args.real_timeout, env={"GUI_CRAWLER_NO_EXTENSIONS": env})
        with open(out, "rb") as fh:
            dumps[who] = pickle.load(fh)
    c, py = dumps["C"]["pages"], dumps["Python"]["pages"]
    diffs: list[tuple[str, str, object, object]] = []
    for rel in sorted(c):
        a, b = c[rel], py.get(rel)
        if a == b:
            continue
        for part, x, y in zip(PARTS, a, b or (None,) * len(PARTS), strict=True):
            if x == y:
                continue
            names = FACTS if part == "facts" else RAW if part == "raw walk" else None
            if names and x and y:
                for n, xx, yy in zip(names, x, y, strict=True):
                    if xx != yy:
                        diffs.append((rel, f"{part}: {n}", xx, yy))
            else:
                diffs.append((rel, part, x, y))
    ctx.say(f"\n== {name}: every .html file ({len(c):,}) read in process: C {dumps['C']['seconds']:.1f} s, "
            f"Python {dumps['Python']['seconds']:.1f} s; {len({d[0] for d in diffs})} files differ ==")  # fmt: skip
    by = Counter(d[1] for d in diffs)
    if by:
        ctx.say("  " + ", ".join(f"{k} {n}" for k, n in by.most_common()))
    for rel, part, x, y in diffs[:SHOWN]:
        ctx.say(f"    {rel}  {part}: C {_short(x)} | Python {_short(y)}")
    return {"files": len(c), "differences": [(r, p, repr(x), repr(y)) for r, p, x, y in diffs],
            "seconds": {w: d["seconds"] for w, d in dumps.items()}}  # fmt: skip


def _records(path: Path) -> dict[str, dict[str, object]]:
    """The crawl file's records: URL -> the compared fields (links as a tuple)."""
    from gui_crawler.records.verdicts import category, verdict
    from gui_crawler.storage import load, load_words

    words = dict(load_words(path))  # each link with its words, as read back
    derived = {"kind": category, "verdict": verdict, "words": lambda r: words.get(r.url, ())}
    return {r.url: {f: derived[f](r) if f in derived else getattr(r, f) for f in FIELDS}
            for r in load(path).records}  # fmt: skip


def _packed(path: Path) -> dict[str, bytes]:
    """The links and words columns as stored (the packed bytes), URL -> bytes."""
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        rows = db.execute("SELECT url, links, words FROM records")
        return {u: repr((a, w)).encode() for u, a, w in rows if a or w}
    finally:
        db.close()


def _short(v: object, n: int = 110) -> str:
    if isinstance(v, tuple) and len(v) > 4:
        return f"<{len(v)} links>"
    text = repr(v)
    return text if len(text) <= n else text[: n - 1] + "…"


def compare(ref: dict[str, dict[str, object]], got: dict[str, dict[str, object]]) -> tuple:
    """(URLs only in ref, URLs only in got, [(url, field, ref value, got value)])."""
    diffs = [(url, f, ref[url][f], got[url][f]) for url in sorted(ref.keys() & got.keys())
             for f in FIELDS if ref[url][f] != got[url][f]]  # fmt: skip
    return sorted(ref.keys() - got.keys()), sorted(got.keys() - ref.keys()), diffs


def _links_diff(a: tuple[str, ...], b: tuple[str, ...]) -> str:
    sa, sb = set(a), set(b)
    if sa == sb:
        return "same links, another order"
    return f"only C: {_short(sorted(sa - sb)[:3])}; only other: {_short(sorted(sb - sa)[:3])}"


def _say_comparison(ctx: Context, label: str, result: tuple, packed_diff: int) -> int:
    only_ref, only_got, diffs = result
    by_field = Counter(f for _, f, _, _ in diffs)
    urls = len({u for u, *_ in diffs})
    same = not (only_ref or only_got or diffs)
    ctx.say(
        f"  {label}: {'SAME' if same else 'DIFFERENT'}: "
        f"{len(only_ref)} URLs only in C, {len(only_got)} only in it, {urls} URLs differ"
        + (f" ({', '.join(f'{f} {n}' for f, n in by_field.most_common())})" if diffs else "")
        + f"; packed links bytes differ on {packed_diff} URLs"
    )
    for u in only_ref[:5]:
        ctx.say(f"    only in C:     {u}")
    for u in only_got[:5]:
        ctx.say(f"    only in other: {u}")
    for url, f, a, b in diffs[:SHOWN]:
        if f == "links":
            ctx.say(f"    {url}  links: {_links_diff(a, b)}")  # type: ignore[arg-type]
        else:
            ctx.say(f"    {url}  {f}: C {_short(a)} | other {_short(b)}")
    if len(diffs) > SHOWN:
        ctx.say(f"    … {len(diffs) - SHOWN} more")
    return len(only_ref) + len(only_got) + len(diffs)


def _site(ctx: Context, name: str, runs: int) -> dict:
    work = ctx.tmp / f"pure-{name}"
    work.mkdir(parents=True, exist_ok=True)

    def db(who: str, run: int) -> Path:
        return work / f"{who.strip('=() ').replace(' ', '_')}-{run}.sqlite3"

    crawlers = {"chapter": chapter_cmd} | {
        who: lambda url, run, who=who: (ours_cmd(url, "--db", str(db(who, run))),
                                        {"GUI_CRAWLER_NO_EXTENSIONS": CONFIGS[who]})
        for who in CONFIGS}  # fmt: skip
    got = crawl_alternated(ctx, name, crawlers, runs)
    title = f"{name}: medians, {TASKS} concurrent requests, ours with a crawl file"
    med = summary(ctx, title, got, ("chapter", "C"))
    # Same URLs and fields? Every crawl against the first compiled one.
    ctx.say(f"\n== {name}: every crawl file against the first compiled crawl's ==")
    differences: dict[str, int] = {}
    if got["C"]:
        ref_db = db("C", got["C"][0]["run"])
        ref, ref_packed = _records(ref_db), _packed(ref_db)
        for who in CONFIGS:
            for k, r in enumerate(got[who]):
                if who == "C" and k == 0:
                    continue
                path = db(who, r["run"])
                other, pk = _records(path), _packed(path)
                packed_diff = sum(ref_packed[u] != pk[u] for u in ref_packed.keys() & pk.keys())
                label = f"{who} run {k + 1}" + (" (control)" if who == "C" else "")
                differences[label] = _say_comparison(ctx, label, compare(ref, other), packed_diff)
    t0, m0 = med.get("chapter", (float("nan"), float("nan")))
    return {"runs": got, "differences": differences,
            "wall_vs_chapter": {w: t / t0 for w, (t, _) in med.items()},
            "rss_vs_chapter": {w: m / m0 for w, (_, m) in med.items()},
            "every_file": every_file(ctx, name, ensure_docs(name))}  # fmt: skip


@section("real-pure", "both real sites: compiled vs pure Python (GUI_CRAWLER_NO_EXTENSIONS), same "
         "results? cost?")  # fmt: skip
def real_pure(ctx: Context) -> None:
    for env in ("", "1", "pagewalk", "linkpack"):
        ctx.say(f"  GUI_CRAWLER_NO_EXTENSIONS={env!r:12} -> {_accel_check(env)}")
    runs = ctx.args.real_runs
    # rust-doc is 40 times larger: half the runs (at least one).
    res = {s: _site(ctx, s, runs if s == "python-docs" else max(1, (runs + 1) // 2))
           for s in ctx.args.pure_sites}  # fmt: skip
    ctx.results["real-pure"] = res
    for name, r in res.items():
        bad = sum(n for label, n in r["differences"].items() if "control" not in label)
        bad += len(r["every_file"]["differences"])
        ctx.target(f"{name}: pure Python = C, field by field", f"{bad} differences", "0", float(bad == 0))  # fmt: skip


if __name__ == "__main__":
    if sys.argv[1:2] == ["dump"]:
        dump(Path(sys.argv[2]), Path(sys.argv[3]))
