/* gui_crawler.parsing._linkpack: a page's outlinks as the crawl file stores them.

A real page links hundreds of URLs that share long beginnings (the site, then its folders), and
the crawl file commits each page's links on the event loop as the crawl runs: as text joined by
newlines they were ~10 KB a page on a docs site and about half of every commit's cost. Here each
link is stored as the number of leading bytes it shares with the link before it, then the rest:
two varints (shared length, rest length) and the rest's UTF-8 bytes. The page's order is kept.
*/
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

static char *put_varint(char *out, size_t v)
{
    while (v >= 0x80) {
        *out++ = (char)((v & 0x7f) | 0x80);
        v >>= 7;
    }
    *out++ = (char)v;
    return out;
}

/* 0 and *v set, or -1 when the varint runs past ``end`` or is absurdly long. */
static int get_varint(const unsigned char **p, const unsigned char *end, size_t *v)
{
    size_t value = 0;
    for (int shift = 0; shift < 63; shift += 7) {
        if (*p >= end) {
            return -1;
        }
        unsigned char b = *(*p)++;
        value |= (size_t)(b & 0x7f) << shift;
        if (!(b & 0x80)) {
            *v = value;
            return 0;
        }
    }
    return -1;
}

/* The length of the common beginning of a and b (n bytes each at most), 8 bytes a step: the
links of a page share ~40 bytes with the one before them. */
static Py_ssize_t common_prefix(const char *a, const char *b, Py_ssize_t n)
{
    Py_ssize_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t x, y;
        memcpy(&x, a + i, 8);
        memcpy(&y, b + i, 8);
        if (x != y) {
#if defined(__GNUC__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
            return i + (__builtin_ctzll(x ^ y) >> 3);
#else
            break;
#endif
        }
    }
    while (i < n && a[i] == b[i]) {
        i++;
    }
    return i;
}

static PyObject *pack(PyObject *Py_UNUSED(self), PyObject *links)
{
    if (!PyTuple_Check(links)) {
        return PyErr_Format(PyExc_TypeError, "pack: a tuple of str, not %.100s",
                            Py_TYPE(links)->tp_name);
    }
    Py_ssize_t n = PyTuple_GET_SIZE(links);
    size_t bound = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *link = PyTuple_GET_ITEM(links, i);
        Py_ssize_t size;
        if (!PyUnicode_Check(link)) {
            return PyErr_Format(PyExc_TypeError, "pack: links are str, not %.100s",
                                Py_TYPE(link)->tp_name);
        }
        if (PyUnicode_AsUTF8AndSize(link, &size) == NULL) {
            return NULL;
        }
        bound += (size_t)size + 20; /* two varints of at most 10 bytes */
    }
    PyObject *out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)bound);
    if (out == NULL) {
        return NULL;
    }
    char *w = PyBytes_AS_STRING(out);
    const char *prev = "";
    Py_ssize_t prev_size = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_ssize_t size;
        const char *s = PyUnicode_AsUTF8AndSize(PyTuple_GET_ITEM(links, i), &size); /* cached */
        Py_ssize_t shared = common_prefix(s, prev, size < prev_size ? size : prev_size);
        w = put_varint(w, (size_t)shared);
        w = put_varint(w, (size_t)(size - shared));
        memcpy(w, s + shared, (size_t)(size - shared));
        w += size - shared;
        prev = s;
        prev_size = size;
    }
    if (_PyBytes_Resize(&out, w - PyBytes_AS_STRING(out)) < 0) {
        return NULL;
    }
    return out;
}

static PyObject *unpack(PyObject *Py_UNUSED(self), PyObject *arg)
{
    Py_buffer view;
    if (PyObject_GetBuffer(arg, &view, PyBUF_SIMPLE) < 0) {
        return NULL;
    }
    const unsigned char *p = view.buf, *end = p + view.len;
    PyObject *list = PyList_New(0);
    char *cur = NULL; /* the link being rebuilt: the previous one's shared bytes, then the rest */
    size_t cur_size = 0, cap = 0;
    while (list != NULL && p < end) {
        size_t shared, rest;
        if (get_varint(&p, end, &shared) < 0 || get_varint(&p, end, &rest) < 0 ||
            shared > cur_size || rest > (size_t)(end - p)) {
            PyErr_SetString(PyExc_ValueError, "unpack: a damaged link list");
            Py_CLEAR(list);
            break;
        }
        if (shared + rest > cap) {
            size_t want = (shared + rest) * 2 + 64;
            char *grown = PyMem_Realloc(cur, want);
            if (grown == NULL) {
                PyErr_NoMemory();
                Py_CLEAR(list);
                break;
            }
            cur = grown;
            cap = want;
        }
        if (rest > 0) { /* cur is still NULL while every link so far was empty */
            memcpy(cur + shared, p, rest);
            p += rest;
        }
        cur_size = shared + rest;
        PyObject *link = PyUnicode_DecodeUTF8(cur != NULL ? cur : "", (Py_ssize_t)cur_size,
                                              "strict");
        if (link == NULL || PyList_Append(list, link) < 0) {
            Py_XDECREF(link);
            Py_CLEAR(list);
            break;
        }
        Py_DECREF(link);
    }
    PyMem_Free(cur);
    PyBuffer_Release(&view);
    if (list == NULL) {
        return NULL;
    }
    PyObject *links = PyList_AsTuple(list);
    Py_DECREF(list);
    return links;
}

static PyMethodDef methods[] = {
    {"pack", pack, METH_O,
     "pack(links): a tuple of str as bytes, each link as the length it shares with the one "
     "before it and the rest (unpack gives the tuple back)."},
    {"unpack", unpack, METH_O,
     "unpack(data): the tuple of str that pack() made ``data`` from; ValueError if damaged."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_linkpack", "A page's outlinks as the crawl file stores them.", -1,
    methods,
};

PyMODINIT_FUNC PyInit__linkpack(void)
{
    return PyModule_Create(&module);
}
