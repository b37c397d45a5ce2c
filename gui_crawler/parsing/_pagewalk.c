/* One call per HTML page (or piece of one): parse it with lexbor and walk the tree for what a crawl
 * wants from it -- the hrefs it links to, its <base>, and the raw audit fields -- without holding
 * the GIL. Written in C because in Python the walk and the text gathering held the GIL for about
 * twice as long as lexbor's parse itself, so a second parser thread could not use the second core.
 *
 * walk(data: bytes, hrefs: dict, directory: str | None = None)
 *     -> (base, title, h1, h1_count, lang, metas, rels, words, text)
 *   hrefs gets every link's raw href/src as a key, in document order; its value is None, or,
 *   when the page's directory URL is given (in normal form), the URL the href joins to ("" for
 *   none) if it is a plain one (see plain_join) and the page has no <base>.
 *   base      raw href of the first <base href> ("" when it has no value), or None
 *   title     text of the first <title> not inside an <svg>, or None
 *   h1        text of the first <h1> (all text below it), or None; h1_count counts them all
 *   lang      raw lang of the first <html lang>, or None
 *   metas     [(name, content or None)] of every <meta name>
 *   rels      [(rel, href or None)] of every <link rel> whose rel holds "canonical" in any
 *             ASCII case (the facts read its canonical from them)
 *   words     how many words the visible text has: the text of <body> (of the root when there
 *             is none), every text node outside <script>, <style>, <noscript> and <template>;
 *             words are parted by ASCII whitespace and by the start of a text node
 *   text      the visible text's bytes without their ASCII whitespace (what the content hash
 *             hashes), UTF-8 with U+FFFD for what was not
 * Strings are decoded as UTF-8 with U+FFFD for what does not decode: lexbor passes such bytes
 * through verbatim.
 *
 * walk_apart(data, directory=None, checks=True) -> walked (``checks`` False: nothing read for the
 *   page checks, walked_checks empty: --no-checks); walked(walked, hrefs, text=True) -> as walk()
 *   walk() in two halves: the parse, holding the GIL only to return an opaque result, and the
 *   Python objects made from it, on whichever thread wants them.
 * walked_checks(walked) -> what the audit checks on the page itself (see there).
 * Walkers(threads): parser threads that never take the GIL (_walkers.c).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <zlib.h>

#include "lexbor/dom/interfaces/character_data.h"
#include "lexbor/html/html.h"

#include "_pagewalk.h"
#include "_siphash.h"

typedef struct {
    const lxb_char_t *data; /* NULL: the attribute has no value */
    size_t len;
} span_t;

typedef struct {
    span_t *items;
    size_t n, cap;
} spans_t;

typedef struct {
    char *data;
    size_t n, cap;
} buf_t;

/* The visible text as the content hash reads it: words counted, ASCII whitespace removed, and
 * bytes that are not UTF-8 replaced by U+FFFD the way Python's decoder replaces them (one for
 * each maximal ill-formed subpart), so the hash is that of the text a str would hold. */
/* Also a MinHash of its three-word shingles (one permutation, SIG_BINS bins: each shingle's 64-bit
 * hash goes to the bin of its top bits, the bin keeps the least of its low 32 bits), the
 * near-duplicate finding's signature; pagechecks.signature is its specification. A word's hash
 * is the CRC-32 of its bytes as kept. */
#define SIG_BINS 64
typedef struct {
    buf_t kept;
    long words;
    int in_word;
    size_t word_start; /* where the word being read began in ``kept`` */
    uint32_t last[2];  /* the hashes of the two words before it */
    uint32_t first[2]; /* and of the first two: a page cut in pieces has shingles across cuts */
    long seen;         /* words hashed so far */
    uint32_t sig[SIG_BINS];
    int no_signature;  /* the page checks are off: the words counted, not hashed */
} digest_t;

/* One link as a reader meets it (walked_words): the element that carries it, its URL as written
 * (a meta refresh's whole content), the alt of the element or of the first <img> inside it with
 * one, its
 * rel, and the text inside an <a> (the first ANCHOR_BYTES bytes of it, kept in walk_t.anchors). */
/* Their numbers are linkwords.ELEMENTS' indexes (8 and 9, "css" and "request", are never the
 * walk's). */
enum {
    WORD_A, WORD_AREA, WORD_LINK, WORD_IFRAME, WORD_FRAME, WORD_IMG, WORD_SCRIPT, WORD_REFRESH,
    WORD_IMG_SRCSET = 10, WORD_SOURCE, WORD_VIDEO_POSTER, WORD_OBJECT, WORD_EMBED
};
static const char *const word_elements[]
    = {"a", "area", "link", "iframe", "frame", "img", "script", "meta-refresh", "css", "request",
       "img-srcset", "source", "video-poster", "object", "embed"};
#define ANCHOR_BYTES 1024

typedef struct {
    span_t href, alt, rel;
    size_t text_off, text_len;
    int has_text;
    int kind;
    long at; /* the href's index in walk_t.hrefs, or -1 (a meta refresh, an <a> without one) */
} word_t;

typedef struct {
    word_t *items;
    size_t n, cap;
} words_t;

/* What the audit checks on the page (walked_checks): an element, its facts (spans of the document,
 * copied out with the others) and flags or a number; an <a>'s text is its word's. */
enum { CHECK_IMG, CHECK_A, CHECK_CANONICAL, CHECK_HREFLANG, CHECK_OG, CHECK_JSONLD,
       CHECK_ITEMTYPE, CHECKS };
/* An <a>'s flags. */
enum {
    A_NOFOLLOW = 1,      /* rel has nofollow */
    A_BLANK = 2,         /* target=_blank, and rel has neither noopener nor noreferrer */
    A_EMPTY = 4,         /* no text, no <img> alt inside, no aria-label */
    A_VAGUE = 8,         /* its whole text is one of pagechecks.NON_DESCRIPTIVE */
    A_FRAGMENT = 16,     /* a #fragment of another URL (an anchor, not a route) */
    A_MISSING_HERE = 32, /* a #fragment of this page that no id or <a name> of the piece has */
    A_LAST = 64,         /* the piece's last <a> (listed whatever its flags): a cut may continue it */
};
/* An <img>'s flags (one is listed when it has any). */
enum { IMG_NO_ALT = 1, IMG_NO_SIZE = 2, IMG_LONG_ALT = 4 };

typedef struct {
    int kind;
    span_t a, b;
    long n;
    long word;            /* an <a>'s word (its text), or -1 */
    size_t off, len;      /* a script's text in walk_t.scripts; an <img>'s src: off its href's index */
} check_t;

typedef struct {
    check_t *items;
    size_t n, cap;
} checks_t;

/* The attribute names the walk reads that lexbor has no constant id for (and two it has), each
 * looked up once per page in the document's table of names (walk_document): an element's
 * attributes are then compared by id, not each one's name read and compared with the bytes
 * (itemtype is looked for on every element). */
enum { AT_NAME, AT_CONTENT, AT_HTTP_EQUIV, AT_ITEMTYPE, AT_SRCSET, AT_IMAGESRCSET, AT_POSTER,
       AT_DATA, AT_PROPERTY, AT_ARIA_LABEL, AT_NAMES };
static const struct {
    const char *name;
    size_t len;
} at_names[AT_NAMES] = {{"name", 4},     {"content", 7},      {"http-equiv", 10},
                        {"itemtype", 8}, {"srcset", 6},       {"imagesrcset", 11},
                        {"poster", 6},   {"data", 4},         {"property", 8},
                        {"aria-label", 10}};

typedef struct {
    uintptr_t at[AT_NAMES]; /* each name's id; 0: no attribute of the page has that name */
    spans_t hrefs;
    words_t words;
    buf_t anchors;  /* the text of each <a>, at its word's text_off */
    spans_t metas;  /* pairs: name, content */
    spans_t rels;   /* pairs: rel, href */
    int has_base, has_title, has_h1, has_lang;
    span_t base, lang;
    buf_t title, h1;
    digest_t text;
    long h1_count;
    /* For the audit (walked_checks). */
    checks_t checks;
    buf_t ids;      /* uint32: the CRC-32 of each id and <a name> (as Python decodes it) */
    buf_t headings; /* a byte per <h1>..<h6>: its level */
    buf_t scripts;  /* the text of each JSON-LD script */
    long titles;
    int lorem;
    int no_checks; /* --no-checks: nothing of the above is read (walk_apart's ``checks`` False) */
    int failed; /* out of memory */
} walk_t;

static int spans_add(spans_t *s, span_t v)
{
    if (s->n == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 64;
        span_t *items = realloc(s->items, cap * sizeof(span_t));
        if (items == NULL) {
            return -1;
        }
        s->items = items;
        s->cap = cap;
    }
    s->items[s->n++] = v;
    return 0;
}

/* Room for ``len`` more bytes. */
static int buf_reserve(buf_t *b, size_t len)
{
    if (b->n + len > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->n + len) {
            cap *= 2;
        }
        char *d = realloc(b->data, cap);
        if (d == NULL) {
            return -1;
        }
        b->data = d;
        b->cap = cap;
    }
    return 0;
}

static int buf_add(buf_t *b, const lxb_char_t *data, size_t len)
{
    if (len == 0) {
        return 0; /* nothing to copy: memcpy to or from NULL is undefined even for 0 bytes */
    }
    if (buf_reserve(b, len) < 0) {
        return -1;
    }
    memcpy(b->data + b->n, data, len);
    b->n += len;
    return 0;
}

static span_t attr_value(lxb_dom_attr_t *attr)
{
    span_t v = {NULL, 0};
    if (attr != NULL && attr->value != NULL && attr->value->data != NULL) {
        v.data = attr->value->data;
        v.len = attr->value->length;
    }
    return v;
}

/* An attribute by its id, without a prefix: an SVG <a>'s xlink:href is not its href. */
static lxb_dom_attr_t *attr_by_id(lxb_dom_node_t *node, uintptr_t id)
{
    for (lxb_dom_attr_t *a = lxb_dom_interface_element(node)->first_attr; a; a = a->next) {
        if (a->node.local_name == id && a->node.prefix == 0) {
            return a;
        }
    }
    return NULL;
}

/* An attribute named by one of at_names (AT_...), without a prefix. A name lexbor has no
 * constant for has the id of its entry in the document's table of names, which holds each
 * (lower-case) name once: an attribute has that name if and only if it has that id. */
static lxb_dom_attr_t *attr_named(const uintptr_t *at, lxb_dom_node_t *node, int name)
{
    return at[name] != 0 ? attr_by_id(node, at[name]) : NULL;
}

static lxb_dom_node_t *next_in_order(lxb_dom_node_t *node, lxb_dom_node_t *root, int descend)
{
    if (descend && node->first_child != NULL) {
        return node->first_child;
    }
    while (node != root && node->next == NULL) {
        node = node->parent;
    }
    return node == root ? NULL : node->next;
}

static int is_space(lxb_char_t c)
{
    return c == ' ' || (c >= '\t' && c <= '\r');
}

/* Length of the well-formed UTF-8 sequence at p (n bytes left), or minus the length of the
 * maximal subpart of an ill-formed one (at least 1). */
static long utf8_sequence(const lxb_char_t *p, size_t n)
{
    lxb_char_t c = p[0], lo = 0x80, hi = 0xBF;
    size_t need;
    if (c >= 0xC2 && c <= 0xDF) {
        need = 1;
    }
    else if (c >= 0xE0 && c <= 0xEF) {
        need = 2;
        lo = c == 0xE0 ? 0xA0 : 0x80;
        hi = c == 0xED ? 0x9F : 0xBF;
    }
    else if (c >= 0xF0 && c <= 0xF4) {
        need = 3;
        lo = c == 0xF0 ? 0x90 : 0x80;
        hi = c == 0xF4 ? 0x8F : 0xBF;
    }
    else {
        return -1;
    }
    for (size_t i = 1; i <= need; i++) {
        if (i >= n || p[i] < lo || p[i] > hi) {
            return -(long) i;
        }
        lo = 0x80;
        hi = 0xBF;
    }
    return (long) need + 1;
}

/* The shingle of three words' hashes as 64 bits (pagechecks.shingle). */
static uint64_t shingle(uint32_t a, uint32_t b, uint32_t c)
{
    uint64_t h = (uint64_t) a * 0x9E3779B97F4A7C15ULL ^ (uint64_t) b * 0xC2B2AE3D27D4EB4FULL
                 ^ (uint64_t) c * 0x165667B19E3779F9ULL;
    h ^= h >> 32;
    h *= 0xFF51AFD7ED558CCDULL;
    return h ^ (h >> 29);
}

/* zlib's CRC-32 table (get_crc_table(): the same table its crc32() uses), read once at import;
 * and from it, crc_slices[k][b]: the CRC of byte b followed by k zero bytes, which take four bytes
 * a step (slicing by four, made at import). */
static const z_crc_t *crc_table;
static uint32_t crc_slices[4][256];

static void crc_slices_init(void)
{
    for (int b = 0; b < 256; b++) {
        crc_slices[0][b] = (uint32_t) crc_table[b];
    }
    for (int k = 1; k < 4; k++) {
        for (int b = 0; b < 256; b++) {
            uint32_t c = crc_slices[k - 1][b];
            crc_slices[k][b] = (c >> 8) ^ crc_slices[0][c & 0xFF];
        }
    }
}

/* crc32(crc, p, n) as zlib computes it. A word is a few bytes: zlib's crc32() costs a call and its
 * set-up for each (2.7% of a parser thread's CPU on rust-doc, most of it around ~6 bytes of
 * work); four bytes a step here, then a byte at a time (a byte at a time all the way, each step
 * waiting for the one before: word_end ~11% more samples), and longer runs handed to zlib. */
static inline uint32_t crc32_short(uint32_t crc, const unsigned char *p, size_t n)
{
    if (n > 16) {
        return (uint32_t) crc32(crc, p, (uInt) n);
    }
    crc = ~crc;
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        crc ^= (uint32_t) p[i] | (uint32_t) p[i + 1] << 8 | (uint32_t) p[i + 2] << 16
               | (uint32_t) p[i + 3] << 24;
        crc = crc_slices[3][crc & 0xFF] ^ crc_slices[2][(crc >> 8) & 0xFF]
              ^ crc_slices[1][(crc >> 16) & 0xFF] ^ crc_slices[0][crc >> 24];
    }
    for (; i < n; i++) {
        crc = crc_slices[0][(crc ^ p[i]) & 0xFF] ^ (crc >> 8);
    }
    return ~crc;
}

/* The word being read ends: its hash, and the shingle it ends, into the signature. */
static void word_end(digest_t *d)
{
    if (!d->in_word) {
        return;
    }
    d->in_word = 0;
    if (d->no_signature) {
        return;
    }
    uint32_t h = crc32_short(0, (const unsigned char *) d->kept.data + d->word_start,
                             d->kept.n - d->word_start);
    if (d->seen >= 2) {
        uint64_t x = shingle(d->last[0], d->last[1], h);
        uint32_t *bin = &d->sig[x >> 58];
        if ((uint32_t) x < *bin) {
            *bin = (uint32_t) x;
        }
    }
    d->last[0] = d->last[1];
    d->last[1] = h;
    if (d->seen < 2) {
        d->first[d->seen] = h;
    }
    d->seen++;
}

static void word_begin(digest_t *d)
{
    if (!d->in_word) {
        d->words++;
        d->in_word = 1;
        d->word_start = d->kept.n;
    }
}

/* One text node: separated from the one before it, as a space would separate them. */
static int digest_add(digest_t *d, const lxb_char_t *p, size_t n)
{
    static const lxb_char_t replacement[] = {0xEF, 0xBF, 0xBD};
    word_end(d);
    size_t i = 0;
    while (i < n) {
        size_t start = i;
        while (i < n && p[i] < 0x80 && !is_space(p[i])) {
            i++;
        }
        if (i > start) {
            word_begin(d);
            if (buf_add(&d->kept, p + start, i - start) < 0) {
                return -1;
            }
        }
        if (i >= n) {
            break;
        }
        if (p[i] < 0x80) { /* whitespace */
            word_end(d);
            i++;
            continue;
        }
        long len = utf8_sequence(p + i, n - i);
        word_begin(d);
        if (buf_add(&d->kept, len > 0 ? p + i : replacement, len > 0 ? (size_t) len : 3) < 0) {
            return -1;
        }
        i += (size_t) (len > 0 ? len : -len);
    }
    return 0;
}

/* Every text node below ``root``, concatenated into ``out``; or, with ``digest`` instead, the
 * visible ones (outside the subtrees of invisible elements) into the digest. */
static int gather_text(lxb_dom_node_t *root, buf_t *out, digest_t *digest)
{
    lxb_dom_node_t *node = root->first_child;
    while (node != NULL) {
        int descend = 1;
        if (node->type == LXB_DOM_NODE_TYPE_TEXT) {
            lexbor_str_t *s = &lxb_dom_interface_character_data(node)->data;
            if (s->data != NULL) {
                int failed = digest != NULL ? digest_add(digest, s->data, s->length)
                                            : buf_add(out, s->data, s->length);
                if (failed < 0) {
                    return -1;
                }
            }
        }
        else if (digest != NULL && node->type == LXB_DOM_NODE_TYPE_ELEMENT) {
            switch (node->local_name) {
            case LXB_TAG_SCRIPT:
            case LXB_TAG_STYLE:
            case LXB_TAG_NOSCRIPT:
            case LXB_TAG_TEMPLATE:
                descend = 0;
            }
        }
        node = next_in_order(node, root, descend);
    }
    return 0;
}

/* Text nodes below ``root`` into ``out``, as many whole characters as make at most ``limit``
 * bytes of the str Python decodes them to (U+FFFD, 3 bytes, for each ill-formed subpart): an
 * <a> around a whole page keeps its first words only. */
static int gather_bounded(lxb_dom_node_t *root, buf_t *out, size_t limit)
{
    size_t cost = 0;
    lxb_dom_node_t *node = root->first_child;
    while (node != NULL) {
        if (node->type == LXB_DOM_NODE_TYPE_TEXT) {
            lexbor_str_t *s = &lxb_dom_interface_character_data(node)->data;
            const lxb_char_t *p = s->data;
            size_t n = p != NULL ? s->length : 0, i = 0;
            int full = 0;
            while (i < n) {
                long len = p[i] < 0x80 ? 1 : utf8_sequence(p + i, n - i);
                size_t take = (size_t) (len > 0 ? len : -len);
                size_t bytes = len > 0 ? take : 3;
                if (cost + bytes > limit) {
                    full = 1;
                    break;
                }
                cost += bytes;
                i += take;
            }
            if (i > 0 && buf_add(out, p, i) < 0) {
                return -1;
            }
            if (full) {
                return 0;
            }
        }
        node = next_in_order(node, root, 1);
    }
    return 0;
}

/* The alt of the first <img> below ``root`` that has one. */
static span_t first_alt(lxb_dom_node_t *root)
{
    for (lxb_dom_node_t *n = root->first_child; n != NULL; n = next_in_order(n, root, 1)) {
        if (n->type == LXB_DOM_NODE_TYPE_ELEMENT && n->local_name == LXB_TAG_IMG) {
            lxb_dom_attr_t *a = attr_by_id(n, LXB_DOM_ATTR_ALT);
            if (a != NULL) {
                return attr_value(a);
            }
        }
    }
    span_t none = {NULL, 0};
    return none;
}

static int add_word(walk_t *w, lxb_dom_node_t *node, int kind, span_t href, long at)
{
    if (w->words.n == w->words.cap) {
        size_t cap = w->words.cap ? w->words.cap * 2 : 64;
        word_t *items = realloc(w->words.items, cap * sizeof(word_t));
        if (items == NULL) {
            return -1;
        }
        w->words.items = items;
        w->words.cap = cap;
    }
    word_t *d = &w->words.items[w->words.n];
    memset(d, 0, sizeof(*d));
    d->href = href;
    d->kind = kind;
    d->at = at;
    if (kind == WORD_A || kind == WORD_AREA || kind == WORD_LINK) {
        d->rel = attr_value(attr_by_id(node, LXB_DOM_ATTR_REL));
    }
    if (kind == WORD_AREA || kind == WORD_IMG || kind == WORD_IMG_SRCSET) {
        d->alt = attr_value(attr_by_id(node, LXB_DOM_ATTR_ALT));
    }
    else if (kind == WORD_A) {
        d->alt = first_alt(node);
        d->has_text = 1;
        d->text_off = w->anchors.n;
        if (gather_bounded(node, &w->anchors, ANCHOR_BYTES) < 0) {
            return -1;
        }
        d->text_len = w->anchors.n - d->text_off;
    }
    w->words.n++;
    return 0;
}

/* ``v`` as a link of the element (a word of ``kind``), if it is not empty. */
static int take_span(walk_t *w, lxb_dom_node_t *node, span_t v, int kind)
{
    if (v.data == NULL || v.len == 0) {
        return 0;
    }
    return spans_add(&w->hrefs, v) < 0 || add_word(w, node, kind, v, (long) w->hrefs.n - 1) < 0
               ? -1
               : 0;
}

/* The element's link: the URL in ``id`` (href or src), if it has one that is not empty. */
static int take_link(walk_t *w, lxb_dom_node_t *node, uintptr_t id, int kind)
{
    return take_span(w, node, attr_value(attr_by_id(node, id)), kind);
}

/* The link in an attribute without an id of its own in lexbor (poster, data). */
static int take_named(walk_t *w, lxb_dom_node_t *node, int name, int kind)
{
    return take_span(w, node, attr_value(attr_named(w->at, node, name)), kind);
}

/* Each candidate URL of a srcset or imagesrcset, as the HTML standard's "parse a srcset
 * attribute" finds them (its descriptors skipped; a comma inside parentheses is a descriptor's):
 * pagechecks.srcset_urls is its twin. */
static int take_srcset(walk_t *w, lxb_dom_node_t *node, int name, int kind)
{
    span_t v = attr_value(attr_named(w->at, node, name));
    const lxb_char_t *p = v.data;
    size_t n = p != NULL ? v.len : 0, i = 0;
    while (i < n) {
        while (i < n && (is_space(p[i]) || p[i] == ',')) {
            i++;
        }
        if (i >= n) {
            break;
        }
        size_t start = i;
        while (i < n && !is_space(p[i])) {
            i++;
        }
        size_t end = i;
        int descriptors = p[end - 1] != ',';
        while (end > start && p[end - 1] == ',') {
            end--;
        }
        span_t url = {p + start, end - start};
        if (take_span(w, node, url, kind) < 0) {
            return -1;
        }
        for (int parens = 0; descriptors && i < n; i++) {
            if (parens) {
                parens = p[i] != ')';
            }
            else if (p[i] == '(') {
                parens = 1;
            }
            else if (p[i] == ',') {
                i++;
                break;
            }
        }
    }
    return 0;
}

/* ``http-equiv="refresh"``, in any case. */
static int is_refresh(const walk_t *w, lxb_dom_node_t *node)
{
    span_t v = attr_value(attr_named(w->at, node, AT_HTTP_EQUIV));
    static const char refresh[] = "refresh";
    if (v.data == NULL || v.len != 7) {
        return 0;
    }
    for (size_t i = 0; i < 7; i++) {
        lxb_char_t c = v.data[i];
        if ((c >= 'A' && c <= 'Z' ? c + 32 : c) != refresh[i]) {
            return 0;
        }
    }
    return 1;
}

/* The attribute of the first element of its kind that has it (<base href>, <html lang>). */
static void take_first(lxb_dom_node_t *node, uintptr_t id, int *has, span_t *value)
{
    lxb_dom_attr_t *a = attr_by_id(node, id);
    if (a != NULL && !*has) {
        *has = 1;
        *value = attr_value(a);
    }
}

/* ---- what the audit checks on the page (walked_checks; pagechecks.py is the specification) --- */

/* pagechecks.ALT_FLOOR and NON_DESCRIPTIVE, read when the module is imported. */
static size_t alt_floor;
static size_t anchor_chars; /* pagechecks.ANCHOR_CHARS */
static char **vague_words;
static size_t *vague_lens; /* their lengths: an <a>'s text is compared with each */
static size_t n_vague;

static lxb_char_t lower(lxb_char_t c)
{
    return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

static int is_alnum(lxb_char_t c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static span_t trimmed(span_t v)
{
    while (v.len > 0 && is_space(v.data[0])) {
        v.data++;
        v.len--;
    }
    while (v.len > 0 && is_space(v.data[v.len - 1])) {
        v.len--;
    }
    return v;
}

static int blank(span_t v)
{
    return trimmed(v).len == 0;
}

/* ``v`` is ``lower`` in any ASCII case. */
static int ascii_ieq(span_t v, const char *lower_text, size_t n)
{
    if (v.data == NULL || v.len != n) {
        return 0;
    }
    for (size_t i = 0; i < n; i++) {
        if (lower(v.data[i]) != (lxb_char_t) lower_text[i]) {
            return 0;
        }
    }
    return 1;
}

/* ``v`` holds ``lower_text`` in any ASCII case. */
static int ascii_icontains(span_t v, const char *lower_text, size_t n)
{
    for (size_t at = 0; v.data != NULL && at + n <= v.len; at++) {
        span_t part = {v.data + at, n};
        if (ascii_ieq(part, lower_text, n)) {
            return 1;
        }
    }
    return 0;
}

/* One of the ASCII-whitespace-separated tokens of ``v`` is ``token`` (lower case), in any case. */
static int has_token(span_t v, const char *token, size_t n)
{
    size_t i = 0;
    while (v.data != NULL && i < v.len) {
        while (i < v.len && is_space(v.data[i])) {
            i++;
        }
        size_t start = i;
        while (i < v.len && !is_space(v.data[i])) {
            i++;
        }
        span_t t = {v.data + start, i - start};
        if (ascii_ieq(t, token, n)) {
            return 1;
        }
    }
    return 0;
}

/* The CRC-32 of ``p[0:n]`` as Python's UTF-8 decoder with "replace" gives it back: each maximal
 * ill-formed subpart as U+FFFD (an id, a fragment, a word are hashed as the str Python holds). */
static uint32_t crc_replaced(uint32_t crc, const lxb_char_t *p, size_t n)
{
    static const lxb_char_t replacement[] = {0xEF, 0xBF, 0xBD};
    size_t i = 0, run = 0;
    while (i < n) {
        if (p[i] < 0x80) {
            i++;
            continue;
        }
        long len = utf8_sequence(p + i, n - i);
        if (len > 0) {
            i += (size_t) len;
            continue;
        }
        crc = (uint32_t) crc32(crc, p + run, (uInt) (i - run));
        crc = (uint32_t) crc32(crc, replacement, 3);
        i += (size_t) -len;
        run = i;
    }
    return crc32_short(crc, p + run, n - run);
}

static int hex_value(lxb_char_t c)
{
    return c >= '0' && c <= '9'   ? c - '0'
           : c >= 'a' && c <= 'f' ? c - 'a' + 10
           : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                  : -1;
}

/* A fragment's two hashes (pagechecks.fragment_hashes): as written, and percent-decoded from
 * the str Python holds (what was not UTF-8 replaced first, then the escapes decoded). */
static int fragment_hashes(span_t frag, uint32_t out[2])
{
    static const lxb_char_t replacement[] = {0xEF, 0xBF, 0xBD};
    out[0] = crc_replaced(0, frag.data, frag.len);
    lxb_char_t small[256], *tmp = 3 * frag.len <= sizeof(small) ? small : malloc(3 * frag.len + 1);
    if (tmp == NULL) {
        return -1;
    }
    size_t n = 0;
    for (size_t i = 0; i < frag.len;) {
        long len = frag.data[i] < 0x80 ? 1 : utf8_sequence(frag.data + i, frag.len - i);
        if (len > 0) {
            memcpy(tmp + n, frag.data + i, (size_t) len);
            n += (size_t) len;
            i += (size_t) len;
        }
        else {
            memcpy(tmp + n, replacement, 3);
            n += 3;
            i += (size_t) -len;
        }
    }
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        int hi = i + 2 < n && tmp[i] == '%' ? hex_value(tmp[i + 1]) : -1;
        int lo = hi >= 0 ? hex_value(tmp[i + 2]) : -1;
        if (lo >= 0) {
            tmp[m++] = (lxb_char_t) (hi * 16 + lo);
            i += 2;
        }
        else {
            tmp[m++] = tmp[i];
        }
    }
    out[1] = crc_replaced(0, tmp, m);
    if (tmp != small) {
        free(tmp);
    }
    return 0;
}

/* A #fragment that names an element: not empty, not the top ("top"), not a client-side route
 * ("#/…", "#!…"), not a text fragment (":~:"), not a range of lines a page's script highlights
 * (rustdoc's source views, GitHub: "#12-20", "#L12-L20"). */
/* Where a line number ("L12" or "12") ends in ``frag`` from ``i``, or 0 when there is none. */
static size_t line_number(span_t frag, size_t i)
{
    i += i < frag.len && frag.data[i] == 'L';
    size_t start = i;
    while (i < frag.len && frag.data[i] >= '0' && frag.data[i] <= '9') {
        i++;
    }
    return i > start ? i : 0;
}

static int anchor_fragment(span_t frag)
{
    if (frag.len == 0 || frag.data[0] == '/' || frag.data[0] == '!' || ascii_ieq(frag, "top", 3)) {
        return 0;
    }
    size_t end = line_number(frag, 0); /* a range of lines ("12-20", "L12-L20") */
    if (end > 0 && end < frag.len && frag.data[end] == '-' && line_number(frag, end + 1) == frag.len) {
        return 0;
    }
    return !(frag.len >= 3 && memcmp(frag.data, ":~:", 3) == 0);
}

static int add_check(walk_t *w, int kind, span_t a, span_t b, long n, long word)
{
    checks_t *c = &w->checks;
    if (c->n == c->cap) {
        size_t cap = c->cap ? c->cap * 2 : 16;
        check_t *items = realloc(c->items, cap * sizeof(check_t));
        if (items == NULL) {
            return -1;
        }
        c->items = items;
        c->cap = cap;
    }
    check_t *it = &c->items[c->n++];
    memset(it, 0, sizeof(*it));
    it->kind = kind;
    it->a = a;
    it->b = b;
    it->n = n;
    it->word = word;
    return 0;
}

static int add_id(walk_t *w, span_t v)
{
    if (v.data == NULL || v.len == 0) {
        return 0;
    }
    uint32_t h = crc_replaced(0, v.data, v.len);
    return buf_add(&w->ids, (const lxb_char_t *) &h, sizeof(h));
}

/* The text is one of NON_DESCRIPTIVE: ASCII case, whitespace runs and what is not an ASCII letter
 * or digit at its ends aside. */
static int is_vague(span_t text)
{
    size_t i = 0, end = text.len, n = 0;
    while (i < end && !is_alnum(text.data[i])) {
        i++;
    }
    while (end > i && !is_alnum(text.data[end - 1])) {
        end--;
    }
    char key[64];
    int space = 0;
    for (; i < end; i++) {
        if (is_space(text.data[i])) {
            space = 1;
            continue;
        }
        if (n + 2 >= sizeof(key)) {
            return 0; /* longer than any of them */
        }
        if (space) {
            key[n++] = ' ';
            space = 0;
        }
        key[n++] = (char) lower(text.data[i]);
    }
    for (size_t k = 0; k < n_vague; k++) {
        if (vague_lens[k] == n && memcmp(vague_words[k], key, n) == 0) {
            return 1;
        }
    }
    return 0;
}

/* The text of the <a> of word ``word`` (the text an <a> check reads). */
static span_t anchor_text(const walk_t *w, long word)
{
    const word_t *d = &w->words.items[word];
    span_t v = {(const lxb_char_t *) (w->anchors.data ? w->anchors.data + d->text_off : ""),
                d->text_len};
    return v;
}

/* An <img> below ``root`` whose alt is not blank. */
static int named_image(lxb_dom_node_t *root)
{
    for (lxb_dom_node_t *n = root->first_child; n != NULL; n = next_in_order(n, root, 1)) {
        if (n->type == LXB_DOM_NODE_TYPE_ELEMENT && n->local_name == LXB_TAG_IMG
            && !blank(attr_value(attr_by_id(n, LXB_DOM_ATTR_ALT)))) {
            return 1;
        }
    }
    return 0;
}

/* An <a href>'s checks (its word is the last one added). */
static int check_a(walk_t *w, lxb_dom_node_t *node, span_t href)
{
    long word = (long) w->words.n - 1;
    const word_t *d = &w->words.items[word];
    span_t text = anchor_text(w, word);
    long flags = 0;
    span_t h = trimmed(href);
    const lxb_char_t *hash = h.len > 0 ? memchr(h.data, '#', h.len) : NULL;
    if (hash == h.data && hash != NULL) {
        /* A link to the page itself (a "#fragment" is none, as its words say): only its
         * fragment is checked. */
        span_t frag = {hash + 1, h.len - 1};
        span_t none = {NULL, 0};
        return anchor_fragment(frag) ? add_check(w, CHECK_A, href, none, A_MISSING_HERE, word) : 0;
    }
    if (has_token(d->rel, "nofollow", 8)) {
        flags |= A_NOFOLLOW;
    }
    if (ascii_ieq(trimmed(attr_value(attr_by_id(node, LXB_DOM_ATTR_TARGET))), "_blank", 6)
        && !has_token(d->rel, "noopener", 8) && !has_token(d->rel, "noreferrer", 10)) {
        flags |= A_BLANK;
    }
    if (blank(text) && !named_image(node) && blank(attr_value(attr_named(w->at, node, AT_ARIA_LABEL)))) {
        flags |= A_EMPTY;
    }
    if (is_vague(text)) {
        flags |= A_VAGUE;
    }
    if (hash != NULL) {
        span_t frag = {hash + 1, h.len - (size_t) (hash + 1 - h.data)};
        if (anchor_fragment(frag)) {
            flags |= A_FRAGMENT;
        }
    }
    span_t none = {NULL, 0};
    return flags ? add_check(w, CHECK_A, href, none, flags, word) : 0;
}

/* ``src_at``: the index its src has among the hrefs (where it has one). */
static int check_img(walk_t *w, lxb_dom_node_t *node, size_t src_at)
{
    span_t src = attr_value(attr_by_id(node, LXB_DOM_ATTR_SRC));
    if (src.data == NULL || src.len == 0) {
        return 0;
    }
    lxb_dom_attr_t *alt = attr_by_id(node, LXB_DOM_ATTR_ALT);
    long flags = alt == NULL ? IMG_NO_ALT : 0;
    /* Its length in bytes is no less than in characters: walked_checks counts those. */
    if (alt != NULL && attr_value(alt).len > alt_floor) {
        flags |= IMG_LONG_ALT;
    }
    if (attr_by_id(node, LXB_DOM_ATTR_WIDTH) == NULL || attr_by_id(node, LXB_DOM_ATTR_HEIGHT) == NULL) {
        flags |= IMG_NO_SIZE;
    }
    if (!flags) {
        return 0;
    }
    if (add_check(w, CHECK_IMG, src, attr_value(alt), flags, -1) < 0) {
        return -1;
    }
    w->checks.items[w->checks.n - 1].off = src_at;
    return 0;
}

static int inside(lxb_dom_node_t *node, uintptr_t tag)
{
    for (lxb_dom_node_t *p = node->parent; p != NULL; p = p->parent) {
        if (p->local_name == tag && p->type == LXB_DOM_NODE_TYPE_ELEMENT) {
            return 1;
        }
    }
    return 0;
}

static int check_link(walk_t *w, lxb_dom_node_t *node)
{
    span_t rel = attr_value(attr_by_id(node, LXB_DOM_ATTR_REL));
    span_t href = attr_value(attr_by_id(node, LXB_DOM_ATTR_HREF));
    span_t none = {NULL, 0};
    if (has_token(rel, "canonical", 9)
        && add_check(w, CHECK_CANONICAL, href, none, inside(node, LXB_TAG_HEAD), -1) < 0) {
        return -1;
    }
    lxb_dom_attr_t *code = attr_by_id(node, LXB_DOM_ATTR_HREFLANG);
    if (code != NULL && has_token(rel, "alternate", 9)
        && add_check(w, CHECK_HREFLANG, href, attr_value(code), 0, -1) < 0) {
        return -1;
    }
    return 0;
}

static int check_script(walk_t *w, lxb_dom_node_t *node)
{
    if (!ascii_ieq(trimmed(attr_value(attr_by_id(node, LXB_DOM_ATTR_TYPE))), "application/ld+json", 19)) {
        return 0;
    }
    span_t none = {NULL, 0};
    size_t off = w->scripts.n;
    if (gather_text(node, &w->scripts, NULL) < 0 || add_check(w, CHECK_JSONLD, none, none, 0, -1) < 0) {
        return -1;
    }
    w->checks.items[w->checks.n - 1].off = off;
    w->checks.items[w->checks.n - 1].len = w->scripts.n - off;
    return 0;
}

static int check_meta(walk_t *w, lxb_dom_node_t *node)
{
    span_t property = attr_value(attr_named(w->at, node, AT_PROPERTY));
    span_t og = {property.data, property.len < 3 ? property.len : 3};
    if (property.data == NULL || property.len < 3 || !ascii_ieq(og, "og:", 3)) {
        return 0;
    }
    return add_check(w, CHECK_OG, property, attr_value(attr_named(w->at, node, AT_CONTENT)), 0, -1);
}

static int heading(walk_t *w, int level)
{
    if (w->no_checks) {
        return 0;
    }
    lxb_char_t b = (lxb_char_t) level;
    return buf_add(&w->headings, &b, 1);
}

/* What every element is checked for: its id (a fragment's target) and its itemtype. */
static int visit_any(walk_t *w, lxb_dom_node_t *node)
{
    if (add_id(w, attr_value(attr_by_id(node, LXB_DOM_ATTR_ID))) < 0) {
        return -1;
    }
    lxb_dom_attr_t *type = attr_named(w->at, node, AT_ITEMTYPE);
    span_t none = {NULL, 0};
    return type != NULL ? add_check(w, CHECK_ITEMTYPE, attr_value(type), none, 0, -1) : 0;
}

static int visit(walk_t *w, lxb_dom_node_t *node)
{
    lxb_dom_attr_t *a;
    switch (node->local_name) {
    case LXB_TAG_A: {
        if (!w->no_checks && add_id(w, attr_value(attr_named(w->at, node, AT_NAME))) < 0) {
            return -1;
        }
        span_t v = attr_value(attr_by_id(node, LXB_DOM_ATTR_HREF));
        if (v.data != NULL && v.len > 0) {
            return spans_add(&w->hrefs, v) < 0
                           || add_word(w, node, WORD_A, v, (long) w->hrefs.n - 1) < 0
                           || (!w->no_checks && check_a(w, node, v) < 0)
                       ? -1
                       : 0;
        }
        /* No link, but a word: its href "", or None for an <a> without attributes, which is
         * what a piece after a cut inside an <a> opens it again with (whole_page joins them). */
        span_t none = {lxb_dom_interface_element(node)->first_attr ? (const lxb_char_t *) "" : NULL, 0};
        return add_word(w, node, WORD_A, none, -1);
    }
    case LXB_TAG_AREA:
        return take_link(w, node, LXB_DOM_ATTR_HREF, WORD_AREA);
    case LXB_TAG_IFRAME:
        return take_link(w, node, LXB_DOM_ATTR_SRC, WORD_IFRAME);
    case LXB_TAG_FRAME:
        return take_link(w, node, LXB_DOM_ATTR_SRC, WORD_FRAME);
    case LXB_TAG_IMG: {
        size_t src_at = w->hrefs.n; /* take_link adds its src, if not empty, there */
        return take_link(w, node, LXB_DOM_ATTR_SRC, WORD_IMG) < 0
                       || take_srcset(w, node, AT_SRCSET, WORD_IMG_SRCSET) < 0
                       || (!w->no_checks && check_img(w, node, src_at) < 0)
                   ? -1
                   : 0;
    }
    case LXB_TAG_SOURCE:
        return take_link(w, node, LXB_DOM_ATTR_SRC, WORD_SOURCE) < 0
                       || take_srcset(w, node, AT_SRCSET, WORD_SOURCE) < 0
                   ? -1
                   : 0;
    case LXB_TAG_VIDEO:
        return take_named(w, node, AT_POSTER, WORD_VIDEO_POSTER);
    case LXB_TAG_OBJECT:
        return take_named(w, node, AT_DATA, WORD_OBJECT);
    case LXB_TAG_EMBED:
        return take_link(w, node, LXB_DOM_ATTR_SRC, WORD_EMBED);
    case LXB_TAG_SCRIPT:
        return take_link(w, node, LXB_DOM_ATTR_SRC, WORD_SCRIPT) < 0
                       || (!w->no_checks && check_script(w, node) < 0)
                   ? -1
                   : 0;
    case LXB_TAG_LINK:
        if (take_link(w, node, LXB_DOM_ATTR_HREF, WORD_LINK) < 0
            || take_srcset(w, node, AT_IMAGESRCSET, WORD_LINK) < 0
            || (!w->no_checks && check_link(w, node) < 0)) {
            return -1;
        }
        a = attr_by_id(node, LXB_DOM_ATTR_REL);
        /* Only a rel that may say canonical: the facts read no other (a rustdoc page has ~15
         * <link rel>, each a tuple and two strs on the event loop). "canonical" in any ASCII
         * case is what Python's rel.lower() needs to hold the token: no other character lowers
         * to ASCII but the Kelvin sign (k) and U+0130 (i followed by U+0307). */
        if (a != NULL && ascii_icontains(attr_value(a), "canonical", 9)) {
            if (spans_add(&w->rels, attr_value(a)) < 0
                || spans_add(&w->rels, attr_value(attr_by_id(node, LXB_DOM_ATTR_HREF))) < 0) {
                return -1;
            }
        }
        return 0;
    case LXB_TAG_BASE:
        take_first(node, LXB_DOM_ATTR_HREF, &w->has_base, &w->base);
        return 0;
    case LXB_TAG_META:
        if (is_refresh(w, node)) {
            span_t content = attr_value(attr_named(w->at, node, AT_CONTENT));
            if (content.data != NULL && add_word(w, node, WORD_REFRESH, content, -1) < 0) {
                return -1;
            }
        }
        a = attr_named(w->at, node, AT_NAME);
        if (a != NULL) {
            if (spans_add(&w->metas, attr_value(a)) < 0
                || spans_add(&w->metas, attr_value(attr_named(w->at, node, AT_CONTENT))) < 0) {
                return -1;
            }
        }
        return w->no_checks ? 0 : check_meta(w, node);
    case LXB_TAG_TITLE:
        /* The document's title; an SVG's <title> is not it. */
        if (node->parent != NULL && node->parent->local_name != LXB_TAG_SVG) {
            w->titles += !w->no_checks;
            if (!w->has_title) {
                w->has_title = 1;
                return gather_text(node, &w->title, NULL);
            }
        }
        return 0;
    case LXB_TAG_H1:
        if (heading(w, 1) < 0) {
            return -1;
        }
        if (w->h1_count++ == 0) {
            w->has_h1 = 1;
            return gather_text(node, &w->h1, NULL);
        }
        return 0;
    case LXB_TAG_H2:
        return heading(w, 2);
    case LXB_TAG_H3:
        return heading(w, 3);
    case LXB_TAG_H4:
        return heading(w, 4);
    case LXB_TAG_H5:
        return heading(w, 5);
    case LXB_TAG_H6:
        return heading(w, 6);
    case LXB_TAG_HTML:
        take_first(node, LXB_DOM_ATTR_LANG, &w->has_lang, &w->lang);
        return 0;
    }
    return 0;
}

static int compare_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *) a, y = *(const uint32_t *) b;
    return (x > y) - (x < y);
}

/* ``v`` in ascending order: qsort's merge sort called compare_u32 through a pointer for each
 * comparison (~1% of a parser thread's CPU on rust-doc, whose pages have ~100 ids); a radix sort
 * by 11 bits at a time, or an insertion sort for a few. */
static void sort_u32(uint32_t *v, size_t n)
{
    if (n <= 32) {
        for (size_t i = 1; i < n; i++) {
            uint32_t x = v[i];
            size_t k = i;
            for (; k > 0 && v[k - 1] > x; k--) {
                v[k] = v[k - 1];
            }
            v[k] = x;
        }
        return;
    }
    uint32_t *tmp = malloc(n * sizeof(uint32_t));
    if (tmp == NULL) {
        qsort(v, n, 4, compare_u32);
        return;
    }
    uint32_t *from = v, *to = tmp;
    for (int shift = 0; shift < 33; shift += 11) {
        size_t count[2048] = {0};
        for (size_t i = 0; i < n; i++) {
            count[(from[i] >> shift) & 2047]++;
        }
        for (size_t d = 0, at = 0; d < 2048; d++) {
            size_t c = count[d];
            count[d] = at;
            at += c;
        }
        for (size_t i = 0; i < n; i++) {
            to[count[(from[i] >> shift) & 2047]++] = from[i];
        }
        uint32_t *t = from;
        from = to;
        to = t;
    }
    /* Three passes: the sorted values are in tmp. */
    memcpy(v, from, n * sizeof(uint32_t));
    free(tmp);
}

static int has_id(const walk_t *w, uint32_t h)
{
    /* A page without ids has no buffer: bsearch must not be given a null array, even empty. */
    return w->ids.n >= 4 && bsearch(&h, w->ids.data, w->ids.n / 4, 4, compare_u32) != NULL;
}

/* Whether ``p`` holds "loremipsum" in any case (ASCII's). Only where an "lo" begins (c | 0x20 is
 * 'l' for "l" and "L" alone, 'o' for "o" and "O") is the rest compared: sixteen places a step
 * with SSE2, which every x86-64 has (a byte at a time it was ~2.7% of a parser thread's
 * instructions on rust-doc: every byte of the visible text read once more). */
static int lorem_at(const lxb_char_t *p)
{
    static const char lorem[] = "loremipsum";
    for (size_t k = 0; k < 10; k++) {
        if (lower(p[k]) != (lxb_char_t) lorem[k]) {
            return 0;
        }
    }
    return 1;
}

static int says_lorem(const lxb_char_t *p, size_t n)
{
    size_t i = 0;
    if (n < 10) {
        return 0;
    }
#if defined(__SSE2__)
    const __m128i case_bit = _mm_set1_epi8(0x20);
    /* 17 bytes read from i: the places i..i+15 and the byte after the last. */
    for (; i + 17 <= n; i += 16) {
        __m128i l = _mm_or_si128(_mm_loadu_si128((const __m128i *) (p + i)), case_bit);
        __m128i o = _mm_or_si128(_mm_loadu_si128((const __m128i *) (p + i + 1)), case_bit);
        __m128i lo = _mm_and_si128(_mm_cmpeq_epi8(l, _mm_set1_epi8('l')),
                                   _mm_cmpeq_epi8(o, _mm_set1_epi8('o')));
        unsigned m = (unsigned) _mm_movemask_epi8(lo);
        while (m != 0) {
            size_t at = i + (size_t) __builtin_ctz(m);
            if (at + 10 <= n && lorem_at(p + at)) {
                return 1;
            }
            m &= m - 1;
        }
    }
#endif
    for (; i + 10 <= n; i++) {
        if ((p[i] | 0x20) == 'l' && lorem_at(p + i)) {
            return 1;
        }
    }
    return 0;
}

/* After the walk: the ids sorted and each once; each #fragment of this page looked up among them
 * (those found are no check); the visible text read for "lorem ipsum". */
static int settle_checks(walk_t *w)
{
    size_t n = w->ids.n / 4, kept = 0;
    uint32_t *ids = (uint32_t *) w->ids.data;
    if (n > 1) {
        sort_u32(ids, n);
    }
    for (size_t i = 0; i < n; i++) {
        if (kept == 0 || ids[i] != ids[kept - 1]) {
            ids[kept++] = ids[i];
        }
    }
    w->ids.n = kept * 4;
    size_t out = 0;
    for (size_t i = 0; i < w->checks.n; i++) {
        check_t *c = &w->checks.items[i];
        if (c->kind == CHECK_A && c->n & A_MISSING_HERE) {
            span_t h = trimmed(c->a);
            span_t frag = {h.data + 1, h.len - 1};
            uint32_t hashes[2];
            if (fragment_hashes(frag, hashes) < 0) {
                return -1;
            }
            if (has_id(w, hashes[0]) || has_id(w, hashes[1])) {
                c->n &= ~A_MISSING_HERE;
            }
        }
        if (c->kind != CHECK_A || c->n) {
            w->checks.items[out++] = *c;
        }
    }
    w->checks.n = out;
    /* The piece's last <a>: a piece after a cut may continue its text. */
    long last = -1;
    for (size_t i = w->words.n; i-- > 0;) {
        if (w->words.items[i].kind == WORD_A) {
            last = w->words.items[i].at >= 0 ? (long) i : -1;
            break;
        }
    }
    if (last >= 0) {
        check_t *c = NULL;
        for (size_t i = w->checks.n; i-- > 0 && c == NULL;) {
            if (w->checks.items[i].kind == CHECK_A && w->checks.items[i].word == last) {
                c = &w->checks.items[i];
            }
        }
        span_t none = {NULL, 0};
        if (c != NULL) {
            c->n |= A_LAST;
        }
        else if (add_check(w, CHECK_A, w->words.items[last].href, none, A_LAST, last) < 0) {
            return -1;
        }
    }
    const buf_t *kept_text = &w->text.kept;
    w->lorem = w->lorem || says_lorem((const lxb_char_t *) kept_text->data, kept_text->n);
    return 0;
}

static int walk_document(walk_t *w, lxb_html_document_t *doc)
{
    lxb_dom_node_t *root = lxb_dom_interface_node(doc);
    lxb_dom_node_t *node = root->first_child;
    for (int k = 0; k < AT_NAMES; k++) {
        const lxb_dom_attr_data_t *data = lxb_dom_attr_data_by_local_name(
            doc->dom_document.attrs, (const lxb_char_t *) at_names[k].name, at_names[k].len);
        w->at[k] = data != NULL ? data->attr_id : 0;
    }
    while (node != NULL) {
        if (node->type == LXB_DOM_NODE_TYPE_ELEMENT
            && ((!w->no_checks && visit_any(w, node) < 0) || visit(w, node) < 0)) {
            return -1;
        }
        node = next_in_order(node, root, 1);
    }
    lxb_dom_node_t *holder = lxb_dom_interface_node(lxb_html_document_body_element(doc));
    if (holder == NULL) {
        holder = lxb_dom_interface_node(lxb_dom_document_element(&doc->dom_document));
    }
    memset(w->text.sig, 0xFF, sizeof(w->text.sig));
    if (holder != NULL && gather_text(holder, NULL, &w->text) < 0) {
        return -1;
    }
    word_end(&w->text);
    return w->no_checks ? 0 : settle_checks(w);
}

static PyObject *str_of(const lxb_char_t *data, size_t len)
{
    return PyUnicode_DecodeUTF8((const char *) data, (Py_ssize_t) len, "replace");
}

static PyObject *str_or_none(span_t v)
{
    if (v.data == NULL) {
        Py_RETURN_NONE;
    }
    return str_of(v.data, v.len);
}

static PyObject *pairs(spans_t *s)
{
    PyObject *list = PyList_New((Py_ssize_t) (s->n / 2));
    for (size_t i = 0; list != NULL && i < s->n / 2; i++) {
        PyObject *pair = Py_BuildValue(
            "(NN)", str_or_none(s->items[2 * i]), str_or_none(s->items[2 * i + 1])
        );
        if (pair == NULL) {
            Py_CLEAR(list);
            break;
        }
        PyList_SET_ITEM(list, (Py_ssize_t) i, pair);
    }
    return list;
}

static PyObject *buf_str_or_none(int has, buf_t *b)
{
    if (!has) {
        Py_RETURN_NONE;
    }
    return str_of((const lxb_char_t *) (b->data ? b->data : ""), b->n);
}

/* Joining the hrefs documentation sites are made of ("../api/x.html", "/guide/", "p.html?v=2#top")
 * against a page's directory, here and without the GIL: the same steps as the plain path of
 * gui_crawler.base.urls (_plain_join), which stays the definition -- the tests hold the two together.
 * So is an absolute http(s) href already in normal form (_normal_absolute). Anything else
 * (another scheme, "//", "?" or "%" in a relative href, a <base>, a long href, non-ASCII before
 * the fragment) is left to Python. */
enum { JOIN_LATER = -1, JOIN_NOTHING = -2 };

typedef struct {
    Py_ssize_t off; /* into the joined URLs' buffer, or JOIN_LATER / JOIN_NOTHING */
    Py_ssize_t len;
} joined_t;

#define MAX_URL_LENGTH 4096

/* The characters of _PLAIN_HREF's path and query. Those but letters and digits a plain path
 * keeps as they are ("/._~!$&'()*+,;=@-"): a table, not strchr() on each (1% of a parser
 * thread's CPU on rust-doc's hrefs). */
static const unsigned char PATH_MARKS[256] = {
    ['/'] = 1, ['.'] = 1, ['_'] = 1, ['~'] = 1, ['!'] = 1, ['$'] = 1, ['&'] = 1, ['\''] = 1,
    ['('] = 1, [')'] = 1, ['*'] = 1, ['+'] = 1, [','] = 1, [';'] = 1, ['='] = 1, ['@'] = 1,
    ['-'] = 1,
};

static int plain_path_char(lxb_char_t c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
           || PATH_MARKS[c];
}

static int plain_query_char(lxb_char_t c)
{
    return plain_path_char(c) || c == ':' || c == '?';
}

/* RFC 3986 section 5.2.4 on ``path`` (starting with "/"), appended to ``out``: urls'
 * _remove_dot_segments, segment for segment. */
static int remove_dot_segments(const char *path, size_t n, buf_t *out)
{
    size_t start = out->n, seg = 1, depth = 0;
    /* Offsets (in out) of each kept segment's "/", to pop back to. */
    size_t stack_small[64], *stack = stack_small, cap = 64;
    int last_dot = 0, failed = 0;
    while (seg <= n) {
        size_t end = seg;
        while (end < n && path[end] != '/') {
            end++;
        }
        size_t len = end - seg;
        int dot = len == 1 && path[seg] == '.';
        int dotdot = len == 2 && path[seg] == '.' && path[seg + 1] == '.';
        last_dot = dot || dotdot;
        if (dotdot) {
            if (depth > 0) {
                out->n = stack[--depth];
            }
        }
        else if (!dot) {
            if (depth == cap) {
                size_t *bigger = malloc(2 * cap * sizeof(size_t));
                if (bigger == NULL) {
                    failed = 1;
                    break;
                }
                memcpy(bigger, stack, cap * sizeof(size_t));
                if (stack != stack_small) {
                    free(stack);
                }
                stack = bigger;
                cap *= 2;
            }
            stack[depth++] = out->n;
            if (buf_add(out, (const lxb_char_t *) "/", 1) < 0
                || buf_add(out, (const lxb_char_t *) path + seg, len) < 0) {
                failed = 1;
                break;
            }
        }
        seg = end + 1;
    }
    if (stack != stack_small) {
        free(stack);
    }
    if (failed) {
        return -1;
    }
    if (last_dot || out->n == start) {
        return buf_add(out, (const lxb_char_t *) "/", 1);
    }
    return 0;
}

static int upper_hex(lxb_char_t c)
{
    return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'F');
}

/* urls._normal_absolute: ``h`` is "http(s)://", a lower-case host, a port (up to 65535) other
 * than 80 and 443, a path and query of characters that need no escape or upper-case escapes, not
 * ending with "?" and without "/." (dot segments are the general path's); then, after "#",
 * anything. Its length up to the fragment, or 0. */
static size_t normal_absolute(const lxb_char_t *h, size_t n)
{
    size_t i = n >= 7 && memcmp(h, "http://", 7) == 0    ? 7
               : n >= 8 && memcmp(h, "https://", 8) == 0 ? 8
                                                         : 0;
    if (i == 0) {
        return 0;
    }
    for (;; i++) { /* labels of [a-z0-9-], dot-separated */
        size_t label = i;
        while (i < n
               && ((h[i] >= 'a' && h[i] <= 'z') || (h[i] >= '0' && h[i] <= '9') || h[i] == '-')) {
            i++;
        }
        if (i == label) {
            return 0;
        }
        if (i >= n || h[i] != '.') {
            break;
        }
    }
    if (i < n && h[i] == ':') {
        size_t port = ++i;
        while (i < n && h[i] >= '0' && h[i] <= '9' && i - port < 5) {
            i++;
        }
        if (i == port || h[port] == '0' || (i - port == 2 && memcmp(h + port, "80", 2) == 0)
            || (i - port == 3 && memcmp(h + port, "443", 3) == 0)
            || (i - port == 5 && memcmp(h + port, "65535", 5) > 0)) { /* no port past 65535 */
            return 0;
        }
    }
    if (i >= n || h[i] != '/') {
        return 0;
    }
    int query = 0;
    for (; i < n && h[i] != '#'; i++) {
        lxb_char_t c = h[i];
        if (c == '%') {
            if (i + 2 >= n || !upper_hex(h[i + 1]) || !upper_hex(h[i + 2])) {
                return 0;
            }
            i += 2;
        }
        else if (c == '?' && !query) {
            query = 1;
        }
        else if (!(query ? plain_query_char(c) : plain_path_char(c) || c == ':')) {
            return 0;
        }
        else if (c == '.' && h[i - 1] == '/') {
            return 0;
        }
    }
    return h[i - 1] == '?' ? 0 : i;
}

static int plain_join(const char *dir, size_t dir_len, size_t origin_len, span_t href,
                      buf_t *out, joined_t *joined)
{
    const lxb_char_t *h = href.data;
    size_t n = href.len;
    joined->off = JOIN_LATER;
    while (n > 0 && is_space(h[0])) {
        h++;
        n--;
    }
    while (n > 0 && is_space(h[n - 1])) {
        n--;
    }
    if (n > 0 && h[0] == '#') {
        joined->off = JOIN_NOTHING; /* the page itself */
        return 0;
    }
    if (n == 0 || n > MAX_URL_LENGTH || h[0] == '?' || (n > 1 && h[0] == '/' && h[1] == '/')) {
        return 0;
    }
    size_t absolute = normal_absolute(h, n);
    if (absolute > 0) {
        joined->off = (Py_ssize_t) out->n;
        joined->len = (Py_ssize_t) absolute;
        return buf_add(out, h, absolute);
    }
    size_t i = 0, query = 0;
    while (i < n && plain_path_char(h[i])) {
        i++;
    }
    if (i < n && h[i] == '?') {
        query = i++;
        while (i < n && plain_query_char(h[i])) {
            i++;
        }
    }
    size_t end = i; /* of the path and query; the fragment is dropped */
    if (i < n && h[i] == '#') {
        for (i++; i < n; i++) {
            if (h[i] == '\t' || h[i] == '\n' || h[i] == '\r') {
                return 0;
            }
        }
    }
    if (i < n) {
        return 0;
    }
    size_t start = out->n;
    size_t head = h[0] == '/' ? origin_len : dir_len;
    if (buf_add(out, (const lxb_char_t *) dir, origin_len) < 0) {
        return -1;
    }
    /* The path: the directory's (for a relative href) and the href's, dot segments removed. */
    size_t path_len = head - origin_len + (query ? query : end);
    char *path = malloc(path_len + 1);
    if (path == NULL) {
        return -1;
    }
    memcpy(path, dir + origin_len, head - origin_len);
    memcpy(path + head - origin_len, h, query ? query : end);
    int failed, dots = 0;
    for (size_t k = 0; k + 1 < path_len && !dots; k++) {
        dots = path[k] == '/' && path[k + 1] == '.';
    }
    if (dots) {
        failed = remove_dot_segments(path, path_len, out);
    }
    else {
        failed = buf_add(out, (const lxb_char_t *) path, path_len);
    }
    free(path);
    if (failed < 0 || (query && buf_add(out, h + query, end - query) < 0)) {
        return -1;
    }
    if (out->data[out->n - 1] == '?') {
        out->n--;
    }
    joined->off = (Py_ssize_t) start;
    joined->len = (Py_ssize_t) (out->n - start);
    return 0;
}

/* Each href as a key of ``hrefs`` (document order, first time only), its value the URL it
 * joins to, "" for none, or None when Python must join it. ``order``: the first occurrence of
 * each distinct href. */
static int add_hrefs(PyObject *hrefs, spans_t *s, const size_t *order, size_t n, joined_t *joined,
                     buf_t *urls)
{
    /* Hrefs side by side mostly join to one URL (a table of contents: 14,000 hrefs to ~500
     * pages, each to a #fragment): they share the last one's str, not a copy each (~1 MB
     * less at once for python3-doc's contents.html, which is the crawl's peak). */
    PyObject *last = NULL;
    const char *last_url = NULL;
    Py_ssize_t last_len = 0;
    for (size_t k = 0; k < n; k++) {
        size_t i = order[k];
        PyObject *key = str_of(s->items[i].data, s->items[i].len);
        if (key == NULL) {
            return -1;
        }
        int seen = PyDict_Contains(hrefs, key);
        PyObject *value = NULL;
        if (seen == 0) {
            if (joined == NULL || joined[i].off == JOIN_LATER) {
                value = Py_NewRef(Py_None);
            }
            else if (joined[i].off == JOIN_NOTHING) {
                value = PyUnicode_FromStringAndSize("", 0);
            }
            else {
                const char *url = urls->data + joined[i].off;
                if (last != NULL && joined[i].len == last_len && memcmp(url, last_url, last_len) == 0) {
                    value = Py_NewRef(last);
                }
                else {
                    value = PyUnicode_FromStringAndSize(url, joined[i].len);
                    if (value != NULL) {
                        Py_XSETREF(last, Py_NewRef(value));
                        last_url = url;
                        last_len = joined[i].len;
                    }
                }
            }
        }
        if (seen < 0 || (seen == 0 && (value == NULL || PyDict_SetItem(hrefs, key, value) < 0))) {
            Py_DECREF(key);
            Py_XDECREF(value);
            Py_XDECREF(last);
            return -1;
        }
        Py_DECREF(key);
        Py_XDECREF(value);
    }
    Py_XDECREF(last);
    return 0;
}

/* Each thread keeps one lexbor document (and its parser) for all the pages it parses: creating
 * and destroying them cost more than parsing a small page (~40 of ~130 us for a 7 KB page, ~33
 * of ~38 us for an empty one). Between pages the document is cleaned, which frees all its memory
 * but a first chunk of each pool; a thread that ends destroys its document (the key's
 * destructor). */
static pthread_key_t doc_key;
#define KEEP_DOC_BYTES (1 << 20)

static void destroy_doc(void *doc)
{
    lxb_html_document_destroy(doc);
}

static lxb_html_document_t *thread_doc(void)
{
    lxb_html_document_t *doc = pthread_getspecific(doc_key);
    if (doc == NULL) {
        doc = lxb_html_document_create();
        if (doc != NULL && pthread_setspecific(doc_key, doc) != 0) {
            lxb_html_document_destroy(doc);
            doc = NULL;
        }
    }
    return doc;
}

/* After a page: cleaned for the next one; or destroyed after a failed parse (whatever state
 * that left it in is not worth reasoning about) or a big page (cleaning keeps the tokenizer's
 * buffer as big as the page's longest token). Cleaning leaves the quirks mode a doctype-less
 * page set, and a page with <!DOCTYPE html> never sets it back (a new document starts without
 * quirks): a <table> in a <p> would then nest as in the page before. */
static void release_doc(lxb_html_document_t *doc, int keep)
{
    if (keep) {
        lxb_html_document_clean(doc);
        lxb_dom_interface_document(doc)->compat_mode = LXB_DOM_DOCUMENT_CMODE_NO_QUIRKS;
    }
    else {
        pthread_setspecific(doc_key, NULL);
        lxb_html_document_destroy(doc);
    }
}

/* A target of links to #fragments: its URL (in walked.urls) and its lines (in walked.lines). */
typedef struct {
    size_t url_off, url_len, off, len;
} fragment_t;

typedef struct {
    fragment_t *items;
    size_t n;
} fragments_t;

/* One page's walk, held apart from the document it was read from: the spans point into
 * ``copies``, so the thread's document is free for its next page before Python reads these. */
struct walked {
    walk_t w;
    lxb_status_t status;
    joined_t *joined; /* NULL: Python joins every href */
    buf_t urls;       /* the joined URLs */
    size_t *order;    /* the first occurrence of each distinct href (indexes into w.hrefs) */
    size_t n_order;
    size_t *first;    /* for each href, the index of its first occurrence */
    buf_t copies;     /* the bytes of every span */
    buf_t said;       /* the links with their words, packed (pack_piece) */
    int no_doc;       /* no document could be made */
    /* The links to #fragments of another page, by target (build_fragments): */
    int fragments_built; /* 0: some of them were not joined here (Python builds them all) */
    buf_t lines;         /* each target's lines, "\n" between */
    fragments_t fragments;
    /* The page's checks packed on its parser thread (walked_settle), for walked_found: made for
     * this URL, this many meta descriptions and whether it has a viewport. */
    int settled;
    size_t found_pieces; /* the page's pieces: all of them settled in the first */
    buf_t found;
    buf_t found_ids; /* a page of several pieces: its ids (one piece: its walk's) */
    unsigned char found_low[2 * SIG_BINS];
    size_t found_n_low; /* the signature's low halves: none for fewer than three words */
    char *found_url;
    size_t found_url_len;
    long found_descriptions;
    int found_viewport;
};

void walked_destroy(walked_t *r)
{
    free(r->joined);
    free(r->order);
    free(r->first);
    free(r->urls.data);
    free(r->copies.data);
    free(r->said.data);
    free(r->lines.data);
    free(r->fragments.items);
    free(r->found.data);
    free(r->found_ids.data);
    free(r->found_url);
    free(r->w.hrefs.items);
    free(r->w.words.items);
    free(r->w.anchors.data);
    free(r->w.metas.items);
    free(r->w.rels.items);
    free(r->w.title.data);
    free(r->w.h1.data);
    free(r->w.text.kept.data);
    free(r->w.checks.items);
    free(r->w.ids.data);
    free(r->w.headings.data);
    free(r->w.scripts.data);
    free(r);
}

static size_t spans_bytes(const spans_t *s)
{
    size_t n = 0;
    for (size_t i = 0; i < s->n; i++) {
        n += s->items[i].len;
    }
    return n;
}

static void move_span(span_t *v, buf_t *to)
{
    if (v->data != NULL && v->len > 0) {
        memcpy(to->data + to->n, v->data, v->len);
        v->data = (const lxb_char_t *) to->data + to->n;
        to->n += v->len;
    }
}

static void move_spans(spans_t *s, buf_t *to)
{
    for (size_t i = 0; i < s->n; i++) {
        move_span(&s->items[i], to);
    }
}

/* The spans point into the document's memory: copied out before it is cleaned. */
static int copy_spans(walk_t *w, buf_t *to)
{
    size_t n = spans_bytes(&w->hrefs) + spans_bytes(&w->metas) + spans_bytes(&w->rels)
               + w->base.len + w->lang.len;
    for (size_t i = 0; i < w->words.n; i++) {
        n += w->words.items[i].href.len + w->words.items[i].alt.len + w->words.items[i].rel.len;
    }
    for (size_t i = 0; i < w->checks.n; i++) {
        n += w->checks.items[i].a.len + w->checks.items[i].b.len;
    }
    to->data = malloc(n + 1);
    if (to->data == NULL) {
        return -1;
    }
    to->cap = n + 1;
    move_spans(&w->hrefs, to);
    move_spans(&w->metas, to);
    move_spans(&w->rels, to);
    move_span(&w->base, to);
    move_span(&w->lang, to);
    for (size_t i = 0; i < w->words.n; i++) {
        move_span(&w->words.items[i].href, to);
        move_span(&w->words.items[i].alt, to);
        move_span(&w->words.items[i].rel, to);
    }
    for (size_t i = 0; i < w->checks.n; i++) {
        move_span(&w->checks.items[i].a, to);
        move_span(&w->checks.items[i].b, to);
    }
    return 0;
}

/* A piece's links with their words as the crawl file keeps them (linkwords.pack_piece, its twin,
 * says the layout): the links this walk joined, each once, then each distinct item (the last <a>
 * kept where it is, which a cut after it may continue; a "#fragment" href none for an <a>,
 * dropped otherwise; an <a> without an href only if it is the last <a> or the first item),
 * pointing at its link, or holding its href as written where Python joins it; in columns, and
 * deflated with _linkpack_py's LEVEL and DICTIONARY. Packed on the parser thread: the event loop
 * only takes the bytes. */
static int put_varint(buf_t *b, size_t v)
{
    lxb_char_t tmp[10];
    size_t n = 0;
    while (v >= 0x80) {
        tmp[n++] = (lxb_char_t) ((v & 0x7F) | 0x80);
        v >>= 7;
    }
    tmp[n++] = (lxb_char_t) v;
    return buf_add(b, tmp, n);
}

static int put_field(buf_t *b, const lxb_char_t *data, size_t len, int has)
{
    if (put_varint(b, has ? len + 1 : 0) < 0) {
        return -1;
    }
    return has && len ? buf_add(b, data, len) : 0;
}

static span_t word_text(const walk_t *w, const word_t *d)
{
    span_t v = {NULL, 0};
    if (d->has_text) {
        v.data = (const lxb_char_t *) (w->anchors.data ? w->anchors.data + d->text_off : "");
        v.len = d->text_len;
    }
    return v;
}

static int same_span(span_t a, span_t b)
{
    return (a.data == NULL) == (b.data == NULL) && a.len == b.len
           && (a.len == 0 || memcmp(a.data, b.data, a.len) == 0);
}

/* The tables below hash fast, and with the key where a page aims at them (_siphash.h): hrefs
 * crafted to hash alike each probed past all those before them (a 10 MB page of 100,000 such
 * links took a parser thread 16 s instead of 0.26 s). Never kept, and the tables keep first-seen
 * order: any hash reads the same. The fast one: eight bytes a step, each product's high half
 * folded down (the tables take the low bits); FNV a byte at a time was ~2.5% of a parser
 * thread's CPU on rust-doc, hashing each link's URL. */
static uint64_t hash_span(uint64_t h, span_t v)
{
    h = (h ^ (v.data == NULL ? 0x100 : 0x200 + v.len)) * 0x9E3779B97F4A7C15ULL;
    size_t k = 0;
    for (; k + 8 <= v.len; k += 8) {
        uint64_t x;
        memcpy(&x, v.data + k, 8);
        h = (h ^ x) * 0x9E3779B97F4A7C15ULL;
        h ^= h >> 32;
    }
    for (; k < v.len; k++) {
        h = (h ^ v.data[k]) * 1099511628211ULL;
    }
    h *= 0xFF51AFD7ED558CCDULL;
    return h ^ (h >> 32);
}

static uint64_t span_hash(span_t v, int keyed)
{
    if (!keyed) {
        return hash_span(0, v);
    }
    sip_t s;
    sip_start(&s);
    sip_bytes(&s, v.data, v.len);
    return sip_end(&s);
}

/* Distinct spans, each with its index (in the order first added): open addressing. */
typedef struct {
    const span_t *keys; /* the spans added, by index */
    size_t *slots;      /* an index + 1; 0: empty */
    size_t cap;
    int keyed; /* hashed with the key (a key probed past PROBE_BOUND) */
} index_t;

static int index_init(index_t *x, const span_t *keys, size_t most)
{
    x->keys = keys;
    x->keyed = 0;
    x->cap = 16;
    while (x->cap < 2 * most) {
        x->cap *= 2;
    }
    x->slots = calloc(x->cap, sizeof(size_t));
    return x->slots == NULL ? -1 : 0;
}

/* The first ``n`` keys put again, hashed with the key. */
static void index_rekey(index_t *x, size_t n)
{
    x->keyed = 1;
    memset(x->slots, 0, x->cap * sizeof(size_t));
    for (size_t k = 0; k < n; k++) {
        size_t at = (size_t) span_hash(x->keys[k], 1) & (x->cap - 1);
        while (x->slots[at] != 0) {
            at = (at + 1) & (x->cap - 1);
        }
        x->slots[at] = k + 1;
    }
}

/* The index of ``v`` (keys[n] = v, n the count so far, when it is new: *added is then 1). */
static size_t index_of(index_t *x, span_t v, size_t n, int *added)
{
    *added = 0;
    size_t probes = 0;
    for (size_t at = (size_t) span_hash(v, x->keyed) & (x->cap - 1);;) {
        if (x->slots[at] == 0) {
            x->slots[at] = n + 1;
            *added = 1;
            return n;
        }
        if (same_span(x->keys[x->slots[at] - 1], v)) {
            return x->slots[at] - 1;
        }
        at = (at + 1) & (x->cap - 1);
        if (++probes == PROBE_BOUND && !x->keyed) {
            index_rekey(x, n);
            at = (size_t) span_hash(v, 1) & (x->cap - 1);
        }
    }
}

/* How many bytes ``a`` and ``b`` begin with alike: eight a step (sorted links share most of
 * their bytes with the one before), then one at a time. */
static size_t common_prefix(span_t a, span_t b)
{
    size_t n = a.len < b.len ? a.len : b.len, k = 0;
    for (; k + 8 <= n; k += 8) {
        uint64_t x, y;
        memcpy(&x, a.data + k, 8);
        memcpy(&y, b.data + k, 8);
        if (x != y) {
            break;
        }
    }
    while (k < n && a.data[k] == b.data[k]) {
        k++;
    }
    return k;
}

/* The spans front-coded as _linkpack packs links, behind their length. */
static int put_front(buf_t *b, const span_t *v, size_t n)
{
    buf_t tmp = {NULL, 0, 0};
    span_t prev = {NULL, 0};
    int failed = 0;
    for (size_t i = 0; i < n && !failed; i++) {
        size_t shared = common_prefix(prev, v[i]);
        failed = put_varint(&tmp, shared) < 0 || put_varint(&tmp, v[i].len - shared) < 0
                 || buf_add(&tmp, v[i].data + shared, v[i].len - shared) < 0;
        prev = v[i];
    }
    failed = failed || put_varint(b, tmp.n) < 0 || buf_add(b, (const lxb_char_t *) tmp.data, tmp.n) < 0;
    free(tmp.data);
    return failed ? -1 : 0;
}

static void destroy_zs(void *zs)
{
    deflateEnd(zs);
    free(zs);
}

/* How a kind of deflated bytes is deflated: _linkpack_py's links and words, pagechecks' checks
 * (read when the module is imported), and the key of each thread's stream for it. */
typedef struct {
    char *dict;
    size_t dict_len;
    int level, bits;
    pthread_key_t key;
} deflation_t;

static deflation_t links_deflation, checks_deflation;

/* ``plain`` deflated raw as ``how`` says, with the calling thread's stream (made once: made for
 * each piece, its tables cost more than a small piece's compression). */
static int put_deflated_as(const deflation_t *how, buf_t *out, const buf_t *plain)
{
    if (plain->n == 0) {
        return 0;
    }
    z_stream *zs = pthread_getspecific(how->key);
    if (zs == NULL) {
        zs = calloc(1, sizeof(z_stream));
        if (zs == NULL) {
            return -1;
        }
        if (deflateInit2(zs, how->level, Z_DEFLATED, -how->bits, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
            free(zs);
            return -1;
        }
        if (pthread_setspecific(how->key, zs) != 0) {
            destroy_zs(zs);
            return -1;
        }
    }
    else if (deflateReset(zs) != Z_OK) {
        return -1;
    }
    if (deflateSetDictionary(zs, (const Bytef *) how->dict, (uInt) how->dict_len) != Z_OK) {
        return -1;
    }
    uLong bound = deflateBound(zs, (uLong) plain->n);
    if (out->n + bound > out->cap) {
        char *d = realloc(out->data, out->n + bound);
        if (d == NULL) {
            return -1;
        }
        out->data = d;
        out->cap = out->n + bound;
    }
    zs->next_in = (Bytef *) plain->data;
    zs->avail_in = (uInt) plain->n;
    zs->next_out = (Bytef *) out->data + out->n;
    zs->avail_out = (uInt) bound;
    if (deflate(zs, Z_FINISH) != Z_STREAM_END) {
        return -1;
    }
    out->n += bound - zs->avail_out;
    return 0;
}

/* ``plain`` deflated as _linkpack_py.deflate deflates it. */
static int put_deflated(buf_t *out, const buf_t *plain)
{
    return put_deflated_as(&links_deflation, out, plain);
}

typedef struct {
    const word_t *word;
    span_t href; /* after the "#fragment" rule */
    size_t ref;  /* 0 an <a> without attributes, 1 none, 2 + link, or (inline) 1 << 62 | its index */
} item_t;

#define INLINE ((size_t) 1 << 62)

static uint64_t item_hash(const walk_t *w, const item_t *it, int keyed)
{
    span_t text = word_text(w, it->word);
    if (!keyed) {
        uint64_t h = 1469598103934665603ULL ^ (uint64_t) it->word->kind;
        h = (h ^ (uint64_t) it->ref) * 1099511628211ULL;
        return hash_span(hash_span(hash_span(h, text), it->word->alt), it->word->rel);
    }
    sip_t s;
    sip_start(&s);
    sip_word(&s, (uint64_t) it->word->kind);
    sip_word(&s, (uint64_t) it->ref);
    sip_bytes(&s, text.data, text.len);
    sip_bytes(&s, it->word->alt.data, it->word->alt.len);
    sip_bytes(&s, it->word->rel.data, it->word->rel.len);
    return sip_end(&s);
}

static int same_item(const walk_t *w, const item_t *a, const item_t *b)
{
    return a->word->kind == b->word->kind && a->ref == b->ref
           && same_span(word_text(w, a->word), word_text(w, b->word))
           && same_span(a->word->alt, b->word->alt) && same_span(a->word->rel, b->word->rel);
}

/* The items kept so far, each once: open addressing, as index_t, over items by their index. */
typedef struct {
    const walk_t *w;
    const item_t *items;
    const size_t *kept; /* the items kept, in order: each in the table but the last <a> */
    size_t last_a;
    size_t *slots; /* an item + 1; 0: empty */
    size_t cap;
    int keyed;
} items_t;

/* The first ``n_kept`` items kept put again, hashed with the key (index_rekey). */
static void items_rekey(items_t *t, size_t n_kept)
{
    t->keyed = 1;
    memset(t->slots, 0, t->cap * sizeof(size_t));
    for (size_t k = 0; k < n_kept; k++) {
        if (t->kept[k] != t->last_a) {
            size_t at = (size_t) item_hash(t->w, &t->items[t->kept[k]], 1) & (t->cap - 1);
            while (t->slots[at] != 0) {
                at = (at + 1) & (t->cap - 1);
            }
            t->slots[at] = t->kept[k] + 1;
        }
    }
}

/* Whether an item equal to items[i] was kept already; if not, items[i] is put in the table. */
static int item_seen(items_t *t, size_t i, size_t n_kept)
{
    size_t probes = 0;
    for (size_t at = (size_t) item_hash(t->w, &t->items[i], t->keyed) & (t->cap - 1);;) {
        if (t->slots[at] == 0) {
            t->slots[at] = i + 1;
            return 0;
        }
        if (same_item(t->w, &t->items[t->slots[at] - 1], &t->items[i])) {
            return 1;
        }
        at = (at + 1) & (t->cap - 1);
        if (++probes == PROBE_BOUND && !t->keyed) {
            items_rekey(t, n_kept);
            at = (size_t) item_hash(t->w, &t->items[i], 1) & (t->cap - 1);
        }
    }
}

/* ``joined``: the walk's joins (NULL: none, every href kept as written); ``first``: each href's
 * first occurrence (unique_hrefs). */
static int pack_piece(const walk_t *w, const joined_t *joined, const size_t *first,
                      const buf_t *urls, buf_t *out)
{
    size_t n = w->words.n, n_hrefs = joined != NULL ? w->hrefs.n : 0;
    size_t last_a = n;
    for (size_t i = n; i-- > 0;) {
        if (w->words.items[i].kind == WORD_A) {
            last_a = i;
            break;
        }
    }
    span_t *links = malloc((n_hrefs + n + 1) * 2 * sizeof(span_t)); /* then the inline hrefs */
    size_t *link_of = malloc((n_hrefs + 1) * sizeof(size_t));
    item_t *items = malloc((n + 1) * sizeof(item_t));
    index_t by_url = {NULL, NULL, 0, 0}, by_href = {NULL, NULL, 0, 0};
    size_t *kept = NULL, n_links = 0, n_inline = 0, n_kept = 0;
    buf_t plain = {NULL, 0, 0};
    int failed = links == NULL || link_of == NULL || items == NULL
                 || index_init(&by_url, links, n_hrefs) < 0;
    span_t *written = links + n_hrefs + n + 1;
    failed = failed || index_init(&by_href, written, n) < 0;
    /* The links this walk joined, each once, document order. */
    for (size_t i = 0; !failed && i < n_hrefs; i++) {
        link_of[i] = SIZE_MAX;
        if (first[i] != i) { /* the same href, the same link */
            link_of[i] = link_of[first[i]];
        }
        else if (joined[i].off >= 0) {
            span_t url = {(const lxb_char_t *) urls->data + joined[i].off, (size_t) joined[i].len};
            int added;
            link_of[i] = index_of(&by_url, url, n_links, &added);
            if (added) {
                links[n_links++] = url;
            }
        }
    }
    kept = failed ? NULL : malloc((n + 1) * sizeof(size_t));
    items_t by_item = {w, items, kept, last_a, NULL, 16, 0};
    while (by_item.cap < 2 * n) {
        by_item.cap *= 2;
    }
    by_item.slots = failed ? NULL : calloc(by_item.cap, sizeof(size_t));
    failed = failed || by_item.slots == NULL || kept == NULL;
    for (size_t i = 0; !failed && i < n; i++) {
        const word_t *d = &w->words.items[i];
        item_t *it = &items[i];
        it->word = d;
        it->href = d->href;
        if (d->kind != WORD_REFRESH && d->href.len > 0 && d->href.data[0] == '#') {
            if (d->kind != WORD_A) {
                continue;
            }
            it->href.len = 0;
        }
        /* An <a> that links nowhere matters only where a cut may continue it: the last <a>,
         * and the first item (the <a> a piece opens again). */
        if (d->kind == WORD_A && it->href.len == 0 && i != last_a && i != 0) {
            continue;
        }
        if (it->href.data == NULL) {
            it->ref = 0;
        }
        else if (it->href.len == 0) {
            it->ref = 1;
        }
        else if (d->kind != WORD_REFRESH && d->at >= 0 && (size_t) d->at < n_hrefs
                 && link_of[d->at] != SIZE_MAX) {
            it->ref = 2 + link_of[d->at];
        }
        else {
            int added;
            it->ref = INLINE | index_of(&by_href, it->href, n_inline, &added);
            if (added) {
                written[n_inline++] = it->href;
            }
        }
        if (i != last_a && item_seen(&by_item, i, n_kept)) {
            continue;
        }
        kept[n_kept++] = i;
    }
    if (!failed && (n_links > 0 || n_kept > 0)) {
        failed = put_front(&plain, links, n_links) < 0 || put_front(&plain, written, n_inline) < 0
                 || put_varint(&plain, n_kept) < 0;
        for (size_t k = 0; !failed && k < n_kept; k++) {
            lxb_char_t kind = (lxb_char_t) items[kept[k]].word->kind;
            failed = buf_add(&plain, &kind, 1) < 0;
        }
        for (size_t k = 0; !failed && k < n_kept; k++) {
            size_t ref = items[kept[k]].ref;
            failed = put_varint(&plain, ref & INLINE ? 2 + n_links + (ref & ~INLINE) : ref) < 0;
        }
        for (size_t k = 0; !failed && k < n_kept; k++) {
            const word_t *d = items[kept[k]].word;
            if (d->kind == WORD_A) {
                span_t text = word_text(w, d);
                failed = put_field(&plain, text.data, text.len, text.data != NULL) < 0;
            }
        }
        for (size_t k = 0; !failed && k < n_kept; k++) {
            const word_t *d = items[kept[k]].word;
            if (d->kind == WORD_A || d->kind == WORD_AREA || d->kind == WORD_IMG
                || d->kind == WORD_IMG_SRCSET) {
                failed = put_field(&plain, d->alt.data, d->alt.len, d->alt.data != NULL) < 0;
            }
        }
        for (size_t k = 0; !failed && k < n_kept; k++) {
            const word_t *d = items[kept[k]].word;
            if (d->kind == WORD_A || d->kind == WORD_AREA || d->kind == WORD_LINK) {
                failed = put_field(&plain, d->rel.data, d->rel.len, d->rel.data != NULL) < 0;
            }
        }
        failed = failed || put_deflated(out, &plain) < 0;
    }
    free(plain.data);
    free(by_item.slots);
    free(kept);
    free(by_url.slots);
    free(by_href.slots);
    free(items);
    free(link_of);
    free(links);
    return failed ? -1 : 0;
}

/* The first occurrence of each distinct href, in document order: a page's navigation repeats
 * the same hrefs many times over, and each one read costs the event loop a string. An href
 * without a value counts as "", as Python reads it. ``first``: each href's first occurrence, so
 * that a repeated href is joined and packed as its first was, not again (rust-doc: ~80 hrefs a
 * page, ~50 distinct). */
static int unique_hrefs(const spans_t *s, size_t **order, size_t *n_order, size_t **first)
{
    span_t *firsts = malloc((s->n ? s->n : 1) * sizeof(span_t)); /* each distinct href, as read */
    index_t seen = {NULL, NULL, 0, 0};
    *order = malloc((s->n ? s->n : 1) * sizeof(size_t));
    *first = malloc((s->n ? s->n : 1) * sizeof(size_t));
    if (firsts == NULL || *order == NULL || *first == NULL || index_init(&seen, firsts, s->n) < 0) {
        free(firsts);
        return -1;
    }
    size_t n = 0;
    for (size_t i = 0; i < s->n; i++) {
        const span_t *v = &s->items[i];
        span_t as_read = {v->data != NULL ? v->data : (const lxb_char_t *) "", v->len};
        int added; /* no value and "" are the same href */
        size_t k = index_of(&seen, as_read, n, &added);
        if (added) {
            firsts[n] = as_read;
            (*order)[n++] = i;
        }
        (*first)[i] = (*order)[k];
    }
    free(firsts);
    free(seen.slots);
    *n_order = n;
    return 0;
}

static lxb_char_t *put_words(span_t text, lxb_char_t *o);

/* A link's fragment as pagechecks._fragment reads it (the href's after its first "#", the spaces
 * at its end and every tab and line break taken out), a tab, then its words (put_words). */

static int fragment_line(span_t href, span_t text, buf_t *out)
{
    const lxb_char_t *hash = memchr(href.data, '#', href.len);
    size_t from = (size_t) (hash + 1 - href.data), end = href.len;
    while (end > from && is_space(href.data[end - 1])) {
        end--;
    }
    /* The line is never longer than the fragment, a tab and the text: room made once. */
    if (buf_reserve(out, end - from + 1 + text.len) < 0) {
        return -1;
    }
    lxb_char_t *o = (lxb_char_t *) out->data + out->n;
    for (size_t i = from; i < end; i++) {
        lxb_char_t c = href.data[i];
        if (c != '\t' && c != '\n' && c != '\r') {
            *o++ = c;
        }
    }
    *o++ = '\t';
    o = put_words(text, o);
    out->n = (size_t) (o - (lxb_char_t *) out->data);
    return 0;
}

/* ``text``'s words as pagechecks._words says them (the text's runs of Python's whitespace as one
 * space, its first anchor_chars characters; a byte that is not UTF-8 is one character, which
 * Python's decoder replaces) at ``o``, which has room for text.len bytes; where they end. */
static lxb_char_t *put_words(span_t text, lxb_char_t *o)
{
    size_t chars = 0;
    int space = 0, any = 0;
    for (size_t i = 0; i < text.len && chars < anchor_chars;) {
        lxb_char_t c = text.data[i];
        long n = c < 0x80 ? 1 : utf8_sequence(text.data + i, text.len - i);
        size_t k = (size_t) (n < 0 ? -n : n);
        Py_UCS4 ch = 0xFFFD; /* what Python's decoder puts for bytes that are not UTF-8 */
        if (n == 1) {
            ch = c;
        }
        else if (n > 1) {
            ch = c & (0xFF >> (k + 1));
            for (size_t j = 1; j < k; j++) {
                ch = (ch << 6) | (text.data[i + j] & 0x3F);
            }
        }
        if (Py_UNICODE_ISSPACE(ch)) {
            space = any;
        }
        else {
            if (space) {
                *o++ = ' ';
                space = 0;
                if (++chars == anchor_chars) {
                    break;
                }
            }
            memcpy(o, text.data + i, k);
            o += k;
            chars++;
            any = 1;
        }
        i += k;
    }
    return o;
}

/* Whether the text holds U+FFFD once Python decodes it. */
static int replaced(span_t v)
{
    for (size_t i = 0; i < v.len;) {
        if (v.data[i] < 0x80) {
            i++;
            continue;
        }
        long n = utf8_sequence(v.data + i, v.len - i);
        if (n < 0 || (n == 3 && memcmp(v.data + i, "\xef\xbf\xbd", 3) == 0)) {
            return 1;
        }
        i += (size_t) n;
    }
    return 0;
}

/* The page's links to #fragments of another page (an <a> check with A_FRAGMENT) as
 * pagechecks.fragment_lines puts them: each target once (the order first linked), with its
 * fragment lines, each once (document order), "\n" between. Only where the walk joined every
 * one of them and no U+FFFD is in their hrefs and texts, as written or for bytes that are not
 * UTF-8 (else fragments_built stays 0 and Python puts them together: two lines of different bytes
 * that Python's decoder replaces alike are one line). */
static int build_fragments(walked_t *r)
{
    const walk_t *w = &r->w;
    size_t n = 0;
    for (size_t i = 0; i < w->checks.n; i++) {
        const check_t *c = &w->checks.items[i];
        if (c->kind == CHECK_A && c->n & A_FRAGMENT) {
            long at = w->words.items[c->word].at;
            if (r->joined == NULL || at < 0 || r->joined[at].off == JOIN_LATER
                || replaced(c->a) || replaced(anchor_text(w, c->word))) {
                return 0;
            }
            n++;
        }
    }
    r->fragments_built = 1;
    if (n == 0) {
        return 0;
    }
    /* Each link's target (its index among the targets) and line. */
    size_t *target = malloc(n * sizeof(size_t)), *line_off = malloc((n + 1) * sizeof(size_t));
    span_t *urls = malloc(n * sizeof(span_t)), *lines = malloc(n * sizeof(span_t));
    size_t *keep = malloc(n * sizeof(size_t)), *first = calloc(n + 1, sizeof(size_t));
    buf_t text = {NULL, 0, 0};
    index_t targets = {NULL, NULL, 0, 0}, seen = {NULL, NULL, 0, 0};
    int failed = target == NULL || line_off == NULL || urls == NULL || lines == NULL
                 || keep == NULL || first == NULL || index_init(&targets, urls, n) < 0
                 || index_init(&seen, lines, n) < 0;
    size_t m = 0, n_targets = 0, n_kept = 0;
    for (size_t i = 0; !failed && i < w->checks.n; i++) {
        const check_t *c = &w->checks.items[i];
        if (c->kind != CHECK_A || !(c->n & A_FRAGMENT)) {
            continue;
        }
        const joined_t *j = &r->joined[w->words.items[c->word].at];
        if (j->off == JOIN_NOTHING || j->len == 0) {
            continue; /* no target: no line */
        }
        span_t url = {(const lxb_char_t *) r->urls.data + j->off, (size_t) j->len};
        int added;
        size_t t = index_of(&targets, url, n_targets, &added);
        if (added) {
            urls[n_targets++] = url;
        }
        /* The line behind its target's index: a line is said once per target. */
        line_off[m] = text.n;
        target[m] = t;
        failed = buf_add(&text, (const lxb_char_t *) &t, sizeof(t)) < 0
                 || fragment_line(c->a, anchor_text(w, c->word), &text) < 0;
        m++;
    }
    line_off[m] = text.n;
    for (size_t k = 0; !failed && k < m; k++) {
        span_t v = {(const lxb_char_t *) text.data + line_off[k], line_off[k + 1] - line_off[k]};
        int added;
        index_of(&seen, v, n_kept, &added);
        if (added) {
            lines[n_kept] = v;
            keep[n_kept++] = k;
        }
    }
    /* The kept lines by target, each target's in document order (a counting sort). */
    for (size_t k = 0; !failed && k < n_kept; k++) {
        first[target[keep[k]] + 1]++;
    }
    for (size_t t = 0; !failed && t < n_targets; t++) {
        first[t + 1] += first[t];
    }
    size_t *order = failed ? NULL : malloc((n_kept ? n_kept : 1) * sizeof(size_t));
    failed = failed || order == NULL;
    for (size_t k = 0; !failed && k < n_kept; k++) {
        order[first[target[keep[k]]]++] = keep[k];
    }
    r->fragments.items = failed ? NULL : malloc((n_targets ? n_targets : 1) * sizeof(fragment_t));
    failed = failed || r->fragments.items == NULL;
    for (size_t t = 0, k = 0; !failed && t < n_targets; t++) {
        fragment_t *f = &r->fragments.items[r->fragments.n++];
        f->url_off = (size_t) (urls[t].data - (const lxb_char_t *) r->urls.data);
        f->url_len = urls[t].len;
        f->off = r->lines.n;
        for (size_t from = k; !failed && k < n_kept && target[order[k]] == t; k++) {
            size_t at = line_off[order[k]] + sizeof(size_t);
            failed = (k > from && buf_add(&r->lines, (const lxb_char_t *) "\n", 1) < 0)
                     || buf_add(&r->lines, (const lxb_char_t *) text.data + at,
                                line_off[order[k] + 1] - at) < 0;
        }
        f->len = r->lines.n - f->off;
    }
    free(order);
    free(target);
    free(line_off);
    free(urls);
    free(lines);
    free(keep);
    free(first);
    free(text.data);
    free(targets.slots);
    free(seen.slots);
    return failed ? -1 : 0;
}

/* Parse, walk and join, without the GIL. ``dir``: the page's directory URL or NULL, its origin
 * ``origin_len`` bytes long. */
static void walk_page(walked_t *r, const char *data, size_t len, const char *dir, size_t dir_len,
                      size_t origin_len, int checks)
{
    walk_t *w = &r->w;
    w->no_checks = !checks;
    w->text.no_signature = !checks;
    r->status = LXB_STATUS_ERROR;
    lxb_html_document_t *doc = thread_doc();
    if (doc == NULL) {
        r->no_doc = 1;
        return;
    }
    r->status = lxb_html_document_parse(doc, (const lxb_char_t *) data, len);
    if (r->status == LXB_STATUS_OK && walk_document(w, doc) < 0) {
        w->failed = 1;
    }
    if (!w->failed && r->status == LXB_STATUS_OK
        && unique_hrefs(&w->hrefs, &r->order, &r->n_order, &r->first) < 0) {
        w->failed = 1;
    }
    /* A <base> changes what every href joins against: Python joins them all then. */
    if (!w->failed && r->status == LXB_STATUS_OK && dir != NULL && !w->has_base && w->hrefs.n > 0) {
        r->joined = malloc(w->hrefs.n * sizeof(joined_t));
        w->failed = r->joined == NULL;
        for (size_t i = 0; !w->failed && i < w->hrefs.n; i++) {
            if (r->first[i] != i) { /* joined already, and its URL is in ``urls`` once */
                r->joined[i] = r->joined[r->first[i]];
                continue;
            }
            w->failed = plain_join(dir, dir_len, origin_len, w->hrefs.items[i], &r->urls,
                                   &r->joined[i]) < 0;
        }
    }
    if (!w->failed && r->status == LXB_STATUS_OK && copy_spans(w, &r->copies) < 0) {
        w->failed = 1;
    }
    if (!w->failed && r->status == LXB_STATUS_OK
        && pack_piece(w, r->joined, r->first, &r->urls, &r->said) < 0) {
        w->failed = 1;
    }
    if (!w->failed && r->status == LXB_STATUS_OK && checks && build_fragments(r) < 0) {
        w->failed = 1;
    }
    release_doc(doc, r->status == LXB_STATUS_OK && len <= KEEP_DOC_BYTES);
}

/* -1 with an exception set if the walk failed. */
static int walk_failed(const walked_t *r)
{
    if (r->no_doc || r->w.failed) {
        PyErr_NoMemory();
        return -1;
    }
    if (r->status != LXB_STATUS_OK) {
        PyErr_Format(PyExc_ValueError, "lexbor could not parse the page (status %d)",
                     (int) r->status);
        return -1;
    }
    return 0;
}

/* What walk() returns, made with the GIL; the hrefs go into ``hrefs`` (unless None). ``text``:
 * whether the visible text's bytes are wanted (else b"": the caller has their hash already). */
static PyObject *walked_result(walked_t *r, PyObject *hrefs, int text)
{
    walk_t *w = &r->w;
    if (walk_failed(r) < 0) {
        return NULL;
    }
    if (hrefs != Py_None
        && add_hrefs(hrefs, &w->hrefs, r->order, r->n_order, r->joined, &r->urls) < 0) {
        return NULL;
    }
    return Py_BuildValue(
        "(NNNlNNNlN)",
        w->has_base ? str_of(w->base.data ? w->base.data : (const lxb_char_t *) "", w->base.len)
                    : Py_NewRef(Py_None),
        buf_str_or_none(w->has_title, &w->title),
        buf_str_or_none(w->has_h1, &w->h1),
        w->h1_count,
        w->has_lang ? str_or_none(w->lang) : Py_NewRef(Py_None),
        pairs(&w->metas),
        pairs(&w->rels),
        w->text.words,
        PyBytes_FromStringAndSize(w->text.kept.data && text ? w->text.kept.data : "",
                                  text ? (Py_ssize_t) w->text.kept.n : 0)
    );
}

void walked_text(const walked_t *r, const char **data, size_t *len)
{
    *data = r->w.text.kept.data;
    *len = r->w.text.kept.n;
}

/* The directory's origin ends at the first "/" after "scheme://"; 0: not a directory URL. */
static size_t origin_length(const char *dir, size_t dir_len)
{
    const char *scheme_end = dir != NULL ? strstr(dir, "://") : NULL;
    const char *origin_end = scheme_end != NULL ? strchr(scheme_end + 3, '/') : NULL;
    if (origin_end == NULL || dir[dir_len - 1] != '/') {
        return 0;
    }
    return (size_t) (origin_end - dir);
}

walked_t *walked_new(const char *data, size_t len, const char *dir, size_t dir_len, int checks)
{
    walked_t *r = calloc(1, sizeof(walked_t));
    if (r != NULL) {
        size_t origin_len = origin_length(dir, dir_len);
        walk_page(r, data, len, origin_len ? dir : NULL, dir_len, origin_len, checks);
    }
    return r;
}

static walked_t *walk_without_gil(Py_buffer *data, const char *dir, Py_ssize_t dir_len, int checks)
{
    walked_t *r;
    Py_BEGIN_ALLOW_THREADS
    r = walked_new(data->buf, (size_t) data->len, dir, (size_t) dir_len, checks);
    Py_END_ALLOW_THREADS
    if (r == NULL) {
        PyErr_NoMemory();
    }
    return r;
}

static PyObject *walk(PyObject *Py_UNUSED(self), PyObject *args)
{
    Py_buffer data;
    PyObject *hrefs;
    const char *dir = NULL;
    Py_ssize_t dir_len = 0;
    if (!PyArg_ParseTuple(args, "y*O!|z#:walk", &data, &PyDict_Type, &hrefs, &dir, &dir_len)) {
        return NULL;
    }
    walked_t *r = walk_without_gil(&data, dir, dir_len, 1);
    PyBuffer_Release(&data);
    if (r == NULL) {
        return NULL;
    }
    PyObject *result = walked_result(r, hrefs, 1);
    walked_destroy(r);
    return result;
}

#define WALKED "gui_crawler.parsing._pagewalk.walked"

static void walked_capsule_free(PyObject *capsule)
{
    walked_t *r = PyCapsule_GetPointer(capsule, WALKED);
    if (r != NULL) {
        walked_destroy(r);
    }
}

PyObject *walked_capsule(walked_t *r)
{
    PyObject *capsule = PyCapsule_New(r, WALKED, walked_capsule_free);
    if (capsule == NULL) {
        walked_destroy(r);
    }
    return capsule;
}

/* walk() in two halves: the parse on a thread that holds the GIL only to return, the Python
 * objects made wherever the result is wanted. */
static PyObject *walk_apart(PyObject *Py_UNUSED(self), PyObject *args)
{
    Py_buffer data;
    const char *dir = NULL;
    Py_ssize_t dir_len = 0;
    int checks = 1;
    if (!PyArg_ParseTuple(args, "y*|z#p:walk_apart", &data, &dir, &dir_len, &checks)) {
        return NULL;
    }
    walked_t *r = walk_without_gil(&data, dir, dir_len, checks);
    PyBuffer_Release(&data);
    return r == NULL ? NULL : walked_capsule(r);
}

static PyObject *walked(PyObject *Py_UNUSED(self), PyObject *args)
{
    PyObject *capsule, *hrefs;
    int text = 1;
    if (!PyArg_ParseTuple(args, "OO|p:walked", &capsule, &hrefs, &text)) {
        return NULL;
    }
    if (hrefs != Py_None && !PyDict_Check(hrefs)) {
        return PyErr_Format(PyExc_TypeError, "hrefs must be a dict or None");
    }
    walked_t *r = PyCapsule_GetPointer(capsule, WALKED);
    return r == NULL ? NULL : walked_result(r, hrefs, text);
}

/* Each link of a walk, as the key of a dict: no Python object made for an href seen before on
 * the piece, and the hrefs joined in C (when ``use_joined``) go in as they are. Returns the links
 * ``join`` made that were not in the dict yet, each with where it went in: (position, url), the
 * extras of the page's packed links (linkwords.page_blob). */
static PyObject *walked_links(PyObject *Py_UNUSED(self), PyObject *args)
{
    PyObject *capsule, *out, *join;
    int use_joined = 1;
    if (!PyArg_ParseTuple(args, "OO!O|p:walked_links", &capsule, &PyDict_Type, &out, &join,
                          &use_joined)) {
        return NULL;
    }
    walked_t *r = PyCapsule_GetPointer(capsule, WALKED);
    if (r == NULL || walk_failed(r) < 0) {
        return NULL;
    }
    PyObject *extras = PyList_New(0);
    if (extras == NULL) {
        return NULL;
    }
    const joined_t *joined = use_joined ? r->joined : NULL;
    for (size_t k = 0; k < r->n_order; k++) {
        size_t i = r->order[k];
        PyObject *url;
        int ours = joined != NULL && joined[i].off >= 0;
        if (joined != NULL && joined[i].off == JOIN_NOTHING) {
            continue;
        }
        if (ours) {
            url = PyUnicode_FromStringAndSize(r->urls.data + joined[i].off, joined[i].len);
        }
        else {
            PyObject *href = str_of(r->w.hrefs.items[i].data, r->w.hrefs.items[i].len);
            url = href != NULL ? PyObject_CallOneArg(join, href) : NULL;
            Py_XDECREF(href);
        }
        if (url == NULL) {
            Py_DECREF(extras);
            return NULL;
        }
        if (url != Py_None && !PyUnicode_Check(url)) {
            Py_DECREF(url);
            Py_DECREF(extras);
            return PyErr_Format(PyExc_TypeError, "join must return a str or None");
        }
        int failed = 0;
        if (url != Py_None && PyUnicode_GET_LENGTH(url) > 0) {
            Py_ssize_t at = PyDict_GET_SIZE(out);
            failed = PyDict_SetItem(out, url, Py_None) < 0;
            if (!failed && !ours && PyDict_GET_SIZE(out) > at) {
                PyObject *extra = Py_BuildValue("(nO)", at, url);
                failed = extra == NULL || PyList_Append(extras, extra) < 0;
                Py_XDECREF(extra);
            }
        }
        Py_DECREF(url);
        if (failed) {
            Py_DECREF(extras);
            return NULL;
        }
    }
    return extras;
}

/* Each link of a walk with its words, document order, every time it occurs: (href as written,
 * element, text of an <a> or None, alt or None, rel or None); every <a> without an href too
 * (href "", None if it has no attributes). */
static PyObject *walked_words(PyObject *Py_UNUSED(self), PyObject *args)
{
    PyObject *capsule;
    if (!PyArg_ParseTuple(args, "O:walked_words", &capsule)) {
        return NULL;
    }
    walked_t *r = PyCapsule_GetPointer(capsule, WALKED);
    if (r == NULL || walk_failed(r) < 0) {
        return NULL;
    }
    const words_t *ws = &r->w.words;
    PyObject *list = PyList_New((Py_ssize_t) ws->n);
    for (size_t i = 0; list != NULL && i < ws->n; i++) {
        const word_t *d = &ws->items[i];
        PyObject *text = d->has_text
                             ? str_of((const lxb_char_t *) (r->w.anchors.data + d->text_off),
                                      d->text_len)
                             : Py_NewRef(Py_None);
        PyObject *item = text == NULL ? NULL
                                      : Py_BuildValue("(NsNNN)", str_or_none(d->href),
                                                      word_elements[d->kind], text,
                                                      str_or_none(d->alt), str_or_none(d->rel));
        if (item == NULL) {
            Py_CLEAR(list);
            break;
        }
        PyList_SET_ITEM(list, (Py_ssize_t) i, item);
    }
    return list;
}

/* The links of a walk with their words, packed (pack_piece) on the parser thread; packed again
 * here without the walk's joins when ``joins`` is false and the walk made some (a <base> in
 * another piece of the page). */
static PyObject *walked_said(PyObject *Py_UNUSED(self), PyObject *args)
{
    PyObject *capsule;
    int joins = 1;
    if (!PyArg_ParseTuple(args, "O|p:walked_said", &capsule, &joins)) {
        return NULL;
    }
    walked_t *r = PyCapsule_GetPointer(capsule, WALKED);
    if (r == NULL || walk_failed(r) < 0) {
        return NULL;
    }
    if (joins || r->joined == NULL) {
        return PyBytes_FromStringAndSize(r->said.data ? r->said.data : "", (Py_ssize_t) r->said.n);
    }
    buf_t said = {NULL, 0, 0};
    if (pack_piece(&r->w, NULL, NULL, &r->urls, &said) < 0) {
        free(said.data);
        return PyErr_NoMemory();
    }
    PyObject *out = PyBytes_FromStringAndSize(said.data ? said.data : "", (Py_ssize_t) said.n);
    free(said.data);
    return out;
}

/* The content of each <meta http-equiv="refresh" content>, document order. */
static PyObject *walked_refreshes(PyObject *Py_UNUSED(self), PyObject *args)
{
    PyObject *capsule;
    if (!PyArg_ParseTuple(args, "O:walked_refreshes", &capsule)) {
        return NULL;
    }
    walked_t *r = PyCapsule_GetPointer(capsule, WALKED);
    if (r == NULL || walk_failed(r) < 0) {
        return NULL;
    }
    PyObject *list = PyList_New(0);
    for (size_t i = 0; list != NULL && i < r->w.words.n; i++) {
        const word_t *d = &r->w.words.items[i];
        if (d->kind == WORD_REFRESH) {
            PyObject *s = str_of(d->href.data, d->href.len);
            if (s == NULL || PyList_Append(list, s) < 0) {
                Py_XDECREF(s);
                Py_CLEAR(list);
                break;
            }
            Py_DECREF(s);
        }
    }
    return list;
}

static PyObject *u32_bytes(const uint32_t *v, size_t n)
{
    PyObject *out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t) (4 * n));
    if (out != NULL) {
        unsigned char *p = (unsigned char *) PyBytes_AS_STRING(out);
        for (size_t i = 0; i < n; i++) { /* little-endian, whatever the machine */
            p[4 * i] = (unsigned char) v[i];
            p[4 * i + 1] = (unsigned char) (v[i] >> 8);
            p[4 * i + 2] = (unsigned char) (v[i] >> 16);
            p[4 * i + 3] = (unsigned char) (v[i] >> 24);
        }
    }
    return out;
}

static int append_new(PyObject *list, PyObject *item)
{
    int failed = item == NULL || PyList_Append(list, item) < 0;
    Py_XDECREF(item);
    return failed ? -1 : 0;
}

/* What the audit checks on the page (pagechecks.py reads it; _pagewalk_py.walked_checks is the
 * specification). */
static PyObject *walked_checks(PyObject *Py_UNUSED(self), PyObject *args)
{
    PyObject *capsule;
    int apart = 0; /* the links to #fragments are walked_fragments()'s: no A_FRAGMENT here */
    if (!PyArg_ParseTuple(args, "O|p:walked_checks", &capsule, &apart)) {
        return NULL;
    }
    walked_t *r = PyCapsule_GetPointer(capsule, WALKED);
    if (r == NULL || walk_failed(r) < 0) {
        return NULL;
    }
    const walk_t *w = &r->w;
    int any = w->text.seen >= 3;
    PyObject *lists[CHECKS] = {NULL};
    for (int k = 0; k < CHECKS; k++) {
        lists[k] = PyList_New(0);
    }
    PyObject *sig = any ? u32_bytes(w->text.sig, SIG_BINS) : PyBytes_FromStringAndSize("", 0);
    /* The first and the last (up to) two words' hashes. */
    uint32_t edges[4];
    size_t n_edges = 0, ends = w->text.seen < 2 ? (size_t) w->text.seen : 2;
    for (size_t i = 0; i < ends; i++) {
        edges[n_edges++] = w->text.first[i];
    }
    for (size_t i = 2 - ends; i < 2; i++) {
        edges[n_edges++] = w->text.last[i];
    }
    PyObject *edge_bytes = u32_bytes(edges, n_edges);
    /* The <a> a piece after a cut opens again (an <a> without attributes first): its text and
     * alt continue the last <a> of the piece before. */
    PyObject *opened;
    const word_t *first = w->words.n > 0 ? &w->words.items[0] : NULL;
    if (first != NULL && first->kind == WORD_A && first->href.data == NULL) {
        opened = Py_BuildValue("(NN)", str_of((const lxb_char_t *) (w->anchors.data ? w->anchors.data + first->text_off : ""), first->text_len), str_or_none(first->alt));
    }
    else {
        opened = Py_NewRef(Py_None);
    }
    PyObject *ids = u32_bytes((const uint32_t *) w->ids.data, w->ids.n / 4);
    PyObject *headings = PyBytes_FromStringAndSize(w->headings.data ? w->headings.data : "",
                                                   (Py_ssize_t) w->headings.n);
    int failed = sig == NULL || edge_bytes == NULL || opened == NULL || ids == NULL || headings == NULL;
    for (int k = 0; k < CHECKS; k++) {
        failed = failed || lists[k] == NULL;
    }
    for (size_t i = 0; !failed && i < w->checks.n; i++) {
        const check_t *c = &w->checks.items[i];
        PyObject *list = lists[c->kind];
        switch (c->kind) {
        case CHECK_IMG: {
            long flags = c->n;
            PyObject *alt = str_or_none(c->b);
            if (alt != NULL && alt != Py_None && PyUnicode_GET_LENGTH(alt) <= (Py_ssize_t) alt_floor) {
                flags &= ~IMG_LONG_ALT; /* longer in bytes only */
            }
            if (alt == NULL || !flags) {
                Py_XDECREF(alt);
                failed = alt == NULL;
                break;
            }
            failed = append_new(list, Py_BuildValue("(NNl)", str_or_none(c->a), alt, flags)) < 0;
            break;
        }
        case CHECK_A: {
            long flags = apart ? c->n & ~A_FRAGMENT : c->n;
            if (!flags) {
                break;
            }
            span_t said = anchor_text(w, c->word);
            PyObject *text = str_of(said.data, said.len);
            failed = text == NULL
                     || append_new(list, Py_BuildValue("(NNl)", str_or_none(c->a), text, flags)) < 0;
            break;
        }
        case CHECK_CANONICAL:
            failed = append_new(list, Py_BuildValue("(Nl)", str_or_none(c->a), c->n)) < 0;
            break;
        case CHECK_HREFLANG:
        case CHECK_OG:
            failed = append_new(list, Py_BuildValue("(NN)", str_or_none(c->a), str_or_none(c->b))) < 0;
            break;
        case CHECK_JSONLD:
            failed = append_new(list, str_of((const lxb_char_t *) (w->scripts.data ? w->scripts.data + c->off : ""), c->len)) < 0;
            break;
        default: /* CHECK_ITEMTYPE */
            failed = append_new(list, str_or_none(c->a)) < 0;
        }
    }
    if (failed) {
        Py_XDECREF(sig);
        Py_XDECREF(edge_bytes);
        Py_XDECREF(opened);
        Py_XDECREF(ids);
        Py_XDECREF(headings);
        for (int k = 0; k < CHECKS; k++) {
            Py_XDECREF(lists[k]);
        }
        return NULL;
    }
    return Py_BuildValue("(NNNNliNNNNNNNN)", sig, edge_bytes, ids, headings, w->titles, w->lorem,
                         lists[CHECK_IMG], lists[CHECK_A], lists[CHECK_CANONICAL],
                         lists[CHECK_HREFLANG], lists[CHECK_OG], lists[CHECK_JSONLD],
                         lists[CHECK_ITEMTYPE], opened);
}

/* The page's links to #fragments of another page by target, as the walk put them together
 * (build_fragments), or None where it did not. */
static PyObject *walked_fragments(PyObject *Py_UNUSED(self), PyObject *args)
{
    PyObject *capsule;
    if (!PyArg_ParseTuple(args, "O:walked_fragments", &capsule)) {
        return NULL;
    }
    walked_t *r = PyCapsule_GetPointer(capsule, WALKED);
    if (r == NULL || walk_failed(r) < 0) {
        return NULL;
    }
    if (!r->fragments_built) {
        Py_RETURN_NONE;
    }
    PyObject *list = PyList_New((Py_ssize_t) r->fragments.n);
    for (size_t i = 0; list != NULL && i < r->fragments.n; i++) {
        const fragment_t *f = &r->fragments.items[i];
        PyObject *pair = Py_BuildValue(
            "(NN)", PyUnicode_FromStringAndSize(r->urls.data + f->url_off, (Py_ssize_t) f->url_len),
            str_of((const lxb_char_t *) r->lines.data + f->off, f->len));
        if (pair == NULL) {
            Py_CLEAR(list);
            break;
        }
        PyList_SET_ITEM(list, (Py_ssize_t) i, pair);
    }
    return list;
}

/* UTF-8 bytes as json.dumps(..., ensure_ascii=False) writes their string. */
static int put_json_bytes(buf_t *b, const char *u, size_t n)
{
    if (buf_reserve(b, 6 * n + 2) < 0) {
        return -1;
    }
    char *o = b->data + b->n;
    *o++ = '"';
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char) u[i];
        if (c == '"' || c == '\\') {
            *o++ = '\\';
            *o++ = (char) c;
        }
        else if (c >= 0x20) {
            *o++ = (char) c;
        }
        else {
            const char *named = c != 0 ? strchr("\bb\ff\nn\rr\tt", c) : NULL;
            *o++ = '\\';
            if (named != NULL) {
                *o++ = named[1];
            }
            else {
                memcpy(o, "u00", 3);
                o[3] = "0123456789abcdef"[c >> 4];
                o[4] = "0123456789abcdef"[c & 0xF];
                o += 5;
            }
        }
    }
    *o++ = '"';
    b->n = (size_t) (o - b->data);
    return 0;
}

static char checks_packed; /* pagechecks.PACKED */

/* A page's checks as they are found: each one's JSON, one after the other. */
typedef struct {
    buf_t items;
    size_t *off; /* where each starts in ``items`` */
    size_t n, cap;
} found_t;

/* A check begins (its JSON's "["). */
static int found_open(found_t *f)
{
    if (f->n == f->cap) {
        size_t cap = f->cap ? 2 * f->cap : 16;
        size_t *off = realloc(f->off, cap * sizeof(size_t));
        if (off == NULL) {
            return -1;
        }
        f->off = off;
        f->cap = cap;
    }
    f->off[f->n++] = f->items.n;
    return buf_add(&f->items, (const lxb_char_t *) "[", 1);
}

/* A check of three strings (UTF-8): its kind, the other end, the detail. */
static int found_add(found_t *f, const char *kind, span_t other, span_t detail)
{
    return found_open(f) < 0 || put_json_bytes(&f->items, kind, strlen(kind)) < 0
                   || buf_add(&f->items, (const lxb_char_t *) ",", 1) < 0
                   || put_json_bytes(&f->items, (const char *) other.data, other.len) < 0
                   || buf_add(&f->items, (const lxb_char_t *) ",", 1) < 0
                   || put_json_bytes(&f->items, (const char *) detail.data, detail.len) < 0
                   || buf_add(&f->items, (const lxb_char_t *) "]", 1) < 0
               ? -1
               : 0;
}

static void found_free(found_t *f)
{
    free(f->items.data);
    free(f->off);
}

/* pagechecks.pack_found of the checks found, into ``out``: nothing for none, else PACKED then the
 * JSON list of each once (the first kept: equal checks, equal JSON) deflated. No GIL needed. */
static int found_pack(const found_t *f, buf_t *out)
{
    if (f->n == 0) {
        return 0;
    }
    buf_t json = {NULL, 0, 0};
    span_t *keys = malloc(f->n * sizeof(span_t));
    index_t seen = {NULL, NULL, 0, 0};
    int failed = keys == NULL || index_init(&seen, keys, f->n) < 0
                 || buf_add(&json, (const lxb_char_t *) "[", 1) < 0;
    size_t kept = 0;
    for (size_t i = 0; !failed && i < f->n; i++) {
        size_t end = i + 1 < f->n ? f->off[i + 1] : f->items.n;
        span_t v = {(const lxb_char_t *) f->items.data + f->off[i], end - f->off[i]};
        int added;
        index_of(&seen, v, kept, &added);
        if (added) {
            keys[kept] = v;
            failed = (kept > 0 && buf_add(&json, (const lxb_char_t *) ",", 1) < 0)
                     || buf_add(&json, v.data, v.len) < 0;
            kept++;
        }
    }
    failed = failed || buf_add(&json, (const lxb_char_t *) "]", 1) < 0
             || buf_add(out, (const lxb_char_t *) &checks_packed, 1) < 0
             || put_deflated_as(&checks_deflation, out, &json) < 0;
    free(keys);
    free(seen.slots);
    free(json.data);
    return failed ? -1 : 0;
}

static PyObject *found_packed(const found_t *f)
{
    buf_t out = {NULL, 0, 0};
    PyObject *packed = found_pack(f, &out) < 0
                           ? PyErr_NoMemory()
                           : PyBytes_FromStringAndSize(out.data ? out.data : "", (Py_ssize_t) out.n);
    free(out.data);
    return packed;
}

/* pagechecks.pack_found: a page's checks (lists of str), each once (the first kept), packed. */
static PyObject *pack_found(PyObject *Py_UNUSED(self), PyObject *found)
{
    static const char what[] = "pack_found: a list of lists of str";
    PyObject *seq = PySequence_Fast(found, what);
    if (seq == NULL) {
        return NULL;
    }
    found_t f = {{NULL, 0, 0}, NULL, 0, 0};
    int failed = 0;
    for (Py_ssize_t i = 0; !failed && i < PySequence_Fast_GET_SIZE(seq); i++) {
        PyObject *item = PySequence_Fast(PySequence_Fast_GET_ITEM(seq, i), what);
        failed = item == NULL || found_open(&f) < 0;
        for (Py_ssize_t j = 0; !failed && j < PySequence_Fast_GET_SIZE(item); j++) {
            PyObject *text = PySequence_Fast_GET_ITEM(item, j);
            Py_ssize_t n;
            /* A lone surrogate: UnicodeEncodeError, as str.encode() raises. */
            const char *u = PyUnicode_Check(text) ? PyUnicode_AsUTF8AndSize(text, &n) : NULL;
            if (u == NULL && !PyErr_Occurred()) {
                PyErr_SetString(PyExc_TypeError, what);
            }
            failed = u == NULL || (j > 0 && buf_add(&f.items, (const lxb_char_t *) ",", 1) < 0)
                     || put_json_bytes(&f.items, u, (size_t) n) < 0;
        }
        failed = failed || buf_add(&f.items, (const lxb_char_t *) "]", 1) < 0;
        Py_XDECREF(item);
    }
    Py_DECREF(seq);
    PyObject *packed = NULL;
    if (!failed) {
        packed = found_packed(&f);
    }
    else if (!PyErr_Occurred()) {
        PyErr_NoMemory();
    }
    found_free(&f);
    return packed;
}

/* How many characters Python reads in UTF-8 bytes without U+FFFD (replaced() says). */
static size_t utf8_chars(span_t v)
{
    size_t n = 0;
    for (size_t i = 0; i < v.len; i++) {
        n += (v.data[i] & 0xC0) != 0x80;
    }
    return n;
}

/* A normal URL's host as urls.host_of says it (lower case already: the walk joined it, or the
 * page's URL): {NULL, 0} where that would raise. */
static span_t host_of(span_t url)
{
    span_t none = {NULL, 0};
    const lxb_char_t *p = url.data, *end = url.data + url.len;
    for (int slashes = 0; slashes < 2; p++) {
        if (p == end) {
            return none;
        }
        slashes += *p == '/';
    }
    const lxb_char_t *slash = memchr(p, '/', (size_t) (end - p));
    span_t netloc = {p, (size_t) ((slash ? slash : end) - p)};
    if (netloc.len > 0 && netloc.data[0] == '[') {
        const lxb_char_t *close = memchr(netloc.data, ']', netloc.len);
        if (close == NULL) {
            return none;
        }
        netloc.len = (size_t) (close + 1 - netloc.data);
        return netloc;
    }
    for (size_t i = netloc.len; i-- > 0;) {
        if (netloc.data[i] == ':') {
            netloc.len = i;
            break;
        }
    }
    if (netloc.data == NULL) {
        netloc.data = (const lxb_char_t *) "";
    }
    return netloc;
}

/* The URL the walk joined the href at ``at`` to ({"", 0}: none); {NULL, 0} where Python joins it. */
static span_t joined_url(const walked_t *r, long at)
{
    span_t later = {NULL, 0}, nothing = {(const lxb_char_t *) "", 0};
    if (r->joined == NULL || at < 0 || r->joined[at].off == JOIN_LATER) {
        return later;
    }
    const joined_t *j = &r->joined[at];
    if (j->off == JOIN_NOTHING || j->len == 0) {
        return nothing;
    }
    span_t url = {(const lxb_char_t *) r->urls.data + j->off, (size_t) j->len};
    return url;
}

/* An ASCII letter, then letters, digits, "+", "." or "-", then ":" (pagechecks._SCHEME). */
static int has_scheme(span_t v)
{
    if (v.len == 0 || !is_alnum(v.data[0]) || (v.data[0] >= '0' && v.data[0] <= '9')) {
        return 0;
    }
    for (size_t i = 1; i < v.len; i++) {
        lxb_char_t c = v.data[i];
        if (c == ':') {
            return 1;
        }
        if (!is_alnum(c) && c != '+' && c != '.' && c != '-') {
            return 0;
        }
    }
    return 0;
}

/* A piece after a cut that opens inside an <a> (an <a> without attributes first, the walk's
 * walked_checks says): its text continues the <a> of the piece before, which Python puts together. */
static int opens_in_a(const walk_t *w)
{
    return w->words.n > 0 && w->words.items[0].kind == WORD_A && w->words.items[0].href.data == NULL;
}

/* The page's links to #fragments of another page from its pieces' (pagechecks.merged_fragments):
 * each target once (the order first linked), its lines those of each piece, each once. */
static int merge_fragments(walked_t *const *rs, size_t n, found_t *f)
{
    size_t total = 0, distinct = 0;
    for (size_t p = 0; p < n; p++) {
        total += rs[p]->fragments.n;
    }
    span_t *urls = malloc((total + 1) * sizeof(span_t));
    span_t *lines = malloc((total + 1) * sizeof(span_t));
    /* Each target's blocks, a list through ``next`` from ``first`` to ``last`` (index + 1). */
    size_t *first = calloc(total + 1, sizeof(size_t)), *last = calloc(total + 1, sizeof(size_t));
    size_t *next = calloc(total + 1, sizeof(size_t));
    index_t targets = {NULL, NULL, 0, 0};
    int failed = urls == NULL || lines == NULL || first == NULL || last == NULL || next == NULL
                 || index_init(&targets, urls, total) < 0;
    size_t k = 0;
    for (size_t p = 0; !failed && p < n; p++) {
        const walked_t *r = rs[p];
        for (size_t i = 0; i < r->fragments.n; i++, k++) {
            const fragment_t *g = &r->fragments.items[i];
            span_t url = {(const lxb_char_t *) r->urls.data + g->url_off, g->url_len};
            span_t said = {(const lxb_char_t *) r->lines.data + g->off, g->len};
            int added;
            size_t t = index_of(&targets, url, distinct, &added);
            if (added) {
                urls[distinct++] = url;
                first[t] = k + 1;
            }
            else {
                next[last[t] - 1] = k + 1;
            }
            last[t] = k + 1;
            lines[k] = said;
        }
    }
    buf_t merged = {NULL, 0, 0};
    span_t *seen_keys = NULL;
    for (size_t t = 0; !failed && t < distinct; t++) {
        if (next[first[t] - 1] == 0) { /* one piece's lines, each once already */
            failed = found_add(f, "fragments", urls[t], lines[first[t] - 1]) < 0;
            continue;
        }
        /* Every line of every block of this target, each once, in order. */
        size_t most = 0;
        for (size_t at = first[t]; at != 0; at = next[at - 1]) {
            for (size_t i = 0; i < lines[at - 1].len; i++) {
                most += lines[at - 1].data[i] == '\n';
            }
            most++;
        }
        span_t *more = realloc(seen_keys, most * sizeof(span_t));
        index_t seen = {NULL, NULL, 0, 0};
        failed = more == NULL || index_init(&seen, more, most) < 0;
        seen_keys = more != NULL ? more : seen_keys;
        size_t kept = 0;
        merged.n = 0;
        for (size_t at = first[t]; !failed && at != 0; at = next[at - 1]) {
            const lxb_char_t *a = lines[at - 1].data, *stop = a + lines[at - 1].len;
            while (!failed) {
                const lxb_char_t *nl = memchr(a, '\n', (size_t) (stop - a));
                span_t line = {a, (size_t) ((nl ? nl : stop) - a)};
                int added;
                index_of(&seen, line, kept, &added);
                if (added) {
                    seen_keys[kept++] = line;
                    failed = (kept > 1 && buf_add(&merged, (const lxb_char_t *) "\n", 1) < 0)
                             || buf_add(&merged, line.data, line.len) < 0;
                }
                if (nl == NULL) {
                    break;
                }
                a = nl + 1;
            }
        }
        free(seen.slots);
        span_t all = {(const lxb_char_t *) (merged.data ? merged.data : ""), merged.n};
        failed = failed || found_add(f, "fragments", urls[t], all) < 0;
    }
    free(merged.data);
    free(seen_keys);
    free(targets.slots);
    free(urls);
    free(lines);
    free(first);
    free(last);
    free(next);
    return failed ? -1 : 0;
}

/* Whether the sorted ids hold ``h``. */
static int holds_id(const uint32_t *ids, size_t n, uint32_t h)
{
    /* bsearch must not be given a null array, even empty. */
    return n > 0 && bsearch(&h, ids, n, 4, compare_u32) != NULL;
}

/* The checks ChecksReader.finish finds on a page of ``n`` pieces that has no <base>, in its
 * order, where the walk can say them all: 1 done, 0 where Python must (a link it checks that
 * Python joins, U+FFFD in what it says, JSON-LD, itemtypes, hreflangs, a canonical that is
 * relative, outside <head> or not the only one, an <a> a cut parted), -1 out of memory. ``ids``:
 * the page's (the pieces' put together), where a link to #here of a piece that has not its id
 * looks for it. */
static int find_checks(walked_t *const *rs, size_t n, span_t page_url, long descriptions,
                       int viewport, const uint32_t *ids, size_t n_ids, found_t *f)
{
    span_t none = {(const lxb_char_t *) "", 0};
    char number[32];
    size_t canonicals = 0;
    long titles = 0;
    int lorem = 0, h2 = 0;
    for (size_t p = 0; p < n; p++) {
        const walked_t *r = rs[p];
        const walk_t *w = &r->w;
        if (!r->fragments_built || w->has_base || (p > 0 && opens_in_a(w))) {
            return 0;
        }
        for (size_t i = 0; i < w->checks.n; i++) {
            const check_t *c = &w->checks.items[i];
            if (c->kind == CHECK_JSONLD || c->kind == CHECK_ITEMTYPE || c->kind == CHECK_HREFLANG) {
                return 0;
            }
            if (c->kind == CHECK_CANONICAL) {
                span_t written = trimmed(c->a);
                if (++canonicals > 1 || !c->n
                    || (written.len > 0 && !has_scheme(written)
                        && !(written.len >= 2 && written.data[0] == '/' && written.data[1] == '/'))) {
                    return 0;
                }
            }
        }
        titles += w->titles;
        lorem |= w->lorem;
        h2 |= memchr(w->headings.data ? (const void *) w->headings.data : "", 2, w->headings.n) != NULL;
    }
    if (!h2 && found_add(f, "h2_missing", none, none) < 0) {
        return -1;
    }
    int before = -1; /* the heading level before, across the pieces */
    for (size_t p = 0; p < n; p++) {
        const walk_t *w = &rs[p]->w;
        const lxb_char_t *headings = (const lxb_char_t *) w->headings.data;
        size_t i = 0;
        for (; i < w->headings.n; i++) {
            if (before >= 0 && headings[i] > before + 1) {
                int len = snprintf(number, sizeof number, "h%d \xe2\x86\x92 h%d", before, headings[i]);
                span_t detail = {(const lxb_char_t *) number, (size_t) len};
                if (found_add(f, "headings_non_sequential", none, detail) < 0) {
                    return -1;
                }
                break;
            }
            before = headings[i];
        }
        if (i < w->headings.n) {
            break;
        }
    }
    struct {
        const char *kind;
        long count;
    } counted[] = {{"title_multiple", titles}, {"description_multiple", descriptions}};
    for (size_t k = 0; k < 2; k++) {
        if (counted[k].count > 1) {
            span_t detail = {(const lxb_char_t *) number,
                             (size_t) snprintf(number, sizeof number, "%ld", counted[k].count)};
            if (found_add(f, counted[k].kind, none, detail) < 0) {
                return -1;
            }
        }
    }
    span_t lorem_ipsum = {(const lxb_char_t *) "lorem ipsum", 11};
    if ((lorem && found_add(f, "lorem_ipsum", none, lorem_ipsum) < 0)
        || (!viewport && found_add(f, "viewport_missing", none, none) < 0)) {
        return -1;
    }
    for (size_t p = 0; p < n; p++) {
        const walked_t *r = rs[p];
        const walk_t *w = &r->w;
        for (size_t i = 0; i < w->checks.n; i++) {
            const check_t *c = &w->checks.items[i];
            if (c->kind != CHECK_IMG) {
                continue;
            }
            long flags = c->n;
            if (flags & IMG_LONG_ALT && (replaced(c->b) || utf8_chars(c->b) <= alt_floor)) {
                if (replaced(c->b)) {
                    return 0;
                }
                flags &= ~IMG_LONG_ALT; /* longer in bytes only */
            }
            if (!flags) {
                continue;
            }
            span_t url = joined_url(r, (long) c->off);
            if (url.data == NULL) {
                return 0;
            }
            if (url.len == 0) {
                continue;
            }
            span_t length = {(const lxb_char_t *) number, 0};
            if (flags & IMG_LONG_ALT && c->b.data != NULL) {
                length.len = (size_t) snprintf(number, sizeof number, "%zu", utf8_chars(c->b));
            }
            if ((flags & IMG_NO_ALT && found_add(f, "img_missing_alt", url, none) < 0)
                || (length.len && found_add(f, "img_alt", url, length) < 0)
                || (flags & IMG_NO_SIZE && found_add(f, "img_missing_size", url, none) < 0)) {
                return -1;
            }
        }
    }
    span_t host = host_of(page_url);
    buf_t said = {NULL, 0, 0}; /* a link's words, then what a check says of it */
    int done = 1;
    for (size_t p = 0; done > 0 && p < n; p++) {
        const walked_t *r = rs[p];
        const walk_t *w = &r->w;
        for (size_t i = 0; done > 0 && i < w->checks.n; i++) {
            const check_t *c = &w->checks.items[i];
            long flags = c->n & ~A_FRAGMENT;
            if (c->kind != CHECK_A || !(flags & ~A_LAST)) {
                continue;
            }
            span_t text = anchor_text(w, c->word);
            if (replaced(c->a) || replaced(text)) {
                done = 0;
                break;
            }
            said.n = 0;
            if (buf_reserve(&said, text.len + page_url.len + 1 + c->a.len) < 0) {
                done = -1;
                break;
            }
            lxb_char_t *o = put_words(text, (lxb_char_t *) said.data);
            span_t words = {(const lxb_char_t *) said.data, (size_t) (o - (lxb_char_t *) said.data)};
            if (flags & A_MISSING_HERE) {
                /* The walk looked its fragment up among its piece's ids already: missing there. */
                span_t written = trimmed(c->a);
                if (n > 1) { /* another piece may have it */
                    span_t frag = {written.data + 1, written.len - 1};
                    uint32_t hashes[2];
                    if (fragment_hashes(frag, hashes) < 0) {
                        done = -1;
                        break;
                    }
                    if (holds_id(ids, n_ids, hashes[0]) || holds_id(ids, n_ids, hashes[1])) {
                        continue;
                    }
                }
                memcpy(o, page_url.data, page_url.len);
                o[page_url.len] = '#';
                memcpy(o + page_url.len + 1, written.data + 1, written.len - 1);
                span_t at = {o, page_url.len + written.len};
                done = found_add(f, "fragment_missing", at, words) < 0 ? -1 : 1;
                continue;
            }
            span_t target = joined_url(r, w->words.items[c->word].at);
            if (target.data == NULL) {
                done = 0;
                break;
            }
            if (target.len == 0) {
                continue;
            }
            int elsewhere = 0;
            if (flags & A_BLANK) {
                span_t there = host_of(target);
                if (there.data == NULL || host.data == NULL) {
                    done = 0;
                    break;
                }
                elsewhere = !same_span(there, host);
            }
            if ((flags & A_NOFOLLOW && found_add(f, "nofollow", target, words) < 0)
                || (flags & A_EMPTY && found_add(f, "no_words", target, none) < 0)
                || (flags & A_VAGUE && found_add(f, "anchor_non_descriptive", target, words) < 0)
                || (elsewhere && found_add(f, "unsafe_cross_origin", target, words) < 0)) {
                done = -1;
            }
        }
    }
    free(said.data);
    if (done <= 0) {
        return done;
    }
    if (canonicals == 0 && found_add(f, "canonical_missing", none, none) < 0) {
        return -1;
    }
    static const char *const og_names[] = {"og:title", "og:description", "og:image"};
    char missing[64] = "";
    for (size_t k = 0; k < 3; k++) {
        int seen = 0;
        for (size_t p = 0; p < n && !seen; p++) {
            const walk_t *w = &rs[p]->w;
            for (size_t i = 0; i < w->checks.n && !seen; i++) {
                const check_t *c = &w->checks.items[i];
                seen = c->kind == CHECK_OG && !blank(c->b)
                       && ascii_ieq(c->a, og_names[k], strlen(og_names[k]));
            }
        }
        if (!seen) {
            strcat(strcat(missing, missing[0] ? ", " : ""), og_names[k]);
        }
    }
    span_t detail = {(const lxb_char_t *) missing, strlen(missing)};
    if (missing[0] && found_add(f, "og_missing", none, detail) < 0) {
        return -1;
    }
    return merge_fragments(rs, n, f) < 0 ? -1 : 1;
}

/* A page's ids (pagechecks._union_ids): each piece's, sorted and each once already, put
 * together sorted and each once, into ``out`` as uint32 (a piece's own where it is one). */
static int union_ids(walked_t *const *rs, size_t n, buf_t *out)
{
    for (size_t p = 0; p < n; p++) {
        if (buf_add(out, (const lxb_char_t *) rs[p]->w.ids.data, rs[p]->w.ids.n) < 0) {
            return -1;
        }
    }
    uint32_t *ids = (uint32_t *) out->data;
    size_t count = out->n / 4, kept = 0;
    if (n > 1 && count > 1) {
        sort_u32(ids, count);
        for (size_t i = 0; i < count; i++) {
            if (kept == 0 || ids[i] != ids[kept - 1]) {
                ids[kept++] = ids[i];
            }
        }
        out->n = kept * 4;
    }
    return 0;
}

/* A page's signature from its pieces' (pagechecks._combined): the least of each bin, with the
 * shingles that span each cut; 0 for a text of fewer than three words. */
static int combined_signature(walked_t *const *rs, size_t n, uint32_t sig[SIG_BINS])
{
    long words = 0;
    for (size_t b = 0; b < SIG_BINS; b++) {
        sig[b] = 0xFFFFFFFFu; /* an empty bin */
    }
    uint32_t before[4];
    size_t n_before = 0; /* the last (up to) two words' hashes so far */
    for (size_t p = 0; p < n; p++) {
        const digest_t *d = &rs[p]->w.text;
        words += d->words;
        if (d->seen >= 3) {
            for (size_t b = 0; b < SIG_BINS; b++) {
                sig[b] = d->sig[b] < sig[b] ? d->sig[b] : sig[b];
            }
        }
        /* The edges as walked_checks says them: the first, then the last, (up to) two words. */
        uint32_t edges[4];
        size_t n_edges = 0, ends = d->seen < 2 ? (size_t) d->seen : 2;
        for (size_t i = 0; i < ends; i++) {
            edges[n_edges++] = d->first[i];
        }
        for (size_t i = 2 - ends; i < 2; i++) {
            edges[n_edges++] = d->last[i];
        }
        size_t head = d->words < 2 ? (size_t) d->words : 2;
        head = head < n_edges ? head : n_edges;
        uint32_t run[6];
        memcpy(run, before, n_before * 4);
        memcpy(run + n_before, edges, head * 4);
        size_t n_run = n_before + head;
        size_t from = n_before > 2 ? n_before - 2 : 0;
        for (size_t i = from; i < n_before && i + 3 <= n_run; i++) {
            uint64_t x = shingle(run[i], run[i + 1], run[i + 2]);
            if ((uint32_t) x < sig[x >> 58]) {
                sig[x >> 58] = (uint32_t) x;
            }
        }
        if (d->words < 2) {
            size_t keep = n_run < 2 ? n_run : 2;
            memmove(before, run + n_run - keep, keep * 4);
            n_before = keep;
        }
        else {
            n_before = n_edges - head;
            memcpy(before, edges + head, n_before * 4);
        }
    }
    return words >= 3;
}

/* What ChecksReader.finish says of a page of ``n`` pieces: its checks packed, its ids, its
 * signature's low halves (n_low bytes: none for fewer than three words); 1 done, 0 where Python
 * must (find_checks), -1 out of memory. No GIL needed. */
static int find_page(walked_t *const *rs, size_t n, span_t page_url, long descriptions,
                     int viewport, buf_t *packed, buf_t *ids, unsigned char low[2 * SIG_BINS],
                     size_t *n_low)
{
    found_t f = {{NULL, 0, 0}, NULL, 0, 0};
    uint32_t sig[SIG_BINS];
    const uint32_t *own = (const uint32_t *) rs[0]->w.ids.data;
    size_t n_ids = rs[0]->w.ids.n / 4;
    if (n > 1) {
        if (union_ids(rs, n, ids) < 0) {
            return -1;
        }
        own = (const uint32_t *) ids->data;
        n_ids = ids->n / 4;
    }
    int done = find_checks(rs, n, page_url, descriptions, viewport, own, n_ids, &f);
    if (done > 0 && found_pack(&f, packed) < 0) {
        done = -1;
    }
    found_free(&f);
    int any = n > 1 ? combined_signature(rs, n, sig) : rs[0]->w.text.seen >= 3;
    const uint32_t *bins = n > 1 ? sig : rs[0]->w.text.sig;
    *n_low = any ? 2 * SIG_BINS : 0;
    for (size_t i = 0; i < *n_low / 2; i++) { /* little-endian, as _low_halves says */
        low[2 * i] = (unsigned char) bins[i];
        low[2 * i + 1] = (unsigned char) (bins[i] >> 8);
    }
    return done;
}

static PyObject *u32_bytes(const uint32_t *v, size_t n);

/* A <meta name> as FactsReader.add reads it (str.strip().lower()) is ``lower_name``: 1 or 0, or
 * -1 where only Python can say (a byte not ASCII at an end: Unicode has more whitespace). */
static int meta_named(span_t name, const char *lower_name)
{
    while (name.len > 0 && (is_space(name.data[0]) || (name.data[0] >= 0x1C && name.data[0] <= 0x1F))) {
        name.data++;
        name.len--;
    }
    while (name.len > 0 && (is_space(name.data[name.len - 1])
                            || (name.data[name.len - 1] >= 0x1C && name.data[name.len - 1] <= 0x1F))) {
        name.len--;
    }
    if (name.len > 0 && (name.data[0] >= 0x80 || name.data[name.len - 1] >= 0x80)) {
        return -1;
    }
    return ascii_ieq(name, lower_name, strlen(lower_name));
}

void walked_settle(walked_t *const *rs, size_t n, const char *url, size_t url_len)
{
    walked_t *r = rs[0];
    long descriptions = 0;
    int viewport = 0;
    for (size_t p = 0; p < n; p++) {
        const walk_t *w = &rs[p]->w;
        if (rs[p]->no_doc || w->failed || rs[p]->status != LXB_STATUS_OK || w->no_checks) {
            return;
        }
        for (size_t i = 0; i + 1 < w->metas.n; i += 2) {
            int description = meta_named(w->metas.items[i], "description");
            int port = meta_named(w->metas.items[i], "viewport");
            if (description < 0 || port < 0) {
                return;
            }
            descriptions += description;
            viewport |= port;
        }
    }
    span_t page_url = {(const lxb_char_t *) url, url_len};
    r->found_url = malloc(url_len + 1);
    if (r->found_url != NULL
        && find_page(rs, n, page_url, descriptions, viewport, &r->found, &r->found_ids,
                     r->found_low, &r->found_n_low) > 0) {
        memcpy(r->found_url, url, url_len);
        r->found_url_len = url_len;
        r->found_descriptions = descriptions;
        r->found_viewport = viewport;
        r->found_pieces = n;
        r->settled = 1;
    }
}

/* pagechecks.ChecksReader.finish of a page of these pieces (_pagewalk_py.walked_found): its
 * checks packed (on its parser thread already, where walked_settle could), ids, signature's low
 * halves and structured data types; or None where Python must put them together (find_checks
 * says when). */
static PyObject *walked_found(PyObject *Py_UNUSED(self), PyObject *args)
{
    PyObject *pieces;
    const char *url;
    Py_ssize_t url_len;
    long descriptions;
    int viewport;
    if (!PyArg_ParseTuple(args, "O!s#lp:walked_found", &PyList_Type, &pieces, &url, &url_len,
                          &descriptions, &viewport)) {
        return NULL;
    }
    size_t n = (size_t) PyList_GET_SIZE(pieces);
    if (n == 0) {
        PyErr_SetString(PyExc_ValueError, "walked_found: no pieces");
        return NULL;
    }
    walked_t **rs = PyMem_Malloc(n * sizeof(walked_t *));
    if (rs == NULL) {
        return PyErr_NoMemory();
    }
    for (size_t p = 0; p < n; p++) {
        rs[p] = PyCapsule_GetPointer(PyList_GET_ITEM(pieces, (Py_ssize_t) p), WALKED);
        if (rs[p] == NULL || walk_failed(rs[p]) < 0) {
            PyMem_Free(rs);
            return NULL;
        }
    }
    walked_t *r = rs[0];
    PyObject *packed = NULL, *ids = NULL, *low = NULL;
    if (r->settled && r->found_pieces == n && r->found_url_len == (size_t) url_len
        && memcmp(r->found_url, url, (size_t) url_len) == 0
        && r->found_descriptions == descriptions && r->found_viewport == viewport) {
        packed = PyBytes_FromStringAndSize(r->found.data ? r->found.data : "", (Py_ssize_t) r->found.n);
        const buf_t *own = n > 1 ? &r->found_ids : &r->w.ids;
        ids = u32_bytes((const uint32_t *) own->data, own->n / 4);
        low = PyBytes_FromStringAndSize((const char *) r->found_low, (Py_ssize_t) r->found_n_low);
    }
    else {
        buf_t found = {NULL, 0, 0}, union_of = {NULL, 0, 0};
        unsigned char halves[2 * SIG_BINS];
        size_t n_low;
        span_t page_url = {(const lxb_char_t *) url, (size_t) url_len};
        int done = find_page(rs, n, page_url, descriptions, viewport, &found, &union_of, halves, &n_low);
        if (done > 0) {
            const buf_t *own = n > 1 ? &union_of : &r->w.ids;
            packed = PyBytes_FromStringAndSize(found.data ? found.data : "", (Py_ssize_t) found.n);
            ids = u32_bytes((const uint32_t *) own->data, own->n / 4);
            low = PyBytes_FromStringAndSize((const char *) halves, (Py_ssize_t) n_low);
        }
        free(found.data);
        free(union_of.data);
        if (done <= 0) {
            PyMem_Free(rs);
            return done < 0 ? PyErr_NoMemory() : Py_NewRef(Py_None);
        }
    }
    PyMem_Free(rs);
    if (packed == NULL || ids == NULL || low == NULL) {
        Py_XDECREF(packed);
        Py_XDECREF(ids);
        Py_XDECREF(low);
        return NULL;
    }
    return Py_BuildValue("(NNNs)", packed, ids, low, "");
}

/* The "<" in p[from, to), and of those the "</" whose "/" is before ``to``. Counted in runs of at
   most 255 bytes into byte-wide sums, which the compiler vectorises: a memchr() per "<" took
   twice as long, and the event loop pays this for every page. */
static void count_tags(const unsigned char *p, Py_ssize_t from, Py_ssize_t to, Py_ssize_t *opens,
                       Py_ssize_t *ends)
{
    *opens = *ends = 0;
    for (Py_ssize_t k = from; k < to;) {
        Py_ssize_t n = to - k < 255 ? to - k : 255;
        Py_ssize_t pairs = k + n < to ? n : n - 1;
        const unsigned char *q = p + k;
        unsigned char lt = 0, close = 0;
        for (Py_ssize_t j = 0; j < n; j++) {
            lt += q[j] == '<';
        }
        for (Py_ssize_t j = 0; j < pairs; j++) {
            close += (q[j] == '<') & (q[j + 1] == '/');
        }
        *opens += lt;
        *ends += close;
        k += n;
    }
}

/* How many "<" the page has, and a bound on how deep its elements nest, in one pass at C speed.
 * Per chunk, the depth can rise by at most the chunk's start tags ("<" not followed by "/") and
 * ends no higher than the depth before it plus starts minus ends -- or the chunk's starts alone,
 * when stray end tags drove it to zero inside it. An end tag split by a chunk boundary counts only
 * as a start: the bound errs high, never low. The GIL is let go only for a page of 1 MB or more:
 * a smaller one takes microseconds, and the event loop that calls this could lose its turn. */
static PyObject *markup(PyObject *Py_UNUSED(self), PyObject *args)
{
    Py_buffer data;
    Py_ssize_t chunk = 8192;
    if (!PyArg_ParseTuple(args, "y*|n:markup", &data, &chunk)) {
        return NULL;
    }
    if (chunk < 1) {
        PyBuffer_Release(&data);
        return PyErr_Format(PyExc_ValueError, "chunk must be at least 1, not %zd", chunk);
    }
    Py_ssize_t tags = 0, depth = 0, peak = 0;
    const unsigned char *p = data.buf;
    PyThreadState *saved = data.len >= (1 << 20) ? PyEval_SaveThread() : NULL;
    for (Py_ssize_t i = 0; i < data.len; i += chunk) {
        Py_ssize_t end = data.len - i < chunk ? data.len : i + chunk;
        Py_ssize_t opens, ends;
        count_tags(p, i, end, &opens, &ends);
        Py_ssize_t starts = opens - ends;
        tags += opens;
        if (depth + starts > peak) {
            peak = depth + starts;
        }
        depth = depth + starts - ends > starts ? depth + starts - ends : starts;
    }
    if (saved != NULL) {
        PyEval_RestoreThread(saved);
    }
    PyBuffer_Release(&data);
    return Py_BuildValue("(nn)", tags, peak);
}

/* The cuts (as a list) of page_scan(): NULL with an exception set when out of memory. */
static PyObject *cuts_list(Py_ssize_t n, Py_ssize_t *cuts)
{
    PyObject *out = n < 0 ? PyErr_NoMemory() : PyList_New(n);
    for (Py_ssize_t i = 0; out != NULL && i < n; i++) {
        PyObject *v = PyLong_FromSsize_t(cuts[i]);
        if (v == NULL) {
            Py_CLEAR(out);
            break;
        }
        PyList_SET_ITEM(out, i, v);
    }
    free(cuts);
    return out;
}

static Py_ssize_t scan_without_gil(Py_buffer *data, Py_ssize_t max_tags, Py_ssize_t tags,
                                   long long max_elements, Py_ssize_t **cuts, long long *pairs,
                                   long long *elements, Py_ssize_t *doctype, char **reopened,
                                   Py_ssize_t **reopened_ends)
{
    Py_ssize_t n;
    Py_BEGIN_ALLOW_THREADS
    n = page_scan(data->buf, data->len, max_tags, tags, max_elements, cuts, pairs, elements,
                  doctype, reopened, reopened_ends);
    Py_END_ALLOW_THREADS
    return n;
}

/* The start tags each piece opens with, as a list of bytes; frees what page_scan() made. */
static PyObject *reopened_list(Py_ssize_t n, char *reopened, Py_ssize_t *ends)
{
    PyObject *out = n < 0 ? NULL : PyList_New(n);
    for (Py_ssize_t i = 0; out != NULL && i < n; i++) {
        Py_ssize_t a = i > 0 ? ends[i - 1] : 0;
        PyObject *v = PyBytes_FromStringAndSize(reopened != NULL ? reopened + a : "", ends[i] - a);
        if (v == NULL) {
            Py_CLEAR(out);
            break;
        }
        PyList_SET_ITEM(out, i, v);
    }
    free(reopened);
    free(ends);
    return out;
}

static PyObject *scan(PyObject *Py_UNUSED(self), PyObject *args)
{
    Py_buffer data;
    Py_ssize_t max_tags, tags, *cuts;
    long long max_elements, pairs = 0, elements = 0;
    if (!PyArg_ParseTuple(args, "y*nnL:scan", &data, &max_tags, &tags, &max_elements)) {
        return NULL;
    }
    Py_ssize_t doctype[2], *ends;
    char *reopened;
    Py_ssize_t n = scan_without_gil(&data, max_tags, tags, max_elements, &cuts, &pairs, &elements,
                                    doctype, &reopened, &ends);
    PyBuffer_Release(&data);
    PyObject *opened = reopened_list(n, reopened, ends);
    PyObject *list = cuts_list(n, cuts);
    if (list == NULL || opened == NULL) {
        Py_XDECREF(list);
        Py_XDECREF(opened);
        return NULL;
    }
    return Py_BuildValue("(NLL(nn)N)", list, pairs, elements, doctype[0], doctype[1], opened);
}

static PyObject *cut_points(PyObject *Py_UNUSED(self), PyObject *args)
{
    Py_buffer data;
    Py_ssize_t max_tags, tags, *cuts;
    long long pairs, elements;
    if (!PyArg_ParseTuple(args, "y*nn:cut_points", &data, &max_tags, &tags)) {
        return NULL;
    }
    Py_ssize_t doctype[2], *ends;
    char *reopened;
    Py_ssize_t n = scan_without_gil(&data, max_tags, tags, SCAN_MAX_ELEMENTS, &cuts, &pairs,
                                    &elements, doctype, &reopened, &ends);
    PyBuffer_Release(&data);
    free(reopened);
    free(ends);
    return cuts_list(n, cuts);
}

static PyMethodDef methods[] = {
    {"walk", walk, METH_VARARGS,
     "walk(data, hrefs, directory=None) -> (base, title, h1, h1_count, lang, metas, rels, words, "
     "text): one HTML "
     "page's links (added to the dict hrefs) and raw audit fields, parsed and read without the "
     "GIL."},
    {"walk_apart", walk_apart, METH_VARARGS,
     "walk_apart(data, directory=None, checks=True) -> walked: walk()'s parse, holding the GIL only "
     "to return (``checks`` False: nothing read for the page checks)."},
    {"walked", walked, METH_VARARGS,
     "walked(walked, hrefs, text=True) -> what walk() returns, from walk_apart()'s result (the "
     "text's bytes empty unless ``text``; hrefs None: the hrefs are not read)."},
    {"walked_links", walked_links, METH_VARARGS,
     "walked_links(walked, links, join, use_joined=True): each distinct href of walk_apart()'s "
     "result, in document order, as the URL it joins to: the walk's own join if ``use_joined`` "
     "and it made one, else join(href) (None or '' for no link); added to the dict ``links`` "
     "(value None) unless there already. Returns [(position, url)]: the links join() made "
     "that went in, each with its position in ``links``."},
    {"walked_words", walked_words, METH_VARARGS,
     "walked_words(walked) -> [(href, element, text, alt, rel)]: each link of walk_apart()'s "
     "result with its words, document order, every time it occurs: the href as written (a meta "
     "refresh's content; for an <a> without one, listed too, '' or None if it has no attributes), the element ('a', 'area', 'link', 'iframe', 'frame', 'img', 'script', "
     "'meta-refresh', 'img-srcset', 'source', 'video-poster', 'object', 'embed'), the text "
     "inside an <a> (its first 1024 bytes) else None, the alt of an <img> (its srcset's too) or "
     "<area> or of the first <img> inside an <a> that has one else None, and the rel of an <a>, "
     "<area> or <link> else None."},
    {"walked_said", walked_said, METH_VARARGS,
     "walked_said(walked, joins=True) -> bytes: walked_words() as the crawl file keeps them "
     "(linkwords.pack_piece), with the links the walk joined; without them if not ``joins``."},
    {"walked_checks", walked_checks, METH_VARARGS,
     "walked_checks(walked, apart=False) -> (signature, edges, ids, headings, titles, lorem, imgs, anchors, "
     "canonicals, hreflangs, ogs, jsonlds, itemtypes, opened): what the audit checks on the page "
     "(_pagewalk_py.walked_checks says each); ``apart``: the anchors without A_FRAGMENT "
     "(walked_fragments() has those links)."},
    {"pack_found", pack_found, METH_O,
     "pack_found(found) -> bytes: a page's checks, each once, packed (pagechecks.pack_found)."},
    {"walked_found", walked_found, METH_VARARGS,
     "walked_found(pieces, page_url, descriptions, viewport) -> (checks, ids, minhash, types) or "
     "None: ChecksReader.finish of a page of these pieces (its walks), where the walk can say it all."},
    {"walked_fragments", walked_fragments, METH_VARARGS,
     "walked_fragments(walked) -> [(url, lines)] or None: the links to #fragments of another "
     "page, by the URL they lead to (the order first linked), each with its lines ('fragment\\t"
     "its words', each once, '\\n' between), where the walk joined every one of them; else "
     "None (_pagewalk_py.walked_fragments says it)."},
    {"walked_refreshes", walked_refreshes, METH_VARARGS,
     "walked_refreshes(walked) -> [content]: of each <meta http-equiv=refresh content>."},
    {"markup", markup, METH_VARARGS,
     "markup(data, chunk=8192) -> (tags, nesting_bound): how many '<' the page has, and a bound "
     "on how deep its elements nest that never errs low (chunk: bytes counted at a time)."},
    {"cut_points", cut_points, METH_VARARGS,
     "cut_points(data, max_tags, tags) -> [offset]: where a page of ``tags`` '<' can be cut into "
     "pieces of about max_tags tags that parse alone (none for a page that small): scan()'s "
     "cuts."},
    {"scan", scan, METH_VARARGS,
     "scan(data, max_tags, tags, max_elements) -> (cuts, pairs, elements, (start, end), "
     "opened): a model of the HTML tokenizer and tree builder run over the page "
     "(_pagescan_py.scan): where it can be cut into pieces of about max_tags tags, the "
     "attribute comparisons its parse makes, the elements its biggest piece makes (at most "
     "max_elements + 1), where the doctype that sets its mode is ((0, 0): none), and the start "
     "tags each piece after the first opens with."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_pagewalk", "Parse an HTML page and read its links and audit fields in C.",
    -1, methods, NULL, NULL, NULL, NULL,
};

/* How ``module`` deflates (its dictionary, its level and its window's bits, by their names; no
 * ``bits``: 15): the one place they are written. */
static int read_deflation(deflation_t *how, const char *module, const char *dict_name,
                          const char *level_name, const char *bits_name)
{
    PyObject *spec = PyImport_ImportModule(module);
    PyObject *dict = spec != NULL ? PyObject_GetAttrString(spec, dict_name) : NULL;
    PyObject *level = spec != NULL ? PyObject_GetAttrString(spec, level_name) : NULL;
    PyObject *bits = spec != NULL && bits_name != NULL ? PyObject_GetAttrString(spec, bits_name)
                                                         : NULL;
    int failed = dict == NULL || level == NULL || !PyBytes_Check(dict)
                 || (bits_name != NULL && bits == NULL);
    if (!failed) {
        how->level = (int) PyLong_AsLong(level);
        how->bits = bits != NULL ? (int) PyLong_AsLong(bits) : 15;
        how->dict_len = (size_t) PyBytes_GET_SIZE(dict);
        how->dict = malloc(how->dict_len + 1);
        failed = PyErr_Occurred() != NULL || how->dict == NULL
                 || pthread_key_create(&how->key, destroy_zs) != 0;
        if (how->dict != NULL) {
            memcpy(how->dict, PyBytes_AS_STRING(dict), how->dict_len);
        }
    }
    if (failed && !PyErr_Occurred()) {
        PyErr_Format(PyExc_ImportError, "%s: %s and %s are needed", module, dict_name, level_name);
    }
    Py_XDECREF(bits);
    Py_XDECREF(level);
    Py_XDECREF(dict);
    Py_XDECREF(spec);
    return failed ? -1 : 0;
}

/* pagechecks.ALT_FLOOR, ANCHOR_CHARS, NON_DESCRIPTIVE and PACKED: the one place they are written. */
static int read_checks_settings(void)
{
    PyObject *spec = PyImport_ImportModule("gui_crawler.parsing.pagechecks");
    PyObject *floor = spec != NULL ? PyObject_GetAttrString(spec, "ALT_FLOOR") : NULL;
    PyObject *words = spec != NULL ? PyObject_GetAttrString(spec, "NON_DESCRIPTIVE") : NULL;
    PyObject *chars = spec != NULL ? PyObject_GetAttrString(spec, "ANCHOR_CHARS") : NULL;
    PyObject *packed = spec != NULL ? PyObject_GetAttrString(spec, "PACKED") : NULL;
    int failed = floor == NULL || words == NULL || chars == NULL || !PyTuple_Check(words)
                 || packed == NULL || !PyBytes_Check(packed) || PyBytes_GET_SIZE(packed) != 1;
    if (!failed) {
        checks_packed = PyBytes_AS_STRING(packed)[0];
        alt_floor = (size_t) PyLong_AsSize_t(floor);
        anchor_chars = (size_t) PyLong_AsSize_t(chars);
        n_vague = (size_t) PyTuple_GET_SIZE(words);
        vague_words = calloc(n_vague + 1, sizeof(char *));
        vague_lens = calloc(n_vague + 1, sizeof(size_t));
        failed = PyErr_Occurred() != NULL || vague_words == NULL || vague_lens == NULL;
        for (size_t i = 0; !failed && i < n_vague; i++) {
            const char *text = PyUnicode_AsUTF8(PyTuple_GET_ITEM(words, (Py_ssize_t) i));
            vague_words[i] = text != NULL ? strdup(text) : NULL;
            failed = vague_words[i] == NULL;
            vague_lens[i] = failed ? 0 : strlen(vague_words[i]);
        }
    }
    if (failed && !PyErr_Occurred()) {
        PyErr_SetString(PyExc_ImportError,
                        "pagechecks.ALT_FLOOR, ANCHOR_CHARS, NON_DESCRIPTIVE and PACKED are needed");
    }
    Py_XDECREF(packed);
    Py_XDECREF(chars);
    Py_XDECREF(words);
    Py_XDECREF(floor);
    Py_XDECREF(spec);
    return failed ? -1 : 0;
}

uint64_t sip_key[2];

/* The hash tables' key (_siphash.h): sixteen bytes of os.urandom, new in each process, read
 * once (a second init, in a subinterpreter, must not change it under a parser thread's table). */
static int read_sip_key(void)
{
    static int done;
    if (done) {
        return 0;
    }
    PyObject *os = PyImport_ImportModule("os");
    PyObject *key = os != NULL ? PyObject_CallMethod(os, "urandom", "i", (int) sizeof(sip_key))
                               : NULL;
    int failed = key == NULL || !PyBytes_Check(key)
                 || PyBytes_GET_SIZE(key) != (Py_ssize_t) sizeof(sip_key);
    if (!failed) {
        memcpy(sip_key, PyBytes_AS_STRING(key), sizeof(sip_key));
        done = 1;
    }
    else if (!PyErr_Occurred()) {
        PyErr_SetString(PyExc_ImportError, "os.urandom gave no key");
    }
    Py_XDECREF(key);
    Py_XDECREF(os);
    return failed ? -1 : 0;
}

PyMODINIT_FUNC PyInit__pagewalk(void)
{
    if (pthread_key_create(&doc_key, destroy_doc) != 0) {
        return PyErr_NoMemory();
    }
    if (read_deflation(&links_deflation, "gui_crawler.parsing._linkpack_py", "DICTIONARY", "LEVEL",
                       NULL) < 0
        || read_deflation(&checks_deflation, "gui_crawler.parsing.pagechecks", "CHECKS_DICTIONARY",
                          "CHECKS_LEVEL", "CHECKS_WINDOW_BITS") < 0
        || read_checks_settings() < 0 || read_sip_key() < 0) {
        return NULL;
    }
    crc_table = get_crc_table();
    crc_slices_init();
    scan_init();
    PyObject *m = PyModule_Create(&module);
    if (m != NULL
        && (add_walkers(m) < 0 || PyModule_AddIntConstant(m, "MAX_ELEMENTS", SCAN_MAX_ELEMENTS) < 0)) {
        Py_CLEAR(m);
    }
    return m;
}
