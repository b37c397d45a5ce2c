"""One table of options (gui_crawler/options.py) reaches every place an option is read: CrawlConfig
and its validation, ``gui-crawler crawl``'s and the window's command lines, the settings panel and
its remembered values, the resume policy and the README's tables."""

from __future__ import annotations

import dataclasses
import html
from pathlib import Path
from typing import Any

import pytest
from sites import Site, ThreadedSite

from gui_crawler import options
from gui_crawler.cli import headless as cli
from gui_crawler.config import ConfigError, CrawlConfig
from gui_crawler.options import OPTIONS, Option, arguments, in_group, tables
from gui_crawler.storage import CrawlStore, load
from gui_crawler.ui import app
from gui_crawler.ui.stored import StoredSettings

README = Path(__file__).resolve().parent.parent / "README.md"
URL = "http://127.0.0.1:9/"
# The options a person sets: on the command line and in the settings panel both.
PUBLIC = [o for o in OPTIONS if o.in_config and o.group != "internal"]


def crawl_config(*argv: str) -> CrawlConfig:
    args = cli.build_parser().parse_args([URL, *argv])
    return cli.config_from_args(args, args.roots)


def other_value(opt: Option) -> Any:
    """A value of ``opt`` other than its default, in its range."""
    if opt.kind == "bool":
        return not opt.default
    if opt.kind == "int":
        return opt.default + 1 if opt.default + 1 <= opt.high else opt.default - 1
    if opt.kind == "float":
        return 2.5
    if opt.kind == "regex":
        return r"\.pdf$"
    if opt.choices:
        return next(v for v in opt.values() if v != opt.default)
    if opt.kind == "lines":
        return {
            "header": ("X-One: 1", "X-Two: a, b"),
            "cookie": ("a=1", "b=2"),
            "extract": ("price=css:.price@data-v", r"sku=regex:SKU-(\d+)"),
        }.get(opt.form, ("ga=gtag(", "old=regex:Old\\s+Brand"))
    if opt.name == "browser":
        return "/usr/bin/chromium-of-mine"
    return {
        "user_password": "ann:pw:with:colons",
        "proxy": "http://u:p@127.0.0.3:3128",
        "statuses": "403, 429, 500-599",
    }.get(opt.form, "agent/1, with a comma")


def spelled(opt: Option, value: Any) -> list[str]:
    """``value`` of ``opt`` on gui-crawler crawl's command line."""
    if opt.kind == "bool":
        return [opt.flag("crawl", value)]
    if opt.kind == "lines":
        return [word for line in value for word in (opt.flags[0], line)]
    return [opt.flags[0], str(value)]


class Dict(dict[str, Any]):
    def value(self, key: str) -> Any:
        return self.get(key)

    def setValue(self, key: str, value: Any) -> None:
        self[key] = value


# ---- the two bugs of the drift ---------------------------------------------------------------


def small_site() -> Site:
    site = Site()
    site.page("/", ["/a", "/gone"])
    site.page("/a", ["/"])
    return site


@pytest.mark.parametrize("output", [["--report", "r.html"], ["--broken-csv", "b.csv"]])
def test_a_resume_writes_the_report_and_the_broken_links_csv(
    tmp_path: Path, output: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """``--resume F --report r.html`` (or ``--broken-csv``) exited 2 with '--report cannot change
    when resuming': the resume policy's list of output options lacked them."""
    with ThreadedSite(small_site()) as site:
        db = tmp_path / "c.sqlite3"
        config = CrawlConfig(roots=(site.url,), check_external=False).validated()
        CrawlStore.create(db, config).close("cancelled")
        target = tmp_path / output[1]
        code = cli.main(["--resume", str(db), output[0], str(target), "-q"])
    assert code == cli.EXIT_BROKEN, capsys.readouterr().err  # /gone is broken
    assert {r.url for r in load(db).records} == {site.url, site.u("/a"), site.u("/gone")}
    written = target.read_text(encoding="utf-8-sig")
    assert site.u("/gone") in (html.unescape(written) if output[0] == "--report" else written)


def test_a_resume_takes_the_output_options_and_refuses_the_crawls(tmp_path: Path) -> None:
    parser = cli.build_parser()
    argv = ["--resume", "F", "--csv", "a.csv", "--report", "r.html", "--broken-csv", "b.csv"]
    args = parser.parse_args([*argv, "-v", "--max-tasks", "3", "--timeout", "30"])
    # The timeout is the longest silence while reading too, on a resume as on a fresh crawl.
    assert cli.resume_overrides(args) == {"max_tasks": 3, "timeout": 30.0, "read_timeout": 30.0}
    for refused in (["--exclude", "x"], ["--lenient"], ["--per-host", "2"], ["--no-sitemaps"]):
        with pytest.raises(cli.UsageError) as e:
            cli.resume_overrides(parser.parse_args(["--resume", "F", *refused]))
        assert str(e.value).startswith(f"{refused[0]} cannot change when resuming")
        assert (
            "(--max-tasks, --user-agent, --timeout, --accept-status, --warn, --header, --cookie, "
            "--auth, --proxy, --render-timeout, --render-tabs and --browser may change)"
            in str(e.value)
        )


def test_the_windows_timeout_is_the_clis(qtbot: Any) -> None:
    """Timeout 30 s in the window left read_timeout at 10 s where --timeout 30 gave 30: a page
    silent for 15 s failed in the window and loaded with the CLI."""
    from gui_crawler.ui.settings_panel import SettingsPanel

    panel = SettingsPanel()
    qtbot.addWidget(panel)
    panel.timeout.setValue(30)
    window = panel.config(URL)
    assert window.timeout == window.read_timeout == 30
    assert window == crawl_config("--timeout", "30")


# ---- the table reaches every place -----------------------------------------------------------


def test_crawl_config_is_the_tables() -> None:
    hints = {f.name: f.type for f in dataclasses.fields(CrawlConfig)}
    assert set(hints) - {"roots"} == {o.name for o in OPTIONS if o.in_config}
    types = {"int": "int", "float": "float", "bool": "bool", "text": "str", "regex": "str | None",
             "lines": "tuple[str, ...]"}  # fmt: skip
    d = CrawlConfig(roots=())
    for opt in options.CONFIG_OPTIONS:
        assert hints[opt.name] == types[opt.kind] + (" | None" if opt.nullable else ""), opt.name
        assert getattr(d, opt.name) == opt.default and opt.problem(opt.default) is None
        for field in opt.also:
            assert options.BY_NAME[field].in_config, field


def test_every_option_a_person_sets_is_on_the_command_line_and_in_the_panel() -> None:
    assert {o.group for o in PUBLIC} == {
        "crawl", "checking", "politeness", "access", "extract", "render"}  # fmt: skip
    for opt in PUBLIC:
        assert opt.flags and opt.label, opt.name
        assert bool(opt.off) == bool(opt.off_help), opt.name
        assert opt.kind in ("int", "float", "bool", "text", "regex", "lines"), opt.name
        if opt.kind in ("int", "float"):
            assert opt.low is not None and opt.high is not None, opt.name
            assert opt.high < 2**31, opt.name  # a QSpinBox holds no more
    # Every spelling is one option's; the chapter's still work.
    spellings = [s for o in OPTIONS for s in o.flags + o.off]
    assert len(spellings) == len(set(spellings))
    chapter = "--max_redirect --max_tries --max_tasks --exclude --strict --lenient -v -q"
    assert set(chapter.split()) <= set(spellings)


def test_the_chapters_spellings() -> None:
    chapter = "--max_redirect 3 --max_tries 2 --max_tasks 5 --exclude x$ --lenient -v -v -q"
    args = cli.build_parser().parse_args([URL, *chapter.split()])
    assert (args.max_redirect, args.max_tries, args.max_tasks) == (3, 2, 5)
    assert (args.exclude, args.strict, args.verbose, args.quiet) == ("x$", False, 2, True)
    assert cli.build_parser().parse_args([URL, "--strict"]).strict is True


@pytest.mark.parametrize("opt", PUBLIC, ids=lambda o: o.name)
def test_an_option_is_the_same_on_the_command_line_in_the_panel_and_remembered(
    qtbot: Any, tmp_path: Path, opt: Option
) -> None:
    from PySide6.QtCore import QSettings

    from gui_crawler.ui.option_fields import show
    from gui_crawler.ui.settings_panel import SettingsPanel

    panel = SettingsPanel()
    qtbot.addWidget(panel)
    owner = {box.GROUP: box for box in panel.boxes}.get(opt.group, panel)
    field = getattr(owner, opt.field)
    # The panel's field shows the default, with the option's range.
    assert panel.config(URL) == crawl_config() == CrawlConfig(roots=(URL,)).validated()
    if opt.kind in ("int", "float"):
        assert (field.minimum(), field.maximum()) == (opt.low, opt.high)
        assert field.suffix() == opt.suffix
        assert opt.range_text() in field.toolTip()
    assert opt.flags[0] in field.toolTip()

    # Another value: the same CrawlConfig from the command line and from the panel.
    value = other_value(opt)
    show(field, opt, value)
    from_panel = panel.config(URL)
    assert getattr(from_panel, opt.name) == value
    assert from_panel == crawl_config(*spelled(opt, value))
    # Remembered under the option's key, and read back; a credential is never written.
    s = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    s.setValue("crawl/" + opt.settings_key, "left by an older version")
    panel.save(s)
    s.sync()
    stored = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    assert (stored.value("crawl/" + opt.settings_key) is None) == opt.secret
    if opt.secret:
        assert not any(v in (tmp_path / "s.ini").read_text() for v in ("pw:with", "u:p@", "X-One"))
    again = SettingsPanel()
    qtbot.addWidget(again)
    assert again.restore(stored) == []
    expected = dataclasses.replace(from_panel, **{opt.name: opt.default}) if opt.secret else None
    assert again.config(URL) == (expected or from_panel)


@pytest.mark.parametrize(
    "opt", [o for o in PUBLIC if o.kind in ("int", "float")], ids=lambda o: o.name
)
def test_an_options_range_is_the_same_everywhere(opt: Option) -> None:
    assert opt.low is not None and opt.high is not None
    beyond = 1 if opt.kind == "int" else 0.01
    ends = (opt.low, opt.high)
    for good in ends:
        assert getattr(crawl_config(opt.flags[0], str(good)), opt.name) == good
    for bad in (opt.low - beyond, opt.high + beyond):
        with pytest.raises(ConfigError, match=f"{opt.name} must be between"):
            crawl_config(opt.flags[0], str(bad))
        # A remembered value out of the range: the default, and said with the range.
        read = StoredSettings(Dict({opt.settings_key: str(bad)}))
        assert read.option(opt) == opt.default
        low, high, using = (
            f"{x:g}" if opt.kind == "float" else str(x) for x in (*ends, opt.default)
        )
        assert read.problems == [
            f"{opt.settings_key}={bad} was out of range ({low} to {high}); using {using}"
        ]
    if opt.window_flags:  # the window's --workers
        flag = opt.window_flags[0]
        assert getattr(app.parse_args([flag, str(opt.high)]), arguments.dest_of(opt, "window")) == (
            opt.high
        )
        with pytest.raises(SystemExit):
            app.parse_args([flag, str(opt.high + beyond)])


def test_the_panels_fields_are_the_tables(qtbot: Any) -> None:
    from gui_crawler.ui.option_boxes import PolitenessGroup
    from gui_crawler.ui.settings_panel import SettingsPanel

    panel = SettingsPanel()
    qtbot.addWidget(panel)
    boxes = [(box, box.GROUP) for box in panel.boxes]
    assert {group for _, group in boxes} == {o.group for o in PUBLIC} - {"crawl"}
    for owner, group in ((panel, "crawl"), *boxes):
        annotated = {
            k: v
            for k, v in vars(type(owner)).get("__annotations__", {}).items()
            if k not in ("fields",)
        }
        assert set(annotated) == {o.field for o in in_group(group)}, type(owner).__name__
        for name, kind in annotated.items():
            assert type(getattr(owner, name)).__name__ == kind, name
    assert isinstance(panel.politeness, PolitenessGroup)


def test_stored_values_are_checked_by_the_tables_rules() -> None:
    regex, agent = options.option("exclude"), options.option("user_agent")
    s = Dict(exclude="(", user_agent="two\nlines", strict="maybe")
    read = StoredSettings(s)
    assert read.option(regex) == "" and read.option(agent) == agent.default
    assert read.option(options.option("strict")) is True
    assert read.problems == [
        "exclude=( was not a valid regular expression (missing ) at position 1); using none",
        f"user_agent=two\\nlines was not one non-empty line; using {agent.default}",
        "strict=maybe was not true or false; using true",
    ]
    assert s == {"exclude": "", "user_agent": agent.default, "strict": True}


# ---- the README's tables ---------------------------------------------------------------------


def test_the_tables_name_every_option_of_both_command_lines() -> None:
    crawl, window = tables.markdown("crawl"), tables.markdown("window")
    for action in cli.build_parser()._actions:
        if action.dest != "help":
            assert f"`{action.option_strings[0] if action.option_strings else 'URL'}" in crawl
    for action in app.build_parser()._actions:
        if action.dest != "help":
            assert f"`{action.option_strings[0] if action.option_strings else 'URL'}" in window
    assert "| `--timeout S` | 10 s | 0.1 to 3600 s | Timeout |" in crawl
    assert (
        "`--max-tasks`, `--user-agent`, `--timeout`, `--accept-status`, `--warn`, `--header`, "
        "`--cookie`, `--auth`, `--proxy`, `--render-timeout`, `--render-tabs` and `--browser` "
        "may change" in crawl
    )
