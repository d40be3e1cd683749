/* libdbus-1's functions that Pacer calls, as trampolines into the library loaded at first use
 * (see CLazyLibraries.h). A function missing from this list fails at link time, not at run time. */
#define DBUS_EXPORT __attribute__((visibility("hidden")))
#include <dbus/dbus.h>
#include <stdio.h>
#include <stdlib.h>
#include "CLazyLibraries.h"
#include "LazyLibrary.h"

/* R: returns a value; V: returns nothing. (return type, name, parameters, arguments) */
#define PACER_DBUS_FUNCTIONS(R, V) \
    V(void, dbus_bus_add_match, (DBusConnection *c, const char *rule, DBusError *e), (c, rule, e)) \
    R(const char *, dbus_bus_get_unique_name, (DBusConnection *c), (c)) \
    R(dbus_bool_t, dbus_bus_register, (DBusConnection *c, DBusError *e), (c, e)) \
    V(void, dbus_connection_close, (DBusConnection *c), (c)) \
    V(void, dbus_connection_flush, (DBusConnection *c), (c)) \
    R(dbus_bool_t, dbus_connection_get_is_connected, (DBusConnection *c), (c)) \
    R(dbus_bool_t, dbus_connection_get_unix_fd, (DBusConnection *c, int *fd), (c, fd)) \
    R(DBusConnection *, dbus_connection_open_private, (const char *address, DBusError *e), (address, e)) \
    R(DBusMessage *, dbus_connection_pop_message, (DBusConnection *c), (c)) \
    R(dbus_bool_t, dbus_connection_read_write, (DBusConnection *c, int timeout), (c, timeout)) \
    R(dbus_bool_t, dbus_connection_send, (DBusConnection *c, DBusMessage *m, dbus_uint32_t *serial), (c, m, serial)) \
    R(DBusMessage *, dbus_connection_send_with_reply_and_block, \
      (DBusConnection *c, DBusMessage *m, int timeout, DBusError *e), (c, m, timeout, e)) \
    V(void, dbus_connection_set_exit_on_disconnect, (DBusConnection *c, dbus_bool_t exit), (c, exit)) \
    V(void, dbus_connection_unref, (DBusConnection *c), (c)) \
    V(void, dbus_error_free, (DBusError *e), (e)) \
    V(void, dbus_error_init, (DBusError *e), (e)) \
    R(dbus_bool_t, dbus_error_is_set, (const DBusError *e), (e)) \
    R(const char *, dbus_message_get_error_name, (DBusMessage *m), (m)) \
    R(const char *, dbus_message_get_interface, (DBusMessage *m), (m)) \
    R(const char *, dbus_message_get_member, (DBusMessage *m), (m)) \
    R(dbus_bool_t, dbus_message_get_no_reply, (DBusMessage *m), (m)) \
    R(const char *, dbus_message_get_path, (DBusMessage *m), (m)) \
    R(dbus_uint32_t, dbus_message_get_reply_serial, (DBusMessage *m), (m)) \
    R(const char *, dbus_message_get_sender, (DBusMessage *m), (m)) \
    R(int, dbus_message_get_type, (DBusMessage *m), (m)) \
    R(dbus_bool_t, dbus_message_iter_append_basic, (DBusMessageIter *i, int type, const void *value), (i, type, value)) \
    R(dbus_bool_t, dbus_message_iter_close_container, (DBusMessageIter *i, DBusMessageIter *sub), (i, sub)) \
    R(int, dbus_message_iter_get_arg_type, (DBusMessageIter *i), (i)) \
    V(void, dbus_message_iter_get_basic, (DBusMessageIter *i, void *value), (i, value)) \
    R(int, dbus_message_iter_get_element_type, (DBusMessageIter *i), (i)) \
    V(void, dbus_message_iter_get_fixed_array, (DBusMessageIter *i, void *value, int *count), (i, value, count)) \
    R(dbus_bool_t, dbus_message_iter_init, (DBusMessage *m, DBusMessageIter *i), (m, i)) \
    V(void, dbus_message_iter_init_append, (DBusMessage *m, DBusMessageIter *i), (m, i)) \
    R(dbus_bool_t, dbus_message_iter_next, (DBusMessageIter *i), (i)) \
    R(dbus_bool_t, dbus_message_iter_open_container, \
      (DBusMessageIter *i, int type, const char *signature, DBusMessageIter *sub), (i, type, signature, sub)) \
    V(void, dbus_message_iter_recurse, (DBusMessageIter *i, DBusMessageIter *sub), (i, sub)) \
    R(DBusMessage *, dbus_message_new_error, (DBusMessage *to, const char *name, const char *text), (to, name, text)) \
    R(DBusMessage *, dbus_message_new_method_call, \
      (const char *destination, const char *path, const char *iface, const char *method), (destination, path, iface, method)) \
    R(DBusMessage *, dbus_message_new_method_return, (DBusMessage *call), (call)) \
    R(DBusMessage *, dbus_message_new_signal, (const char *path, const char *iface, const char *name), (path, iface, name)) \
    V(void, dbus_message_unref, (DBusMessage *m), (m))

#define PACER_DBUS_EACH(X) PACER_DBUS_FUNCTIONS(X, X)
PACER_LAZY_LIBRARY(PACER_DBUS_EACH, "libdbus-1.so.3", "libdbus-1-3")

const char *pacer_dbus_load(void) { return pacer_lazy_bind(&library); }

#define RETURNING(type, name, parameters, arguments) \
    type name parameters { pacer_lazy_require(&library); return bound.call.name arguments; }
#define VOID(type, name, parameters, arguments) \
    void name parameters { pacer_lazy_require(&library); bound.call.name arguments; }
PACER_DBUS_FUNCTIONS(RETURNING, VOID)
