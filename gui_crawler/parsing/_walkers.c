/* Walkers: parser threads that never take the GIL. A page becomes a job, is cut, parsed and walked
 * on one of the threads (its pieces one after another), and the finished jobs are taken back a
 * batch at a time by drain(), which the event loop calls when the pool's wake-up fd is readable:
 * an eventfd on Linux, elsewhere the read end of a non-blocking pipe (GUI_CRAWLER_NO_EVENTFD
 * defined at build time takes the pipe on Linux too).
 *
 * Python threads had to take the GIL twice per page -- to take a job from their queue and to hand
 * the result back -- and each time took it from the event loop, which then waited for it and for
 * a core. These threads only lock a mutex and write the wake-up fd.
 *
 * The threads read each page's bytes in place, never copied (copying a big page cost the loop
 * more than handing it over): its job holds a reference to the bytes object, taken and given back
 * only by calls that hold the GIL. The threads touch no Python object, so they can run on after
 * close() (they finish the page they are parsing, then end) and after the interpreter is gone; the
 * reference of a page they finish after close() is given back by the next call that holds the GIL
 * (see ``late``). The pool's memory belongs to the Walkers object and to each thread still
 * running: the last of them frees it.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#if defined(__linux__) && !defined(GUI_CRAWLER_NO_EVENTFD)
#define WAKE_EVENTFD 1
#include <sys/eventfd.h>
#endif
/* A job is announced to the threads by a semaphore where unnamed ones exist (Linux), elsewhere by
 * a condition variable (GUI_CRAWLER_NO_SEMAPHORE defined at build time takes it on Linux too). */
#if defined(__linux__) && !defined(GUI_CRAWLER_NO_SEMAPHORE)
#define WORK_SEMAPHORE 1
#include <semaphore.h>
#endif
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "_blake2b.h"
#include "_pagewalk.h"

#define DIGEST_SIZE 8 /* pagefacts.TextDigest.SIZE */

typedef struct job {
    struct job *next;
    long long id;
    PyObject *page; /* the bytes object read: its reference is dropped with the GIL held */
    const char *data;
    size_t len;
    char *dir; /* NULL: none */
    size_t dir_len;
    char *url; /* the page's URL (NULL: not given): the page's checks are packed here */
    size_t url_len;
    int checks; /* the page checks read (0: --no-checks) */
    Py_ssize_t max_tags, tags; /* for the cuts: pieces of about max_tags of the page's tags */
    long long max_elements, max_pairs; /* past which the page is too complex to parse */
    Py_ssize_t *cuts;          /* where the pieces after the first begin */
    size_t n_cuts;
    int trouble;        /* too complex to parse: 1 (attribute comparisons), 2 (elements); 0 */
    int trim;           /* give memory back to the system after it (a big page) */
    walked_t **walked;  /* one per piece; NULL (or a NULL entry): out of memory */
    double seconds;     /* spent parsing and walking */
    uint8_t digest[DIGEST_SIZE]; /* of the visible text of all the pieces */
} job_t;

typedef struct {
    pthread_mutex_t lock;
#ifdef WORK_SEMAPHORE
    sem_t work;  /* a post for each job submitted, and one for each thread at close() */
    int threads; /* started */
#else
    pthread_cond_t work;
#endif
    job_t *todo, *todo_tail, *done, *done_tail;
    int wake_r, wake_w; /* the wake-up fd: one eventfd (both the same), or a pipe's two ends */
    int closed;
    int refs; /* the Walkers object and each thread still running */
} pool_t;

/* What a job made; no GIL needed. */
static void job_clear(job_t *j)
{
    if (j->walked != NULL) {
        for (size_t i = 0; i <= j->n_cuts; i++) {
            if (j->walked[i] != NULL) {
                walked_destroy(j->walked[i]);
            }
        }
    }
    free(j->walked);
    free(j->cuts);
    j->walked = NULL;
    j->cuts = NULL;
}

/* With the GIL held. */
static void job_free(job_t *j)
{
    job_clear(j);
    Py_XDECREF(j->page);
    free(j->dir);
    free(j->url);
    free(j);
}

/* Jobs a thread finished after close(), whose pages' references wait for the GIL. */
static pthread_mutex_t late_lock = PTHREAD_MUTEX_INITIALIZER;
static job_t *late;

static void late_add(job_t *j)
{
    job_clear(j);
    pthread_mutex_lock(&late_lock);
    j->next = late;
    late = j;
    pthread_mutex_unlock(&late_lock);
}

/* With the GIL held. */
static void late_free(void)
{
    pthread_mutex_lock(&late_lock);
    job_t *j = late;
    late = NULL;
    pthread_mutex_unlock(&late_lock);
    while (j != NULL) {
        job_t *next = j->next;
        job_free(j);
        j = next;
    }
}

/* With the GIL held. */
static void jobs_free(job_t *j)
{
    while (j != NULL) {
        job_t *next = j->next;
        job_free(j);
        j = next;
    }
}

/* The threads' wake-up for jobs. glibc's pthread_cond_signal() can block until threads woken
 * before have left the condition variable's previous group, so the event loop's thread slept in
 * it with the GIL held (rust-doc: 0.6-2.2 s a crawl, more the busier the cores); sem_post() is an
 * increment and, when a thread sleeps on it, a futex wake: it never waits. A post may find every
 * thread busy: the count it leaves makes a thread look at the queue once more later, in vain. */
#ifdef WORK_SEMAPHORE
static int work_init(pool_t *p)
{
    return sem_init(&p->work, 0, 0);
}

static void work_destroy(pool_t *p)
{
    sem_destroy(&p->work);
}

/* Called with the lock held, and returns with it held: until a job may be waiting, or close(). */
static void work_wait(pool_t *p)
{
    pthread_mutex_unlock(&p->lock);
    while (sem_wait(&p->work) < 0 && errno == EINTR) {
    }
    pthread_mutex_lock(&p->lock);
}

/* A job was queued (called without the lock: a thread woken while it is held wakes only to wait
 * for it). */
static void work_post(pool_t *p)
{
    sem_post(&p->work);
}

/* close(): every thread wakes (called with the lock held). */
static void work_post_all(pool_t *p)
{
    for (int i = 0; i < p->threads; i++) {
        sem_post(&p->work);
    }
}
#else
static int work_init(pool_t *p)
{
    errno = pthread_cond_init(&p->work, NULL);
    return errno != 0 ? -1 : 0;
}

static void work_destroy(pool_t *p)
{
    pthread_cond_destroy(&p->work);
}

static void work_wait(pool_t *p)
{
    pthread_cond_wait(&p->work, &p->lock);
}

static void work_post(pool_t *p)
{
    pthread_cond_signal(&p->work);
}

static void work_post_all(pool_t *p)
{
    pthread_cond_broadcast(&p->work);
}
#endif

/* Called with the lock held; releases it, and the pool with the last reference. Its job lists
 * are empty unless the GIL is held: a thread only lets go of the pool once it is closed. */
static void pool_release(pool_t *p)
{
    int last = --p->refs == 0;
    pthread_mutex_unlock(&p->lock);
    if (last) {
        jobs_free(p->todo);
        jobs_free(p->done);
        close(p->wake_r);
        if (p->wake_w != p->wake_r) {
            close(p->wake_w);
        }
        work_destroy(p);
        pthread_mutex_destroy(&p->lock);
        free(p);
    }
}

/* Opens the pool's wake-up fd, non-blocking and closed on exec; 0, or -1 with errno set. */
static int wake_open(pool_t *p)
{
#ifdef WAKE_EVENTFD
    p->wake_r = p->wake_w = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    return p->wake_r < 0 ? -1 : 0;
#else
    int fds[2];
    if (pipe(fds) < 0) {
        return -1;
    }
    for (int i = 0; i < 2; i++) {
        int fl = fcntl(fds[i], F_GETFL);
        int fd_fl = fcntl(fds[i], F_GETFD);
        if (fl < 0 || fd_fl < 0 || fcntl(fds[i], F_SETFL, fl | O_NONBLOCK) < 0 ||
            fcntl(fds[i], F_SETFD, fd_fl | FD_CLOEXEC) < 0) {
            int error = errno;
            close(fds[0]);
            close(fds[1]);
            errno = error;
            return -1;
        }
    }
    p->wake_r = fds[0];
    p->wake_w = fds[1];
    return 0;
#endif
}

/* Makes the wake-up fd readable. */
static void wake(pool_t *p)
{
#ifdef WAKE_EVENTFD
    uint64_t one = 1;
    ssize_t written = write(p->wake_w, &one, sizeof(one));
#else
    char one = 1;
    ssize_t written = write(p->wake_w, &one, 1);
#endif
    (void) written; /* only EAGAIN: the counter near 2^64, or the pipe full (it is readable) */
}

/* Makes the wake-up fd unreadable until the next wake(). */
static void wake_drain(pool_t *p)
{
#ifdef WAKE_EVENTFD
    uint64_t count;
    ssize_t got = read(p->wake_r, &count, sizeof(count));
    (void) got; /* EAGAIN: no wake-up pending (a drain already took the jobs) */
#else
    char buf[64];
    while (read(p->wake_r, buf, sizeof(buf)) > 0) {
    }
#endif
}

#ifdef __GLIBC__
/* A big page's memory back to the system, once the process holds TRIM_SLACK more than after the
 * last trim. malloc_trim gives back every free page of every arena, the small pages' working set
 * too: each parser thread and the event loop's then fault it in again (rust-doc's pages of a MB
 * or more: ~20,000 faults more on the loop's thread, tens of thousands on the parser threads).
 * Most of a big page's memory goes back on its own, from its arena's top; what the trim is for is
 * the rest, left free between blocks in use, which grows only after several big pages. */
#define TRIM_SLACK ((size_t) 32 << 20)
static size_t trimmed_at; /* resident bytes after the last trim; both threads: a race trims twice */

static size_t resident(void)
{
    char text[64];
    int fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
    ssize_t n = fd >= 0 ? read(fd, text, sizeof(text) - 1) : -1;
    if (fd >= 0) {
        close(fd);
    }
    if (n <= 0) {
        return SIZE_MAX; /* not known: always trim */
    }
    text[n] = '\0';
    unsigned long pages = 0;
    const char *p = strchr(text, ' ');
    if (p == NULL || sscanf(p, "%lu", &pages) != 1) {
        return SIZE_MAX;
    }
    return (size_t) pages * (size_t) sysconf(_SC_PAGESIZE);
}

static void trim_if_grown(void)
{
    size_t now_resident = resident();
    size_t last = __atomic_load_n(&trimmed_at, __ATOMIC_RELAXED);
    if (now_resident == SIZE_MAX || now_resident > last + TRIM_SLACK) {
        malloc_trim(0);
        size_t after = resident();
        __atomic_store_n(&trimmed_at, after == SIZE_MAX ? 0 : after, __ATOMIC_RELAXED);
    }
}
#endif

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double) t.tv_sec + (double) t.tv_nsec / 1e9;
}

/* A copy of ``len`` bytes and the NUL after them (NULL: out of memory). */
static char *copied(const char *s, size_t len)
{
    char *c = malloc(len + 1);
    if (c != NULL) {
        memcpy(c, s, len + 1);
    }
    return c;
}

/* The page scanned (page_scan), then, unless it is too complex to parse, the pieces as
 * gui_crawler.parsing.slicing.pieces_at() makes them: cut where the scan cuts, the first as it is,
 * each one after it behind the page's doctype, "<body>" (it continues the body) and the start tags
 * of the elements open at its cut. */
static void run_job(job_t *j)
{
    static const char BODY[] = "<body>";
    double t0 = now();
    blake2b_ctx text;
    blake2b_init(&text, DIGEST_SIZE);
    long long pairs = 0, elements = 0;
    Py_ssize_t doctype[2] = {0, 0}, *reopened_ends = NULL;
    char *reopened = NULL;
    Py_ssize_t n = page_scan(j->data, (Py_ssize_t) j->len, j->max_tags, j->tags, j->max_elements,
                             &j->cuts, &pairs, &elements, doctype, &reopened, &reopened_ends);
    size_t dlen = (size_t) (doctype[1] - doctype[0]);
    j->trouble = n < 0                       ? 0
                 : pairs > j->max_pairs       ? 1
                 : elements > j->max_elements ? 2
                                              : 0;
    j->n_cuts = n > 0 && !j->trouble ? (size_t) n : 0;
    j->walked = n >= 0 && !j->trouble ? calloc(j->n_cuts + 1, sizeof(walked_t *)) : NULL;
    for (size_t i = 0; j->walked != NULL && i <= j->n_cuts; i++) {
        size_t a = i > 0 ? (size_t) j->cuts[i - 1] : 0;
        size_t b = i < j->n_cuts ? (size_t) j->cuts[i] : j->len;
        if (i == 0) {
            j->walked[i] = walked_new(j->data, b, j->dir, j->dir_len, j->checks);
        }
        else {
            size_t ra = i > 1 ? (size_t) reopened_ends[i - 2] : 0;
            size_t rlen = (size_t) reopened_ends[i - 1] - ra;
            size_t head = dlen + sizeof(BODY) - 1 + rlen;
            char *piece = malloc(head + b - a);
            if (piece != NULL) {
                memcpy(piece, j->data + doctype[0], dlen);
                memcpy(piece + dlen, BODY, sizeof(BODY) - 1);
                if (rlen > 0) {
                    memcpy(piece + dlen + sizeof(BODY) - 1, reopened + ra, rlen);
                }
                memcpy(piece + head, j->data + a, b - a);
                j->walked[i] = walked_new(piece, head + b - a, j->dir, j->dir_len, j->checks);
                free(piece);
            }
        }
        if (j->walked[i] != NULL) {
            const char *kept;
            size_t kept_len;
            walked_text(j->walked[i], &kept, &kept_len);
            blake2b_update(&text, kept, kept_len);
        }
    }
    free(reopened);
    free(reopened_ends);
    /* The page's checks found and packed here, off the event loop (those of all its pieces
     * together: in Python on the loop, python3-doc's 2.5 MB contents.html took 10 ms there). */
    int whole = j->url != NULL && j->walked != NULL;
    for (size_t i = 0; whole && i <= j->n_cuts; i++) {
        whole = j->walked[i] != NULL;
    }
    if (whole) {
        walked_settle(j->walked, j->n_cuts + 1, j->url, j->url_len);
    }
    blake2b_final(&text, j->digest);
#ifdef __GLIBC__
    if (j->trim) {
        trim_if_grown();
    }
#endif
    j->seconds = now() - t0;
}

static void *work(void *arg)
{
    pool_t *p = arg;
#ifdef __linux__
    /* Named for top and py-spy. SCHED_BATCH: a thread woken for a page does not preempt the
       event loop's thread that handed it over, which is the crawl's critical path (rust-doc,
       22k pages: ~2% less wall time; python3-doc ~6%; side by side). */
    pthread_setname_np(pthread_self(), "crawl-parse");
    {
        struct sched_param none = {0};
        pthread_setschedparam(pthread_self(), SCHED_BATCH, &none);
    }
#endif
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (p->todo == NULL && !p->closed) {
            work_wait(p);
        }
        if (p->closed) {
            break;
        }
        job_t *j = p->todo;
        p->todo = j->next;
        if (p->todo == NULL) {
            p->todo_tail = NULL;
        }
        pthread_mutex_unlock(&p->lock);
        run_job(j);
        j->next = NULL;
        pthread_mutex_lock(&p->lock);
        if (p->closed) {
            late_add(j);
            break;
        }
        /* One wake-up for every job finished before the loop drains them. drain() empties the
         * wake-up fd before taking the jobs, so a job added after that wakes it again. */
        if (p->done == NULL) {
            wake(p);
            p->done = j;
        }
        else {
            p->done_tail->next = j;
        }
        p->done_tail = j;
    }
    pool_release(p);
    return NULL;
}

typedef struct {
    PyObject_HEAD
    pool_t *pool;
} WalkersObject;

static int walkers_init(WalkersObject *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"threads", NULL};
    int threads;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "i:Walkers", kwlist, &threads)) {
        return -1;
    }
    if (threads < 1 || self->pool != NULL) {
        PyErr_SetString(PyExc_ValueError, "Walkers(threads): threads must be at least 1");
        return -1;
    }
    pool_t *p = calloc(1, sizeof(pool_t));
    if (p == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    if (wake_open(p) < 0) {
        PyErr_SetFromErrno(PyExc_OSError);
        free(p);
        return -1;
    }
    if (work_init(p) < 0) {
        PyErr_SetFromErrno(PyExc_OSError);
        close(p->wake_r);
        if (p->wake_w != p->wake_r) {
            close(p->wake_w);
        }
        free(p);
        return -1;
    }
    pthread_mutex_init(&p->lock, NULL);
    p->refs = 1;
    self->pool = p;

    /* Signals are for Python's main thread: these threads block them all. */
    sigset_t all, old;
    sigfillset(&all);
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    pthread_sigmask(SIG_BLOCK, &all, &old);
    int started = 0, error = 0;
    pthread_mutex_lock(&p->lock);
    for (; started < threads; started++) {
        pthread_t thread;
        error = pthread_create(&thread, &attr, work, p);
        if (error != 0) {
            break;
        }
        p->refs++;
    }
#ifdef WORK_SEMAPHORE
    p->threads = started;
#endif
    pthread_mutex_unlock(&p->lock);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    pthread_attr_destroy(&attr);
    if (started == 0) {
        errno = error;
        PyErr_SetFromErrno(PyExc_OSError);
        return -1; /* the dealloc releases the pool */
    }
    return 0;
}

static void walkers_close_pool(pool_t *p)
{
    pthread_mutex_lock(&p->lock);
    if (!p->closed) {
        p->closed = 1;
        jobs_free(p->todo);
        jobs_free(p->done);
        p->todo = p->todo_tail = p->done = p->done_tail = NULL;
        work_post_all(p);
    }
    pthread_mutex_unlock(&p->lock);
}

static void walkers_dealloc(WalkersObject *self)
{
    late_free();
    pool_t *p = self->pool;
    if (p != NULL) {
        walkers_close_pool(p);
        pthread_mutex_lock(&p->lock);
        pool_release(p);
    }
    Py_TYPE(self)->tp_free((PyObject *) self);
}

static pool_t *open_pool(WalkersObject *self)
{
    if (self->pool == NULL || self->pool->closed) {
        PyErr_SetString(PyExc_ValueError, "the walkers are closed");
        return NULL;
    }
    return self->pool;
}

static PyObject *walkers_submit(WalkersObject *self, PyObject *args)
{
    long long id;
    PyObject *page;
    const char *dir = NULL, *url = NULL;
    Py_ssize_t dir_len = 0, url_len = 0, max_tags, tags;
    long long max_elements, max_pairs;
    int trim, checks = 1;
    if (!PyArg_ParseTuple(args, "LO!z#nnpLL|z#p:submit", &id, &PyBytes_Type, &page, &dir, &dir_len,
                          &max_tags, &tags, &trim, &max_elements, &max_pairs, &url, &url_len,
                          &checks)) {
        return NULL;
    }
    late_free();
    pool_t *p = open_pool(self);
    job_t *j = p != NULL ? calloc(1, sizeof(job_t)) : NULL;
    if (j == NULL) {
        return p != NULL ? PyErr_NoMemory() : NULL;
    }
    j->id = id;
    j->page = Py_NewRef(page);
    j->data = PyBytes_AS_STRING(page);
    j->len = (size_t) PyBytes_GET_SIZE(page);
    j->max_tags = max_tags;
    j->tags = tags;
    j->max_elements = max_elements;
    j->max_pairs = max_pairs;
    j->trim = trim;
    j->checks = checks;
    j->dir_len = (size_t) dir_len;
    j->url_len = (size_t) url_len;
    if ((dir != NULL && (j->dir = copied(dir, j->dir_len)) == NULL) ||
        (url != NULL && (j->url = copied(url, j->url_len)) == NULL)) {
        job_free(j);
        return PyErr_NoMemory();
    }
    pthread_mutex_lock(&p->lock);
    if (p->todo_tail != NULL) {
        p->todo_tail->next = j;
    }
    else {
        p->todo = j;
    }
    p->todo_tail = j;
    pthread_mutex_unlock(&p->lock);
    /* Posted after the unlock: a thread woken while the lock is still held wakes only to wait
     * for it (a second futex call a page on the loop's thread, holding the GIL). A waiter
     * checks ``todo`` again under the lock, so a wake-up after the unlock is never lost; the
     * pool outlives this call (it is closed on this same thread). */
    work_post(p);
    Py_RETURN_NONE;
}

/* (id, [walked, ...] or None when out of memory, seconds, the visible text's digest, trouble) for
 * each job done since the last drain; no pieces for a page too complex to parse. */
static PyObject *job_result(job_t *j)
{
    PyObject *walked = NULL;
    int complete = j->walked != NULL || j->trouble;
    for (size_t i = 0; complete && !j->trouble && i <= j->n_cuts; i++) {
        complete = j->walked[i] != NULL;
    }
    if (complete) {
        walked = PyList_New(j->trouble ? 0 : (Py_ssize_t) j->n_cuts + 1);
        for (size_t i = 0; walked != NULL && !j->trouble && i <= j->n_cuts; i++) {
            PyObject *capsule = walked_capsule(j->walked[i]);
            j->walked[i] = NULL; /* the capsule's now, or destroyed */
            if (capsule == NULL) {
                Py_CLEAR(walked);
                break;
            }
            PyList_SET_ITEM(walked, (Py_ssize_t) i, capsule);
        }
        if (walked == NULL) {
            return NULL;
        }
    }
    else {
        walked = Py_NewRef(Py_None);
    }
    return Py_BuildValue("(LNdy#i)", j->id, walked, j->seconds, (const char *) j->digest,
                         (Py_ssize_t) DIGEST_SIZE, j->trouble);
}

static PyObject *walkers_drain(WalkersObject *self, PyObject *Py_UNUSED(args))
{
    late_free();
    pool_t *p = open_pool(self);
    if (p == NULL) {
        return NULL;
    }
    wake_drain(p);
    pthread_mutex_lock(&p->lock);
    job_t *j = p->done;
    p->done = p->done_tail = NULL;
    pthread_mutex_unlock(&p->lock);
    PyObject *out = PyList_New(0);
    while (j != NULL) {
        job_t *next = j->next;
        PyObject *result = out != NULL ? job_result(j) : NULL;
        if (result == NULL || PyList_Append(out, result) < 0) {
            Py_CLEAR(out);
        }
        Py_XDECREF(result);
        job_free(j);
        j = next;
    }
    return out;
}

static PyObject *walkers_fileno(WalkersObject *self, PyObject *Py_UNUSED(args))
{
    pool_t *p = open_pool(self);
    return p == NULL ? NULL : PyLong_FromLong(p->wake_r);
}

static PyObject *walkers_close(WalkersObject *self, PyObject *Py_UNUSED(args))
{
    late_free();
    if (self->pool != NULL) {
        walkers_close_pool(self->pool);
    }
    Py_RETURN_NONE;
}

static PyMethodDef walkers_methods[] = {
    {"submit", (PyCFunction) walkers_submit, METH_VARARGS,
     "submit(id, data, directory, max_tags, tags, trim, max_elements, max_pairs, page_url=None, "
     "checks=True): scan the bytes "
     "``data`` (read in place) on a thread, then parse and walk them, cut into pieces of about "
     "``max_tags`` of its ``tags`` '<' where the scan cuts, unless it counts more than max_pairs "
     "attribute comparisons (trouble 1) or max_elements elements in a piece (trouble 2); "
     "``trim``: give memory back to the system after it; ``checks`` False: nothing is read for "
     "the page checks (--no-checks)."},
    {"drain", (PyCFunction) walkers_drain, METH_NOARGS,
     "drain() -> [(id, [walked, ...] or None (out of memory), seconds, digest, trouble)]: the "
     "jobs done since the last drain (digest: blake2b, 8 bytes, of the visible text of all the "
     "pieces; trouble: why the page is too complex to parse, its pieces then none, or 0); call "
     "it when fileno() is readable."},
    {"fileno", (PyCFunction) walkers_fileno, METH_NOARGS,
     "fileno() -> a file descriptor (an eventfd on Linux, else a pipe's read end), readable "
     "while jobs are done and not drained."},
    {"close", (PyCFunction) walkers_close, METH_NOARGS,
     "close(): drop the jobs not started and the results not drained; the threads end after the "
     "page they are on, without being waited for."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject WalkersType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "gui_crawler.parsing._pagewalk.Walkers",
    .tp_doc = "Walkers(threads): parser threads that never take the GIL.",
    .tp_basicsize = sizeof(WalkersObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc) walkers_init,
    .tp_dealloc = (destructor) walkers_dealloc,
    .tp_methods = walkers_methods,
};

int add_walkers(PyObject *module)
{
    if (PyType_Ready(&WalkersType) < 0) {
        return -1;
    }
    return PyModule_AddObjectRef(module, "Walkers", (PyObject *) &WalkersType);
}
