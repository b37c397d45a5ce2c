"""``gui-crawler crawl`` with a crawl file keeps counts, not records: its summary, lists, CSVs and
report are read from the file at the end, a batch at a time. Each output is the same bytes as
before: against files written by the code that kept every record (``data/outputs-*``, written
from ``data/outputs.sqlite3`` by ``--resume`` before the change), and against the same outputs
written from the file's records held in a list."""

from __future__ import annotations

import argparse
import functools
import io
import os
import re
import shutil
from pathlib import Path

import pytest
from hostsites import HostSite
from outputs_site import BLOCKED, outputs_site
from sites import ThreadedSite

from gui_crawler.base.urls import Scope
from gui_crawler.cli.headless import FileRecords, Report, main
from gui_crawler.config import CrawlConfig
from gui_crawler.events import CrawlFinished, ErrorKind, FetchRecord
from gui_crawler.parsing.linkwords import LinkWords
from gui_crawler.records.anchors import link_rows, streamed_link_rows
from gui_crawler.records.report import ListRecords, write_audit, write_pages_csv
from gui_crawler.records.verdicts import Verdict
from gui_crawler.storage import CrawlStore, load
from gui_crawler.storage.fileformat import load_words

DATA = Path(__file__).parent / "data"
OUTPUTS = ("pages.csv", "r.html", "findings.csv", "broken.csv", "links.csv")
FLAGS = ("--csv", "--report", "--findings-csv", "--broken-csv", "--links-csv")


def output_args(folder: Path) -> list[str]:
    return [arg for flag, name in zip(FLAGS, OUTPUTS, strict=True)
            for arg in (flag, str(folder / name))]  # fmt: skip


def timeless(text: str, folder: Path) -> str:
    """The output without what changes from run to run: the crawl's time, the report's date
    and the folder it was written in."""
    text = re.sub(
        r"^Finished (\d+) urls in [0-9.]+ secs (.*) \([0-9.]+ urls/sec\)",
        r"Finished \1 urls in T secs \2 (R urls/sec)",
        text,
        flags=re.M,
    )
    text = re.sub(r" · [0-9-]+ [0-9:]+</p>", " · WHEN</p>", text)
    return text.replace(os.path.abspath(folder), "DIR")


@pytest.mark.parametrize(("flag", "expected"), [("-v", "outputs-v.txt"), ("", "outputs.txt"),
                                                ("-q", "outputs-q.txt")])  # fmt: skip
def test_the_outputs_of_a_crawl_file_are_the_bytes_they_were(
    tmp_path: Path,
    flag: str,
    expected: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A finished crawl resumed: nothing left to fetch, every output written from the file.
    shutil.copy(DATA / "outputs.sqlite3", tmp_path / "c.sqlite3")
    monkeypatch.chdir(tmp_path)
    argv = ["--resume", "c.sqlite3", *output_args(Path())]
    code = main([*argv, *([flag] if flag else [])])
    out, err = capsys.readouterr()
    assert err == ""
    assert timeless(out, tmp_path) + f"exit {code}\n" == (DATA / expected).read_text()
    for name in OUTPUTS:
        got = (tmp_path / name).read_bytes()
        if name.endswith(".html"):
            got = timeless(got.decode(), tmp_path).encode()
        assert got == (DATA / f"outputs-{name}").read_bytes(), name


def written_from_a_list(db: Path, folder: Path, verbose: bool) -> str:
    """The summary and every output of the crawl in ``db``, from its records held in a list (a
    crawl without a crawl file writes them so)."""
    saved = load(db)
    records = ListRecords(saved.records, functools.partial(load_words, db))
    report = Report(None)
    for rec in saved.records:
        report(rec)
    out = io.StringIO()
    report.print(out, CrawlFinished("done", 0, 0, 1.0), 3, verbose, records)
    folder.mkdir()
    write_pages_csv(str(folder / "pages.csv"), records, saved.config)
    args = argparse.Namespace(
        report=str(folder / "r.html"),
        findings_csv=str(folder / "findings.csv"),
        broken_csv=str(folder / "broken.csv"),
        links_csv=str(folder / "links.csv"),
        quiet=True,
    )
    assert not write_audit(args, records, saved.config, out)
    return out.getvalue()


def summary(stdout: str) -> str:
    """The seed's report in the CLI's output: its lines up to the crawl file's, but the crawl's
    time and the engine's counts (Todo, Done) and a re-check's lines."""
    lines = stdout.split("Crawl file:")[0].splitlines(keepends=True)
    skip = ("Finished", "Todo:", "Done:", "Re-checked", "  ")
    return "".join(line for line in lines if not line.startswith(skip))


def same_outputs(a: Path, b: Path) -> None:
    for name in OUTPUTS:
        got, want = (a / name).read_bytes(), (b / name).read_bytes()
        if name.endswith(".html"):
            got, want = (timeless(x.decode(), Path("/")).encode() for x in (got, want))
        assert got == want, name


def crawl_args(site: HostSite, db: Path, *more: str) -> list[str]:
    """A crawl of the outputs' site into ``db``: one try, no robots.txt, short timeouts."""
    return [
        site.url,
        "--db",
        str(db),
        "--max-tries",
        "1",
        "--ignore-robots",
        "--timeout",
        "5",
        *more,
    ]


def test_a_crawl_writes_from_its_file_what_its_records_in_memory_would(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, streamed = tmp_path / "c.sqlite3", tmp_path / "streamed"
    streamed.mkdir()
    with ThreadedSite(HostSite("127.0.0.1")) as site, ThreadedSite(HostSite("127.0.0.2")) as other:
        assert isinstance(site, HostSite) and isinstance(other, HostSite)
        outputs_site(site, other)
        argv = crawl_args(site, db, "-v")
        code = main([*argv, "--max-tasks", "3", "--extract", "h=css:h1", *output_args(streamed)])
    out = capsys.readouterr().out
    assert code == 1
    assert f"Found: 9 broken, {BLOCKED} blocked" in out
    listed = written_from_a_list(db, tmp_path / "listed", verbose=True)
    assert summary(out) == summary(listed)
    # The summary's lists are the file's, in URL order; the counts those of every record.
    assert out.count("  http://") == listed.count("  http://") == 9 + BLOCKED
    same_outputs(streamed, tmp_path / "listed")


def test_a_recheck_writes_its_before_and_after_from_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, streamed = tmp_path / "c.sqlite3", tmp_path / "streamed"
    streamed.mkdir()
    with ThreadedSite(HostSite("127.0.0.1")) as site, ThreadedSite(HostSite("127.0.0.2")) as other:
        assert isinstance(site, HostSite) and isinstance(other, HostSite)
        outputs_site(site, other)
        argv = crawl_args(site, db, "-q")
        assert main(argv) == 1
        # Fixed since: the 500 answers, the loop ends on a page, the throttling has stopped.
        site.html("/err", "<html><body>fine</body></html>")
        site.redirect("/loop2", "/b.html")
        for i in range(BLOCKED):
            site.html(f"/blocked/{i}", "ok", content_type="text/plain")
        capsys.readouterr()
        code = main(["--recheck", str(db), *output_args(streamed)])
    out = capsys.readouterr().out
    assert code == 1  # /gone is still missing
    assert f"Re-checked {9 + BLOCKED} URLs: {3 + BLOCKED} fixed, 6 still failing\n" in out
    assert f"  {site.u('/err')}  500 Internal Server Error → 200 OK\n" in out
    assert f"  {site.u('/gone')}  404 Not Found → 404 Not Found\n" in out
    assert "Found: 6 broken\n" in out and "Blocked" not in out
    listed = written_from_a_list(db, tmp_path / "listed", verbose=False)
    assert summary(out) == summary(listed)
    same_outputs(streamed, tmp_path / "listed")


def hand_made(db: Path) -> list[FetchRecord]:
    """A crawl file of a few records: a page linking to two broken URLs and to a page without
    links' words, and a cancelled URL."""
    h = "http://s.test"
    recs = [
        FetchRecord(
            h + "/",
            status=200,
            content_type="text/html",
            title="Home",
            h1_count=1,
            links=(h + "/gone", h + "/err", h + "/scan"),
            num_urls=3,
        ),
        FetchRecord(h + "/gone", status=404, referrer=h + "/"),
        FetchRecord(h + "/err", status=500, referrer=h + "/"),
        FetchRecord(h + "/scan", status=200, content_type="text/html", links=(h + "/gone",)),
        FetchRecord(h + "/late", error_kind=ErrorKind.CANCELLED, exception="Cancelled"),
    ]
    store = CrawlStore.create(db, CrawlConfig(roots=(h + "/",)).validated())
    for rec in recs:
        store.sink(rec)
    store.close("finished")
    return recs


def test_records_a_recheck_did_not_fetch_again_come_last_as_they_did(tmp_path: Path) -> None:
    # A re-check cancelled before it fetched /gone again: its record stays where it was in the
    # file, and the outputs have always listed it after the others.
    db = tmp_path / "c.sqlite3"
    home, gone, err, scan, late = hand_made(db)
    streamed = FileRecords(db, late={gone.url: gone})
    listed = ListRecords([home, err, scan, late, gone])
    assert [r.url for r in streamed.each()] == [r.url for r in listed.each()]
    assert (
        [r.url for r in streamed.unsaid()]
        == [home.url, scan.url]
        == [r.url for r in listed.unsaid()]
    )
    for v in (None, Verdict.BROKEN, Verdict.CANCELLED, Verdict.OK):
        assert list(streamed.by_url(v)) == list(listed.by_url(v))
    config = load(db).config
    for records, folder in ((streamed, tmp_path / "a"), (listed, tmp_path / "b")):
        folder.mkdir()
        write_pages_csv(str(folder / "pages.csv"), records, config)
        args = argparse.Namespace(report=str(folder / "r.html"), broken_csv=str(folder / "broken.csv"),
                                  findings_csv=str(folder / "findings.csv"),
                                  links_csv=str(folder / "links.csv"), quiet=True)  # fmt: skip
        assert not write_audit(args, records, config, io.StringIO())
    same_outputs(tmp_path / "a", tmp_path / "b")
    assert (tmp_path / "a" / "broken.csv").read_text(encoding="utf-8-sig").splitlines()[1:] == [
        f"{home.url},{gone.url},404 Not Found,,,",
        f"{home.url},{err.url},500 Internal Server Error,,,",
        f"{scan.url},{gone.url},404 Not Found,,,",
    ]


def test_with_a_crawl_file_the_report_keeps_counts_not_records(tmp_path: Path) -> None:
    db = tmp_path / "c.sqlite3"
    recs = hand_made(db)
    report = Report(None, keep=False)
    for rec in recs:
        report(rec)
    assert report.records == []
    kept = Report(None)
    for rec in recs:
        kept(rec)
    assert report.tally().summary() == kept.tally().summary() == "2 broken, 1 cancelled"
    assert report.tally().kinds == kept.tally().kinds
    # A resumed crawl counts the file's records from the file.
    resumed = Report(None, keep=False)
    resumed.count_file(db)
    assert resumed.tally().counts == kept.tally().counts
    assert resumed.tally().kinds == kept.tally().kinds
    assert resumed.tally().html_bytes == kept.tally().html_bytes


@pytest.mark.parametrize("name", OUTPUTS)
def test_each_output_alone_is_the_same_bytes(
    tmp_path: Path, name: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Asked alone, an output reads only what it needs from the file, and says the same.
    shutil.copy(DATA / "outputs.sqlite3", tmp_path / "c.sqlite3")
    monkeypatch.chdir(tmp_path)
    args = output_args(Path())
    flag = args[args.index(name) - 1]
    assert main(["--resume", "c.sqlite3", "-q", flag, name]) == 1
    got = (tmp_path / name).read_bytes()
    if name.endswith(".html"):
        got = timeless(got.decode(), tmp_path).encode()
    assert got == (DATA / f"outputs-{name}").read_bytes()
    assert capsys.readouterr().out == (DATA / "outputs-q.txt").read_text().replace("exit 1\n", "")


@pytest.mark.parametrize(("batch", "remembered"), [(1, 1), (3, 5), (5000, 65536)])
def test_the_links_csv_rows_read_a_batch_at_a_time_are_those_of_every_record_at_hand(
    tmp_path: Path, batch: int, remembered: int
) -> None:
    db = tmp_path / "c.sqlite3"
    shutil.copy(DATA / "outputs.sqlite3", db)
    saved = load(db)
    internal = Scope(saved.config.roots, strict=saved.config.strict).host_ok
    words = functools.partial(load_words, db)
    every = list(link_rows({r.url: r for r in saved.records}, internal, words))
    streamed = FileRecords(db)
    rows = streamed_link_rows(streamed.answers, internal, words, streamed.unsaid, batch, remembered)
    assert list(rows) == every and len(every) == 72


def test_the_findings_csv_alone_reads_no_links_words(tmp_path: Path) -> None:
    # The words of every page's links are for the outputs that show them: read for the findings
    # CSV alone, they took 8 of its 11 s on the Rust docs' crawl file.
    db = tmp_path / "c.sqlite3"
    recs = hand_made(db)
    read: list[int] = []

    def words() -> list[tuple[str, tuple[LinkWords, ...]]]:
        read.append(1)
        return []

    args = argparse.Namespace(report=None, broken_csv=None, links_csv=None, quiet=True,
                              findings_csv=str(tmp_path / "f.csv"))  # fmt: skip
    assert not write_audit(args, ListRecords(recs, words), load(db).config, io.StringIO())
    assert read == [] and "broken_internal" in (tmp_path / "f.csv").read_text("utf-8-sig")
