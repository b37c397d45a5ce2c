"""What each audit finding means, why it matters and how to fix it, in plain sentences: written
once here, read by the window's Overview (tooltip and the pane under the findings) and by the HTML
report. No Qt here. ``audit.FINDINGS`` names the findings; a test holds the two to each other."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Explanation:
    what: str  # what the finding is and why it matters
    fix: str  # what to do about it

    @property
    def text(self) -> str:
        return f"{self.what} {self.fix}"


_E = Explanation
EXPLANATIONS: dict[str, Explanation] = {
    "broken_internal": _E(
        "Pages of this site that answered an error (4xx, 5xx) or could not be reached: visitors "
        "and search engines following a link to them land on nothing.",
        "Fix or remove the links on the pages that hold them (Details lists them under "
        "Inlinks), or redirect the URL to the page that replaced it.",
    ),
    "broken_external": _E(
        "Links to other sites that answered an error or could not be reached: the page they are "
        "on sends readers to a dead end.",
        "Update the link to the page's new address, link to another source, or remove it.",
    ),
    "blocked": _E(
        "URLs the crawler was not allowed to check: robots.txt disallows them, a bot wall or a "
        "rate limit (429, 503) answered, or they point at a private address. This says nothing "
        "about whether the link works.",
        "Nothing to fix on the site unless the block is unintended; check these in a browser, "
        "or crawl again with fewer workers or a longer delay if the site throttled the crawler.",
    ),
    "timeout": _E(
        "URLs that gave no answer within the time limit: a slow or overloaded server, or a "
        "page that takes too long to build.",
        "Open them in a browser; if they are slow there too, speed them up. Otherwise crawl "
        "again with a longer timeout or fewer workers.",
    ),
    "error": _E(
        "URLs the crawler itself could not finish (its size limit, out of open files, ports or "
        "memory, too busy to wait, or a crawler bug): not the site's doing.",
        "Crawl again with fewer workers, or a larger size limit for big files; the Details "
        "pane's Failure line says which limit it was.",
    ),
    "host_gave_up": _E(
        "URLs not fetched: their host answered 429, 503 or nothing to every request for a "
        "while (the crawl's notice says which host, how, how long), so the crawl gave up on it "
        "rather than wait hours.",
        "Check the host in a browser; crawl again later, with fewer workers or a delay "
        "(--give-up-after 0: never give up).",
    ),
    "redirect_chain": _E(
        "Links that pass through two or more redirects before reaching a page: each hop costs "
        "the reader a round trip and search engines may stop following.",
        "Point the links, and the first redirect, straight at the final address.",
    ),
    "redirect_loop": _E(
        "Redirects that come back round to an address already visited (or never end): the page "
        "can never be reached.",
        "Change one of the redirects so that the chain ends at a page that answers 200.",
    ),
    "title_missing": _E(
        "HTML pages without a <title>: browsers' tabs, bookmarks and search results show the "
        "bare address instead.",
        "Give every page a short title that says what it is about.",
    ),
    "title_duplicate": _E(
        "Pages sharing the same title with another page: in search results and tabs they cannot "
        "be told apart.",
        "Make each title say what is particular to its page.",
    ),
    "title_long": _E(
        "Titles longer than the threshold (60 characters by default): search results cut them "
        "short.",
        "Put the words that matter first and shorten the rest.",
    ),
    "description_missing": _E(
        'HTML pages without a <meta name="description">: search engines then make up a snippet '
        "from the page's text.",
        "Write a one- or two-sentence summary for each page.",
    ),
    "description_duplicate": _E(
        "Pages sharing the same meta description with another page: their search snippets read "
        "alike.",
        "Write a description for each page of its own.",
    ),
    "description_long": _E(
        "Meta descriptions longer than the threshold (160 characters by default): search results "
        "cut them short.",
        "Shorten them to one or two sentences.",
    ),
    "h1_missing": _E(
        "HTML pages without an <h1> heading: readers, screen readers and search engines find no "
        "main heading.",
        "Give each page one <h1> that names its subject.",
    ),
    "h1_multiple": _E(
        "Pages with more than one <h1>: which heading is the page's subject is unclear.",
        "Keep one <h1> and make the other headings <h2> or lower.",
    ),
    "noindex": _E(
        "Pages a robots meta tag or an X-Robots-Tag header keeps out of search engines "
        "(noindex or none).",
        "If these pages should be found, remove the noindex; otherwise nothing to do.",
    ),
    "canonicalised": _E(
        "Pages whose canonical link names another URL: search engines index that URL instead "
        "of this one.",
        "Check the canonical points at the right page; link to the canonical URL itself.",
    ),
    "canonical_invalid": _E(
        "Pages whose canonical link is no web address (file:///…, a scheme no browser opens): "
        "search engines ignore it.",
        "Make the canonical the page's own http(s) URL, or remove it.",
    ),
    "duplicate_content": _E(
        "Pages whose content is exactly that of another URL (the same page under two "
        "addresses, e.g. with and without a query or a trailing slash).",
        "Link to one address only, and redirect the others to it or give them a canonical "
        "link to it.",
    ),
    "slow": _E(
        "Pages that took longer than the threshold (1 s by default) to arrive: readers wait and "
        "leave.",
        "Speed up the server (caching, fewer database calls) or make the pages lighter.",
    ),
    "large": _E(
        "Answers bigger than the threshold (1 MB by default): slow to load, above all on phones.",
        "Compress or resize images and files, or split long pages.",
    ),
    "orphan": _E(
        "URLs listed in the sitemap that no crawled page links to: readers cannot reach them by "
        "following links.",
        "Link to them from a related page, or remove them from the sitemap if they are gone.",
    ),
    "sitemap_non200": _E(
        "URLs listed in the sitemap that did not answer 200 (redirects, errors): a sitemap should "
        "list only pages that exist at that address.",
        "List the final address of each redirect, and remove the URLs that are gone.",
    ),
    "js_links": _E(
        "Rendered pages (--render) with links that only their JavaScript builds: a crawler or "
        "search engine that reads the HTML as sent never finds them, and one that renders finds "
        "them later and at a cost.",
        "Put the links that matter in the HTML the server sends (server-side rendering or "
        'pre-rendering); the links CSV marks each such link "rendered".',
    ),
    "js_changed": _E(
        "Rendered pages whose title, meta description, H1, canonical or meta robots their "
        "JavaScript changes: what the server sends and what a reader sees say different things "
        "(both are kept: Details shows them as sent and as rendered).",
        "Send the final values in the HTML itself; a canonical or robots value set by script is "
        "one search engines may never see.",
    ),
    "js_noindex": _E(
        "Pages that say noindex only once their JavaScript has run: a search engine that renders "
        "them drops them, one that reads the HTML as sent may index them.",
        "Decide whether the page should be indexed, and say so in the HTML the server sends.",
    ),
    "js_errors": _E(
        "Rendered pages whose JavaScript raised errors (uncaught exceptions, console errors): "
        "what they build may be missing for every reader.",
        "Open the page with the browser's console and fix the errors listed in Details.",
    ),
    "js_failed": _E(
        "Rendered pages whose scripts or requests to this site failed (a script or an API call "
        "answering 404, 500, or not at all): each is also listed as a broken link of the page.",
        "Fix the URL the page's code asks for, or the server behind it.",
    ),
    "js_not_rendered": _E(
        "Pages the headless browser could not render in full (their time ran out, their script "
        "never yielded, their tab crashed or the browser went away): the note says which, and "
        "what the crawl kept.",
        "Open the page in a browser; raise --render-timeout if the page is only slow.",
    ),
}


# The findings of custom extraction and search rules, by their key's prefix (audit.custom_finding).
CUSTOM: dict[str, Explanation] = {
    "extract": _E(
        "Pages where your extraction rule (--extract, or Extract in the settings) found nothing: "
        "the element, attribute or pattern it looks for is not on them.",
        "If every page should have it (a price, a tracking tag, structured data), add it to "
        "these pages; else check the rule against one of them.",
    ),
    "search": _E(
        "Pages whose HTML holds the text or pattern of your search rule (--search, or Search in "
        "the settings); its column counts how often.",
        "Whether that is a problem is yours to say: an old brand name, a staging host, an error "
        "message on these pages wants replacing.",
    ),
    "absent": _E(
        "Pages whose HTML lacks the text or pattern of your search rule (--search-absent, or "
        "Search (absent) in the settings).",
        "Add it where it belongs (an analytics snippet, a consent banner, a required notice).",
    ),
}


def explain(key: str) -> Explanation | None:
    """The explanation of the finding named ``key`` (None for a key it does not know)."""
    prefix, colon, _ = key.partition(":")
    return CUSTOM.get(prefix) if colon else EXPLANATIONS.get(key)
