"""Every finding explained once (what it is, why it matters, how to fix it), shown escaped in the
HTML report; the report and the broken-links rows say failures in plain words, never an
exception's text."""

from __future__ import annotations

from html import escape

from gui_crawler.events import ErrorKind, FetchRecord
from gui_crawler.records.audit import FINDINGS, Audit
from gui_crawler.records.explanations import EXPLANATIONS
from gui_crawler.records.report import render
from gui_crawler.records.wording import answer_words

H = "http://s.test"
RAW = "ClientConnectorError: Cannot connect to host s.test:80 ssl:default [Connection refused]"


def test_every_finding_has_one_explanation_in_sentences() -> None:
    assert set(EXPLANATIONS) == {key for key, _, _ in FINDINGS}
    for key, e in EXPLANATIONS.items():
        for sentence in (e.what, e.fix):
            assert sentence[:1].isupper() and sentence.endswith("."), key
        assert len(e.text) < 400, key  # one or two sentences each, not a manual
        assert e.rule and "\n" not in e.rule, key  # a line of the README's table of findings


def records() -> list[FetchRecord]:
    return [
        FetchRecord(
            H + "/",
            status=200,
            content_type="text/html",
            title=None,
            links=(H + "/down", H + "/gone", H + "/walled"),
        ),
        FetchRecord(H + "/down", error_kind="ClientConnectorError", exception=RAW),
        FetchRecord(H + "/gone", status=404, content_type="text/html"),
        FetchRecord(
            H + "/walled",
            status=403,
            error_kind=ErrorKind.BOT_CHALLENGE,
            exception="BotChallenge: cf-mitigated: challenge",
        ),
    ]


def test_the_report_explains_each_finding_escaped() -> None:
    audit = Audit()
    audit.add(records())
    html = render(audit)
    # "Title missing" is explained with the tag it is about: escaped, never a live <title>.
    what = EXPLANATIONS["title_missing"].what
    assert "<title>" in what
    assert escape(what) in html and "&lt;title&gt;" in html
    assert html.count("<title>") == 1  # the report's own
    assert html.count("How to fix:") == sum(1 for f in audit.findings() if f.count)
    assert escape(EXPLANATIONS["broken_internal"].fix) in html


def test_failures_are_said_in_plain_words_in_the_report_and_broken_rows() -> None:
    audit = Audit()
    audit.add(records())
    html = render(audit)
    assert "ClientConnectorError" not in html and "Cannot connect to host" not in html
    assert "Could not connect to the server" in html
    assert "404 Not Found" in html
    assert "403: The server answered with a challenge for bots" in html
    answers = {target.removeprefix(H): answer for _, target, answer in audit.broken_links()}
    assert answers == {"/down": "Could not connect to the server", "/gone": "404 Not Found"}


def test_answer_words() -> None:
    assert answer_words(FetchRecord(H, status=200)) == "200 OK"
    assert answer_words(FetchRecord(H, status=999)) == "999"  # a status of a site's own
    assert answer_words(FetchRecord(H, error_kind="SomeNewThingError", exception="x")) == (
        "Some new thing"
    )
    assert answer_words(FetchRecord(H, error_kind=ErrorKind.TIMEOUT, exception="Timeout")) == (
        "No answer within the time limit"
    )
