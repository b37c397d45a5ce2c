"""Outputs write what is at their path rather than replace it: a symbolic link is followed to its
target, a FIFO, a character device and a standard stream are written as they are (they were
renamed over by a regular file: ``--csv /dev/full`` replaced the device, a FIFO's reader got
nothing). Regular files are still written atomically."""

from __future__ import annotations

import csv
import io
import os
import stat
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from sites import Site, ThreadedSite

from gui_crawler.cli import headless as cli
from gui_crawler.records.export import write_table
from gui_crawler.records.outfile import descriptor, why_unwritable

ROOT = Path(__file__).resolve().parents[2]
FLAGS = ["--no-sitemaps", "--ignore-robots", "-q"]
OUTPUTS = ("--csv", "--report", "--broken-csv", "--links-csv")


@pytest.fixture(scope="module")
def site() -> Iterator[Site]:
    s = Site()
    s.page("/", ["/a", "/gone"])
    s.page("/a", ["/"])
    with ThreadedSite(s):
        yield s


def rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text.removeprefix("\ufeff"))))


def test_every_output_through_a_symlink_writes_its_target_and_keeps_the_link(
    site: Site, tmp_path: Path
) -> None:
    real, links = tmp_path / "real", tmp_path / "links"
    real.mkdir()
    links.mkdir()
    args = []
    for flag in OUTPUTS:
        name = flag.strip("-")
        target = real / name
        target.write_text("old")
        target.chmod(0o600)  # a file its owner made private stays private
        (links / name).symlink_to(os.path.relpath(target, links))
        args += [flag, str(links / name)]
    assert cli.main([site.url, "--no-db", *FLAGS, *args]) == cli.EXIT_BROKEN
    for flag in OUTPUTS:
        name = flag.strip("-")
        link, target = links / name, real / name
        assert link.is_symlink() and link.resolve() == target, flag
        assert stat.S_IMODE(target.stat().st_mode) == 0o600, flag
        assert target.read_text(encoding="utf-8-sig") != "old", flag
    assert {r["url"] for r in rows((real / "csv").read_text(encoding="utf-8-sig"))} == {
        site.url, site.u("/a"), site.u("/gone")
    }  # fmt: skip
    assert "/gone" in (real / "broken-csv").read_text(encoding="utf-8-sig")
    dangling = links / "new.csv"
    dangling.symlink_to(real / "new.csv")  # a link to a file not made yet: the file is made
    assert write_table(dangling, ["a"], [[1]]) == 1
    assert dangling.is_symlink() and (real / "new.csv").read_bytes() == b"\xef\xbb\xbfa\r\n1\r\n"
    assert not [p for p in real.iterdir() if p.name.endswith(".part")]


def test_a_fifo_stays_a_fifo_and_its_reader_gets_the_rows(site: Site, tmp_path: Path) -> None:
    fifo = tmp_path / "rows.csv"
    os.mkfifo(fifo)
    got: list[str] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_text(encoding="utf-8")))
    reader.start()
    try:
        assert cli.main([site.url, "--no-db", *FLAGS, "--csv", str(fifo)]) == cli.EXIT_BROKEN
    finally:
        # The CLI wrote the rows and closed the FIFO: the reader ends with them. Only a reader
        # still waiting after that waits for a writer that never came: one let it go. (Opening
        # while the reader was between its last read and its end blocked for good: no reader.)
        reader.join(10)
        if reader.is_alive():
            with open(fifo, "w"):
                pass
            reader.join(10)
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
    assert not got[0].startswith("\ufeff")  # a program reads a stream: no BOM for Excel there
    assert {r["url"] for r in rows(got[0])} == {site.url, site.u("/a"), site.u("/gone")}


def full_device(tmp_path: Path) -> Path:
    """A device that is always full: /dev/full's own node (1, 7) made in ``tmp_path`` when this
    runs as root, so that a failure here cannot replace the system's /dev/full."""
    if os.geteuid() != 0:
        return Path("/dev/full")  # which this user cannot replace
    node = tmp_path / "full"
    os.mknod(node, stat.S_IFCHR | 0o666, os.makedev(1, 7))
    return node


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
def test_a_full_device_is_written_not_replaced_and_its_error_said(
    site: Site, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    device = full_device(tmp_path)
    assert why_unwritable(str(device)) is None
    code = cli.main([site.url, "--no-db", *FLAGS, "--csv", str(device)])
    assert code == cli.EXIT_ERROR
    err = capsys.readouterr().err
    assert err == f"gui-crawler: cannot write {device}: No space left on device\n"
    assert stat.S_ISCHR(device.lstat().st_mode)
    with pytest.raises(OSError, match="No space left"):
        write_table(device, ["a"], [[1]])  # the window's exports write through the same function


def run_cli(*args: str, stdout: int | io.TextIOBase) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gui_crawler", "crawl", *args],
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        timeout=60,
    )


def test_csv_to_dev_stdout_reaches_a_pipe_after_the_summary(site: Site) -> None:
    p = run_cli(site.url, "--no-db", *FLAGS, "--csv", "/dev/stdout", stdout=subprocess.PIPE)
    assert p.returncode == cli.EXIT_BROKEN, p.stderr
    summary, _, table = p.stdout.partition("\n")
    assert summary.startswith("Finished 3 urls")
    assert {r["url"] for r in rows(table)} == {site.url, site.u("/a"), site.u("/gone")}


def test_csv_to_dev_stdout_redirected_to_a_file_keeps_that_file_and_what_was_printed(
    site: Site, tmp_path: Path
) -> None:
    """A rename would have replaced the shell's file by one holding the rows only, and the
    lines printed after went to the file replaced."""
    out = tmp_path / "out.txt"
    with open(out, "w") as f:
        inode = os.fstat(f.fileno()).st_ino
        p = run_cli(site.url, "--no-db", "--no-sitemaps", "--csv", "/dev/fd/1", stdout=f)
    assert p.returncode == cli.EXIT_BROKEN, p.stderr
    assert out.stat().st_ino == inode
    text = out.read_text(encoding="utf-8")
    assert text.startswith("Finished 3 urls")
    assert f"{site.u('/gone')},404," in text
    assert text.rstrip().endswith("Wrote 3 rows to /dev/fd/1")


def test_descriptors_by_name() -> None:
    assert descriptor("/dev/stdout") == 1 and descriptor("/dev/fd/7") == 7
    assert descriptor(f"/proc/{os.getpid()}/fd/2") == 2 and descriptor("/proc/self/fd/0") == 0
    assert descriptor("/proc/1/fd/1") is None or os.getpid() == 1
    assert descriptor("/tmp/x.csv") is None


def test_text_with_a_lone_surrogate_is_written_escaped(tmp_path: Path) -> None:
    """A record kept in memory (--no-db) can still hold a byte that was not UTF-8."""
    path = tmp_path / "t.csv"
    assert write_table(path, ["title"], [["caf\udce9"]]) == 1
    assert path.read_bytes() == b"\xef\xbb\xbftitle\r\ncaf\\xe9\r\n"
