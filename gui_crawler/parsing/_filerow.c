/* gui_crawler.parsing._filerow: a record's row as the crawl file's writer binds it (the compiled
twin of _filerow_py.py, which is its specification: the tests hold both to the same values).

The crawl file's commit thread builds one row a record, ~22,000 on rust-doc, while the event loop
and the two parser threads hold both cores: in Python its ~10 us a record were a third of the
thread's CPU, most of it the response headers' deflate (a compressor copied, then compress and
flush, each a call and a bytes object). Here the row is one tuple built in one pass, the headers
deflated by one deflate() call on a copy of a primed stream (the same zlib and parameters as
Python's zlib.compressobj, so the same bytes). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <string.h>
#include <zlib.h>

#define MAX_AT 16

typedef struct {
    PyObject_HEAD
    Py_ssize_t links_at, words_at, headers_at;
    Py_ssize_t timings_at[MAX_AT], n_timings;
    Py_ssize_t urls_at[MAX_AT], n_urls;
    Py_ssize_t cut;
    PyObject *prefix;         /* str, or NULL: URLs kept as they are */
    PyObject *links_in_words; /* the links column of a row whose links are in its words */
    PyObject *pack_links;     /* links (a non-empty tuple) -> bytes */
    PyObject *escape;         /* text that is not UTF-8 -> text that is */
    PyObject *empty;          /* "" */
    z_stream primed;
    int primed_ok;
} Rows;

static int read_indexes(PyObject *seq, Py_ssize_t *out, Py_ssize_t *n, const char *what)
{
    PyObject *fast = PySequence_Fast(seq, what);
    if (fast == NULL) {
        return -1;
    }
    Py_ssize_t len = PySequence_Fast_GET_SIZE(fast);
    if (len > MAX_AT) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: at most %d", what, MAX_AT);
        return -1;
    }
    for (Py_ssize_t i = 0; i < len; i++) {
        out[i] = PyLong_AsSsize_t(PySequence_Fast_GET_ITEM(fast, i));
        if (out[i] < 0) {
            Py_DECREF(fast);
            if (!PyErr_Occurred()) {
                PyErr_Format(PyExc_ValueError, "%s: an index below 0", what);
            }
            return -1;
        }
    }
    *n = len;
    Py_DECREF(fast);
    return 0;
}

static void Rows_dealloc(Rows *self)
{
    if (self->primed_ok) {
        deflateEnd(&self->primed);
    }
    Py_XDECREF(self->prefix);
    Py_XDECREF(self->links_in_words);
    Py_XDECREF(self->pack_links);
    Py_XDECREF(self->escape);
    Py_XDECREF(self->empty);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int Rows_init(Rows *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"links_at",   "words_at",   "headers_at", "timings_at",
                             "urls_at",    "prefix",     "cut",        "links_in_words",
                             "pack_links", "escape",     "dictionary", "level",
                             "wbits",      "memlevel",   NULL};
    Py_ssize_t links_at, words_at, headers_at, cut;
    PyObject *timings_at, *urls_at, *prefix, *links_in_words, *pack_links, *escape;
    Py_buffer dictionary;
    int level, wbits, memlevel;
    if (self->primed_ok) {
        PyErr_SetString(PyExc_RuntimeError, "Rows is made once");
        return -1;
    }
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "nnnOOOnOOOy*iii", kwlist, &links_at, &words_at,
                                     &headers_at, &timings_at, &urls_at, &prefix, &cut,
                                     &links_in_words, &pack_links, &escape, &dictionary, &level,
                                     &wbits, &memlevel)) {
        return -1;
    }
    int ok = -1;
    if (links_at < 0 || words_at < 0 || headers_at < 0 || cut < 0) {
        PyErr_SetString(PyExc_ValueError, "Rows: an index below 0");
        goto done;
    }
    if (prefix != Py_None && !PyUnicode_CheckExact(prefix)) {
        PyErr_SetString(PyExc_TypeError, "Rows: prefix is str or None");
        goto done;
    }
    if (read_indexes(timings_at, self->timings_at, &self->n_timings, "timings_at") < 0 ||
        read_indexes(urls_at, self->urls_at, &self->n_urls, "urls_at") < 0) {
        goto done;
    }
    self->links_at = links_at;
    self->words_at = words_at;
    self->headers_at = headers_at;
    self->cut = cut;
    Py_XSETREF(self->prefix, prefix == Py_None ? NULL : Py_NewRef(prefix));
    Py_XSETREF(self->links_in_words, Py_NewRef(links_in_words));
    Py_XSETREF(self->pack_links, Py_NewRef(pack_links));
    Py_XSETREF(self->escape, Py_NewRef(escape));
    Py_XSETREF(self->empty, PyUnicode_FromStringAndSize("", 0));
    if (self->empty == NULL) {
        goto done;
    }
    memset(&self->primed, 0, sizeof(self->primed));
    if (deflateInit2(&self->primed, level, Z_DEFLATED, wbits, memlevel, Z_DEFAULT_STRATEGY) !=
        Z_OK) {
        PyErr_SetString(PyExc_ValueError, "Rows: zlib refused the compression parameters");
        goto done;
    }
    self->primed_ok = 1;
    if (deflateSetDictionary(&self->primed, (const Bytef *)dictionary.buf,
                             (uInt)dictionary.len) != Z_OK) {
        PyErr_SetString(PyExc_ValueError, "Rows: zlib refused the dictionary");
        goto done;
    }
    ok = 0;
done:
    PyBuffer_Release(&dictionary);
    return ok;
}

/* The headers' text deflated on a copy of the primed stream (one call: Python's compress then
flush of the same input give the same bytes), or "" for none. */
static PyObject *pack_headers(Rows *self, PyObject *text)
{
    if (!PyUnicode_Check(text)) {
        PyErr_Format(PyExc_TypeError, "headers: str, not %.100s", Py_TYPE(text)->tp_name);
        return NULL;
    }
    if (PyUnicode_GET_LENGTH(text) == 0) {
        return Py_NewRef(self->empty);
    }
    PyObject *owner = NULL; /* the escaped text, when the headers were not UTF-8 */
    Py_ssize_t n;
    const char *data = PyUnicode_AsUTF8AndSize(text, &n);
    if (data == NULL) {
        if (!PyErr_ExceptionMatches(PyExc_UnicodeEncodeError)) {
            return NULL;
        }
        PyErr_Clear();
        owner = PyObject_CallOneArg(self->escape, text);
        if (owner == NULL) {
            return NULL;
        }
        if (!PyUnicode_Check(owner)) {
            Py_DECREF(owner);
            PyErr_SetString(PyExc_TypeError, "escape gave no str");
            return NULL;
        }
        data = PyUnicode_AsUTF8AndSize(owner, &n);
        if (data == NULL) {
            Py_DECREF(owner);
            return NULL;
        }
    }
    z_stream z;
    if (deflateCopy(&z, &self->primed) != Z_OK) {
        Py_XDECREF(owner);
        return PyErr_NoMemory();
    }
    uLong bound = deflateBound(&z, (uLong)n) + 16;
    PyObject *out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)bound);
    if (out == NULL) {
        deflateEnd(&z);
        Py_XDECREF(owner);
        return NULL;
    }
    z.next_in = (Bytef *)data;
    z.avail_in = (uInt)n;
    z.next_out = (Bytef *)PyBytes_AS_STRING(out);
    z.avail_out = (uInt)bound;
    int r = deflate(&z, Z_FINISH);
    uInt left = z.avail_out;
    deflateEnd(&z);
    Py_XDECREF(owner);
    if (r != Z_STREAM_END) {
        Py_DECREF(out);
        PyErr_Format(PyExc_RuntimeError, "headers: deflate ended with %d", r);
        return NULL;
    }
    if (_PyBytes_Resize(&out, (Py_ssize_t)(bound - left)) < 0) {
        return NULL;
    }
    return out;
}

/* A timing of milliseconds as a whole number of hundredths when it is one exactly (what Python's
round() and true division make of it), else the value itself (a new reference). */
static PyObject *hundredths(PyObject *v)
{
    if (PyFloat_CheckExact(v)) {
        double d = PyFloat_AS_DOUBLE(v);
        if (-1e15 < d && d < 1e15) {
            double x = d * 100.0;
            /* Python's round() takes a half to even, C's away from zero: either fails the test
            below, as a half of a hundredth is not a whole number of them. */
            double k = round(x);
            if (k / 100.0 == d) {
                return PyLong_FromDouble(k);
            }
        }
    }
    return Py_NewRef(v);
}

static PyObject *Rows_row(Rows *self, PyObject *values)
{
    if (!PyTuple_CheckExact(values)) {
        PyErr_Format(PyExc_TypeError, "row: a tuple, not %.100s", Py_TYPE(values)->tp_name);
        return NULL;
    }
    Py_ssize_t n = PyTuple_GET_SIZE(values);
    if (self->links_at >= n || self->words_at >= n || self->headers_at >= n) {
        PyErr_SetString(PyExc_ValueError, "row: too few values");
        return NULL;
    }
    for (Py_ssize_t i = 0; i < self->n_timings; i++) {
        if (self->timings_at[i] >= n) {
            PyErr_SetString(PyExc_ValueError, "row: too few values");
            return NULL;
        }
    }
    for (Py_ssize_t i = 0; i < self->n_urls; i++) {
        if (self->urls_at[i] >= n) {
            PyErr_SetString(PyExc_ValueError, "row: too few values");
            return NULL;
        }
    }
    PyObject *out = PyTuple_New(n);
    if (out == NULL) {
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyTuple_SET_ITEM(out, i, Py_NewRef(PyTuple_GET_ITEM(values, i)));
    }
    PyObject *v;
#define PUT(i, value)                                                                              \
    do {                                                                                           \
        PyObject *put_ = (value);                                                                  \
        if (put_ == NULL) {                                                                        \
            Py_DECREF(out);                                                                        \
            return NULL;                                                                           \
        }                                                                                          \
        Py_SETREF(((PyTupleObject *)out)->ob_item[i], put_);                                       \
    } while (0)
    int has_words = PyObject_IsTrue(PyTuple_GET_ITEM(values, self->words_at));
    if (has_words < 0) {
        Py_DECREF(out);
        return NULL;
    }
    if (has_words) {
        PUT(self->links_at, Py_NewRef(self->links_in_words));
    } else {
        v = PyTuple_GET_ITEM(values, self->links_at);
        int has_links = PyObject_IsTrue(v);
        if (has_links < 0) {
            Py_DECREF(out);
            return NULL;
        }
        PUT(self->links_at,
            has_links ? PyObject_CallOneArg(self->pack_links, v) : Py_NewRef(self->empty));
        PUT(self->words_at, Py_NewRef(self->empty));
    }
    PUT(self->headers_at, pack_headers(self, PyTuple_GET_ITEM(values, self->headers_at)));
    for (Py_ssize_t i = 0; i < self->n_timings; i++) {
        Py_ssize_t at = self->timings_at[i];
        PUT(at, hundredths(PyTuple_GET_ITEM(values, at)));
    }
    if (self->prefix != NULL) {
        for (Py_ssize_t i = 0; i < self->n_urls; i++) {
            Py_ssize_t at = self->urls_at[i];
            v = PyTuple_GET_ITEM(values, at);
            if (PyUnicode_CheckExact(v)) {
                Py_ssize_t match = PyUnicode_Tailmatch(v, self->prefix, 0, PY_SSIZE_T_MAX, -1);
                if (match < 0) {
                    Py_DECREF(out);
                    return NULL;
                }
                if (match) {
                    PUT(at, PyUnicode_Substring(v, self->cut, PyUnicode_GET_LENGTH(v)));
                }
            }
        }
    }
#undef PUT
    return out;
}

static PyMethodDef Rows_methods[] = {
    {"row", (PyCFunction)Rows_row, METH_O,
     "row(values, /)\n--\n\nThe row of a record's values (in RECORD_FIELDS order)."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject RowsType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "gui_crawler.parsing._filerow.Rows",
    .tp_basicsize = sizeof(Rows),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Rows(links_at, words_at, headers_at, timings_at, urls_at, prefix, cut, "
              "links_in_words, pack_links, escape, dictionary, level, wbits, memlevel)",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Rows_init,
    .tp_dealloc = (destructor)Rows_dealloc,
    .tp_methods = Rows_methods,
};

static struct PyModuleDef filerow_module = {
    PyModuleDef_HEAD_INIT, "_filerow", "A record's row as the crawl file's writer binds it.", -1,
    NULL,
};

PyMODINIT_FUNC PyInit__filerow(void)
{
    if (PyType_Ready(&RowsType) < 0) {
        return NULL;
    }
    PyObject *m = PyModule_Create(&filerow_module);
    if (m == NULL) {
        return NULL;
    }
    if (PyModule_AddObjectRef(m, "Rows", (PyObject *)&RowsType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
