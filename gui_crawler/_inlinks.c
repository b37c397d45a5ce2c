/* gui_crawler._inlinks: the inner loop of the window's link index (link_models.LinkIndex).

A real page has hundreds of outlinks, and the index records each as an inlink of its target on
the event loop that the crawl and the window share: in Python that loop was the window's largest
cost per record (0.12 us a link, 25 us a rust-doc page). Same semantics as the Python it
replaces: a target's first source is kept as the source string itself, a list from the second on.
*/

#define PY_SSIZE_T_CLEAN
#include <Python.h>

static PyObject *add_links(PyObject *Py_UNUSED(self), PyObject *args)
{
    PyObject *inlinks, *source, *targets, *watched, *gained;
    if (!PyArg_ParseTuple(args, "O!UO!OO!:add_links", &PyDict_Type, &inlinks, &source,
                          &PyTuple_Type, &targets, &watched, &PySet_Type, &gained)) {
        return NULL;
    }
    if (watched != Py_None && !PyDict_Check(watched)) {
        return PyErr_Format(PyExc_TypeError, "watched: a dict or None, not %.100s",
                            Py_TYPE(watched)->tp_name);
    }
    Py_ssize_t n = PyTuple_GET_SIZE(targets);
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *target = PyTuple_GET_ITEM(targets, i);
        if (watched != Py_None) {
            int shown = PyDict_Contains(watched, target);
            if (shown < 0 || (shown && PySet_Add(gained, target) < 0)) {
                return NULL;
            }
        }
        PyObject *got = PyDict_GetItemWithError(inlinks, target); /* borrowed */
        if (got == NULL) {
            if (PyErr_Occurred() || PyDict_SetItem(inlinks, target, source) < 0) {
                return NULL;
            }
        }
        else if (PyUnicode_CheckExact(got)) {
            PyObject *both = PyList_New(2);
            if (both == NULL) {
                return NULL;
            }
            Py_INCREF(got);
            Py_INCREF(source);
            PyList_SET_ITEM(both, 0, got);
            PyList_SET_ITEM(both, 1, source);
            int failed = PyDict_SetItem(inlinks, target, both);
            Py_DECREF(both);
            if (failed < 0) {
                return NULL;
            }
        }
        else if (!PyList_CheckExact(got)) {
            return PyErr_Format(PyExc_TypeError, "inlinks of %R: a str or a list, not %.100s",
                                target, Py_TYPE(got)->tp_name);
        }
        else if (PyList_Append(got, source) < 0) {
            return NULL;
        }
    }
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"add_links", add_links, METH_VARARGS,
     "add_links(inlinks, source, targets, watched, gained): record ``source`` as an inlink of "
     "each of ``targets`` (a tuple of str) in ``inlinks``, a dict of target -> source str, or "
     "list of them from the second source on; the targets that are keys of ``watched`` (a dict, "
     "or None) are added to the set ``gained``."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_inlinks", "The link index's inner loop.", -1, methods,
};

PyMODINIT_FUNC PyInit__inlinks(void)
{
    return PyModule_Create(&module);
}
