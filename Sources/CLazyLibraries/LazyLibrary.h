#ifndef PACER_LAZY_LIBRARY_H
#define PACER_LAZY_LIBRARY_H
/* What LazyDBus.c and LazyBluetooth.c share: one library, opened and bound the first time it is needed. */
#include <pthread.h>

struct pacer_lazy_library {
    const char *soname;
    /* The Debian package that ships it, named in the failure. */
    const char *package;
    /* The functions to bind, and where each address goes (`slots[i]` for `names[i]`). */
    const char *const *names;
    void **slots;
    int count;
    pthread_mutex_t lock;
    int tried;
    char failure[512];
};

/* Opens and binds the library once, from any thread: NULL when it is ready, else why not (the same text on
 * every later call). */
const char *pacer_lazy_bind(struct pacer_lazy_library *library);

/* Every trampoline's first step. Swift code loads explicitly and reports a failure as an error, so reaching
 * the abort means a library function was called before that, on a system without the library. */
void pacer_lazy_require(struct pacer_lazy_library *library);
#endif
