/* libbluetooth's address functions, as trampolines into the library loaded at first use
 * (see CLazyLibraries.h): a config that names no sensor address never maps it. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <endian.h>
#include <byteswap.h>
#include "CLazyLibraries.h"
/* Hidden: the trampolines below must not be exported under libbluetooth's names (the C library headers
 * it includes are included above, so their declarations keep their default visibility). */
#pragma GCC visibility push(hidden)
#include <bluetooth/bluetooth.h>
#pragma GCC visibility pop

#define PACER_BLUETOOTH_FUNCTIONS(X) \
    X(int, bachk, (const char *text), (text)) \
    X(int, str2ba, (const char *text, bdaddr_t *address), (text, address)) \
    X(int, ba2str, (const bdaddr_t *address, char *text), (address, text))

#define FIELD(type, name, parameters, arguments) type (*name) parameters;
static struct { PACER_BLUETOOTH_FUNCTIONS(FIELD) } library;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char failure[512];

static void load(void) {
    static const char soname[] = "libbluetooth.so.3";
    void *handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        snprintf(failure, sizeof failure, "cannot load %s (is libbluetooth3 installed?): %s", soname, dlerror());
        return;
    }
#define BIND(type, name, parameters, arguments) \
    if (!(library.name = (type (*) parameters)dlsym(handle, #name))) { \
        snprintf(failure, sizeof failure, "%s has no %s", soname, #name); \
        return; \
    }
    PACER_BLUETOOTH_FUNCTIONS(BIND)
}

const char *pacer_bluetooth_load(void) {
    pthread_once(&once, load);
    return failure[0] ? failure : NULL;
}

/* BluetoothAddress loads explicitly and reports a failure; this only guards a call made without it. */
static void ready(void) {
    const char *why = pacer_bluetooth_load();
    if (why) {
        fprintf(stderr, "pacer: %s\n", why);
        abort();
    }
}

#pragma GCC visibility push(hidden)
#define TRAMPOLINE(type, name, parameters, arguments) \
    type name parameters { ready(); return library.name arguments; }
PACER_BLUETOOTH_FUNCTIONS(TRAMPOLINE)
#pragma GCC visibility pop
