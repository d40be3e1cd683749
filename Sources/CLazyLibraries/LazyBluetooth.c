/* libbluetooth's address functions, as trampolines into the library loaded at first use
 * (see CLazyLibraries.h): a config that names no sensor address never maps it. */
#include <byteswap.h>
#include <endian.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "CLazyLibraries.h"
#include "LazyLibrary.h"
/* Hidden: the trampolines below must not be exported under libbluetooth's names (the C library headers
 * it includes are included above, so their declarations keep their default visibility). */
#pragma GCC visibility push(hidden)
#include <bluetooth/bluetooth.h>
#pragma GCC visibility pop

#define PACER_BLUETOOTH_FUNCTIONS(X) \
    X(int, bachk, (const char *text), (text)) \
    X(int, str2ba, (const char *text, bdaddr_t *address), (text, address)) \
    X(int, ba2str, (const bdaddr_t *address, char *text), (address, text))

PACER_LAZY_LIBRARY(PACER_BLUETOOTH_FUNCTIONS, "libbluetooth.so.3", "libbluetooth3")

const char *pacer_bluetooth_load(void) { return pacer_lazy_bind(&library); }

#pragma GCC visibility push(hidden)
#define TRAMPOLINE(type, name, parameters, arguments) \
    type name parameters { pacer_lazy_require(&library); return bound.call.name arguments; }
PACER_BLUETOOTH_FUNCTIONS(TRAMPOLINE)
#pragma GCC visibility pop
