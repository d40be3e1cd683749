#define _GNU_SOURCE
#include <sys/epoll.h>
#include "CLinux.h"
#include <errno.h>
#include <signal.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <unistd.h>
#include <spawn.h>

int pacer_signalfd(const int *signals, int count) {
    sigset_t set;
    sigemptyset(&set);
    for (int i = 0; i < count; i++) sigaddset(&set, signals[i]);
    if (sigprocmask(SIG_BLOCK, &set, 0) < 0) return -1;
    return signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC);
}

int pacer_signalfd_read(int fd) {
    struct signalfd_siginfo info;
    ssize_t n;
    do n = read(fd, &info, sizeof info); while (n < 0 && errno == EINTR);
    if (n == (ssize_t)sizeof info) return (int)info.ssi_signo;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return 0;
    return -1;
}

int pacer_peer_credentials(int fd, int *pid, unsigned *uid, unsigned *gid) {
    struct ucred cred;
    socklen_t length = sizeof cred;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &length) < 0) return -1;
    *pid = cred.pid;
    *uid = cred.uid;
    *gid = cred.gid;
    return 0;
}

int pacer_accept_nonblocking(int fd) {
    return accept4(fd, 0, 0, SOCK_NONBLOCK | SOCK_CLOEXEC);
}

#include <sys/mman.h>
#include <sys/sendfile.h>

int pacer_memory_file(const char *name) {
    return memfd_create(name, MFD_CLOEXEC);
}

long pacer_send_file(int out_fd, int in_fd, long offset, unsigned long count) {
    off_t at = offset;
    return sendfile(out_fd, in_fd, &at, count);
}

#include <sys/ioctl.h>
#include <time.h>

int pacer_terminal_size(int fd, int *columns, int *rows) {
    struct winsize ws;
    if (ioctl(fd, TIOCGWINSZ, &ws) < 0 || ws.ws_col == 0) return -1;
    *columns = ws.ws_col;
    *rows = ws.ws_row;
    return 0;
}

long pacer_utc_offset(long epoch_seconds) {
    time_t t = (time_t)epoch_seconds;
    struct tm local;
    if (!localtime_r(&t, &local)) return 0;
    return local.tm_gmtoff;
}

#include <pthread.h>
#include <string.h>

void pacer_set_thread_name(const char *name) {
    char short_name[16];
    strncpy(short_name, name, 15);
    short_name[15] = 0;
    pthread_setname_np(pthread_self(), short_name);
}

#include <malloc.h>

void pacer_single_malloc_arena(void) {
    mallopt(M_ARENA_MAX, 1);
}

void pacer_release_free_memory(void) {
    malloc_trim(0);
}

static unsigned pacer_epoll_events(int interest) {
    return (interest & PACER_READABLE ? EPOLLIN : 0) | (interest & PACER_WRITABLE ? EPOLLOUT : 0);
}

int pacer_epoll_create(void) {
    return epoll_create1(EPOLL_CLOEXEC);
}

int pacer_epoll_watch(int epfd, int fd, int interest) {
    struct epoll_event event = { .events = pacer_epoll_events(interest), .data.fd = fd };
    if (epoll_ctl(epfd, EPOLL_CTL_MOD, fd, &event) == 0) return 0;
    if (errno != ENOENT) return -1;
    return epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &event);
}

int pacer_epoll_unwatch(int epfd, int fd) {
    struct epoll_event unused = { 0 };
    return epoll_ctl(epfd, EPOLL_CTL_DEL, fd, &unused);
}

int pacer_epoll_wait(int epfd, int *fds, int *readiness, int capacity, int timeout_ms) {
    struct epoll_event events[64];
    if (capacity > 64) capacity = 64;
    int n = epoll_wait(epfd, events, capacity, timeout_ms);
    for (int i = 0; i < n; i++) {
        unsigned e = events[i].events;
        fds[i] = events[i].data.fd;
        readiness[i] = (e & EPOLLIN ? PACER_READABLE : 0) | (e & EPOLLOUT ? PACER_WRITABLE : 0)
            | (e & (EPOLLHUP | EPOLLERR) ? PACER_HANGUP : 0);
    }
    return n;
}

int pacer_spawn_close_from(void *actions, int lowest) {
    return posix_spawn_file_actions_addclosefrom_np((posix_spawn_file_actions_t *)actions, lowest);
}
