#include "LazyLibrary.h"
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

const char *pacer_lazy_bind(struct pacer_lazy_library *library) {
    if (!__atomic_load_n(&library->tried, __ATOMIC_ACQUIRE)) {
        pthread_mutex_lock(&library->lock);
        if (!library->tried) {
            void *handle = dlopen(library->soname, RTLD_NOW | RTLD_LOCAL);
            if (!handle) {
                snprintf(library->failure, sizeof library->failure, "cannot load %s (is %s installed?): %s",
                         library->soname, library->package, dlerror());
            }
            for (int i = 0; handle && i < library->count && !library->failure[0]; i++) {
                if (!(library->slots[i] = dlsym(handle, library->names[i]))) {
                    snprintf(library->failure, sizeof library->failure, "%s has no %s", library->soname, library->names[i]);
                }
            }
            __atomic_store_n(&library->tried, 1, __ATOMIC_RELEASE);
        }
        pthread_mutex_unlock(&library->lock);
    }
    return library->failure[0] ? library->failure : NULL;
}

void pacer_lazy_require(struct pacer_lazy_library *library) {
    const char *why = pacer_lazy_bind(library);
    if (why) {
        fprintf(stderr, "pacer: %s\n", why);
        abort();
    }
}
