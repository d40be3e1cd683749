#ifndef PACER_CLAZYLIBRARIES_H
#define PACER_CLAZYLIBRARIES_H
/* libdbus-1 and libbluetooth, bound with dlopen(3) the first time they are needed.
 *
 * Linked normally, libdbus-1 maps libsystemd and the six libraries behind it (gcrypt, lzma, zstd, lz4,
 * cap, gpg-error) into every pacerd: about a megabyte resident on a board that reads only a serial GPS.
 * The C files here define each libdbus/libbluetooth function Pacer calls as a hidden trampoline into the
 * loaded library, so the Swift code calls them by their own names and the prototypes are checked against
 * the real headers. */

/* Loads libdbus-1.so.3 once: NULL when it is ready, else why not (the same text on every later call). */
const char *pacer_dbus_load(void);

/* Loads libbluetooth.so.3 once: NULL when it is ready, else why not. */
const char *pacer_bluetooth_load(void);
#endif
