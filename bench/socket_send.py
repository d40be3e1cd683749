#!/usr/bin/env python3
"""What one reply costs the sender in the kernel, apart from any daemon: CPU time of one send(2)
on a Unix stream socket to a reader in another process, 10 times a second (so caches are as
cold as a daemon's between epochs), for the sizes pacerd sends; and of the two SESSIONS replies
a 10 Hz poller gets per read, as one sendmsg(2) of two copies and as pacerd sends them, one
sendfile(2) from a memory file holding two copies (`SharedReply`).

    bench/socket_send.py [--count N]

The sizes: a STATE line (~700 bytes) and the SESSIONS reply for 300 sessions (~67 KB, what
`bench/daemon_bench.py`'s second client asks for 10 times a second). Standard library only.
"""
import argparse
import os
import socket
import statistics
import time


def cost_us(size, count, way="send"):
    parent, child = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    pid = os.fork()
    if pid == 0:
        parent.close()
        while child.recv(1 << 20):
            pass
        os._exit(0)
    child.close()
    parent.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 160 * 1024)   # as pacerd's SocketServer
    payload = b"x" * (size - 1) + b"\n"
    memory_file = os.memfd_create("reply")
    os.write(memory_file, payload * 2)
    costs = []
    for _ in range(count):
        time.sleep(0.1)
        t0 = time.thread_time_ns()
        if way == "send":
            parent.sendall(payload)
        elif way == "sendmsg2":
            parent.sendmsg([payload, payload])
        else:
            os.sendfile(parent.fileno(), memory_file, 0, 2 * size)
        costs.append((time.thread_time_ns() - t0) / 1000)
    parent.close()
    os.close(memory_file)
    os.waitpid(pid, 0)
    return statistics.median(costs), min(costs), max(costs)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=100)
    a = ap.parse_args()
    print("CPU of one call (send, sendmsg, sendfile) to a reader in another process, 10 a second (%d each)" % a.count)
    print("%-28s %8s %12s %10s %10s" % ("reply", "bytes", "median us", "min us", "max us"))
    for name, size, way in (("STATE line", 700, "send"), ("SESSIONS, 300 sessions", 66743, "send"),
                            ("2 SESSIONS, sendmsg", 66743, "sendmsg2"), ("2 SESSIONS, sendfile", 66743, "sendfile")):
        med, lo, hi = cost_us(size, a.count, way)
        print("%-28s %8d %12.1f %10.1f %10.1f" % (name, size * (2 if "2 " in name else 1), med, lo, hi))


if __name__ == "__main__":
    main()
