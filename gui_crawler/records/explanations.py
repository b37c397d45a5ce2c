"""What each audit finding means, why it matters and how to fix it, in plain sentences, and its
rule (exactly what it flags): written once here, read by the window's Overview (tooltip and the
pane under the findings), the HTML report and the README's table of findings (cli/readme.py).
No Qt here. ``audit.FINDINGS`` names the findings; a test holds the two to each other."""

from __future__ import annotations

from dataclasses import dataclass

from gui_crawler.options import default
from gui_crawler.parsing.pagechecks import NON_DESCRIPTIVE


@dataclass(frozen=True, slots=True)
class Explanation:
    what: str  # what the finding is and why it matters
    fix: str  # what to do about it
    # Exactly what is flagged, in one line of Markdown (the README's table of findings);
    # "" for a custom rule's finding.
    rule: str = ""

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
        rule="an internal URL that answered 4xx/5xx or could not be reached",
    ),
    "broken_external": _E(
        "Links to other sites that answered an error or could not be reached: the page they are "
        "on sends readers to a dead end.",
        "Update the link to the page's new address, link to another source, or remove it.",
        rule="an external URL (checked, not crawled) that answered 4xx/5xx or could not be reached",
    ),
    "warning": _E(
        "Links that are broken but whose URL matches the crawl's --warn regex: listed so they "
        "are seen, not counted as failures (the crawl's exit code stays 0 for them).",
        "Fix them when you can, as broken links; or narrow --warn if it covers links that "
        "must not break.",
        rule="a URL that would be broken whose URL matches --warn (listed for a crawl with --warn)",
    ),
    "blocked": _E(
        "URLs the crawler was not allowed to check: robots.txt disallows them, a bot wall or a "
        "rate limit (429, 503) answered, or they point at a private address. This says nothing "
        "about whether the link works.",
        "Nothing to fix on the site unless the block is unintended; check these in a browser, "
        "or crawl again with fewer workers or a longer delay if the site throttled the crawler.",
        rule="a URL robots.txt, a bot wall, a 429/503 or a private address kept the crawler from",
    ),
    "timeout": _E(
        "URLs that gave no answer within the time limit: a slow or overloaded server, or a "
        "page that takes too long to build.",
        "Open them in a browser; if they are slow there too, speed them up. Otherwise crawl "
        "again with a longer timeout or fewer workers.",
        rule="a URL with no answer within `--timeout`",
    ),
    "error": _E(
        "URLs the crawler itself could not finish (its size limit, out of open files, ports or "
        "memory, too busy to wait, or a crawler bug): not the site's doing.",
        "Crawl again with fewer workers, or a larger size limit for big files; the Details "
        "pane's Failure line says which limit it was.",
        rule="a URL the crawler could not finish for its own reasons (a size limit, open files…)",
    ),
    "host_gave_up": _E(
        "URLs not fetched: their host answered 429, 503 or nothing to every request for a "
        "while (the crawl's notice says which host, how, how long), so the crawl gave up on it "
        "rather than wait hours.",
        "Check the host in a browser; crawl again later, with fewer workers or a delay "
        "(--give-up-after 0: never give up).",
        rule="a URL not fetched because its host refused every try for `give_up_after`",
    ),
    "redirect_chain": _E(
        "Links that pass through two or more redirects before reaching a page: each hop costs "
        "the reader a round trip and search engines may stop following.",
        "Point the links, and the first redirect, straight at the final address.",
        rule="a redirect whose target redirects again",
    ),
    "redirect_loop": _E(
        "Redirects that come back round to an address already visited (or never end): the page "
        "can never be reached.",
        "Change one of the redirects so that the chain ends at a page that answers 200.",
        rule="a redirect that comes back round, or runs past `--max-redirect`",
    ),
    "title_missing": _E(
        "HTML pages without a <title>: browsers' tabs, bookmarks and search results show the "
        "bare address instead.",
        "Give every page a short title that says what it is about.",
        rule="an HTML page (200) without a `<title>` (or an empty one)",
    ),
    "title_duplicate": _E(
        "Pages sharing the same title with another page: in search results and tabs they cannot "
        "be told apart.",
        "Make each title say what is particular to its page.",
        rule="a page whose title another page has too",
    ),
    "title_long": _E(
        "Titles longer than the threshold (60 characters by default): search results cut them "
        "short.",
        "Put the words that matter first and shorten the rest.",
        rule="a title longer than 60 characters (the Overview's threshold)",
    ),
    "description_missing": _E(
        'HTML pages without a <meta name="description">: search engines then make up a snippet '
        "from the page's text.",
        "Write a one- or two-sentence summary for each page.",
        rule='a page without `<meta name="description">` (or an empty one)',
    ),
    "description_duplicate": _E(
        "Pages sharing the same meta description with another page: their search snippets read "
        "alike.",
        "Write a description for each page of its own.",
        rule="a page whose meta description another page has too",
    ),
    "description_long": _E(
        "Meta descriptions longer than the threshold (160 characters by default): search results "
        "cut them short.",
        "Shorten them to one or two sentences.",
        rule="a meta description longer than 160 characters (the Overview's threshold)",
    ),
    "h1_missing": _E(
        "HTML pages without an <h1> heading: readers, screen readers and search engines find no "
        "main heading.",
        "Give each page one <h1> that names its subject.",
        rule="a page without `<h1>`",
    ),
    "h1_multiple": _E(
        "Pages with more than one <h1>: which heading is the page's subject is unclear.",
        "Keep one <h1> and make the other headings <h2> or lower.",
        rule="a page with more than one `<h1>`",
    ),
    "noindex": _E(
        "Pages a robots meta tag or an X-Robots-Tag header keeps out of search engines "
        "(noindex or none).",
        "If these pages should be found, remove the noindex; otherwise nothing to do.",
        rule="`noindex` or `none` in meta robots or X-Robots-Tag",
    ),
    "canonicalised": _E(
        "Pages whose canonical link names another URL: search engines index that URL instead "
        "of this one.",
        "Check the canonical points at the right page; link to the canonical URL itself.",
        rule="a canonical naming another URL",
    ),
    "canonical_invalid": _E(
        "Pages whose canonical link is no web address (file:///…, a scheme no browser opens): "
        "search engines ignore it.",
        "Make the canonical the page's own http(s) URL, or remove it.",
        rule="a canonical that is no http(s) URL",
    ),
    "duplicate_content": _E(
        "Pages whose content is exactly that of another URL (the same page under two "
        "addresses, e.g. with and without a query or a trailing slash).",
        "Link to one address only, and redirect the others to it or give them a canonical "
        "link to it.",
        rule="a page whose visible text (whitespace aside) another page has exactly",
    ),
    "slow": _E(
        "Pages that took longer than the threshold (1 s by default) to arrive: readers wait and "
        "leave.",
        "Speed up the server (caching, fewer database calls) or make the pages lighter.",
        rule="an answer that took longer than 1 s (the Overview's threshold)",
    ),
    "large": _E(
        "Answers bigger than the threshold (1 MB by default): slow to load, above all on phones.",
        "Compress or resize images and files, or split long pages.",
        rule="an answer bigger than 1 MB (the Overview's threshold)",
    ),
    "orphan": _E(
        "URLs listed in the sitemap that no crawled page links to: readers cannot reach them by "
        "following links.",
        "Link to them from a related page, or remove them from the sitemap if they are gone.",
        rule="a sitemap URL no crawled page links to",
    ),
    "sitemap_non200": _E(
        "URLs listed in the sitemap that did not answer 200 (redirects, errors): a sitemap should "
        "list only pages that exist at that address.",
        "List the final address of each redirect, and remove the URLs that are gone.",
        rule="a sitemap URL that did not answer 200",
    ),
    "js_links": _E(
        "Rendered pages (--render) with links that only their JavaScript builds: a crawler or "
        "search engine that reads the HTML as sent never finds them, and one that renders finds "
        "them later and at a cost.",
        "Put the links that matter in the HTML the server sends (server-side rendering or "
        'pre-rendering); the links CSV marks each such link "rendered".',
        rule="(`--render`) a page whose rendered DOM has links its HTML lacks",
    ),
    "js_changed": _E(
        "Rendered pages whose title, meta description, H1, canonical or meta robots their "
        "JavaScript changes: what the server sends and what a reader sees say different things "
        "(both are kept: Details shows them as sent and as rendered).",
        "Send the final values in the HTML itself; a canonical or robots value set by script is "
        "one search engines may never see.",
        rule="(`--render`) title, description, H1, canonical or robots differ after JavaScript",
    ),
    "js_noindex": _E(
        "Pages that say noindex only once their JavaScript has run: a search engine that renders "
        "them drops them, one that reads the HTML as sent may index them.",
        "Decide whether the page should be indexed, and say so in the HTML the server sends.",
        rule="(`--render`) noindex only in the rendered DOM",
    ),
    "js_errors": _E(
        "Rendered pages whose JavaScript raised errors (uncaught exceptions, console errors): "
        "what they build may be missing for every reader.",
        "Open the page with the browser's console and fix the errors listed in Details.",
        rule="(`--render`) a page whose scripts raised errors",
    ),
    "js_failed": _E(
        "Rendered pages whose scripts or requests to this site failed (a script or an API call "
        "answering 404, 500, or not at all): each is also listed as a broken link of the page.",
        "Fix the URL the page's code asks for, or the server behind it.",
        rule="(`--render`) a page whose scripts' requests to the site failed",
    ),
    "js_not_rendered": _E(
        "Pages the headless browser could not render in full (their time ran out, their script "
        "never yielded, their tab crashed or the browser went away): the note says which, and "
        "what the crawl kept.",
        "Open the page in a browser; raise --render-timeout if the page is only slow.",
        rule="(`--render`) a page whose rendering failed or was cut short",
    ),
    # ---- links (the page carrying the link; its target is the item's source) ----------------
    "fragment_missing": _E(
        "Links to page#name where the page (crawled, HTML) has no element with that id and no "
        "<a name> of it: the reader lands at the top, not at the part the link promised.",
        "Point the link at an id the page has, or give the element the id the link names.",
        rule="an `<a href>` to an internal page (or the page itself) whose `#fragment` is no id "
        "or `<a name>` of it (raw or rendered); `#/…` and `#!…` are routes, `#12-20` and "
        "`#L12-L20` lines a script highlights, `#` and `#top` the top",
    ),
    "link_to_redirect": _E(
        "Internal links that point at a URL that redirects: each click costs a round trip, and "
        "link equity leaks through the hop.",
        "Update the link to the redirect's final address.",
        rule="a page linking to an internal URL that answered 301, 302, 303, 307 or 308",
    ),
    "internal_nofollow": _E(
        "Links to pages of this site marked rel=nofollow: search engines are told not to follow "
        "your own links, so the pages they lead to may be found late or not at all.",
        "Remove nofollow from internal links; keep pages out of search with noindex instead.",
        rule='an `<a rel="nofollow">` (or `<area>`) to an internal URL',
    ),
    "anchor_non_descriptive": _E(
        "Links whose words say nothing about where they lead (click here, read more, here…): "
        "screen-reader users listing links and search engines learn nothing from them.",
        'Make the words of the link name its target ("the 2024 price list", not "here").',
        rule="a link whose whole text (case, spaces and punctuation aside) is one of: "
        + ", ".join(f"*{w}*" for w in NON_DESCRIPTIVE),
    ),
    "anchor_missing": _E(
        "Internal links with no words at all (no text, no image alt, no aria-label): screen "
        "readers read out the address, and search engines get no hint of the target.",
        "Give the link text, or the alt of its image, or an aria-label.",
        rule="an internal `<a href>` without text, without an `<img alt>` inside and without "
        "`aria-label`",
    ),
    "unsafe_cross_origin": _E(
        'Links that open another site in a new tab (target="_blank") without rel="noopener": '
        "in older browsers the new page can take over this one (tabnabbing).",
        'Add rel="noopener" (or noreferrer) to these links.',
        rule='an `<a target="_blank">` to another host whose rel has neither `noopener` nor '
        "`noreferrer`",
    ),
    # ---- titles, descriptions, headings ------------------------------------------------------
    "title_too_short": _E(
        "Titles shorter than the threshold (30 characters by default): they say too little to "
        "stand out in search results.",
        "Say what the page is about in a few more words.",
        rule=f"a title shorter than `--title-min` ({default('title_min')}) characters",
    ),
    "title_same_as_h1": _E(
        "Pages whose title and first H1 are the same text: a missed chance to say the page's "
        "subject in two ways.",
        "Nothing wrong as such; consider a title that also names the site or the page's purpose.",
        rule="title equal to the first `<h1>` (whitespace collapsed)",
    ),
    "title_multiple": _E(
        "Pages with more than one <title>: browsers and search engines take one of them, maybe "
        "not the one meant.",
        "Keep one <title> in the page's head.",
        rule="more than one `<title>` (an SVG's aside)",
    ),
    "description_too_short": _E(
        "Meta descriptions shorter than the threshold (70 characters by default): search "
        "engines then often write their own snippet.",
        "Write a sentence or two that sums up the page.",
        rule=f"a meta description shorter than `--description-min` ({default('description_min')}) characters",
    ),
    "description_multiple": _E(
        "Pages with more than one meta description: search engines take one of them, maybe not "
        "the one meant.",
        "Keep one meta description.",
        rule='more than one `<meta name="description">`',
    ),
    "h2_missing": _E(
        "Pages without an <h2>: long pages without subheadings are hard to scan for readers and "
        "screen readers.",
        "Split the page's content under <h2> subheadings.",
        rule="an HTML page without `<h2>`",
    ),
    "headings_non_sequential": _E(
        "Pages whose headings skip a level (an h1 followed by an h3): screen-reader users "
        "navigating by headings miss the structure.",
        "Use heading levels in order; style them with CSS rather than by picking a level.",
        rule="a heading more than one level below the one before it (the first skip is the detail)",
    ),
    # ---- directives, canonicals, hreflang ----------------------------------------------------
    "meta_nofollow": _E(
        "Pages whose robots directives say nofollow: search engines do not follow any of their "
        "links.",
        "Remove nofollow unless no link of the page should be followed.",
        rule="`nofollow` or `none` in meta robots or X-Robots-Tag",
    ),
    "canonical_missing": _E(
        "Pages without a canonical link: with parameters or several addresses for one page, "
        "search engines must guess which one to index.",
        "Give each page a canonical link to its preferred address (its own, usually).",
        rule='an HTML page without `<link rel="canonical">`',
    ),
    "canonical_non_200": _E(
        "Pages whose canonical target does not answer 200 (a redirect, an error): search engines "
        "ignore such a canonical, or index a dead page.",
        "Make the canonical the final address of a page that answers 200.",
        rule="a canonical naming a crawled URL that answered other than 200",
    ),
    "canonical_chain": _E(
        "Pages whose canonical target names yet another canonical: search engines may not "
        "follow the chain.",
        "Point every canonical straight at the final page.",
        rule="a canonical naming a page whose own canonical names a third URL",
    ),
    "canonical_multiple": _E(
        "Pages with canonical links to different URLs: search engines ignore them all.",
        "Keep one canonical link.",
        rule='two `<link rel="canonical">` with different targets',
    ),
    "canonical_relative": _E(
        "Canonical links written as relative URLs: allowed, but a copy of the page on another "
        "host or path then names the wrong page.",
        "Write the canonical as an absolute URL.",
        rule="a canonical whose href has no scheme",
    ),
    "canonical_outside_head": _E(
        "Canonical links in the body of the page: search engines ignore them there.",
        "Move the canonical link into the <head>.",
        rule='a `<link rel="canonical">` outside `<head>`',
    ),
    "hreflang_invalid_code": _E(
        "Hreflang links whose code is no language (and region): search engines ignore them.",
        "Use ISO 639-1 language codes, optionally with an ISO 3166-1 region (en, en-GB), or "
        "x-default.",
        rule="an hreflang that is neither `x-default` nor a 2-3 letter language with an "
        "optional script and region",
    ),
    "hreflang_missing_x_default": _E(
        "Pages with hreflang alternates but no x-default: readers in other languages get no "
        "fallback page.",
        'Add an hreflang="x-default" link to the page for everyone else.',
        rule="hreflang links without `x-default`",
    ),
    "hreflang_non_200": _E(
        "Hreflang alternates that do not answer 200: search engines drop them.",
        "Link each language to a page that answers 200 at that address.",
        rule="an hreflang target that was crawled and answered other than 200",
    ),
    "hreflang_missing_return": _E(
        "Hreflang alternates that do not link back to the page: search engines ignore "
        "hreflang that is not confirmed both ways.",
        "Give every alternate hreflang links to all the others, this page included.",
        rule="an hreflang target (an HTML page) whose own hreflang links do not name the page",
    ),
    # ---- content ----------------------------------------------------------------------------
    "near_duplicate": _E(
        "Pages whose visible text is almost that of another page (90% alike by default): "
        "search engines may index one of them only.",
        "Merge the pages, make each one say something of its own, or point their canonical at one.",
        rule=f"visible text at least `--similarity` ({default('similarity')}) % alike another page's (MinHash over "
        "three-word shingles); exact duplicates are `duplicate_content`",
    ),
    "low_content": _E(
        "Pages with little visible text (under 200 words by default): thin pages rank poorly "
        "and tell readers little.",
        "Add substance, merge the page with a related one, or keep it out of search.",
        rule=f"fewer than `--words-min` ({default('words_min')}) words of visible text",
    ),
    "lorem_ipsum": _E(
        "Pages showing placeholder text (lorem ipsum): a template or draft went live.",
        "Replace the placeholder with the real text.",
        rule="*lorem ipsum* in the visible text (any case)",
    ),
    "structured_data_parse_error": _E(
        "JSON-LD blocks that are not valid JSON: search engines ignore all of them.",
        "Fix the JSON (a validator such as Google's Rich Results Test says where).",
        rule='a `<script type="application/ld+json">` that is not valid JSON',
    ),
    "structured_data_missing_required": _E(
        "Structured data of a type Google shows as a rich result, without a property its "
        "documentation requires: no rich result is shown.",
        "Add the properties the detail names.",
        rule="JSON-LD Product, Article, BreadcrumbList, FAQPage, Organization or Event without "
        "a property Google requires (parsing/structured.py)",
    ),
    "viewport_missing": _E(
        'Pages without <meta name="viewport">: phones show them as a shrunken desktop page.',
        'Add <meta name="viewport" content="width=device-width, initial-scale=1">.',
        rule='an HTML page without `<meta name="viewport">`',
    ),
    "og_missing": _E(
        "Pages without Open Graph title, description or image: shared on social sites, they "
        "show no picture or a guessed text.",
        "Add og:title, og:description and og:image meta tags.",
        rule="no `og:title`, `og:description` or `og:image` `<meta property>` (the detail says "
        "which)",
    ),
    "security_headers_missing": _E(
        "HTML answers without the headers that stop sniffing, framing and referrer leaks "
        "(and HSTS on https): browsers then allow more than the page needs.",
        "Send the headers the detail names from the server or its proxy.",
        rule="an HTML answer (200) without X-Content-Type-Options, X-Frame-Options or a CSP "
        "frame-ancestors, Referrer-Policy, or on https Strict-Transport-Security",
    ),
    # ---- images (the image; the page holding it is the item's source) -----------------------
    "img_missing_alt": _E(
        'Images without an alt attribute: screen readers read out the file name; alt="" '
        "marks a decorative image, which is not flagged.",
        'Describe each image in its alt; give decorative ones alt="".',
        rule='an `<img src>` without `alt` (`alt=""` is decorative, not flagged)',
    ),
    "img_alt_too_long": _E(
        "Images whose alt text is longer than the threshold (100 characters by default): screen "
        "readers read it all, and cannot pause in it.",
        "Keep alt short; describe the image at length in the text around it.",
        rule=f"an `alt` longer than `--alt-max` ({default('alt_max')}) characters",
    ),
    "img_missing_size": _E(
        "Images without width and height attributes: the page jumps as they load (layout shift).",
        "Give each <img> its width and height (CSS can still scale it).",
        rule="an `<img src>` without `width` or without `height`",
    ),
    "img_over_100kb": _E(
        "Images of this site bigger than the threshold (100 KB by default): slow on phones and "
        "slow networks.",
        "Compress them, serve a modern format (WebP, AVIF) or the size they are shown at.",
        rule=f"an internal `image/*` answer bigger than `--image-max-kb` ({default('image_max_kb')}) KB",
    ),
    # ---- URLs --------------------------------------------------------------------------------
    "url_uppercase": _E(
        "URLs with upper-case letters: URLs are case-sensitive, so links typed in lower case "
        "break, and two spellings make duplicates.",
        "Use lower-case URLs, and redirect the others to them.",
        rule="a page's URL with an upper-case letter in its path or query",
    ),
    "url_underscore": _E(
        "URLs with underscores: search engines read words joined by _ as one word.",
        "Separate the words of URLs with hyphens.",
        rule="a page's URL with `_` in its path",
    ),
    "url_non_ascii": _E(
        "URLs with characters outside ASCII (percent-encoded): hard to read, type and share.",
        "Use plain ASCII words in URLs.",
        rule="a page's URL with percent-encoded bytes of non-ASCII characters (`%80`-`%FF`)",
    ),
    "url_parameters": _E(
        "URLs with query parameters: each combination is a URL of its own to crawl and index, "
        "often with the same content.",
        "Prefer plain paths for pages that should be found; canonicalise the parameter variants.",
        rule="a page's URL with a `?query`",
    ),
    "url_over_115": _E(
        "URLs longer than the threshold (115 characters by default): hard to read and share, "
        "and cut in search results.",
        "Shorten the URLs of these pages.",
        rule=f"a page's URL longer than `--url-max` ({default('url_max')}) characters",
    ),
    "url_multiple_slashes": _E(
        "URLs with // in their path: usually a link built by joining strings, and the same page "
        "under another address.",
        "Fix the links that make them, and redirect to the address with single slashes.",
        rule="a page's URL whose path holds `//`",
    ),
    "sitemap_noindex": _E(
        "Sitemap URLs that are noindex: the sitemap asks search engines to index what the page "
        "forbids.",
        "Remove them from the sitemap, or the noindex from the page.",
        rule="a sitemap URL with `noindex` or `none` in meta robots or X-Robots-Tag",
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
