"""Which pages ``--render auto`` renders: those whose HTML, as the server sent it, looks like an
application shell, a page a script fills in. One of:

* little to read: fewer than FEW_WORDS words of visible text, and a script;
* an application's root element (``<div id="root">``, ``app``, ``__next``, ``__nuxt``,
  ``___gatsby``, ``svelte``; ``<app-root>``; ``ng-app``) with fewer than SOME_WORDS words;
* a ``<noscript>`` saying the page needs JavaScript;
* a hash-routed documentation or API app (docsify, Swagger UI, Redoc).

Measured: none of the 530 pages of the Python docs (python3-doc, thousands of words each) is
read as a shell; the benchmark's generated app (bench/render.py) and the shells of the tests
(tests/render: an app root, <app-root>, a noscript notice, docsify) all are. A server-rendered
page with an app root and its content in the HTML (Next.js, Nuxt) has hundreds of words: read as
sent, as it should be. Real docsify, Swagger UI and Redoc sites were not at hand here: their
markers are their documented bootstrap code.
"""

from __future__ import annotations

import re

from gui_crawler.parsing.links import ParsedPage

FEW_WORDS = 50
SOME_WORDS = 200
_SCRIPT = re.compile(rb"<script\b", re.IGNORECASE)
_APP_ROOT = re.compile(
    rb"""<(?:div|main|section|body)\b[^>]*\bid\s*=\s*["']?(?:root|app|__next|__nuxt|___gatsby|svelte)\b"""
    rb"""|<app-root\b|\bng-app\b|\bdata-reactroot\b""",
    re.IGNORECASE,
)
_NOSCRIPT = re.compile(
    rb"<noscript\b[^>]*>(?:(?!</noscript).){0,600}?"
    rb"(?:enable|turn on|requires?|need|needs|without)\s[^<]{0,80}?javascript"
    rb"|<noscript\b[^>]*>(?:(?!</noscript).){0,600}?javascript\s(?:is\s)?(?:required|needed|disabled)",
    re.IGNORECASE | re.DOTALL,
)
_HASH_APP = re.compile(rb"\$docsify|SwaggerUIBundle|<redoc\b|Redoc\.init", re.IGNORECASE)
HEAD = 256 * 1024  # an app shell says what it is near its start


def looks_like_shell(body: bytes, page: ParsedPage) -> bool:
    """Whether ``page`` (``body`` as sent, and its parse) is an application shell."""
    words = page.facts.word_count
    head = body[:HEAD]
    if words < FEW_WORDS and _SCRIPT.search(head):
        return True
    if words < SOME_WORDS and _APP_ROOT.search(head):
        return True
    return bool(_NOSCRIPT.search(head) or _HASH_APP.search(head))
