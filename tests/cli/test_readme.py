"""The README's generated parts (option tables, CSV columns) are the tables they are made from."""

from __future__ import annotations

from pathlib import Path

import pytest

from gui_crawler.cli import readme
from gui_crawler.options import tables
from gui_crawler.records.export import COLUMNS

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"


def test_the_readmes_generated_parts_are_made_from_their_tables() -> None:
    """Run ``python -m gui_crawler.cli.readme --update README.md`` after changing an option or a
    column."""
    text = README.read_text(encoding="utf-8")
    assert readme.update(text) == text, readme.COMMAND
    for command in ("crawl", "window"):
        assert readme.marker(f"the {command} options") + "\n" + tables.markdown(command) in text
    assert f"`{','.join(COLUMNS)}`" in text
    # The check can fail: a row or a column list written by hand is put back.
    edited = text.replace("| `--max-tasks N` | 10 |", "| `--max-tasks N` | 12 |")
    assert edited != text and readme.update(edited) == text
    edited = text.replace(",".join(COLUMNS), ",".join(COLUMNS[:-1]))
    assert edited != text and readme.update(edited) == text
    with pytest.raises(ValueError, match="no <!-- the CSV columns"):
        readme.update(text.replace(readme.marker("the CSV columns"), ""))


def test_the_manuals_table_of_findings_is_made_from_the_findings() -> None:
    manual = ROOT / "docs" / "manual.md"
    text = manual.read_text(encoding="utf-8")
    parts = readme.DOCUMENTS["docs/manual.md"]
    assert readme.update(text, parts) == text, readme.COMMAND
    edited = text.replace("| `fragment_missing` |", "| `fragment_lost` |")
    assert edited != text and readme.update(edited, parts) == text
    assert set(readme.PARTS) == {p for parts in readme.DOCUMENTS.values() for p in parts}


def test_python_m_gui_crawler_cli_readme_prints_and_updates(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert readme.main([]) == 0
    printed = capsys.readouterr().out
    assert readme.marker("the window options") + "\n" + tables.markdown("window") in printed
    copy = tmp_path / "README.md"
    text = README.read_text(encoding="utf-8")
    copy.write_text(text.replace("| 10 |", "| 11 |"), encoding="utf-8")
    assert readme.main(["--update", str(copy)]) == 0
    assert copy.read_text(encoding="utf-8") == text
