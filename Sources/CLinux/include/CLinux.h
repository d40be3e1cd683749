#ifndef PACER_CLINUX_H
#define PACER_CLINUX_H
/* Linux calls that Swift's Glibc module does not import (signalfd(2), SO_PEERCRED's
 * struct ucred, accept4(2), memfd_create(2), sendfile(2), epoll(7)), wrapped once each. This
 * header uses only plain C types so that it never changes how Glibc's own headers import into
 * Swift. */

/* Blocks `count` signals and returns a non-blocking, close-on-exec signalfd for them, or -1 (errno). */
int pacer_signalfd(const int *signals, int count);

/* Reads one pending signal from a signalfd: its number, 0 when none is pending, -1 on error (errno). */
int pacer_signalfd_read(int fd);

/* getsockopt(SO_PEERCRED): 0 and the peer's pid/uid/gid, or -1 (errno). */
int pacer_peer_credentials(int fd, int *pid, unsigned *uid, unsigned *gid);

/* accept4(2) with SOCK_NONBLOCK | SOCK_CLOEXEC: the connection, or -1 (errno). */
int pacer_accept_nonblocking(int fd);

/* memfd_create(2) with MFD_CLOEXEC: an anonymous file in memory, or -1 (errno). */
int pacer_memory_file(const char *name);
/* sendfile(2) of `count` bytes of `in_fd` from `offset` to `out_fd`: bytes sent, or -1 (errno). */
long pacer_send_file(int out_fd, int in_fd, long offset, unsigned long count);


/* posix_spawn_file_actions_addclosefrom_np on a posix_spawn_file_actions_t: the child closes
 * every descriptor from `lowest` up, so it inherits none that pacerd holds without close-on-exec
 * (a socket-activated listening socket would outlive pacerd in it). 0, or an error number. */
int pacer_spawn_close_from(void *actions, int lowest);

/* ioctl(TIOCGWINSZ): the terminal's columns and rows, or -1 when `fd` is not a terminal. */
int pacer_terminal_size(int fd, int *columns, int *rows);

/* localtime_r's tm_gmtoff: the local time zone's offset from UTC in seconds at `epoch_seconds`. */
long pacer_utc_offset(long epoch_seconds);

/* pthread_setname_np on the calling thread (names show in top -H and gdb); 15 bytes kept. */
void pacer_set_thread_name(const char *name);

/* mallopt(M_ARENA_MAX, 1): every thread allocates from the main arena. */
void pacer_single_malloc_arena(void);
/* malloc_trim(0): returns freed heap pages to the kernel. */
void pacer_release_free_memory(void);
/* epoll(7) in plain C types. Readiness flags are Pacer's own, translated in CLinux.c. */
enum { PACER_READABLE = 1, PACER_WRITABLE = 2, PACER_HANGUP = 4 };
/* epoll_create1(EPOLL_CLOEXEC): the set, or -1 (errno). */
int pacer_epoll_create(void);
/* Adds `fd` to the set, or changes its interest when it is there already: 0, or -1 (errno). */
int pacer_epoll_watch(int epfd, int fd, int interest);
/* Removes `fd` from the set: 0, or -1 (errno). */
int pacer_epoll_unwatch(int epfd, int fd);
/* epoll_wait for up to `capacity` ready descriptors: how many (their fds and readiness flags
 * in the arrays), 0 on timeout, -1 (errno, EINTR included). */
int pacer_epoll_wait(int epfd, int *fds, int *readiness, int capacity, int timeout_ms);
#endif
