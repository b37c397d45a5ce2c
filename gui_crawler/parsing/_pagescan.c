/* The page scan: one pass over a page before lexbor sees it, through a model of the HTML tokenizer
 * and of the part of tree building that makes elements. It finds where a huge page can be cut into
 * pieces that parse alone, how many attribute comparisons lexbor's duplicate check will make, and
 * how many elements the parse of the biggest piece makes. Its specification is _pagescan_py.py,
 * which says what each step models and why; this follows it step for step (the tests hold the two
 * to the same results). No GIL needed: it runs on the parser threads before each page's parse.
 */
#define PY_SSIZE_T_CLEAN
#include "_pagewalk.h" /* Python.h first: it sets _GNU_SOURCE, which memmem() needs */

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
};

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
    {"applet caption html table td th marquee object template", F_SCOPE},
    {"h1 template noscript svg math table select", F_HOLDER},
    {"script style xmp iframe noembed noframes title textarea", F_RAW},
    {"svg math", F_FOREIGN},
    {"html head body frameset frame col colgroup tbody thead tfoot tr td th caption table",
     F_NO_CUT},
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
static int I_P, I_LI, I_DD, I_DT, I_TD, I_TH, I_TR, I_PLAINTEXT;
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
    static const char *const holders[] = {"h1",   "template", "noscript", "svg",
                                          "math", "table",    "select"};
    for (size_t i = 0; i < 7; i++) {
        I_HOLDERS[i] = known_add(cstr_hash(holders[i]), 0);
    }
    static const char *const headings[] = {"h1", "h2", "h3", "h4", "h5", "h6"};
    for (size_t i = 0; i < 6; i++) {
        I_HEADINGS[i] = known_add(cstr_hash(headings[i]), 0);
    }
}

/* --- The model of tree building (_pagescan_py._Tree) --- */

typedef struct {
    uint64_t hash;
    unsigned flags;
    long open; /* elements of this name on the stack */
} name_t;

typedef struct {
    int name;  /* index in the tree's names */
    int entry; /* of the list of active formatting elements, or -1 */
} elem_t;

typedef struct {
    int prev, next; /* -1: none */
    int marker;     /* the number of the marker before it */
    long scope;     /* scope boundaries open below it when it was opened */
    int fmt;        /* index in FORMATTING; -1: a marker */
    unsigned char on, gone;
} entry_t;

typedef struct {
    int *items;
    size_t n, cap;
} ints_t;

typedef struct {
    name_t *names; /* every name seen on the page, the known ones first */
    size_t n_names, names_cap;
    uint64_t *keys; /* a hash table of name hashes: their index in names */
    int *index;
    size_t map_cap;
    elem_t *stack;
    size_t depth, stack_cap;
    entry_t *entries;
    size_t n_entries, entries_cap;
    int last;
    ints_t markers;
    int made;
    ints_t by_name[N_FORMATTING];
    long bounds, foreign;
    long long elements;
    int failed;
} tree_t;

static int ints_push(ints_t *s, int v)
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

static void map_put(uint64_t *keys, int *index, size_t cap, uint64_t h, int i)
{
    size_t at = (size_t) h & (cap - 1);
    while (keys[at] != 0) {
        at = (at + 1) & (cap - 1);
    }
    keys[at] = h;
    index[at] = i;
}

/* The index of the name hashing to ``h``, added (as an unknown name) if new; -1 out of memory. */
static int name_index(tree_t *t, uint64_t h)
{
    size_t at = (size_t) h & (t->map_cap - 1);
    while (t->keys[at] != 0) {
        if (t->keys[at] == h) {
            return t->index[at];
        }
        at = (at + 1) & (t->map_cap - 1);
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
    if (2 * (t->n_names + 1) > t->map_cap) {
        size_t cap = 2 * t->map_cap;
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
                map_put(keys, index, cap, t->keys[k], t->index[k]);
            }
        }
        free(t->keys);
        free(t->index);
        t->keys = keys;
        t->index = index;
        t->map_cap = cap;
    }
    int i = (int) t->n_names++;
    t->names[i] = (name_t){h, 0, 0};
    map_put(t->keys, t->index, t->map_cap, h, i);
    return i;
}

static int tree_init(tree_t *t)
{
    memset(t, 0, sizeof(*t));
    t->names_cap = 256;
    t->map_cap = 1024;
    t->names = malloc(t->names_cap * sizeof(name_t));
    t->keys = calloc(t->map_cap, sizeof(uint64_t));
    t->index = malloc(t->map_cap * sizeof(int));
    if (t->names == NULL || t->keys == NULL || t->index == NULL) {
        return -1;
    }
    for (int i = 0; i < n_known; i++) {
        t->names[i] = (name_t){known_hash[i], known_flags[i], 0};
        map_put(t->keys, t->index, t->map_cap, known_hash[i], i);
    }
    t->n_names = (size_t) n_known;
    return 0;
}

/* A fresh tree for the next piece: the names stay known. */
static void tree_reset(tree_t *t)
{
    for (size_t i = 0; i < t->n_names; i++) {
        t->names[i].open = 0;
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
    t->bounds = t->foreign = 0;
    t->elements = 0;
}

static void tree_free(tree_t *t)
{
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

static void push(tree_t *t, int name, int entry)
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
    nm->open++;
    t->stack[t->depth++] = (elem_t){name, entry};
    if (entry >= 0) {
        t->entries[entry].scope = t->bounds;
    }
    t->bounds += (nm->flags & F_SCOPE) != 0;
    t->foreign += (nm->flags & F_FOREIGN) != 0;
}

static void pop(tree_t *t)
{
    elem_t el = t->stack[--t->depth];
    name_t *nm = &t->names[el.name];
    nm->open--;
    t->bounds -= (nm->flags & F_SCOPE) != 0;
    t->foreign -= (nm->flags & F_FOREIGN) != 0;
    if (el.entry >= 0) {
        t->entries[el.entry].on = 0;
    }
    if (nm->flags & F_MARKER) { /* the list is cleared back to its last marker */
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

static void pop_until(tree_t *t, int name)
{
    if (t->names[name].open > 0) {
        while (t->stack[t->depth - 1].name != name) {
            pop(t);
        }
        pop(t);
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

static int find_entry(tree_t *t, int fmt)
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
        push(t, t->entries[node].fmt, node);
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

static void start(tree_t *t, int name, int self_closing, long long limit)
{
    unsigned flags = t->names[name].flags;
    long foreign = t->foreign;
    if (foreign && (flags & F_BREAKOUT)) {
        while (t->foreign > 0) {
            pop(t);
        }
        foreign = 0;
    }
    if (flags & F_P_CLOSER) {
        pop_until(t, I_P);
    }
    if ((flags & F_HEADING) && t->depth > 0
        && (t->names[t->stack[t->depth - 1].name].flags & F_HEADING)) {
        pop(t);
    }
    if (name == I_LI) {
        pop_until(t, I_LI);
    }
    else if (name == I_DD || name == I_DT) {
        pop_until(t, I_DD);
        pop_until(t, I_DT);
    }
    else if (name == I_TD || name == I_TH) {
        pop_until(t, I_TD);
        pop_until(t, I_TH);
    }
    else if (name == I_TR) {
        pop_until(t, I_TR);
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
    if (!(flags & F_NO_RECONSTRUCT)) {
        reconstruct(t, limit);
    }
    t->elements++;
    if ((flags & F_VOID) || (self_closing && (foreign || (flags & F_FOREIGN)))) {
        return;
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
        push(t, name, entry);
    }
}

static void end(tree_t *t, int name)
{
    unsigned flags = t->names[name].flags;
    if (flags & F_HEADING) {
        long headings = 0;
        for (size_t i = 0; i < 6; i++) {
            headings += t->names[I_HEADINGS[i]].open;
        }
        if (headings > 0) {
            while (!(t->names[t->stack[t->depth - 1].name].flags & F_HEADING)) {
                pop(t);
            }
            pop(t);
        }
        return;
    }
    int e = (flags & F_FORMATTING) ? find_entry(t, name) : -1;
    if (e < 0) {
        pop_until(t, name);
        return;
    }
    if (t->entries[e].on) {
        if (t->entries[e].scope != t->bounds) { /* not in scope: the end tag is ignored */
            return;
        }
        pop_entry(t, e);
    }
    unlink_entry(t, e);
}

static int holding(tree_t *t, const long *held)
{
    for (size_t i = 0; i < 7; i++) {
        if (held[i] > 0 || t->names[I_HOLDERS[i]].open > 0) {
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
                           Py_ssize_t *attrs_end, int *self_closing, long long *attrs)
{
    Py_ssize_t i = lt + 1 + (p[lt + 1] == '/');
    while (i < n && !(CLASS[p[i]] & (C_SPACE | C_SLASH | C_GT))) {
        i++;
    }
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

static Py_ssize_t bogus_end(const unsigned char *p, Py_ssize_t n, Py_ssize_t from)
{
    const unsigned char *gt = from < n ? memchr(p + from, '>', (size_t) (n - from)) : NULL;
    return gt != NULL ? gt - p + 1 : n;
}

Py_ssize_t page_scan(const char *data, Py_ssize_t n, Py_ssize_t max_tags, Py_ssize_t tags,
                     long long max_elements, Py_ssize_t **cuts_out, long long *pairs_out,
                     long long *elements_out, Py_ssize_t *doctype)
{
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
            reconstruct(&t, max_elements);
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
            Py_ssize_t end_at = read_tag(p, n, lt, &name_end, &attrs_end, &self_closing, &k);
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
            int index = name_index(&t, name_hash(name, len));
            if (index < 0) {
                break;
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
            if (step && lt >= target && lt < n - step / 2 && !(flags & F_NO_CUT)
                && (t.last < 0 || t.entries[t.last].on) && !holding(&t, held)) {
                if (n_cuts == cap) {
                    cap = cap ? 2 * cap : 16;
                    Py_ssize_t *more = realloc(cuts, (size_t) cap * sizeof(Py_ssize_t));
                    if (more == NULL) {
                        t.failed = 1;
                        break;
                    }
                    cuts = more;
                }
                cuts[n_cuts++] = lt;
                target = lt + step;
                if (t.elements > biggest) {
                    biggest = t.elements;
                }
                tree_reset(&t);
            }
            start(&t, index, self_closing, max_elements);
            if (h >= 0 && !(self_closing && (flags & F_FOREIGN))) {
                held[h]++;
            }
            if (t.foreign > 0) {
                continue;
            }
            if (index == I_PLAINTEXT) {
                break;
            }
            if (flags & F_RAW) {
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
                    const unsigned char *bang = find_bytes(p, n, lt + 4, "--!>");
                    if (dash != NULL && (bang == NULL || dash < bang)) {
                        pos = dash - p + 3;
                    }
                    else {
                        pos = bang != NULL ? bang - p + 4 : n;
                    }
                }
                continue;
            }
            if (starts(p, n, lt, "<![CDATA[") && t.foreign > 0) {
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
        return -1;
    }
    *cuts_out = cuts;
    *pairs_out = pairs;
    *elements_out = biggest < max_elements + 1 ? biggest : max_elements + 1;
    return n_cuts;
}
