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

/* Declares, for one library, `names`, `bound` (the addresses seen as typed functions, `bound.call.NAME`, and
 * as the slots dlsym fills) and `library`. EACH(X) applies X(type, name, parameters, arguments) to every
 * function the library is used for. */
#define PACER_LAZY_LIBRARY(EACH, soname, package) \
    static const char *const names[] = { EACH(PACER_LAZY_NAME) }; \
    static union { \
        struct { EACH(PACER_LAZY_FIELD) } call; \
        void *slots[sizeof names / sizeof names[0]]; \
    } bound; \
    _Static_assert(sizeof bound.call == sizeof bound.slots, "one pointer per function"); \
    static struct pacer_lazy_library library = { \
        soname, package, names, bound.slots, sizeof names / sizeof names[0], PTHREAD_MUTEX_INITIALIZER, 0, "" \
    };
#define PACER_LAZY_NAME(type, name, parameters, arguments) #name,
#define PACER_LAZY_FIELD(type, name, parameters, arguments) type (*name) parameters;

/* Opens and binds the library once, from any thread: NULL when it is ready, else why not (the same text on
 * every later call). */
const char *pacer_lazy_bind(struct pacer_lazy_library *library);

/* Every trampoline's first step. Swift code loads explicitly and reports a failure as an error, so reaching
 * the abort means a library function was called before that, on a system without the library. */
void pacer_lazy_require(struct pacer_lazy_library *library);
#endif
