/* What _pagewalk.c gives _walkers.c: one page's walk, made without the GIL, read with it. */
#ifndef GUI_CRAWLER_PAGEWALK_H
#define GUI_CRAWLER_PAGEWALK_H

#include <Python.h>

typedef struct walked walked_t;

/* Parse and walk ``data`` into the calling thread's lexbor document; no GIL needed. NULL when out
 * of memory; any other failure is kept in the result, for walked() to raise. ``dir``: the page's
 * directory URL (plain hrefs are joined to it) or NULL; ``checks`` 0: nothing is read for the page
 * checks (--no-checks). */
walked_t *walked_new(const char *data, size_t len, const char *dir, size_t dir_len, int checks);

/* No GIL needed. */
void walked_destroy(walked_t *r);

/* The checks of a page of these ``n`` pieces at ``url`` found and packed now (no GIL needed),
 * where the walk can say them all, for _pagewalk.walked_found to take as they are. */
void walked_settle(walked_t *const *rs, size_t n, const char *url, size_t url_len);

/* The visible text's bytes, as the content hash hashes them (empty if the walk failed). */
void walked_text(const walked_t *r, const char **data, size_t *len);

/* The capsule _pagewalk.walked() reads; it owns ``r`` (destroyed here if it cannot be made). */
PyObject *walked_capsule(walked_t *r);

/* The page scan (_pagescan.c, _pagescan_py.scan): where a page of ``tags`` '<' can be cut into
 * pieces of about ``max_tags`` tags that parse alone, the attribute comparisons its parse makes,
 * the elements its biggest piece makes (at most ``max_elements`` + 1), where the doctype each
 * piece after the first repeats is (doctype[0], doctype[1]: 0, 0 for none), and the start tags
 * each piece after the first opens with: piece i + 1's end at (*reopened_ends)[i] in *reopened,
 * and begin where the one before ends (or at 0); no GIL needed. Returns how many cuts, *cuts,
 * *reopened and *reopened_ends malloc'd (NULL for none), or -1 when out of memory. */
Py_ssize_t page_scan(const char *data, Py_ssize_t n, Py_ssize_t max_tags, Py_ssize_t tags,
                     long long max_elements, Py_ssize_t **cuts, long long *pairs,
                     long long *elements, Py_ssize_t *doctype, char **reopened,
                     Py_ssize_t **reopened_ends);

/* Once, before the first page_scan(). */
void scan_init(void);

/* The elements past which a page is too complex to parse (_pagescan_py.MAX_ELEMENTS). */
#define SCAN_MAX_ELEMENTS (1LL << 16)

/* Adds the Walkers type to the module; -1 with an exception set on failure. */
int add_walkers(PyObject *module);

#endif
