/* The page scan: one pass over a page before lexbor sees it, through a model of the HTML tokenizer
 * and of the part of tree building that makes elements. It finds where a huge page can be cut into
 * pieces that parse alone, how many attribute comparisons lexbor's duplicate check will make, and
 * how many elements the parse of the biggest piece makes. Its specification is _pagescan_py.py,
 * which says what each step models and why; this follows it step for step (the tests hold the two
 * to the same results). No GIL needed: it runs on the parser threads before each page's parse.
 */
#define PY_SSIZE_T_CLEAN
#include "_pagewalk.h" /* Python.h first: it sets _GNU_SOURCE, which memmem() needs */
#include "_siphash.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define ATTRIBUTE_TEXT 64
#define SATURATED (1LL << 62)

enum {
    F_FORMATTING = 1 << 0,
    F_MARKER = 1 << 1,
    F_VOID = 1 << 2,
    F_HEADING = 1 << 3,
    F_P_CLOSER = 1 << 4,
    F_NO_RECONSTRUCT = 1 << 5,
    F_BREAKOUT = 1 << 6,
    F_SCOPE = 1 << 7,
    F_HOLDER = 1 << 8,
    F_RAW = 1 << 9,
    F_FOREIGN = 1 << 10,
    F_NO_CUT = 1 << 11,
    F_INTEGRATION = 1 << 12,
    F_SPECIAL = 1 << 13,
    F_SPECIAL_BUT_P = 1 << 14,
    F_END_IN_SCOPE = 1 << 15,
};

enum { HTML, FOREIGN, INTEGRATION_POINT }; /* what an element on the stack is */

/* Names the model treats apart, and what each is. */
static const char *const FORMATTING[] = {"a",     "b",      "big",    "code", "em",
                                         "font",  "i",      "nobr",   "s",    "small",
                                         "strike", "strong", "tt",     "u"};
#define N_FORMATTING (sizeof(FORMATTING) / sizeof(FORMATTING[0]))

static const struct {
    const char *names;
    unsigned flag;
} KINDS[] = {
    {"a b big code em font i nobr s small strike strong tt u", F_FORMATTING},
    {"applet caption marquee object td th template", F_MARKER},
    {"area base basefont bgsound br col embed frame hr image img input keygen link meta param "
     "source track wbr",
     F_VOID},
    {"h1 h2 h3 h4 h5 h6", F_HEADING},
    {"address article aside blockquote center details dialog dir div dl fieldset figcaption "
     "figure footer header hgroup main menu nav ol p search section summary ul h1 h2 h3 h4 h5 h6 "
     "pre listing form table hr xmp plaintext li dd dt",
     F_P_CLOSER},
    /* All of the above but xmp, which closes a <p> and then reconstructs. */
    {"address article aside blockquote center details dialog dir div dl fieldset figcaption "
     "figure footer header hgroup main menu nav ol p search section summary ul h1 h2 h3 h4 h5 h6 "
     "pre listing form table hr plaintext li dd dt",
     F_NO_RECONSTRUCT},
    {"html head body frameset frame base basefont bgsound link meta noframes script style "
     "template title caption col colgroup tbody td tfoot th thead tr textarea iframe noembed",
     F_NO_RECONSTRUCT},
    {"b big blockquote body br center code dd div dl dt em embed h1 h2 h3 h4 h5 h6 head hr i img "
     "li listing menu meta nobr ol p pre ruby s small span strong strike sub sup table tt u ul "
     "var",
     F_BREAKOUT},
    {"applet caption html table td th marquee object template mi mo mn ms mtext annotation-xml "
     "foreignobject desc title",
     F_SCOPE},
    {"address applet area article aside base basefont bgsound blockquote body br button caption "
     "center col colgroup dd details dir div dl dt embed fieldset figcaption figure footer form "
     "frame frameset h1 h2 h3 h4 h5 h6 head header hgroup hr html iframe img input keygen li link "
     "listing main marquee menu meta nav noembed noframes noscript object ol p param plaintext pre "
     "script search section select source style summary table tbody td template textarea tfoot th "
     "thead title tr track ul wbr xmp mi mo mn ms mtext annotation-xml foreignobject desc",
     F_SPECIAL},
    /* The special elements that stop a <li>, <dd> or <dt> from closing the one before it. */
    {"applet area article aside base basefont bgsound blockquote body br button caption "
     "center col colgroup dd details dir dl dt embed fieldset figcaption figure footer form "
     "frame frameset h1 h2 h3 h4 h5 h6 head header hgroup hr html iframe img input keygen li link "
     "listing main marquee menu meta nav noembed noframes noscript object ol param plaintext pre "
     "script search section select source style summary table tbody td template textarea tfoot th "
     "thead title tr track ul wbr xmp mi mo mn ms mtext annotation-xml foreignobject desc",
     F_SPECIAL_BUT_P},
    {"address article aside blockquote button center details dialog dir div dl fieldset "
     "figcaption figure footer header hgroup listing main menu nav ol pre search section summary "
     "ul li dd dt p applet marquee object form table caption tbody tfoot thead tr td th",
     F_END_IN_SCOPE},
    {"h1 template noscript svg math table select", F_HOLDER},
    {"script style xmp iframe noembed noframes title textarea", F_RAW},
    {"svg math", F_FOREIGN},
    {"html head body frameset frame col colgroup tbody thead tfoot tr td th caption table",
     F_NO_CUT},
    {"mi mo mn ms mtext foreignobject desc title", F_INTEGRATION},
};

static uint64_t name_hash(const unsigned char *p, size_t n)
{
    uint64_t h = 1469598103934665603ULL; /* FNV-1a over the lower-case name */
    for (size_t i = 0; i < n; i++) {
        unsigned char c = p[i];
        h = (h ^ (c >= 'A' && c <= 'Z' ? c + 32 : c)) * 1099511628211ULL;
    }
    return h | 1; /* 0 marks an empty slot */
}

static uint64_t cstr_hash(const char *s)
{
    return name_hash((const unsigned char *) s, strlen(s));
}

/* The names the model knows, the formatting ones first (in FORMATTING's order, so that a
 * formatting element's name index is its index there), and what each is. Built once. */
#define MAX_KNOWN 192
static uint64_t known_hash[MAX_KNOWN];
static unsigned known_flags[MAX_KNOWN];
static int n_known;
static int I_P, I_LI, I_DD, I_DT, I_TD, I_TH, I_TR, I_PLAINTEXT, I_SCRIPT, I_HTML, I_HEAD, I_BODY;
static int I_THEAD, I_TBODY, I_TFOOT, I_COLGROUP, I_CAPTION, I_OPTION, I_OPTGROUP, I_RB, I_RT,
    I_RP, I_RTC;
/* A piece begins by opening the elements open where it was cut: at most this many. */
#define MAX_REOPENED 32
static int I_HOLDERS[7], I_HEADINGS[6];
#define I_A 0

static int known_index(uint64_t h)
{
    for (int i = 0; i < n_known; i++) {
        if (known_hash[i] == h) {
            return i;
        }
    }
    return -1;
}

static int known_add(uint64_t h, unsigned flag)
{
    int i = known_index(h);
    if (i < 0 && n_known < MAX_KNOWN) {
        i = n_known++;
        known_hash[i] = h;
    }
    if (i >= 0) {
        known_flags[i] |= flag;
    }
    return i;
}

static void known_map_init(void);

void scan_init(void)
{
    if (n_known > 0) {
        return;
    }
    for (size_t i = 0; i < N_FORMATTING; i++) {
        known_add(cstr_hash(FORMATTING[i]), 0);
    }
    for (size_t k = 0; k < sizeof(KINDS) / sizeof(KINDS[0]); k++) {
        const char *s = KINDS[k].names;
        while (*s) {
            const char *end = strchr(s, ' ');
            size_t len = end ? (size_t) (end - s) : strlen(s);
            known_add(name_hash((const unsigned char *) s, len), KINDS[k].flag);
            s += len + (end != NULL);
        }
    }
    I_P = known_add(cstr_hash("p"), 0);
    I_LI = known_add(cstr_hash("li"), 0);
    I_DD = known_add(cstr_hash("dd"), 0);
    I_DT = known_add(cstr_hash("dt"), 0);
    I_TD = known_add(cstr_hash("td"), 0);
    I_TH = known_add(cstr_hash("th"), 0);
    I_TR = known_add(cstr_hash("tr"), 0);
    I_PLAINTEXT = known_add(cstr_hash("plaintext"), 0);
    I_SCRIPT = known_add(cstr_hash("script"), 0);
    I_HTML = known_add(cstr_hash("html"), 0);
    I_HEAD = known_add(cstr_hash("head"), 0);
    I_BODY = known_add(cstr_hash("body"), 0);
    I_THEAD = known_add(cstr_hash("thead"), 0);
    I_TBODY = known_add(cstr_hash("tbody"), 0);
    I_TFOOT = known_add(cstr_hash("tfoot"), 0);
    I_COLGROUP = known_add(cstr_hash("colgroup"), 0);
    I_CAPTION = known_add(cstr_hash("caption"), 0);
    I_OPTION = known_add(cstr_hash("option"), 0);
    I_OPTGROUP = known_add(cstr_hash("optgroup"), 0);
    I_RB = known_add(cstr_hash("rb"), 0);
    I_RT = known_add(cstr_hash("rt"), 0);
    I_RP = known_add(cstr_hash("rp"), 0);
    I_RTC = known_add(cstr_hash("rtc"), 0);
    static const char *const holders[] = {"h1",   "template", "noscript", "svg",
                                          "math", "table",    "select"};
    for (size_t i = 0; i < 7; i++) {
        I_HOLDERS[i] = known_add(cstr_hash(holders[i]), 0);
    }
    static const char *const headings[] = {"h1", "h2", "h3", "h4", "h5", "h6"};
    for (size_t i = 0; i < 6; i++) {
        I_HEADINGS[i] = known_add(cstr_hash(headings[i]), 0);
    }
    known_map_init();
}

/* --- The model of tree building (_pagescan_py._Tree) --- */

typedef struct {
    int *items;
    size_t n, cap;
} ints_t;

typedef struct {
    uint64_t hash;
    unsigned flags;
    ints_t places;             /* of the elements of this name on the stack */
    const unsigned char *text; /* where the page spells it (NULL: not yet seen) */
    size_t len;
} name_t;

typedef struct {
    int name;  /* index in the tree's names */
    int entry; /* of the list of active formatting elements, or -1 */
    int kind;  /* HTML, FOREIGN, INTEGRATION_POINT */
    /* The places of the topmost special element, special element but address, div and p, and
     * scope boundary at or below it: -1 for none. */
    int special, special_but_p, bound;
} elem_t;

typedef struct {
    int prev, next; /* -1: none */
    int marker;     /* the number of the marker before it */
    int pos;        /* its element's place on the stack when it was opened */
    int fmt;        /* index in FORMATTING; -1: a marker */
    unsigned char on, gone;
} entry_t;


typedef struct {
    name_t *names; /* every name seen on the page, the known ones first */
    size_t n_names, names_cap;
    uint64_t *keys; /* a hash table of name hashes: their index in names */
    int *index;
    size_t map_cap;
    int keyed; /* the table placed by the keyed hash of a name's hash (name_index) */
    elem_t *stack;
    size_t depth, stack_cap;
    entry_t *entries;
    size_t n_entries, entries_cap;
    int last;
    ints_t markers;
    int made;
    ints_t by_name[N_FORMATTING];
    long long elements;
    int failed;
} tree_t;

static inline int ints_push(ints_t *s, int v)
{
    if (s->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 16;
        int *items = realloc(s->items, cap * sizeof(int));
        if (items == NULL) {
            return -1;
        }
        s->items = items;
        s->cap = cap;
    }
    s->items[s->n++] = v;
    return 0;
}

/* Where the table looks a name's hash up first: its low bits, or (keyed) SipHash's of it
 * (_siphash.h). FNV's low bits depend only on the low bits before them, so a page can be made of
 * any number of names whose hashes share their low bits (100,000 such names took the scan 8.6 s
 * instead of 27 ms). */
static inline size_t map_home(uint64_t h, int keyed, size_t cap)
{
    if (keyed) {
        sip_t s;
        sip_start(&s);
        sip_word(&s, h);
        h = sip_end(&s);
    }
    return (size_t) h & (cap - 1);
}

static inline void map_put(uint64_t *keys, int *index, size_t cap, int keyed, uint64_t h, int i)
{
    size_t at = map_home(h, keyed, cap);
    while (keys[at] != 0) {
        at = (at + 1) & (cap - 1);
    }
    keys[at] = h;
    index[at] = i;
}

/* The table of the known names as each page's scan begins with it (tree_init copies it): built
 * once, not for each page (1% of a parser thread's CPU on rust-doc). */
#define KNOWN_MAP_CAP 1024
static uint64_t known_keys[KNOWN_MAP_CAP];
static int known_slots[KNOWN_MAP_CAP];

static void known_map_init(void)
{
    for (int i = 0; i < n_known; i++) {
        map_put(known_keys, known_slots, KNOWN_MAP_CAP, 0, known_hash[i], i);
    }
}

/* The table made again, ``cap`` slots placed as ``keyed`` says; -1 out of memory. */
static int map_remake(tree_t *t, size_t cap, int keyed)
{
    uint64_t *keys = calloc(cap, sizeof(uint64_t));
    int *index = malloc(cap * sizeof(int));
    if (keys == NULL || index == NULL) {
        free(keys);
        free(index);
        t->failed = 1;
        return -1;
    }
    for (size_t k = 0; k < t->map_cap; k++) {
        if (t->keys[k] != 0) {
            map_put(keys, index, cap, keyed, t->keys[k], t->index[k]);
        }
    }
    free(t->keys);
    free(t->index);
    t->keys = keys;
    t->index = index;
    t->map_cap = cap;
    t->keyed = keyed;
    return 0;
}

/* The index of the name hashing to ``h``, added (as an unknown name) if new; -1 out of memory. */
static inline int name_index(tree_t *t, uint64_t h)
{
    size_t at = map_home(h, t->keyed, t->map_cap), probes = 0;
    while (t->keys[at] != 0) {
        if (t->keys[at] == h) {
            return t->index[at];
        }
        at = (at + 1) & (t->map_cap - 1);
        if (++probes == PROBE_BOUND && !t->keyed) {
            if (map_remake(t, t->map_cap, 1) < 0) {
                return -1;
            }
            at = map_home(h, 1, t->map_cap);
        }
    }
    if (t->n_names == t->names_cap) {
        name_t *names = realloc(t->names, 2 * t->names_cap * sizeof(name_t));
        if (names == NULL) {
            t->failed = 1;
            return -1;
        }
        t->names = names;
        t->names_cap *= 2;
    }
    if (2 * (t->n_names + 1) > t->map_cap && map_remake(t, 2 * t->map_cap, t->keyed) < 0) {
        return -1;
    }
    int i = (int) t->n_names++;
    t->names[i] = (name_t){h, 0, {NULL, 0, 0}, NULL, 0};
    map_put(t->keys, t->index, t->map_cap, t->keyed, h, i);
    return i;
}

static int tree_init(tree_t *t)
{
    memset(t, 0, sizeof(*t));
    t->names_cap = 256;
    t->map_cap = KNOWN_MAP_CAP;
    t->names = malloc(t->names_cap * sizeof(name_t));
    t->keys = malloc(t->map_cap * sizeof(uint64_t));
    t->index = malloc(t->map_cap * sizeof(int));
    if (t->names == NULL || t->keys == NULL || t->index == NULL) {
        return -1;
    }
    memcpy(t->keys, known_keys, sizeof(known_keys));
    memcpy(t->index, known_slots, sizeof(known_slots));
    for (int i = 0; i < n_known; i++) {
        t->names[i] = (name_t){known_hash[i], known_flags[i], {NULL, 0, 0}, NULL, 0};
    }
    t->n_names = (size_t) n_known;
    return 0;
}

/* A fresh tree for the next piece: the names stay known. */
static void tree_reset(tree_t *t)
{
    for (size_t i = 0; i < t->n_names; i++) {
        t->names[i].places.n = 0;
    }
    t->depth = 0;
    t->n_entries = 0;
    t->last = -1;
    t->markers.n = 0;
    t->failed |= ints_push(&t->markers, 0) < 0;
    t->made = 0;
    for (size_t i = 0; i < N_FORMATTING; i++) {
        t->by_name[i].n = 0;
    }
    t->elements = 0;
}

static void tree_free(tree_t *t)
{
    for (size_t i = 0; t->names != NULL && i < t->n_names; i++) {
        free(t->names[i].places.items);
    }
    free(t->names);
    free(t->keys);
    free(t->index);
    free(t->stack);
    free(t->entries);
    free(t->markers.items);
    for (size_t i = 0; i < N_FORMATTING; i++) {
        free(t->by_name[i].items);
    }
}

static inline void push(tree_t *t, int name, int entry, int kind)
{
    if (t->depth == t->stack_cap) {
        size_t cap = t->stack_cap ? 2 * t->stack_cap : 256;
        elem_t *stack = realloc(t->stack, cap * sizeof(elem_t));
        if (stack == NULL) {
            t->failed = 1;
            return;
        }
        t->stack = stack;
        t->stack_cap = cap;
    }
    name_t *nm = &t->names[name];
    int at = (int) t->depth;
    if (ints_push(&nm->places, at) < 0) {
        t->failed = 1;
        return;
    }
    elem_t el = {name, entry, kind, -1, -1, -1};
    if (at > 0) {
        el.special = t->stack[at - 1].special;
        el.special_but_p = t->stack[at - 1].special_but_p;
        el.bound = t->stack[at - 1].bound;
    }
    if (kind == HTML) {
        if (nm->flags & F_SPECIAL) {
            el.special = at;
        }
        if (nm->flags & F_SPECIAL_BUT_P) {
            el.special_but_p = at;
        }
        if (nm->flags & F_SCOPE) {
            el.bound = at;
        }
    }
    else if (nm->flags & F_INTEGRATION) {
        el.special = el.special_but_p = el.bound = at;
    }
    t->stack[t->depth++] = el;
    if (entry >= 0) {
        t->entries[entry].pos = at;
    }
}

static inline void pop(tree_t *t)
{
    elem_t el = t->stack[--t->depth];
    name_t *nm = &t->names[el.name];
    nm->places.n--;
    if (el.entry >= 0) {
        t->entries[el.entry].on = 0;
    }
    /* The list is cleared back to its last marker: the one an HTML element of these names put
     * there (an SVG or MathML <td> put none, and cleared another's marker away). */
    if ((nm->flags & F_MARKER) && el.kind == HTML) {
        while (t->last >= 0) {
            entry_t *gone = &t->entries[t->last];
            t->last = gone->prev;
            gone->gone = 1;
            if (gone->fmt < 0) {
                t->markers.n--;
                break;
            }
        }
        if (t->last >= 0) {
            t->entries[t->last].next = -1;
        }
    }
}

/* The place of the topmost open element of ``name``; -1 if none is open. */
static inline int top_of(const tree_t *t, int name)
{
    const ints_t *places = &t->names[name].places;
    return places->n > 0 ? places->items[places->n - 1] : -1;
}

/* Whether the element at ``at`` is in scope: no scope boundary above it. */
static inline int in_scope(const tree_t *t, int at)
{
    return at >= 0 && at >= t->stack[t->depth - 1].bound;
}

/* Pops the element at ``at`` and every one above it. */
static inline void close_at(tree_t *t, int at)
{
    while ((int) t->depth > at) {
        pop(t);
    }
}

static inline void pop_until(tree_t *t, int name)
{
    int at = top_of(t, name);
    if (at >= 0) {
        close_at(t, at);
    }
}

static void pop_entry(tree_t *t, int entry)
{
    while (t->stack[t->depth - 1].entry != entry) {
        pop(t);
    }
    pop(t);
}

static void unlink_entry(tree_t *t, int e)
{
    entry_t *x = &t->entries[e];
    if (x->prev >= 0) {
        t->entries[x->prev].next = x->next;
    }
    if (x->next >= 0) {
        t->entries[x->next].prev = x->prev;
    }
    else {
        t->last = x->prev;
    }
    x->gone = 1;
}

static inline int find_entry(tree_t *t, int fmt)
{
    ints_t *s = &t->by_name[fmt];
    while (s->n > 0 && t->entries[s->items[s->n - 1]].gone) {
        s->n--;
    }
    if (s->n > 0 && t->entries[s->items[s->n - 1]].marker == t->markers.items[t->markers.n - 1]) {
        return s->items[s->n - 1];
    }
    return -1;
}

static void reconstruct(tree_t *t, long long limit)
{
    int e = t->last;
    if (e < 0 || t->entries[e].on || t->entries[e].fmt < 0) {
        return;
    }
    int first = e;
    while (e >= 0 && t->entries[e].fmt >= 0 && !t->entries[e].on) {
        first = e;
        e = t->entries[e].prev;
    }
    for (int node = first; node >= 0 && t->elements <= limit && !t->failed;
         node = t->entries[node].next) {
        t->entries[node].on = 1;
        t->elements++;
        push(t, t->entries[node].fmt, node, HTML);
    }
}

static int add_entry(tree_t *t, int fmt)
{
    if (t->n_entries == t->entries_cap) {
        size_t cap = t->entries_cap ? 2 * t->entries_cap : 64;
        entry_t *entries = realloc(t->entries, cap * sizeof(entry_t));
        if (entries == NULL) {
            t->failed = 1;
            return -1;
        }
        t->entries = entries;
        t->entries_cap = cap;
    }
    int e = (int) t->n_entries++;
    t->entries[e] = (entry_t){t->last, -1, t->markers.items[t->markers.n - 1], 0, fmt, 1, 0};
    if (t->last >= 0) {
        t->entries[t->last].next = e;
    }
    t->last = e;
    return e;
}

/* Whether the current node is an SVG or MathML element (integration points too). */
static int in_foreign(const tree_t *t)
{
    return t->depth > 0 && t->stack[t->depth - 1].kind != HTML;
}

/* A start tag; whether it was read as HTML (in SVG or MathML content it is not, but in an
 * integration point, or for the tags that end that content). */
static int start(tree_t *t, int name, int self_closing, long long limit)
{
    unsigned flags = t->names[name].flags;
    if (t->depth > 0 && t->stack[t->depth - 1].kind == FOREIGN) {
        if (!(flags & F_BREAKOUT)) {
            t->elements++;
            if (!self_closing) {
                push(t, name, -1, (flags & F_INTEGRATION) ? INTEGRATION_POINT : FOREIGN);
            }
            return 0;
        }
        while (t->depth > 0 && t->stack[t->depth - 1].kind == FOREIGN) {
            pop(t);
        }
    }
    if (name == I_HTML || name == I_HEAD || name == I_BODY) {
        return 1; /* its attributes go to the one there is: no element */
    }
    if ((flags & F_P_CLOSER) && in_scope(t, top_of(t, I_P))) {
        close_at(t, top_of(t, I_P));
    }
    if ((flags & F_HEADING) && t->depth > 0
        && (t->names[t->stack[t->depth - 1].name].flags & F_HEADING)) {
        pop(t);
    }
    if (name == I_LI || name == I_DD || name == I_DT) {
        /* Closes the one open before it, unless a special element is open above that one. */
        int at = top_of(t, I_LI);
        if (name != I_LI) {
            int dd = top_of(t, I_DD), dt = top_of(t, I_DT);
            at = dd > dt ? dd : dt;
        }
        if (at >= 0 && at >= t->stack[t->depth - 1].special_but_p) {
            close_at(t, at);
        }
    }
    else if (name == I_TD || name == I_TH) {
        pop_until(t, I_TD);
        pop_until(t, I_TH);
    }
    else if (name == I_TR) {
        pop_until(t, I_TR);
    }
    else if (name == I_THEAD || name == I_TBODY || name == I_TFOOT) {
        /* Closes the section open, if in scope. */
        int at = top_of(t, I_THEAD), body = top_of(t, I_TBODY), foot = top_of(t, I_TFOOT);
        at = body > at ? body : at;
        at = foot > at ? foot : at;
        if (in_scope(t, at)) {
            close_at(t, at);
        }
    }
    else if (name == I_COLGROUP || name == I_CAPTION) {
        int at = top_of(t, name);
        if (in_scope(t, at)) {
            close_at(t, at);
        }
    }
    else if (name == I_OPTION || name == I_OPTGROUP) { /* closes the option (optgroup) it is in */
        if (t->depth > 0 && t->stack[t->depth - 1].name == I_OPTION) {
            pop(t);
        }
        if (name == I_OPTGROUP && t->depth > 0 && t->stack[t->depth - 1].name == I_OPTGROUP) {
            pop(t);
        }
    }
    else if (name == I_RB || name == I_RT || name == I_RP || name == I_RTC) {
        /* Closes the ruby text it is in (rt and rp: not an rtc). */
        int top = t->depth > 0 ? t->stack[t->depth - 1].name : -1;
        if ((top == I_RB || top == I_RT || top == I_RP || top == I_RTC)
            && (name == I_RB || name == I_RTC || top != I_RTC)) {
            pop(t);
        }
    }
    else if (name == I_A) {
        int e = find_entry(t, I_A);
        if (e >= 0) {
            if (t->entries[e].on) {
                pop_entry(t, e);
            }
            unlink_entry(t, e);
        }
    }
    if (!(flags & F_NO_RECONSTRUCT) && t->last >= 0 && !t->entries[t->last].on) {
        reconstruct(t, limit);
    }
    t->elements++;
    if (flags & F_FOREIGN) {
        if (!self_closing) {
            push(t, name, -1, FOREIGN);
        }
        return 1;
    }
    if (flags & F_VOID) {
        return 1;
    }
    int entry = -1;
    if (flags & F_FORMATTING) { /* its name index is its index in FORMATTING */
        entry = add_entry(t, name);
        if (entry >= 0 && ints_push(&t->by_name[name], entry) < 0) {
            t->failed = 1;
        }
    }
    else if (flags & F_MARKER) {
        t->made++;
        if (add_entry(t, -1) >= 0 && ints_push(&t->markers, t->made) < 0) {
            t->failed = 1;
        }
    }
    if (!t->failed) {
        push(t, name, entry, HTML);
    }
    return 1;
}

static void end(tree_t *t, int name)
{
    unsigned flags = t->names[name].flags;
    if (name == I_HTML || name == I_HEAD || name == I_BODY || t->depth == 0) {
        return;
    }
    if (flags & F_HEADING) { /* closes the topmost heading of any rank, if in scope */
        int at = -1;
        for (size_t i = 0; i < 6; i++) {
            int h = top_of(t, I_HEADINGS[i]);
            at = h > at ? h : at;
        }
        if (in_scope(t, at)) {
            close_at(t, at);
        }
        return;
    }
    int e = (flags & F_FORMATTING) ? find_entry(t, name) : -1;
    if (e >= 0) {
        if (t->entries[e].on) {
            if (!in_scope(t, t->entries[e].pos)) { /* the end tag is ignored */
                return;
            }
            pop_entry(t, e);
        }
        unlink_entry(t, e);
        return;
    }
    int at = top_of(t, name);
    if (flags & F_END_IN_SCOPE) {
        if (in_scope(t, at)) {
            close_at(t, at);
        }
    }
    else if (at >= 0 && at >= t->stack[t->depth - 1].special) { /* no special one above it */
        close_at(t, at);
    }
}

/* A new piece's tree: the elements of ``names`` opened as its first start tags open them. */
static void reopen(tree_t *t, const int *names, size_t count)
{
    for (size_t i = 0; i < count && !t->failed; i++) {
        int name = names[i];
        unsigned flags = t->names[name].flags;
        t->elements++;
        int entry = -1;
        if (flags & F_FORMATTING) {
            entry = add_entry(t, name);
            if (entry >= 0 && ints_push(&t->by_name[name], entry) < 0) {
                t->failed = 1;
            }
        }
        else if (flags & F_MARKER) {
            t->made++;
            if (add_entry(t, -1) >= 0 && ints_push(&t->markers, t->made) < 0) {
                t->failed = 1;
            }
        }
        if (!t->failed) {
            push(t, name, entry, HTML);
        }
    }
}

static int holding(tree_t *t, const long *held)
{
    for (size_t i = 0; i < 7; i++) {
        if (held[i] > 0 || t->names[I_HOLDERS[i]].places.n > 0) {
            return 1;
        }
    }
    return 0;
}

/* The index of a name in I_HOLDERS (an end tag of any heading counts as the H1's), or -1. */
static int holder(int name, int end)
{
    for (int i = 0; i < 7; i++) {
        if (I_HOLDERS[i] == name) {
            return i;
        }
    }
    if (end) {
        for (int i = 0; i < 6; i++) {
            if (I_HEADINGS[i] == name) {
                return 0;
            }
        }
    }
    return -1;
}

/* --- The model of the tokenizer (_pagescan_py.scan) --- */

static int is_letter(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static int is_space(unsigned char c)
{
    return c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' ';
}

/* What ends a run of each kind in a tag, by byte: a table is faster than the comparisons. */
enum { C_SPACE = 1, C_SLASH = 2, C_GT = 4, C_EQ = 8 };
static const unsigned char CLASS[256] = {
    ['\t'] = C_SPACE, ['\n'] = C_SPACE, ['\f'] = C_SPACE, ['\r'] = C_SPACE, [' '] = C_SPACE,
    ['/'] = C_SLASH,  ['>'] = C_GT,     ['='] = C_EQ,
};

static const unsigned char *find_bytes(const unsigned char *p, Py_ssize_t n, Py_ssize_t from,
                                       const char *needle)
{
    size_t k = strlen(needle);
    if (from < 0 || from > n || (size_t) (n - from) < k) {
        return NULL;
    }
    return memmem(p + from, (size_t) (n - from), needle, k);
}

static int starts(const unsigned char *p, Py_ssize_t n, Py_ssize_t at, const char *s)
{
    size_t k = strlen(s);
    return at >= 0 && at <= n && (size_t) (n - at) >= k && memcmp(p + at, s, k) == 0;
}

/* ``s`` (lower case) at ``at``, in any case. */
static int starts_ci(const unsigned char *p, Py_ssize_t n, Py_ssize_t at, const char *s)
{
    size_t k = strlen(s);
    if (at < 0 || at > n || (size_t) (n - at) < k) {
        return 0;
    }
    for (size_t i = 0; i < k; i++) {
        unsigned char c = p[at + i];
        if ((c >= 'A' && c <= 'Z' ? c + 32 : c) != (unsigned char) s[i]) {
            return 0;
        }
    }
    return 1;
}

/* The end of a raw-text element's content: "</name" and a space, "/" or ">"; -1 if none. */
static Py_ssize_t raw_end(const unsigned char *p, Py_ssize_t n, Py_ssize_t from,
                          const unsigned char *name, size_t len)
{
    for (Py_ssize_t i = from; i + 2 + (Py_ssize_t) len < n; i++) {
        const unsigned char *lt = memchr(p + i, '<', (size_t) (n - i));
        if (lt == NULL) {
            return -1;
        }
        i = lt - p;
        if (i + 2 + (Py_ssize_t) len >= n) {
            return -1;
        }
        if (p[i + 1] != '/') {
            continue;
        }
        size_t k = 0;
        while (k < len) {
            unsigned char c = p[i + 2 + k];
            if ((c >= 'A' && c <= 'Z' ? c + 32 : c) != name[k]) {
                break;
            }
            k++;
        }
        unsigned char after = p[i + 2 + len];
        if (k == len && (is_space(after) || after == '/' || after == '>')) {
            return i;
        }
    }
    return -1;
}

/* One tag from its "<" (or "</") at ``lt``: *name_end, *attrs_end, *self_closing, how many
 * attributes (when its attribute text is long enough to count), and its end: after ">", or -1
 * when the page ends inside it. */
static Py_ssize_t read_tag(const unsigned char *p, Py_ssize_t n, Py_ssize_t lt, Py_ssize_t *name_end,
                           Py_ssize_t *attrs_end, int *self_closing, long long *attrs,
                           uint64_t *hash)
{
    Py_ssize_t i = lt + 1 + (p[lt + 1] == '/');
    uint64_t h = 1469598103934665603ULL; /* name_hash(), on the way */
    while (i < n && !(CLASS[p[i]] & (C_SPACE | C_SLASH | C_GT))) {
        unsigned char c = p[i];
        h = (h ^ (c >= 'A' && c <= 'Z' ? c + 32 : c)) * 1099511628211ULL;
        i++;
    }
    *hash = h | 1;
    *name_end = *attrs_end = i;
    long long k = 0;
    for (;;) {
        while (i < n && (CLASS[p[i]] & (C_SPACE | C_SLASH))) { /* before an attribute's name */
            i++;
        }
        if (i >= n) {
            break;
        }
        if (p[i] == '>') {
            break;
        }
        k++; /* a name: its first byte may be "=" */
        i++;
        while (i < n && !(CLASS[p[i]] & (C_SPACE | C_SLASH | C_GT | C_EQ))) {
            i++;
        }
        *attrs_end = i;
        Py_ssize_t j = i;
        while (j < n && (CLASS[p[j]] & C_SPACE)) {
            j++;
        }
        if (j >= n || p[j] != '=') {
            continue; /* no value; the spaces are the next attribute's */
        }
        j++;
        while (j < n && (CLASS[p[j]] & C_SPACE)) {
            j++;
        }
        if (j < n && (p[j] == '"' || p[j] == '\'')) {
            const unsigned char *close = memchr(p + j + 1, p[j], (size_t) (n - j - 1));
            j = close != NULL ? close - p + 1 : n;
        }
        else {
            while (j < n && !(CLASS[p[j]] & (C_SPACE | C_GT))) {
                j++;
            }
        }
        i = *attrs_end = j;
    }
    *self_closing = i < n && i > *attrs_end && p[i - 1] == '/';
    *attrs = *attrs_end - *name_end >= ATTRIBUTE_TEXT ? k : 0;
    return i < n ? i + 1 : -1;
}

static int script_delimiter(const unsigned char *p, Py_ssize_t n, Py_ssize_t at)
{
    return at < n && (is_space(p[at]) || p[at] == '/' || p[at] == '>');
}

/* Where the script whose content starts at ``pos`` ends (its "</script"), or -1 (_pagescan_py's
 * script_end): "<!--" escapes the content, "<script" in it then double-escapes it, "-->" ends
 * either. */
static Py_ssize_t script_end(const unsigned char *p, Py_ssize_t n, Py_ssize_t pos)
{
    int state = 0; /* 0: script data, 1: escaped, 2: double escaped */
    for (Py_ssize_t i = pos; i < n; i++) {
        if (p[i] == '-' && starts(p, n, i, "-->")) {
            state = 0;
            i += 2;
        }
        else if (p[i] != '<') {
            continue;
        }
        else if (starts(p, n, i, "<!--")) {
            if (state == 0) {
                state = 1;
            }
            i += 1; /* "<!-->" ends where it starts */
        }
        else if (starts_ci(p, n, i, "</script") && script_delimiter(p, n, i + 8)) {
            if (state != 2) {
                return i;
            }
            state = 1;
            i += 8;
        }
        else if (starts_ci(p, n, i, "<script") && script_delimiter(p, n, i + 7)) {
            if (state == 1) {
                state = 2;
            }
            i += 7;
        }
    }
    return -1;
}

static Py_ssize_t bogus_end(const unsigned char *p, Py_ssize_t n, Py_ssize_t from)
{
    const unsigned char *gt = from < n ? memchr(p + from, '>', (size_t) (n - from)) : NULL;
    return gt != NULL ? gt - p + 1 : n;
}

/* The names of the open elements, outermost first, but html, head and body: how many (more
 * than MAX_REOPENED: MAX_REOPENED + 1, the rest left out). */
static size_t opened(const tree_t *t, int *names)
{
    size_t k = 0;
    for (size_t i = 0; i < t->depth && k <= MAX_REOPENED; i++) {
        int name = t->stack[i].name;
        if (name != I_HTML && name != I_HEAD && name != I_BODY) {
            if (k < MAX_REOPENED) {
                names[k] = name;
            }
            k++;
        }
    }
    return k;
}

static int bytes_add(char **buf, size_t *len, size_t *cap, const void *data, size_t n)
{
    if (n == 0) {
        return 0; /* memcpy to or from NULL is undefined even for 0 bytes */
    }
    if (*len + n > *cap) {
        size_t c = *cap ? *cap : 256;
        while (c < *len + n) {
            c *= 2;
        }
        char *more = realloc(*buf, c);
        if (more == NULL) {
            return -1;
        }
        *buf = more;
        *cap = c;
    }
    memcpy(*buf + *len, data, n);
    *len += n;
    return 0;
}

/* "<name>" for each of ``names``, in the case of the page's first spelling, lower. */
static int reopen_tags(const tree_t *t, const int *names, size_t count, char **buf, size_t *len,
                       size_t *cap)
{
    for (size_t i = 0; i < count; i++) {
        const name_t *nm = &t->names[names[i]];
        if (bytes_add(buf, len, cap, "<", 1) < 0) {
            return -1;
        }
        for (size_t k = 0; k < nm->len; k++) {
            unsigned char c = nm->text[k];
            c = c >= 'A' && c <= 'Z' ? c + 32 : c;
            if (bytes_add(buf, len, cap, &c, 1) < 0) {
                return -1;
            }
        }
        if (bytes_add(buf, len, cap, ">", 1) < 0) {
            return -1;
        }
    }
    return 0;
}

Py_ssize_t page_scan(const char *data, Py_ssize_t n, Py_ssize_t max_tags, Py_ssize_t tags,
                     long long max_elements, Py_ssize_t **cuts_out, long long *pairs_out,
                     long long *elements_out, Py_ssize_t *doctype, char **reopened_out,
                     Py_ssize_t **reopened_ends_out)
{
    char *reopened = NULL;
    size_t reopened_len = 0, reopened_cap = 0;
    Py_ssize_t *reopened_ends = NULL;
    int open_names[MAX_REOPENED];
    *reopened_out = NULL;
    *reopened_ends_out = NULL;
    const unsigned char *p = (const unsigned char *) data;
    Py_ssize_t step = max_tags >= 1 && tags > max_tags
                          ? (Py_ssize_t) ((long long) n * max_tags / tags)
                          : 0;
    Py_ssize_t target = step ? step : n + 1;
    Py_ssize_t *cuts = NULL, n_cuts = 0, cap = 0;
    long long pairs = 0, biggest = 0;
    tree_t t;
    t.failed = tree_init(&t) < 0;
    tree_reset(&t);
    /* Each holder's start tags less its end tags, never below 0 (_pagescan_py.scan's held). */
    long held[7] = {0};
    /* The doctype that sets the page's mode: one before anything but spaces and comments. */
    int initial = 1;
    doctype[0] = doctype[1] = 0;
    Py_ssize_t pos = 0;
    *cuts_out = NULL;
    while (pos < n && t.elements <= max_elements && !t.failed) {
        const unsigned char *found = memchr(p + pos, '<', (size_t) (n - pos));
        Py_ssize_t lt = found != NULL ? found - p : n;
        if (lt > pos) {
            if (t.last >= 0 && !t.entries[t.last].on) {
                reconstruct(&t, max_elements);
            }
            for (Py_ssize_t k = pos; initial && k < lt; k++) {
                initial = is_space(p[k]);
            }
        }
        if (lt >= n - 1) {
            if (lt == n - 1) {
                reconstruct(&t, max_elements);
            }
            break;
        }
        unsigned char c = p[lt + 1];
        if (c != '!' && c != '?') { /* anything but a comment or a doctype */
            initial = 0;
        }
        if (is_letter(c) || (c == '/' && lt + 2 < n && is_letter(p[lt + 2]))) {
            Py_ssize_t name_end, attrs_end;
            int self_closing;
            long long k;
            uint64_t hash;
            Py_ssize_t end_at =
                read_tag(p, n, lt, &name_end, &attrs_end, &self_closing, &k, &hash);
            pairs += k * (k - 1) / 2;
            if (pairs > SATURATED) {
                pairs = SATURATED;
            }
            if (end_at < 0) { /* the page ends inside the tag: it is dropped */
                break;
            }
            pos = end_at;
            const unsigned char *name = p + lt + 1 + (c == '/');
            size_t len = (size_t) (name_end - (name - p));
            int index = name_index(&t, hash);
            if (index < 0) {
                break;
            }
            if (t.names[index].text == NULL) {
                t.names[index].text = name;
                t.names[index].len = len;
            }
            unsigned flags = t.names[index].flags;
            int h = (flags & (F_HOLDER | F_HEADING)) ? holder(index, c == '/') : -1;
            if (c == '/') {
                end(&t, index);
                if (h >= 0 && held[h] > 0) {
                    held[h]--;
                }
                continue;
            }
            size_t n_open;
            if (step && lt >= target && lt < n - step / 2 && !(flags & F_NO_CUT)
                && (t.last < 0 || t.entries[t.last].on) && !holding(&t, held)
                /* no <a> open, for up to half a piece more (_pagescan_py's docstring) */
                && (t.names[I_A].places.n == 0 || lt >= target + step / 2)
                && (n_open = opened(&t, open_names)) <= MAX_REOPENED) {
                if (n_cuts == cap) {
                    cap = cap ? 2 * cap : 16;
                    Py_ssize_t *more = realloc(cuts, (size_t) cap * sizeof(Py_ssize_t));
                    Py_ssize_t *ends =
                        more != NULL ? realloc(reopened_ends, (size_t) cap * sizeof(Py_ssize_t))
                                     : NULL;
                    if (more != NULL) {
                        cuts = more;
                    }
                    if (ends == NULL) {
                        t.failed = 1;
                        break;
                    }
                    reopened_ends = ends;
                }
                if (reopen_tags(&t, open_names, n_open, &reopened, &reopened_len, &reopened_cap)
                    < 0) {
                    t.failed = 1;
                    break;
                }
                reopened_ends[n_cuts] = (Py_ssize_t) reopened_len;
                cuts[n_cuts++] = lt;
                target = lt + step;
                if (t.elements > biggest) {
                    biggest = t.elements;
                }
                tree_reset(&t);
                reopen(&t, open_names, n_open);
            }
            int html = start(&t, index, self_closing, max_elements);
            if (h >= 0 && !(self_closing && (flags & F_FOREIGN))) {
                held[h]++;
            }
            if (!html) {
                continue;
            }
            if (index == I_PLAINTEXT) {
                break;
            }
            if (index == I_SCRIPT) {
                pos = script_end(p, n, pos);
                if (pos < 0) {
                    break;
                }
            }
            else if (flags & F_RAW) {
                unsigned char lower[16];
                for (size_t i = 0; i < len && i < sizeof(lower); i++) {
                    lower[i] = name[i] >= 'A' && name[i] <= 'Z' ? name[i] + 32 : name[i];
                }
                Py_ssize_t e = raw_end(p, n, pos, lower, len);
                if (e < 0) {
                    break;
                }
                pos = e;
            }
            continue;
        }
        if (c == '!') {
            if (starts(p, n, lt, "<!--")) {
                if (starts(p, n, lt + 4, ">")) {
                    pos = lt + 5;
                }
                else if (starts(p, n, lt + 4, "->")) {
                    pos = lt + 6;
                }
                else {
                    const unsigned char *dash = find_bytes(p, n, lt + 4, "-->");
                    /* "--!>" ends it too, if it comes first: looked for before "-->" only. */
                    const unsigned char *bang =
                        find_bytes(p, dash != NULL ? dash - p + 3 : n, lt + 4, "--!>");
                    if (dash != NULL && (bang == NULL || dash < bang)) {
                        pos = dash - p + 3;
                    }
                    else {
                        pos = bang != NULL ? bang - p + 4 : n;
                    }
                }
                continue;
            }
            if (starts(p, n, lt, "<![CDATA[") && in_foreign(&t)) {
                const unsigned char *close = find_bytes(p, n, lt + 9, "]]>");
                pos = close != NULL ? close - p + 3 : n;
                continue;
            }
        }
        else if (c == '/') {
            if (starts(p, n, lt + 2, ">")) {
                pos = lt + 3;
                continue;
            }
        }
        else if (c != '?') {
            pos = lt + 1;
            reconstruct(&t, max_elements);
            continue;
        }
        pos = bogus_end(p, n, lt + 2);
        if (initial && starts_ci(p, n, lt + 2, "doctype")) {
            doctype[0] = lt;
            doctype[1] = pos;
            initial = 0;
        }
    }
    if (t.elements > biggest) {
        biggest = t.elements;
    }
    int failed = t.failed;
    tree_free(&t);
    if (failed) {
        free(cuts);
        free(reopened);
        free(reopened_ends);
        return -1;
    }
    *cuts_out = cuts;
    *reopened_out = reopened;
    *reopened_ends_out = reopened_ends;
    *pairs_out = pairs;
    *elements_out = biggest < max_elements + 1 ? biggest : max_elements + 1;
    return n_cuts;
}
