"""The window's status bar and labels: counters at the instant of Start, words that fit their
column, long texts elided and kept whole, plain sentences for what went wrong, a notice never
hidden by a hover tip, a changing count repainting its label alone; the settings fitting their pane."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QApplication, QHBoxLayout, QLabel, QTabWidget, QWidget
from windows import PAGES, H, crawl_to_end, start

from gui_crawler.events import FetchRecord
from gui_crawler.ui.views import CounterLabel
from gui_crawler.window import MainWindow


def test_start_zeroes_every_counter_before_the_first_row(
    qtbot: Any, window: MainWindow, live_site: Any, run: Callable[..., Any]
) -> None:
    live_site.fill_small()
    crawl_to_end(qtbot, window, live_site.url)
    assert window.row_count == PAGES
    start(qtbot, window, live_site.url)
    texts = {k: lab.text() for k, lab in window.stat_labels.items()}
    assert texts["urls"] == "URLs 0" and texts["redirects"] == "Redirects 0"
    assert texts["broken"] == "Broken 0" and texts["elapsed"] == "0:00"
    assert window.pages_tab.count.text() == "0 URLs"
    run(window.bridge.wait())


def test_an_action_result_stays_when_the_pointer_hovers_a_button(
    qtbot: Any, window: MainWindow, live_site: Any, tmp_path: Path
) -> None:
    live_site.fill_small()
    crawl_to_end(qtbot, window, live_site.url)
    out = tmp_path / "all.csv"
    assert window.export_csv(str(out)) == PAGES
    said = window.notice.text()
    assert said.startswith("Exported") and window.notice.isVisible()
    for action in (window.open_action, window.start_action, window.export_action):
        action.showStatusText(window)  # what hovering a toolbar button does
        assert window.notice.text() == said and window.notice.isVisible()
        assert window.state_label.isVisible() and window.state_label.text().startswith("Fin")
    sb = window.statusBar()
    assert window.notice.geometry().right() <= window.stat_labels["urls"].geometry().left()
    assert window.stat_labels["elapsed"].geometry().right() <= sb.width()


def test_every_status_word_fits_its_column(window: MainWindow) -> None:
    from gui_crawler.records.wording import WORDS

    longest = max((w for w, _s in WORDS.values()), key=window.fontMetrics().horizontalAdvance)
    columns = [
        (window.pages_tab.table, 1),
        (window.redirects_view, 1),
        (window.redirects_view, 5),
        (window.broken_view, 1),
    ]
    for view, col in columns:
        need = view.fontMetrics().horizontalAdvance(longest) + 12  # cell margins
        assert view.columnWidth(col) >= need, (view.model().headerData(col, Qt.Horizontal), longest)


def test_the_settings_fit_the_left_pane_at_the_default_size(qtbot: Any, window: MainWindow) -> None:
    window.resize(1400, 900)
    qtbot.wait(50)
    scroll = window.settings.parentWidget().parentWidget()
    assert scroll.horizontalScrollBar().maximum() == 0


def test_an_unknown_failure_kind_reads_as_words() -> None:
    from gui_crawler.records.wording import error_sentence, status_word

    rec = FetchRecord(
        url=H + "/", exception="ClientConnectorCertificateError: x",
        error_kind="ClientConnectorCertificateError",
    )  # fmt: skip
    assert status_word(rec) == "Bad certificate"
    odd = FetchRecord(url=H + "/", exception="SomeNewThingError: x", error_kind="SomeNewThingError")
    assert status_word(odd) == "Some new thing" and error_sentence(odd)


def test_long_status_texts_end_in_an_ellipsis_and_stay_whole_in_text(
    qtbot: Any, window: MainWindow
) -> None:
    from PySide6.QtWidgets import QLabel

    long = "Crawling http://127.0.0.1/" + "x" * 400
    window.say(long)
    window.status.notify("Exported 12 rows to /tmp/" + "y" * 400)
    qtbot.wait(10)
    for lab in (window.state_label, window.notice):
        shown = QLabel.text(lab)  # what is painted
        assert shown.endswith("…") and len(shown) < len(lab.text())
    assert window.state_label.text() == long
    assert window.state_label.geometry().right() < window.stat_labels["urls"].geometry().left()


def test_a_start_page_redirecting_out_of_scope_is_said_plainly(
    qtbot: Any, window: MainWindow, live_site: Any
) -> None:
    live_site.add_redirect("/moved", "http://localhost:1/new-home/", status=301)
    window.settings.max_tries.setValue(1)
    crawl_to_end(qtbot, window, live_site.url + "moved")
    text = window.notice.text()
    assert text.startswith("The start page redirects to http://localhost:1/new-home/")
    assert "target out of scope" in text and "crawl that address instead" in text


def test_without_a_notice_the_state_text_has_the_whole_bar(qtbot: Any, window: MainWindow) -> None:
    window.resize(1200, 700)
    window.say("Opened (cancelled): 1,234 URLs, 56 left to fetch — Continue crawl resumes it")
    window.status.notify(None)
    qtbot.wait(10)
    free = window.stat_labels["urls"].geometry().left()
    assert not window.notice.isVisible()
    assert window.state_label.width() > free * 0.8
    window.status.notify("Exported 3 rows to /tmp/x.csv")
    qtbot.wait(10)
    assert window.notice.isVisible() and window.state_label.width() < free * 0.8


def test_a_changing_count_repaints_its_label_alone(qtbot: Any) -> None:
    # A label free to change size lays its parents out again on every setText: in a tab page
    # that repainted the whole tab widget on every tick of a crawl.
    tabs, page = QTabWidget(), QWidget()
    row = QHBoxLayout(page)
    label = CounterLabel()
    row.addWidget(label)
    row.addWidget(QLabel("beside it"), 1)
    tabs.addTab(page, "Pages")
    qtbot.addWidget(tabs)
    tabs.show()
    qtbot.waitExposed(tabs)
    label.setText("9,999 URLs")
    qtbot.wait(50)  # the layout requests of its growth go up the parents one at a time
    # Under load 50 ms did not see the last of them to the top (counted below as the count's):
    # each is posted to the next parent as the one below is handled, so they are handled here,
    # round after round, whatever the time each takes (four levels of parents; ten rounds).
    for _ in range(10):
        QApplication.sendPostedEvents()
        QApplication.processEvents()
    wide = label.width()
    assert wide >= label.sizeHint().width()
    requests: list[QEvent.Type] = []

    class Count(QObject):
        def eventFilter(self, obj: Any, event: QEvent) -> bool:
            if event.type() == QEvent.Type.LayoutRequest:
                requests.append(event.type())
            return False

    counter = Count()
    tabs.installEventFilter(counter)
    for n in (1000, 1234, 5, 9000):
        label.setText(f"{n:,} URLs")
        QApplication.processEvents()
    assert not requests and label.width() == wide and label.text() == "9,000 URLs"
    label.setText("99,999,999 URLs")  # wider: it grows, and keeps its new width
    QApplication.processEvents()
    assert label.width() >= label.sizeHint().width() > wide
    label.setText("")  # nothing to say: it gives its space back
    QApplication.processEvents()
    assert label.width() < wide
