"""JavaScript rendering in the window: Start with rendering on and no browser says what to install
and starts nothing; a rendered crawl's status bar counts its rendered pages, and Details shows
what rendering changed (as sent, rendered), its errors, its time, and which links only the
rendered page has."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtWidgets import QTreeWidgetItem
from render_sites import chromium  # noqa: F401  (the fixture)
from windows import crawl_to_end, section, start

from gui_crawler.window import MainWindow

APP = """<!doctype html><html><head><title>As sent</title></head><body>
<a href="/sent">as sent</a><div id="root"></div><script>
  document.title = "Built";
  document.getElementById("root").innerHTML = "<a href='/made'>made by script</a>";
  console.error("a console error");
</script></body></html>"""


def rendering(window: MainWindow, browser: str = "") -> None:
    box = window.settings.rendering
    box.render_mode.setCurrentIndex(box.render_mode.findData("all"))
    box.browser.setText(browser)


def test_start_with_rendering_and_no_browser_says_what_to_install_and_starts_nothing(
    window: MainWindow, live_site: Any, tmp_path: Any
) -> None:
    live_site.fill_small()
    window.controller.data_dir = tmp_path
    rendering(window, str(tmp_path / "no-chromium"))
    window.url = live_site.url
    assert not window.start()
    said = window.problem
    assert said.startswith("JavaScript rendering needs a browser: ") and "\n" not in said
    assert f"{tmp_path / 'no-chromium'} is not a program" in said
    assert not window.bridge.running and not list(tmp_path.iterdir())  # no crawl file either
    window.settings.rendering.browser.setText("")  # found by its usual names: the line goes
    from gui_crawler.render.browser import problem

    if problem("all", None) is None:
        assert window.problem == ""


def _lines(sec: QTreeWidgetItem) -> dict[str, QTreeWidgetItem]:
    return {sec.child(i).text(0): sec.child(i) for i in range(sec.childCount())}


@pytest.mark.usefixtures("chromium")
def test_a_rendered_crawl_is_counted_and_its_changes_shown_in_details(
    qtbot: Any, window: MainWindow, live_site: Any, run: Callable[..., Any]
) -> None:
    live_site.pages["/"] = (200, APP, {"Content-Type": "text/html; charset=utf-8"}, 0)
    live_site.add_page("/sent")
    live_site.add_page("/made")
    rendering(window)
    assert window.stat_labels["rendered"].isHidden()  # no crawl that renders yet
    crawl_to_end(qtbot, window, live_site.url)
    label = window.stat_labels["rendered"]
    assert not label.isHidden() and label.text() == "Rendered 3"
    window.details.show_url(live_site.url)
    lines = _lines(section(window, "JavaScript"))
    assert lines["Rendered"].text(1).startswith("yes")
    assert lines["Title"].text(1) == "“As sent” as sent, “Built” rendered"
    made = lines["Links only after JavaScript"]
    assert made.text(1) == "1" and made.child(0).text(1) == live_site.url + "made"
    assert lines["JavaScript errors"].child(0).text(1).startswith("console: a console error")
    assert "settling" in lines["Time"].text(1)
    outlinks = section(window, "Outlinks")
    words = {
        outlinks.child(i).text(1): outlinks.child(i).child(0).text(1)
        for i in range(outlinks.childCount())
    }
    assert words[live_site.url + "made"] == "“made by script” · only after JavaScript"
    assert words[live_site.url + "sent"] == "“as sent”"
    # The next crawl renders nothing: the count goes.
    window.settings.rendering.render_mode.setCurrentIndex(0)
    start(qtbot, window, live_site.url)
    assert label.isHidden()
    run(window.bridge.wait())
