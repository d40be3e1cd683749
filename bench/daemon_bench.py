#!/usr/bin/env python3
"""pacerd against gpsd, fed the same 10 Hz NMEA on two ptys at the same moments.

    bench/daemon_bench.py --pacerd BIN [--seconds N] [--gpsd /usr/sbin/gpsd]
                          [--sessions-rate R] [--sync-interval S] [--index-first]

Prints, for each daemon: peak RSS (VmHWM) and CPU time (utime + stime) over the run, and the
latency from the write of an epoch on its pty to one watcher receiving the report for that
epoch (pacerd: STATE with gps.time; gpsd: TPV with time), p50/p99/max. Both daemons have one
watching client, and both read a raw pty. Standard library only.
"""
import argparse
import collections
import grp
import json
import math
import os
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import tty
from datetime import datetime, timedelta, timezone


def nmea(body):
    c = 0
    for b in body.encode():
        c ^= b
    return "$%s*%02X\r\n" % (body, c)


def epochs(count, start):
    """A 10 Hz ride: 8 m/s heading north-east, 3D fix, 10 satellites."""
    lat0, lon0 = 48.137154, 11.576124
    for i in range(count):
        t = start + timedelta(milliseconds=100 * i)
        d = 0.8 * i
        lat = lat0 + d * math.cos(math.radians(45)) / 111_320
        lon = lon0 + d * math.sin(math.radians(45)) / (111_320 * math.cos(math.radians(lat0)))
        hms = t.strftime("%H%M%S") + ".%02d" % (t.microsecond // 10000)
        la = "%02d%07.4f" % (int(lat), (lat - int(lat)) * 60)
        lo = "%03d%07.4f" % (int(lon), (lon - int(lon)) * 60)
        key = t.strftime("%Y-%m-%dT%H:%M:%S.") + "%03dZ" % (t.microsecond // 1000)
        data = (nmea("GPGGA,%s,%s,N,%s,E,1,10,0.9,520.0,M,47.0,M,," % (hms, la, lo))
                + nmea("GPGSA,A,3,01,02,03,04,05,06,07,08,09,10,,,1.6,0.9,1.3")
                + nmea("GPRMC,%s,A,%s,N,%s,E,15.55,45.0,%s,,,A" % (hms, la, lo, t.strftime("%d%m%y"))))
        yield key, data.encode()


def open_pty(link):
    master, slave = os.openpty()
    tty.setraw(slave)
    os.symlink(os.ttyname(slave), link)
    return master, slave


def proc_stats(pid):
    with open("/proc/%d/status" % pid) as f:
        hwm = next(int(l.split()[1]) for l in f if l.startswith("VmHWM:"))
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    # CPU time from the scheduler (nanoseconds, every live thread): /proc/PID/stat counts whole
    # clock ticks (10 ms), coarser than what either daemon spends in a short run.
    cpu = 0
    for task in os.listdir("/proc/%d/task" % pid):
        with open("/proc/%d/task/%s/schedstat" % (pid, task)) as f:
            cpu += int(f.read().split()[0])
    return hwm, cpu / 1e9, int(fields[11]) / ticks, int(fields[12]) / ticks


def wakeups(pid):
    """Voluntary context switches of every thread: each is one sleep, so one wake-up."""
    total = 0
    for task in os.listdir("/proc/%d/task" % pid):
        with open("/proc/%d/task/%s/status" % (pid, task)) as f:
            total += next(int(l.split()[1]) for l in f if l.startswith("voluntary_ctxt_switches:"))
    return total


def wakeup_floor_us():
    """CPU time of one wake-up of a process that does nothing else (a 10 ms sleep, 300 times),
    from its own scheduler statistics: the fixed cost every wake-up of either daemon pays."""
    probe = ("import time\n"
             "def cpu(): return int(open('/proc/self/schedstat').read().split()[0])\n"
             "a = cpu()\n"
             "for _ in range(300): time.sleep(0.01)\n"
             "print((cpu() - a) / 300 / 1000)\n")
    return float(subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout)


def percentile(values, p):
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))] if s else float("nan")


def wait_for(predicate, timeout, what):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.05)
    sys.exit("bench: %s did not come up" % what)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pacerd", required=True)
    ap.add_argument("--gpsd", default=shutil.which("gpsd") or "/usr/sbin/gpsd")
    ap.add_argument("--seconds", type=float, default=180)
    ap.add_argument("--pacerctl", help="to write --history past sessions into pacerd's journal first")
    ap.add_argument("--history", type=int, default=300, help="past sessions in the journal (about a year)")
    ap.add_argument("--sessions-rate", type=float, default=10, help="sessions requests a second (0: none)")
    ap.add_argument("--sync-interval", type=float,
                    help="pacerd's [journal] sync_interval_s (default: its own, 1 s); to see what durability costs")
    ap.add_argument("--index-first", action="store_true",
                    help="build the history index before pacerd starts (as after any earlier start)")
    a = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="pacer-bench-")
    procs = []
    try:
        pm, ps = open_pty(os.path.join(tmp, "gps-pacerd"))
        gm, gs = open_pty(os.path.join(tmp, "gps-gpsd"))
        port = 29470 + os.getpid() % 500
        with open(os.path.join(tmp, "pacer.conf"), "w") as f:
            # The socket's group is one that exists, as the `pacer` group does on an installed board
            # (systemd-sysusers); a missing one would send the lookup on through every NSS module.
            f.write("[unattended]\nauto_start = off\n[socket]\ngroup = %s\n" % grp.getgrgid(os.getegid()).gr_name)
            if a.sync_interval is not None:
                f.write("[journal]\nsync_interval_s = %g\n" % a.sync_interval)
        if a.pacerctl and a.history > 0:
            subprocess.run([a.pacerctl, "journal-synth", "--journal", os.path.join(tmp, "journal"), "--sessions",
                            str(a.history), "--samples", "60", "--no-sync"], check=True, stdout=subprocess.DEVNULL)
            if a.index_first:
                subprocess.run([a.pacerctl, "sessions", "--journal", os.path.join(tmp, "journal")], check=True,
                               stdout=subprocess.DEVNULL)
        pacerd = subprocess.Popen([a.pacerd, "--config", os.path.join(tmp, "pacer.conf"),
                                   "--gps", "serial:%s@115200" % os.path.join(tmp, "gps-pacerd"),
                                   "--sensors", "none", "--socket", os.path.join(tmp, "pacer.sock"),
                                   "--journal", os.path.join(tmp, "journal")],
                                  stderr=open(os.path.join(tmp, "pacerd.log"), "w"))
        procs.append(pacerd)
        gpsd = subprocess.Popen([a.gpsd, "-N", "-n", "-b", "-S", str(port), "-F", os.path.join(tmp, "gpsd.sock"),
                                 os.path.join(tmp, "gps-gpsd")], stderr=open(os.path.join(tmp, "gpsd.log"), "w"))
        procs.append(gpsd)

        def connects(path=None, port=None):
            try:
                s = socket.socket(socket.AF_UNIX) if path else socket.create_connection(("127.0.0.1", port), 0.2)
                if path:
                    s.connect(path)
                s.close()
                return True
            except OSError:
                return False
        wait_for(lambda: connects(path=os.path.join(tmp, "pacer.sock")), 20, "pacerd")
        wait_for(lambda: connects(port=port), 20, "gpsd")
        pw = socket.socket(socket.AF_UNIX)
        pw.connect(os.path.join(tmp, "pacer.sock"))
        pw.sendall(b'{"cmd":"watch","enable":true}\n')
        # A second pacerd client asks for the session list 10 times a second during the recording.
        sc = socket.socket(socket.AF_UNIX)
        sc.connect(os.path.join(tmp, "pacer.sock"))
        sessions_replies, sessions_bytes, next_sessions = 0, 0, None
        # When each request went out, to time its reply (pacerd answers requests in order).
        sessions_sent, sessions_latency = collections.deque(), []
        gw = socket.create_connection(("127.0.0.1", port))
        gw.sendall(b'?WATCH={"enable":true,"json":true}\n')
        buffers = {pw: b"", gw: b"", sc: b""}
        written = {}
        latency = {"pacerd": [], "gpsd": []}
        seen = {"pacerd": set(), "gpsd": set()}
        count = int(a.seconds * 10)
        start = datetime.now(timezone.utc).replace(microsecond=0)
        t0 = time.monotonic()
        # A second of warm-up epochs so both have locked on (not measured), then the run.
        for i, (key, data) in enumerate(epochs(count + 10, start)):
            due = t0 + 0.1 * i
            if i == 10:
                wakeups_before = {"pacerd": wakeups(pacerd.pid), "gpsd": wakeups(gpsd.pid)}
                measured_from = time.monotonic()
                pw.sendall(b'{"cmd":"start","activity":"ride"}\n')
                next_sessions = time.monotonic() if a.sessions_rate > 0 else None
            while True:
                now = time.monotonic()
                if next_sessions is not None and now >= next_sessions:
                    sc.sendall(b'{"cmd":"sessions"}\n')
                    sessions_sent.append(time.monotonic())
                    next_sessions += 1 / a.sessions_rate
                timeout = min(due, next_sessions or due) - now
                if timeout <= 0 and now >= due:
                    break
                r, _, _ = select.select([pw, gw, sc], [], [], max(0, timeout))
                arrived = time.monotonic()
                for s in r:
                    chunk = s.recv(1 << 20)
                    if not chunk:
                        sys.exit("bench: a daemon closed its socket")
                    if s is sc:
                        sessions_bytes += len(chunk)
                        buffers[sc] += chunk
                        *lines, buffers[sc] = buffers[sc].split(b"\n")
                        for line in lines:
                            if line.startswith(b'{"class":"SESSIONS"'):
                                sessions_replies += 1
                                sessions_latency.append((arrived - sessions_sent.popleft()) * 1000)
                        continue
                    buffers[s] += chunk
                    *lines, buffers[s] = buffers[s].split(b"\n")
                    for line in lines:
                        try:
                            msg = json.loads(line)
                        except ValueError:
                            continue
                        if s is pw and msg.get("class") == "STATE":
                            name, t = "pacerd", (msg.get("gps") or {}).get("time")
                        elif s is gw and msg.get("class") == "TPV":
                            name, t = "gpsd", msg.get("time")
                        else:
                            continue
                        if t and t[:23] in written and t[:23] not in seen[name]:
                            seen[name].add(t[:23])
                            if written[t[:23]][1]:
                                latency[name].append((arrived - written[t[:23]][0]) * 1000)
            wt = time.monotonic()
            os.write(pm, data)
            os.write(gm, data)
            written[key[:23]] = (wt, i >= 10)
        rate = {name: (wakeups(p.pid) - wakeups_before[name]) / (time.monotonic() - measured_from)
                for name, p in (("pacerd", pacerd), ("gpsd", gpsd))}
        time.sleep(0.5)
        stats = {"pacerd": proc_stats(pacerd.pid), "gpsd": proc_stats(gpsd.pid)}
        print("10 Hz NMEA for %.0f s (%d epochs) on two ptys, one watcher each; pacerd recording a session, with a "
              "client asking for its %d past sessions %gx/s (%d replies, %.1f MB)"
              % (a.seconds, count, a.history, a.sessions_rate, sessions_replies, sessions_bytes / 1e6))
        print("%-8s %12s %12s %14s %10s %10s %10s %9s" % ("daemon", "peak RSS KB", "CPU time s", "(user+system)",
                                                         "p50 ms", "p99 ms", "max ms", "reports"))
        for name in ("pacerd", "gpsd"):
            l = latency[name]
            print("%-8s %12d %12.3f %14s %10.2f %10.2f %10.2f %9d" % (
                name, stats[name][0], stats[name][1], "(%.2f+%.2f)" % (stats[name][2], stats[name][3]), percentile(l, 50),
                percentile(l, 99), max(l) if l else float("nan"), len(l)))
        print("wake-ups a second while recording: pacerd %.1f, gpsd %.1f; a process that only wakes costs %.0f us "
              "of CPU a wake-up on this machine" % (rate["pacerd"], rate["gpsd"], wakeup_floor_us()))
        if sessions_latency:
            print("pacerd's sessions replies: p50 %.2f ms, p99 %.2f ms, max %.2f ms (a client polling faster than the "
                  "deferral window is read every other epoch at 10 Hz, two requests at a time)" % (percentile(sessions_latency, 50),
                                                                  percentile(sessions_latency, 99), max(sessions_latency)))
        rss = stats["pacerd"][0] / stats["gpsd"][0]
        cpu = stats["pacerd"][1] / max(stats["gpsd"][1], 0.001)
        p99 = percentile(latency["pacerd"], 99)
        print("pacerd/gpsd RSS %.2fx (target <= 2x: %s), CPU %.2fx (target <= 1x: %s), pacerd p99 %.2f ms (target <= 5 ms: %s)"
              % (rss, "met" if rss <= 2 else "NOT met", cpu, "met" if cpu <= 1 else "NOT met",
                 p99, "met" if p99 <= 5 else "NOT met"))
    finally:
        for p in procs:
            p.send_signal(signal.SIGTERM)
        for p in procs:
            try:
                p.wait(5)
            except subprocess.TimeoutExpired:
                p.kill()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
