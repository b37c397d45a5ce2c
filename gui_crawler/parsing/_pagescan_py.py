"""The pure-Python page scan: what ``_pagescan.c`` does, written plainly. It is the specification the
C follows (the tests hold the two to the same results on every page they make).

One pass over a page, before lexbor sees it, through a model of the HTML tokenizer (tags with their
attributes honouring quotes, comments, bogus comments, raw-text and RCDATA elements, plaintext,
CDATA inside SVG and MathML) and of the part of tree building that makes elements: the stack of open
elements and the list of active formatting elements. It gives three things:

- where a huge page can be cut into pieces that parse alone (``cuts``): just before a start tag, in
  the tokenizer's data state, with no holder open (an H1, a template, a noscript, an SVG, a MathML,
  a table or a select: elements whose text the audit reads whole, or whose content parses
  differently out of them) and no formatting element closed by another's end tag waiting on the
  list of active ones (the parser would make it again after the cut); and, for up to half a
  piece more, no <a> open (an <a> a cut parts leaves its page's checks to Python, on the event
  loop: python3-doc's contents.html, cut inside five of its links, took it 29 ms);
- how many attribute comparisons lexbor's tokenizer makes (``pairs``): it checks each attribute
  of a tag against every one before it for a duplicate, so a tag of 80,000 attributes takes it
  13 s. Counted for tags whose attribute text is at least ``ATTRIBUTE_TEXT`` bytes long (shorter
  ones hold at most 32 attributes); saturates at ``SATURATED``;
- the doctype that puts the page in no-quirks mode (or limited quirks), which each piece after
  the first repeats (a piece parsed in quirks mode nests tables and SVG differently), and the
  elements open at each cut, which the piece after it opens first (without them an end tag in
  the piece closes nothing, and the texts on either side of it run together into one word);
- how many elements the parse of the biggest piece makes (``elements``): one per start tag, and
  those that "reconstruct the active formatting elements" makes again (a page of one <div>, 2,000
  unclosed <b id=i>, </div> and 2,000 <p>x makes 4 million: 1.5 GB). The scan stops as soon as a
  piece passes ``max_elements`` (and says ``max_elements + 1``).

The model is deliberately smaller than HTML's tree construction (no insertion modes, no scopes, no
adoption agency beyond removing the entry): it is exact where it matters for the cost, a bound that
errs high elsewhere, and the same in C.
"""

from __future__ import annotations

import itertools
import re

ATTRIBUTE_TEXT = 64
SATURATED = 1 << 62
# The elements of a piece past which a page is not parsed (gui_crawler.parsing.slicing): 65,536
# take ~24 MB. A piece of slicing.MAX_TAGS tags makes about as many elements as it has start tags
# (the Python docs at most 10,737 in a piece); formatting elements made again add few.
MAX_ELEMENTS = 1 << 16

_SPACE = b"\t\n\x0c\r "
LETTERS = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
# A tag from its "<" or "</": the name, the attributes (names, "=", values quoted or not), and
# the end: ">" after a run of spaces and "/" (self-closing when the run ends with "/"), or the end
# of the page (the tag is then dropped).
TAG = re.compile(
    rb"""</?+([A-Za-z][^\t\n\x0c\r />]*+)
    ((?:[\t\n\x0c\r /]*+[^\t\n\x0c\r />][^\t\n\x0c\r />=]*+
        (?:[\t\n\x0c\r ]*+=[\t\n\x0c\r ]*+(?:"[^"]*+(?:"|\Z)|'[^']*+(?:'|\Z)|[^\t\n\x0c\r >]++)?+)?+
    )*+)
    ([\t\n\x0c\r /]*+)(>|\Z)""",
    re.VERBOSE,
)
# One attribute of a tag: its name and its value (double-quoted, single-quoted or bare).
ATTRIBUTE = re.compile(
    rb"""[\t\n\x0c\r /]*+([^\t\n\x0c\r />][^\t\n\x0c\r />=]*+)
    (?:[\t\n\x0c\r ]*+=[\t\n\x0c\r ]*+(?:"([^"]*+)(?:"|\Z)|'([^']*+)(?:'|\Z)|([^\t\n\x0c\r >]++))?+)?+""",
    re.VERBOSE,
)

# Elements whose content the tokenizer reads as text up to their end tag (in HTML content).
RAW = frozenset(
    [b"script", b"style", b"xmp", b"iframe", b"noembed", b"noframes", b"title", b"textarea"]
)
RAW_END = {name: re.compile(rb"</" + name + rb"[\t\n\x0c\r />]", re.IGNORECASE) for name in RAW}
FORMATTING = frozenset(
    b"a b big code em font i nobr s small strike strong tt u".split()
)  # fmt: skip
MARKERS = frozenset(b"applet caption marquee object td th template".split())
VOID = frozenset(
    b"area base basefont bgsound br col embed frame hr image img input keygen link meta param "
    b"source track wbr".split()
)
HEADINGS = frozenset(b"h1 h2 h3 h4 h5 h6".split())
# Start tags that close an open <p>.
P_CLOSERS = frozenset(
    b"address article aside blockquote center details dialog dir div dl fieldset figcaption "
    b"figure footer header hgroup main menu nav ol p search section summary ul h1 h2 h3 h4 h5 h6 "
    b"pre listing form table hr xmp plaintext li dd dt".split()
)
# Start tags that do not reconstruct the active formatting elements before they are inserted.
NO_RECONSTRUCT = (P_CLOSERS - {b"xmp"}) | frozenset(
    b"html head body frameset frame base basefont bgsound link meta noframes script style "
    b"template title caption col colgroup tbody td tfoot th thead tr textarea iframe "
    b"noembed".split()
)
# Start tags that end SVG and MathML content.
BREAKOUT = frozenset(
    b"b big blockquote body br center code dd div dl dt em embed h1 h2 h3 h4 h5 h6 head hr i img "
    b"li listing menu meta nobr ol p pre ruby s small span strong strike sub sup table tt u ul "
    b"var".split()
)
# Elements that end the default scope: an element opened below one of them that is still open is
# out of reach of most end tags.
SCOPE = frozenset(
    b"applet caption html table td th marquee object template mi mo mn ms mtext annotation-xml "
    b"foreignobject desc title".split()
)
# The special elements: the end tag of another element ("any other end tag") does not close
# what lies below one of them.
SPECIAL = frozenset(
    b"address applet area article aside base basefont bgsound blockquote body br button caption "
    b"center col colgroup dd details dir div dl dt embed fieldset figcaption figure footer form "
    b"frame frameset h1 h2 h3 h4 h5 h6 head header hgroup hr html iframe img input keygen li link "
    b"listing main marquee menu meta nav noembed noframes noscript object ol p param plaintext pre "
    b"script search section select source style summary table tbody td template textarea tfoot th "
    b"thead title tr track ul wbr xmp mi mo mn ms mtext annotation-xml foreignobject desc".split()
)
# What stops a <li>, <dd> or <dt> from closing the one open before it.
SPECIAL_BUT_P = SPECIAL - {b"address", b"div", b"p"}
# End tags that close their element when it is in scope (others: when no special element is open
# above it).
END_IN_SCOPE = frozenset(
    b"address article aside blockquote button center details dialog dir div dl fieldset "
    b"figcaption figure footer header hgroup listing main menu nav ol pre search section summary "
    b"ul li dd dt p applet marquee object form table caption tbody tfoot thead tr td th".split()
)
# No cut while one of these is open.
HOLDERS = (b"h1", b"template", b"noscript", b"svg", b"math", b"table", b"select")
# No cut just before one of these: in a body they make no element (the text after them joins the
# text before them), or, for a table, the text it holds outside its cells is moved before it,
# into the text there.
NO_CUT = frozenset(
    b"html head body frameset frame col colgroup tbody thead tfoot tr td th caption table".split()
)
_FOREIGN = (b"svg", b"math")
_ROOTS = frozenset([b"html", b"head", b"body"])
_SECTIONS = frozenset([b"thead", b"tbody", b"tfoot"])
_RUBY = frozenset([b"rb", b"rt", b"rp", b"rtc"])
# A piece begins by opening the elements open where it was cut (so that their end tags close
# them as in the whole page, and the text on either side stays apart): at most this many.
MAX_REOPENED = 32
# SVG and MathML elements in whose content start tags are HTML's again.
INTEGRATION = frozenset(b"mi mo mn ms mtext foreignobject desc title".split())
HTML, FOREIGN, INTEGRATION_POINT = 0, 1, 2  # what an element on the stack is
# What moves a script's content between the tokenizer's script data states.
_SCRIPT_EVENTS = re.compile(rb"<!--|-->|</script[\t\n\x0c\r />]|<script[\t\n\x0c\r />]", re.I)


def script_end(data: bytes, pos: int) -> int:
    """Where the script whose content starts at ``pos`` ends (its "</script"), or -1: "<!--"
    escapes the content, "<script" in it then double-escapes it (a "</script" there ends only the
    inner one), "-->" ends either."""
    state = 0  # 0: script data, 1: escaped, 2: double escaped
    while (m := _SCRIPT_EVENTS.search(data, pos)) is not None:
        event = m.group()
        pos = m.end()
        if event == b"<!--":
            if state == 0:
                state = 1
            pos = m.start() + 2  # "<!-->" ends where it starts
        elif event == b"-->":
            state = 0
        elif event[1] == 0x2F:  # "</script"
            if state != 2:
                return m.start()
            state = 1
        elif state == 1:  # "<script"
            state = 2
    return -1


def comment_end(data: bytes, lt: int) -> int:
    """Where the comment whose "<!--" is at ``lt`` ends (after its "-->"), or the page's end."""
    if data.startswith(b">", lt + 4):
        return lt + 5
    if data.startswith(b"->", lt + 4):
        return lt + 6
    dash = data.find(b"-->", lt + 4)
    # "--!>" ends it too, if it comes first: looked for before "-->" only.
    bang = data.find(b"--!>", lt + 4, dash + 3 if dash >= 0 else len(data))
    if dash >= 0 and (bang < 0 or dash < bang):
        return dash + 3
    return bang + 4 if bang >= 0 else len(data)


class _Entry:
    """An entry of the list of active formatting elements (``name`` None: a marker)."""

    __slots__ = ("gone", "marker", "name", "next", "on", "pos", "prev")

    def __init__(self, name: bytes | None, marker: int, prev: _Entry | None) -> None:
        self.name = name
        self.marker = marker  # the marker before it (its number; 0: none)
        self.on = True  # its element is on the stack of open elements
        self.pos = 0  # its element's place on the stack when it was opened
        self.gone = False  # no longer in the list
        self.prev = prev
        self.next: _Entry | None = None


class _Tree:
    """The stack of open elements and the list of active formatting elements, enough to count
    the elements a parse makes. Every step costs O(1) amortised, or one per element it makes."""

    def __init__(self) -> None:
        # (name, entry, kind, and the places of the topmost special element, special element
        # but address, div and p, and scope boundary at or below it: -1 for none)
        self.stack: list[tuple[bytes, _Entry | None, int, int, int, int]] = []
        self.open: dict[bytes, list[int]] = {}  # the places of each name's open elements
        self.last: _Entry | None = None  # of the list
        self.markers = [0]  # the numbers of the markers in the list
        self.made = 0  # markers made
        self.by_name: dict[bytes, list[_Entry]] = {}  # each name's entries, oldest first
        self.elements = 0

    def _push(self, name: bytes, entry: _Entry | None, kind: int = HTML) -> None:
        at = len(self.stack)
        special, special_but_p, bound = self.stack[-1][3:] if self.stack else (-1, -1, -1)
        if kind == HTML:
            if name in SPECIAL:
                special = at
                if name in SPECIAL_BUT_P:
                    special_but_p = at
            if name in SCOPE:
                bound = at
        elif name in INTEGRATION:
            special = special_but_p = bound = at
        self.stack.append((name, entry, kind, special, special_but_p, bound))
        self.open.setdefault(name, []).append(at)
        if entry is not None:
            entry.pos = at

    def _pop(self) -> None:
        name, entry, kind, *_ = self.stack.pop()
        self.open[name].pop()
        if entry is not None:
            entry.on = False
        # The list is cleared back to its last marker: the one an HTML element of these names
        # put there (an SVG or MathML <td> put none, and cleared another's marker away).
        if name in MARKERS and kind == HTML:
            while self.last is not None:
                gone, self.last = self.last, self.last.prev
                gone.gone = True
                if gone.name is None:
                    self.markers.pop()
                    break
            if self.last is not None:
                self.last.next = None

    def pop_until(self, name: bytes) -> None:
        if self.open.get(name):
            while self.stack[-1][0] != name:
                self._pop()
            self._pop()

    def _pop_entry(self, entry: _Entry) -> None:
        while self.stack[-1][1] is not entry:
            self._pop()
        self._pop()

    def _top(self, name: bytes) -> int:
        """The place of the topmost open element of ``name``; -1 if none is open."""
        places = self.open.get(name)
        return places[-1] if places else -1

    def _in_scope(self, at: int) -> bool:
        """Whether the element at ``at`` is in scope: no scope boundary above it."""
        return at >= 0 and at >= self.stack[-1][5]

    def _close(self, at: int) -> None:
        """Pops the element at ``at`` and every one above it."""
        while len(self.stack) > at:
            self._pop()

    def _unlink(self, entry: _Entry) -> None:
        if entry.prev is not None:
            entry.prev.next = entry.next
        if entry.next is not None:
            entry.next.prev = entry.prev
        else:
            self.last = entry.prev
        entry.gone = True

    def _find(self, name: bytes) -> _Entry | None:
        """The last entry of ``name`` after the last marker."""
        entries = self.by_name.get(name)
        while entries and entries[-1].gone:
            entries.pop()
        if entries and entries[-1].marker == self.markers[-1]:
            return entries[-1]
        return None

    def reconstruct(self, limit: int) -> None:
        """The entries after the last one still open are made again (and opened)."""
        entry = self.last
        if entry is None or entry.on or entry.name is None:
            return
        first = entry
        while entry is not None and entry.name is not None and not entry.on:
            first = entry
            entry = entry.prev
        node: _Entry | None = first
        while node is not None and self.elements <= limit:
            assert node.name is not None
            node.on = True
            self.elements += 1
            self._push(node.name, node)
            node = node.next

    def _add(self, entry: _Entry) -> None:
        if self.last is not None:
            self.last.next = entry
        self.last = entry

    def foreign(self) -> bool:
        """Whether the current node is an SVG or MathML element (integration points too)."""
        return bool(self.stack) and self.stack[-1][2] != HTML

    def opened(self) -> list[bytes]:
        """The names of the open elements, outermost first, but <html>, <head> and <body>."""
        return [element[0] for element in self.stack]

    def reopen(self, names: list[bytes]) -> None:
        """A new piece's tree: ``names`` opened as its first start tags open them, in order."""
        for name in names:
            self.elements += 1
            entry = None
            if name in FORMATTING:
                entry = _Entry(name, self.markers[-1], self.last)
                self._add(entry)
                self.by_name.setdefault(name, []).append(entry)
            elif name in MARKERS:
                self.made += 1
                self._add(_Entry(None, self.markers[-1], self.last))
                self.markers.append(self.made)
            self._push(name, entry)

    def start(self, name: bytes, self_closing: bool, limit: int) -> bool:
        """A start tag; whether it was read as HTML (in SVG or MathML content it is not, but in
        an integration point, or for the tags that end that content)."""
        if self.stack and self.stack[-1][2] == FOREIGN:
            if name not in BREAKOUT:
                self.elements += 1
                if not self_closing:
                    self._push(name, None, INTEGRATION_POINT if name in INTEGRATION else FOREIGN)
                return False
            while self.stack and self.stack[-1][2] == FOREIGN:
                self._pop()
        if name in _ROOTS:  # its attributes go to the one there is: no element
            return True
        if name in P_CLOSERS and self._in_scope(self._top(b"p")):
            self._close(self._top(b"p"))
        if name in HEADINGS and self.stack and self.stack[-1][0] in HEADINGS:
            self._pop()
        if name == b"li" or name in (b"dd", b"dt"):
            # Closes the one open before it, unless a special element is open above that one.
            at = self._top(b"li") if name == b"li" else max(self._top(b"dd"), self._top(b"dt"))
            if at >= 0 and at >= self.stack[-1][4]:
                self._close(at)
        elif name in (b"td", b"th"):
            self.pop_until(b"td")
            self.pop_until(b"th")
        elif name == b"tr":
            self.pop_until(b"tr")
        elif name in _SECTIONS:  # closes the section open, if in scope
            at = max(self._top(b"thead"), self._top(b"tbody"), self._top(b"tfoot"))
            if self._in_scope(at):
                self._close(at)
        elif name == b"colgroup" or name == b"caption":
            at = self._top(name)
            if self._in_scope(at):
                self._close(at)
        elif name == b"option" or name == b"optgroup":  # closes the option (optgroup) it is in
            if self.stack and self.stack[-1][0] == b"option":
                self._pop()
            if name == b"optgroup" and self.stack and self.stack[-1][0] == b"optgroup":
                self._pop()
        elif name in _RUBY:  # closes the ruby text it is in (rt and rp: not an rtc)
            if (
                self.stack
                and self.stack[-1][0] in _RUBY
                and (name in (b"rb", b"rtc") or self.stack[-1][0] != b"rtc")
            ):
                self._pop()
        elif name == b"a":
            entry = self._find(b"a")
            if entry is not None:
                if entry.on:
                    self._pop_entry(entry)
                self._unlink(entry)
        if name not in NO_RECONSTRUCT:
            self.reconstruct(limit)
        self.elements += 1
        if name in _FOREIGN:
            if not self_closing:
                self._push(name, None, FOREIGN)
            return True
        if name in VOID:
            return True
        entry = None
        if name in FORMATTING:
            entry = _Entry(name, self.markers[-1], self.last)
            self._add(entry)
            self.by_name.setdefault(name, []).append(entry)
        elif name in MARKERS:
            self.made += 1
            self._add(_Entry(None, self.markers[-1], self.last))
            self.markers.append(self.made)
        self._push(name, entry)
        return True

    def end(self, name: bytes) -> None:
        if name in _ROOTS or not self.stack:
            return
        if name in HEADINGS:  # closes the topmost heading of any rank, if in scope
            at = max(self._top(h) for h in HEADINGS)
            if self._in_scope(at):
                self._close(at)
            return
        entry = self._find(name) if name in FORMATTING else None
        if entry is not None:
            if entry.on:
                if not self._in_scope(entry.pos):  # the end tag is ignored
                    return
                self._pop_entry(entry)
            self._unlink(entry)
            return
        at = self._top(name)
        if name in END_IN_SCOPE:
            if self._in_scope(at):
                self._close(at)
        elif at >= 0 and at >= self.stack[-1][3]:  # no special element open above it
            self._close(at)

    def holding(self) -> bool:
        open = self.open
        return any(open.get(h) for h in HOLDERS)


# Start tags that _Tree.start() only opens in HTML content (where the tags that end SVG and
# MathML content are like any other), and the scan reads no further: they take a short way.
_PLAIN_NOT = (
    FORMATTING | MARKERS | VOID | HEADINGS | P_CLOSERS | NO_RECONSTRUCT | SCOPE | SPECIAL
    | INTEGRATION | RAW | _ROOTS | _SECTIONS | _RUBY
    | frozenset([*_FOREIGN, *HOLDERS, b"li", b"dd", b"dt", b"td", b"th", b"tr", b"plaintext"])
    | frozenset([b"colgroup", b"caption", b"option", b"optgroup"])
)  # fmt: skip
_FORMATTING_BUT_A = FORMATTING - {b"a"}
# End tags of elements that _Tree.end() only pops when they are the current node.
_POP_NOT = FORMATTING | MARKERS | HEADINGS | _ROOTS

# Markup the model has nothing to do for, read a run at a time by regexes (the model looked at each
# of a docs page's ~4,000 tags in Python): elements opened and closed in order by their own end
# tags, lowercase, their attributes' values free of "<" and ">", with text between them; each a
# plain element (one the model only opens and pops) or a formatting element, an <a> only where
# no <a> is open (it closes the one open), and an <a> in none of them. Where no <p> is in scope,
# also <p> of such, and blocks (<div>, <section>, <pre>…) and lists (<ul>, <ol>, <dl> of <li>,
# <dt>, <dd>) of all of these: a <p> closes no other then, a block no <p>, and an item no other
# item, its list's element standing between them. In HTML content, with the list of active
# formatting elements' last entry open (nothing to make again) and no <a> on it, such a run
# opens and closes as many elements as it has start tags and leaves the stack and the list as
# they were: the scan counts them, and the attribute comparisons of their long tags, and goes on
# after it. A run goes as far as its pattern matches (a whole element at a time); from there,
# and where none begins, the model reads tag by tag.
_WS = rb"[\t\n\x0c\r ]"
_ATTRIBUTES = (
    rb"(?:" + _WS + rb"++[^\t\n\x0c\r /<>\"'=]++(?:" + _WS + rb"*+=" + _WS
    + rb"*+(?:\"[^\"<>]*+\"|'[^'<>]*+'|[^\t\n\x0c\r <>\"'=`]++))?+)*+" + _WS + rb"*+>"
)  # fmt: skip


def _trie(words: frozenset[bytes]) -> bytes:
    """A regex that matches each of ``words`` (and nothing else), branching on one byte at a
    time: an alternation of a hundred names tried one by one cost a run most of its time."""
    by_first: dict[bytes, list[bytes]] = {}
    for word in words:
        by_first.setdefault(word[:1], []).append(word[1:])
    branches = []
    for first, rests in sorted(by_first.items()):
        tails = frozenset(r for r in rests if r)
        rest = _trie(tails) if tails else b""
        if tails and b"" in rests:
            rest = b"(?:" + rest + b")?"
        branches.append(re.escape(first) + rest)
    return branches[0] if len(branches) == 1 else b"(?:" + b"|".join(branches) + b")"


# The names a run reads, each a trie (a tag of another name is the model's to read): elements the
# model only opens and pops (and the formatting ones but <a>) inside a run's text…
_INLINE_NAMES = frozenset(
    b"abbr b bdi bdo big cite code data dfn em font i kbd label mark nobr q s samp small span "
    b"strike strong sub sup time tt u var".split()
)
# …and, where no <p> is in scope, those that close an open <p> but otherwise only open and pop
# too (their end tag pops them where they are the current node), holding runs, <p> and each other.
_BLOCK_NAMES = frozenset(
    b"address article aside blockquote center details div figcaption figure footer header "
    b"hgroup main menu nav pre search section summary".split()
)
assert not _INLINE_NAMES & (_PLAIN_NOT - _FORMATTING_BUT_A)
assert _BLOCK_NAMES <= P_CLOSERS & NO_RECONSTRUCT & END_IN_SCOPE
assert not _BLOCK_NAMES & (MARKERS | SCOPE | FORMATTING | VOID | RAW | NO_CUT | set(HOLDERS))
_INNER = _trie(_INLINE_NAMES)  # plain or formatting, not <a>
_OUTER = _trie(_INLINE_NAMES | {b"a"})  # <a> too
_ids = itertools.count()


def _group() -> bytes:  # a name for one more capture group (each has its own in a pattern)
    return b"g%d" % next(_ids)


def _text_and(markup: bytes | None) -> bytes:
    """Text and ``markup`` (what begins with "<"), each markup read with the text after it (half
    the turns of text and markup as units: 6% of the runs' time). Atomic groups, not possessive
    repeats: Python 3.11's of a group holding a capture can raise SystemError (CPython #101955)."""
    return rb"[^<]*+" + (rb"(?>(?:(?:" + markup + rb")[^<]*+)*)" if markup else b"")


def _element(depth: int, names: bytes = _OUTER) -> bytes:
    """An element of ``names`` and its content, elements nested at most ``depth`` deep in it."""
    name, inner = _group(), _text_and(None if depth == 1 else _element(depth - 1, _INNER))
    start = rb"<(?P<" + name + rb">" + names + rb")" + _ATTRIBUTES
    return start + inner + rb"</(?P=" + name + rb")>"


def _p() -> bytes:
    """A <p> of a run's text and elements: where no <p> is in scope it only opens and its end tag
    pops it (most of a docs page's <p>); it holds no <p> and no block (which would close it)."""
    return rb"<p" + _ATTRIBUTES + _text_and(_element(_INLINE)) + rb"</p>"


def _flow(depth: int) -> bytes:
    """What a block holds where no <p> is in scope: text, elements, <p>, and blocks and lists
    nested at most ``depth`` deep."""
    flow = _element(_INLINE) + rb"|" + _p()
    if depth:
        flow += rb"|" + _block(depth) + rb"|" + _list(depth)
    return flow


def _block(depth: int) -> bytes:  # a block (_BLOCK_NAMES) of _flow's
    name = _group()
    return (
        rb"<(?P<" + name + rb">" + _trie(_BLOCK_NAMES) + rb")" + _ATTRIBUTES
        + _text_and(_flow(depth - 1)) + rb"</(?P=" + name + rb")>"
    )  # fmt: skip


def _items(depth: int) -> bytes:
    """A list's text and items (<li>, <dt>, <dd>) of :func:`_flow`; an item closes no other."""
    name = _group()
    item = rb"<(?P<" + name + rb">li|d[dt])" + _ATTRIBUTES + _text_and(_flow(depth))
    return _text_and(item + rb"</(?P=" + name + rb")>")


def _list(depth: int) -> bytes:
    """A <ul>, <ol> or <dl> of items, their content nested at most ``depth`` - 1 deep."""
    name = _group()
    return (
        rb"<(?P<" + name + rb">[ou]l|dl)" + _ATTRIBUTES + _items(depth - 1)
        + rb"</(?P=" + name + rb")>"
    )  # fmt: skip


_NESTED = 5  # elements in elements, in a run where a <p> is in scope
_INLINE = 3  # elements in elements, where none is (in blocks and <p> too)
_BLOCKS = 1  # blocks and lists in blocks and lists
# A run: from an element's start tag, or the content of an element the model just opened, as
# far as it goes (the model reads on from there); each pattern where a <p> is in scope, where none
# is. The content of a list the model just opened: its items.
_RUN = (
    re.compile(_text_and(_element(_NESTED))),
    re.compile(_text_and(_flow(_BLOCKS))),
)
_LIST = (_RUN[0], re.compile(_items(_BLOCKS)))
_LISTS = frozenset([b"ul", b"ol", b"dl"])
# The start tags a run may begin with (lowercase: runs read no other); the model reads the rest,
# and runs a block's or list's content (begun at a block, a run that failed deep inside it was
# read again by each block around: python3-doc's scan took 8% longer, rust-doc's 6%).
_RUN_FIRST = _INLINE_NAMES | frozenset([b"a", b"p"])
# A start tag of a run that may have ATTRIBUTE_TEXT bytes of attributes: its name, and its
# attributes with the spaces before its ">" (a run's tags hold no "/" and no ">" but at their end).
_LONG = re.compile(rb"<([a-z][a-z0-9-]*+)([\t\n\x0c\r ][^>]{%d,})>" % (ATTRIBUTE_TEXT - 1))


def _pairs(data: bytes, start: int, end: int) -> int:
    """The attribute comparisons of the tags of the run data[start:end], as the scan counts them
    for each tag it reads (TAG's attributes: all but the spaces before the ">")."""
    pairs = 0
    for long in _LONG.finditer(data, start, end):
        name_end, attrs_end = long.span(2)
        while data[attrs_end - 1] in _SPACE:
            attrs_end -= 1
        if attrs_end - name_end >= ATTRIBUTE_TEXT:
            k = len(ATTRIBUTE.findall(data, name_end, attrs_end))
            pairs += k * (k - 1) // 2
    return pairs


def _open(tree: _Tree) -> bool:
    """Whether the model is where a run changes nothing: HTML content, nothing to make again, no
    <a> on the list."""
    last, stack = tree.last, tree.stack
    return (
        (last is None or last.on)
        and (not stack or stack[-1][2] == HTML)
        and (last is None or tree._find(b"a") is None)
    )


def _run(
    patterns: tuple[re.Pattern[bytes], re.Pattern[bytes]],
    data: bytes,
    pos: int,
    tree: _Tree,
    before: int,
) -> tuple[int, int]:
    """Where a run of ``patterns`` (the one for where no <p> is in scope, if none is) from
    ``pos`` ends, before ``before`` (a cut may come there), and its attribute comparisons (its
    elements counted into the model's); (pos, 0) where none begins."""
    if not _open(tree):
        return pos, 0
    # Read no further than ``before``: a run that went on past it, read again from each tag
    # before it, made a page of 20,000 links in a row quadratic (48 s).
    run = patterns[not tree._in_scope(tree._top(b"p"))].match(data, pos, before)
    if run is None or (end := run.end()) == pos:  # None: ``before`` is behind ``pos``
        return pos, 0
    # A run's "<" are its elements' start and end tags, as many of each.
    tree.elements += data.count(b"<", pos, end) // 2
    return end, _pairs(data, pos, end)


def scan(
    data: bytes, max_tags: int, tags: int, max_elements: int, /
) -> tuple[list[int], int, int, tuple[int, int], list[bytes]]:
    """(cuts, attribute pairs, elements of the biggest piece, where the doctype that sets the
    page's mode is: (0, 0) for none, the start tags that open each piece after the first) of a
    page of ``tags`` "<", cut into pieces of about ``max_tags`` tags (none when it has no more
    than that)."""
    n = len(data)
    step = n * max_tags // tags if max_tags >= 1 and tags > max_tags else 0
    target = step if step else n + 1
    cuts: list[int] = []
    pairs = 0
    biggest = 0
    tree = _Tree()
    # Each holder's start tags less its end tags (any heading's for an H1), never below 0: a
    # holder the model closed by other means (an ancestor's end tag) counts as open until its
    # own end tag comes, as a browser's parse may differ from the model's there.
    held = dict.fromkeys(HOLDERS, 0)
    # The doctype that sets the page's mode (quirks or not), which a piece must repeat: one
    # before anything but spaces and comments.
    initial = True
    doctype = (0, 0)
    reopened: list[bytes] = []  # what each piece after the first opens first
    pos = 0
    while pos < n and tree.elements <= max_elements:
        lt = data.find(b"<", pos)
        if lt < 0:
            lt = n
        if lt > pos:
            tree.reconstruct(max_elements)
            if initial and data[pos:lt].strip(_SPACE):
                initial = False
        if lt >= n - 1:  # a "<" last of all is text
            if lt == n - 1:
                tree.reconstruct(max_elements)
            break
        c = data[lt + 1]
        if initial and c != 0x21 and c != 0x3F:  # anything but a comment or a doctype
            initial = False
        if c in LETTERS or (c == 0x2F and lt + 2 < n and data[lt + 2] in LETTERS):
            m = TAG.match(data, lt)
            assert m is not None  # every tag ends at ">" or at the end of the page
            raw_name, attrs, trail, close = m.groups()
            if c != 0x2F and raw_name in _RUN_FIRST:
                pos, more = _run(_RUN, data, lt, tree, target)
                if pos > lt:
                    pairs = min(SATURATED, pairs + more)
                    continue
            if len(attrs) >= ATTRIBUTE_TEXT:
                name_end = lt + 1 + (c == 0x2F) + len(raw_name)
                k = len(ATTRIBUTE.findall(data, name_end, name_end + len(attrs)))
                pairs = min(SATURATED, pairs + k * (k - 1) // 2)
            pos = m.end()
            if not close:  # the page ends inside the tag: it is dropped
                break
            name = raw_name.lower()
            stack = tree.stack
            if c == 0x2F:
                top = stack[-1] if stack else None
                if top is not None and top[0] == name and name not in _POP_NOT:
                    stack.pop()  # what end() does for the current node's own end tag
                    tree.open[name].pop()
                elif (
                    top is not None
                    and top[0] == name
                    and (entry := top[1]) is not None
                    and entry is tree.last
                ):  # a formatting element, the last on the list: the same
                    stack.pop()
                    tree.open[name].pop()
                    entry.on = False
                    tree.last = entry.prev
                    if entry.prev is not None:
                        entry.prev.next = None
                    entry.gone = True
                else:
                    tree.end(name)
                holder = b"h1" if name in HEADINGS else name
                if held.get(holder):
                    held[holder] -= 1
                continue
            self_closing = trail.endswith(b"/")
            if (
                step
                and lt >= target
                and lt < n - step // 2
                and name not in NO_CUT
                and (tree.last is None or tree.last.on)
                and not any(held.values())
                and not tree.holding()
                and (not tree.open.get(b"a") or lt >= target + step // 2)
                and len(opened := tree.opened()) <= MAX_REOPENED
            ):
                cuts.append(lt)
                reopened.append(b"".join(b"<" + name + b">" for name in opened))
                target = lt + step
                biggest = max(biggest, tree.elements)
                tree = _Tree()
                tree.reopen(opened)
            if name not in _PLAIN_NOT and (not tree.stack or tree.stack[-1][2] == HTML):
                last = tree.last  # what start() does for it: make again, count, open
                if last is not None and not last.on:
                    tree.reconstruct(max_elements)
                tree.elements += 1
                stack = tree.stack
                at = len(stack)
                stack.append((name, None, HTML, *(stack[-1][3:] if stack else (-1, -1, -1))))
                tree.open.setdefault(name, []).append(at)
                pos, more = _run(_RUN, data, pos, tree, target)
                pairs = min(SATURATED, pairs + more)
                continue
            if name in _FORMATTING_BUT_A and (not tree.stack or tree.stack[-1][2] == HTML):
                last = tree.last  # what start() does for it: make again, count, open, list
                if last is not None and not last.on:
                    tree.reconstruct(max_elements)
                tree.elements += 1
                entry = _Entry(name, tree.markers[-1], tree.last)
                tree._add(entry)
                tree.by_name.setdefault(name, []).append(entry)
                tree._push(name, entry)
                pos, more = _run(_RUN, data, pos, tree, target)
                pairs = min(SATURATED, pairs + more)
                continue
            html = tree.start(name, self_closing, max_elements)
            if name in held and not (self_closing and name in _FOREIGN):
                held[name] += 1
            if not html:
                continue
            if name == b"plaintext":
                break
            if name == b"script":
                pos = script_end(data, pos)
                if pos < 0:
                    break
            elif name in RAW:
                closing = RAW_END[name].search(data, pos)
                if closing is None:
                    break
                pos = closing.start()
            elif tree.stack and tree.stack[-1][0] == name:  # it opened an element
                pos, more = _run(_LIST if name in _LISTS else _RUN, data, pos, tree, target)
                pairs = min(SATURATED, pairs + more)
            continue
        if c == 0x21:  # "<!"
            if data.startswith(b"<!--", lt):
                pos = comment_end(data, lt)
                continue
            if data.startswith(b"<![CDATA[", lt) and tree.foreign():
                end = data.find(b"]]>", lt + 9)
                pos = end + 3 if end >= 0 else n
                continue
        elif c == 0x2F:  # "</" and no letter
            if data.startswith(b">", lt + 2):
                pos = lt + 3
                continue
        elif c != 0x3F:  # "<?" is a bogus comment too; any other "<" is text
            pos = lt + 1
            tree.reconstruct(max_elements)
            continue
        end = data.find(b">", lt + 2)  # a bogus comment (or a doctype)
        pos = end + 1 if end >= 0 else n
        if initial and data[lt + 2 : lt + 9].lower() == b"doctype":
            doctype = (lt, pos)
            initial = False
    biggest = max(biggest, tree.elements)
    return cuts, pairs, min(biggest, max_elements + 1), doctype, reopened
