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
  list of active ones (the parser would make it again after the cut);
- how many attribute comparisons lexbor's tokenizer makes (``pairs``): it checks each attribute
  of a tag against every one before it for a duplicate, so a tag of 80,000 attributes takes it
  13 s. Counted for tags whose attribute text is at least ``ATTRIBUTE_TEXT`` bytes long (shorter
  ones hold at most 32 attributes); saturates at ``SATURATED``;
- the doctype that puts the page in no-quirks mode (or limited quirks), which each piece after
  the first repeats (a piece parsed in quirks mode nests tables and SVG differently);
- how many elements the parse of the biggest piece makes (``elements``): one per start tag, and
  those that "reconstruct the active formatting elements" makes again (a page of one <div>, 2,000
  unclosed <b id=i>, </div> and 2,000 <p>x makes 4 million: 1.5 GB). The scan stops as soon as a
  piece passes ``max_elements`` (and says ``max_elements + 1``).

The model is deliberately smaller than HTML's tree construction (no insertion modes, no scopes, no
adoption agency beyond removing the entry): it is exact where it matters for the cost, a bound that
errs high elsewhere, and the same in C.
"""

from __future__ import annotations

import re

ATTRIBUTE_TEXT = 64
SATURATED = 1 << 62
# The elements of a piece past which a page is not parsed (gui_crawler.parsing.slicing): 65,536
# take ~24 MB. A piece of slicing.MAX_TAGS tags makes about as many elements as it has start tags
# (the Python docs at most 10,737 in a piece); formatting elements made again add few.
MAX_ELEMENTS = 1 << 16

_SPACE = b"\t\n\x0c\r "
_LETTERS = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
# A tag from its "<" or "</": the name, the attributes (names, "=", values quoted or not), and
# the end: ">" after a run of spaces and "/" (self-closing when the run ends with "/"), or the end
# of the page (the tag is then dropped).
_TAG = re.compile(
    rb"""</?+([A-Za-z][^\t\n\x0c\r />]*+)
    ((?:[\t\n\x0c\r /]*+[^\t\n\x0c\r />][^\t\n\x0c\r />=]*+
        (?:[\t\n\x0c\r ]*+=[\t\n\x0c\r ]*+(?:"[^"]*+(?:"|\Z)|'[^']*+(?:'|\Z)|[^\t\n\x0c\r >]++)?+)?+
    )*+)
    ([\t\n\x0c\r /]*+)(>|\Z)""",
    re.VERBOSE,
)
_ATTRIBUTE = re.compile(
    rb"""[\t\n\x0c\r /]*+[^\t\n\x0c\r />][^\t\n\x0c\r />=]*+
    (?:[\t\n\x0c\r ]*+=[\t\n\x0c\r ]*+(?:"[^"]*+(?:"|\Z)|'[^']*+(?:'|\Z)|[^\t\n\x0c\r >]++)?+)?+""",
    re.VERBOSE,
)

# Elements whose content the tokenizer reads as text up to their end tag (in HTML content).
_RAW = frozenset(
    [b"script", b"style", b"xmp", b"iframe", b"noembed", b"noframes", b"title", b"textarea"]
)
_RAW_END = {name: re.compile(rb"</" + name + rb"[\t\n\x0c\r />]", re.IGNORECASE) for name in _RAW}
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
# Elements that end the default scope: a formatting element opened below one of them that is
# still open is out of reach of its end tag.
SCOPE = frozenset(b"applet caption html table td th marquee object template".split())
# No cut while one of these is open.
HOLDERS = (b"h1", b"template", b"noscript", b"svg", b"math", b"table", b"select")
# No cut just before one of these: in a body they make no element (the text after them joins the
# text before them), or, for a table, the text it holds outside its cells is moved before it,
# into the text there.
NO_CUT = frozenset(
    b"html head body frameset frame col colgroup tbody thead tfoot tr td th caption table".split()
)
_FOREIGN = (b"svg", b"math")


class _Entry:
    """An entry of the list of active formatting elements (``name`` None: a marker)."""

    __slots__ = ("gone", "marker", "name", "next", "on", "prev", "scope")

    def __init__(self, name: bytes | None, marker: int, prev: _Entry | None) -> None:
        self.name = name
        self.marker = marker  # the marker before it (its number; 0: none)
        self.on = True  # its element is on the stack of open elements
        self.scope = 0  # scope boundaries open below it when it was opened
        self.gone = False  # no longer in the list
        self.prev = prev
        self.next: _Entry | None = None


class _Tree:
    """The stack of open elements and the list of active formatting elements, enough to count
    the elements a parse makes. Every step costs O(1) amortised, or one per element it makes."""

    def __init__(self) -> None:
        self.stack: list[tuple[bytes, _Entry | None]] = []
        self.open: dict[bytes, int] = {}
        self.last: _Entry | None = None  # of the list
        self.markers = [0]  # the numbers of the markers in the list
        self.made = 0  # markers made
        self.by_name: dict[bytes, list[_Entry]] = {}  # each name's entries, oldest first
        self.bounds = 0  # scope boundaries open
        self.elements = 0

    def _push(self, name: bytes, entry: _Entry | None) -> None:
        self.stack.append((name, entry))
        self.open[name] = self.open.get(name, 0) + 1
        if entry is not None:
            entry.scope = self.bounds
        if name in SCOPE:
            self.bounds += 1

    def _pop(self) -> None:
        name, entry = self.stack.pop()
        self.open[name] -= 1
        if name in SCOPE:
            self.bounds -= 1
        if entry is not None:
            entry.on = False
        if name in MARKERS:  # the list is cleared back to its last marker
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

    def start(self, name: bytes, self_closing: bool, limit: int) -> None:
        open = self.open
        foreign = open.get(b"svg", 0) + open.get(b"math", 0)
        if foreign and name in BREAKOUT:
            while open.get(b"svg", 0) + open.get(b"math", 0):
                self._pop()
            foreign = 0
        if name in P_CLOSERS:
            self.pop_until(b"p")
        if name in HEADINGS and self.stack and self.stack[-1][0] in HEADINGS:
            self._pop()
        if name == b"li":
            self.pop_until(b"li")
        elif name in (b"dd", b"dt"):
            self.pop_until(b"dd")
            self.pop_until(b"dt")
        elif name in (b"td", b"th"):
            self.pop_until(b"td")
            self.pop_until(b"th")
        elif name == b"tr":
            self.pop_until(b"tr")
        elif name == b"a":
            entry = self._find(b"a")
            if entry is not None:
                if entry.on:
                    self._pop_entry(entry)
                self._unlink(entry)
        if name not in NO_RECONSTRUCT:
            self.reconstruct(limit)
        self.elements += 1
        if name in VOID or (self_closing and (foreign or name in _FOREIGN)):
            return
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

    def end(self, name: bytes) -> None:
        if name in HEADINGS:
            if any(self.open.get(h) for h in HEADINGS):
                while self.stack[-1][0] not in HEADINGS:
                    self._pop()
                self._pop()
            return
        entry = self._find(name) if name in FORMATTING else None
        if entry is None:
            self.pop_until(name)
            return
        if entry.on:
            if entry.scope != self.bounds:  # not in scope: the end tag is ignored
                return
            self._pop_entry(entry)
        self._unlink(entry)

    def holding(self) -> bool:
        open = self.open
        return any(open.get(h) for h in HOLDERS)


def scan(
    data: bytes, max_tags: int, tags: int, max_elements: int, /
) -> tuple[list[int], int, int, tuple[int, int]]:
    """(cuts, attribute pairs, elements of the biggest piece, where the doctype that sets the
    page's mode is: (0, 0) for none) of a page of ``tags`` "<", cut into pieces of about
    ``max_tags`` tags (none when it has no more than that)."""
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
        if c in _LETTERS or (c == 0x2F and lt + 2 < n and data[lt + 2] in _LETTERS):
            m = _TAG.match(data, lt)
            assert m is not None  # every tag ends at ">" or at the end of the page
            name_end, attrs_end = m.end(1), m.end(2)
            if attrs_end - name_end >= ATTRIBUTE_TEXT:
                k = len(_ATTRIBUTE.findall(data, name_end, attrs_end))
                pairs = min(SATURATED, pairs + k * (k - 1) // 2)
            pos = m.end()
            if not m.group(4):  # the page ends inside the tag: it is dropped
                break
            name = m.group(1).lower()
            self_closing = m.group(3).endswith(b"/")
            if c == 0x2F:
                tree.end(name)
                holder = b"h1" if name in HEADINGS else name
                if held.get(holder):
                    held[holder] -= 1
                continue
            if (
                step
                and lt >= target
                and lt < n - step // 2
                and name not in NO_CUT
                and (tree.last is None or tree.last.on)
                and not any(held.values())
                and not tree.holding()
            ):
                cuts.append(lt)
                target = lt + step
                biggest = max(biggest, tree.elements)
                tree = _Tree()
            tree.start(name, self_closing, max_elements)
            if name in held and not (self_closing and name in _FOREIGN):
                held[name] += 1
            open = tree.open
            if open.get(b"svg", 0) + open.get(b"math", 0):
                continue
            if name == b"plaintext":
                break
            if name in _RAW:
                closing = _RAW_END[name].search(data, pos)
                if closing is None:
                    break
                pos = closing.start()
            continue
        if c == 0x21:  # "<!"
            if data.startswith(b"<!--", lt):
                if data.startswith(b">", lt + 4):
                    pos = lt + 5
                elif data.startswith(b"->", lt + 4):
                    pos = lt + 6
                else:
                    dash, bang = data.find(b"-->", lt + 4), data.find(b"--!>", lt + 4)
                    if dash >= 0 and (bang < 0 or dash < bang):
                        pos = dash + 3
                    else:
                        pos = bang + 4 if bang >= 0 else n
                continue
            if data.startswith(b"<![CDATA[", lt) and (
                tree.open.get(b"svg", 0) + tree.open.get(b"math", 0)
            ):
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
    return cuts, pairs, min(biggest, max_elements + 1), doctype
