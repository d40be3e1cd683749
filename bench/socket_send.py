#!/usr/bin/env python3
"""What one reply costs the sender in the kernel, apart from any daemon: CPU time of one send(2)
on a Unix stream socket to a reader in another process, 10 times a second (so caches are as
cold as a daemon's between epochs), for the sizes pacerd sends.

    bench/socket_send.py [--count N]

The sizes: a STATE line (~700 bytes) and the SESSIONS reply for 300 sessions (~67 KB, what
`bench/daemon_bench.py`'s second client asks for 10 times a second). Standard library only.
"""
import argparse
import os
import socket
import statistics
import time


def cost_us(size, count):
    parent, child = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    pid = os.fork()
    if pid == 0:
        parent.close()
        while child.recv(1 << 20):
            pass
        os._exit(0)
    child.close()
    payload = b"x" * (size - 1) + b"\n"
    costs = []
    for _ in range(count):
        time.sleep(0.1)
        t0 = time.thread_time_ns()
        parent.send(payload)
        costs.append((time.thread_time_ns() - t0) / 1000)
    parent.close()
    os.waitpid(pid, 0)
    return statistics.median(costs), min(costs), max(costs)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=100)
    a = ap.parse_args()
    print("CPU of one send(2) to a reader in another process, 10 sends a second (%d each)" % a.count)
    print("%-28s %8s %12s %10s %10s" % ("reply", "bytes", "median us", "min us", "max us"))
    for name, size in (("STATE line", 700), ("SESSIONS, 300 sessions", 66743)):
        med, lo, hi = cost_us(size, a.count)
        print("%-28s %8d %12.1f %10.1f %10.1f" % (name, size, med, lo, hi))


if __name__ == "__main__":
    main()
