"""JavaScript rendering: pages loaded in a headless Chromium (the system's, driven through
Playwright), their rendered DOM parsed like raw HTML. No Qt here.

browser (finding Chromium and Playwright, launching, restarting and killing the browser), tabs
(the pages at once, their contexts recycled), routes (every request a page makes, answered by the
crawler within the crawl's scope), settle (when a page is done), shell (which pages ``auto``
renders), rendered (what rendering changed: the record's fields), renderer (all of it, for the
engine: ``Renderer.render``).
"""
