#!/usr/bin/env python3
"""Crash endurance (issue #12): kills pacerd with SIGKILL at random moments of a recording, N
times, restarting it each time, and checks that nothing committed was lost.

A player thread writes GGA+RMC epochs of a runner (3 m/s, 1 s of receiver time per epoch, --rate
epochs a second of wall time) on a pty that outlives every pacerd, so receiver time runs on
across the restarts as it does on a board after a crash. pacerd starts sessions by itself
(`[unattended] auto_start = movement`) and resumes the crashed one on its first fix; now and
then the script stops the session over the socket so that the journal holds many sessions.

Before each kill the journal directory is copied (what a reader could see then: everything
pacerd had written, which survives a SIGKILL in the page cache). After each restart, and once
more at the end, every sample of that copy must still be in the live journal (by session id and
sample time, from `pacerctl export --format csv`), the session ids must be unique, and the
journal must open (`pacerctl sessions` exits 0). Standard library only.

    bench/crash_bench.py --pacerd BIN --pacerctl BIN [--kills N] [--seed S] [--rate R]
"""
import argparse
import csv
import grp
import io
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time


def nmea(body):
    c = 0
    for b in body.encode():
        c ^= b
    return ("$%s*%02X\r\n" % (body, c)).encode()


def epoch(n):
    """Epoch n: 2026-03-01 06:00:00 + n seconds, 3 m/s north from 47.3769 N 8.5417 E."""
    secs = 6 * 3600 + n
    day, secs = 1 + secs // 86400, secs % 86400
    tod = "%02d%02d%02d.00" % (secs // 3600, secs % 3600 // 60, secs % 60)
    lat = 47.3769 + 3.0 * n / 111_320.0
    la = "%02d%09.6f,N" % (int(lat), (lat % 1) * 60)
    lo = "%03d%09.6f,E" % (8, 0.5417 * 60)
    return (nmea("GPGGA,%s,%s,%s,1,09,0.9,410.0,M,47.0,M,," % (tod, la, lo))
            + nmea("GPRMC,%s,A,%s,%s,5.83,0.0,%02d0326,,,A" % (tod, la, lo, day)))


class Player(threading.Thread):
    """The GPS: writes epochs on the pty's master until stopped; a pacerd that is not reading
    (killed, starting) loses them as a serial port would (the buffer is flushed)."""

    def __init__(self, master, rate):
        super().__init__(daemon=True)
        self.master, self.rate, self.n, self.running = master, rate, 0, True
        os.set_blocking(master, False)

    def run(self):
        start = time.monotonic()
        while self.running:
            try:
                os.write(self.master, epoch(self.n))
            except (BlockingIOError, OSError):
                pass
            self.n += 1
            delay = start + self.n / self.rate - time.monotonic()
            if delay > 0:
                time.sleep(delay)


def request(path, line, timeout=2.0):
    """One request on pacerd's socket; the first reply line after the greeting, or None."""
    try:
        s = socket.socket(socket.AF_UNIX)
        s.settimeout(timeout)
        s.connect(path)
        f = s.makefile("rb")
        f.readline()  # VERSION
        s.sendall(line.encode() + b"\n")
        reply = f.readline()
        s.close()
        return json.loads(reply) if reply else None
    except (OSError, ValueError):
        return None


def sessions(pacerctl, journal):
    r = subprocess.run([pacerctl, "sessions", "--journal", journal, "--json"], capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit("FAIL: the journal does not open: %s" % r.stderr.strip())
    return json.loads(r.stdout)


def sample_times(pacerctl, journal, sid):
    r = subprocess.run([pacerctl, "export", sid, "--format", "csv", "--journal", journal],
                       capture_output=True, text=True)
    if r.returncode != 0:
        return None
    return {row["time"] for row in csv.DictReader(io.StringIO(r.stdout))}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pacerd", required=True)
    ap.add_argument("--pacerctl", required=True)
    ap.add_argument("--kills", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rate", type=float, default=10, help="epochs (receiver seconds) per wall second")
    ap.add_argument("--keep", action="store_true", help="keep the work directory")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    tmp = tempfile.mkdtemp(prefix="pacer-crash-")
    journal, sock, snap = (os.path.join(tmp, n) for n in ("journal", "pacer.sock", "snapshot"))
    master, slave = os.openpty()
    os.symlink(os.ttyname(slave), os.path.join(tmp, "gps"))
    with open(os.path.join(tmp, "pacer.conf"), "w") as f:
        f.write("[unattended]\nauto_start = movement\nstart_after_s = 0\nactivity = run\nresume_within_min = 15\n"
                "[socket]\ngroup = %s\n" % grp.getgrgid(os.getegid()).gr_name)
    player = Player(master, a.rate)
    player.start()
    log = open(os.path.join(tmp, "pacerd.log"), "w")
    committed = {}          # session id -> sample times seen in a copy taken before a kill
    figures = {"kills": 0, "during_start": 0, "stops": 0, "checked_samples": 0}
    t0 = time.monotonic()

    def spawn():
        return subprocess.Popen([a.pacerd, "--config", os.path.join(tmp, "pacer.conf"), "--gps",
                                 "serial:%s@115200" % os.path.join(tmp, "gps"), "--sensors", "none",
                                 "--socket", sock, "--journal", journal], stderr=log)

    def check(where, only=None):
        """Every committed sample (of the sessions `only`, default all) is in the live journal;
        ids are unique."""
        listed = sessions(a.pacerctl, journal)
        ids = [s["id"] for s in listed]
        if len(ids) != len(set(ids)):
            raise SystemExit("FAIL (%s): duplicate session ids %s" % (where, ids))
        for sid, times in committed.items():
            if only is not None and sid not in only:
                continue
            now = sample_times(a.pacerctl, journal, sid)
            if now is None:
                raise SystemExit("FAIL (%s): session %s, with %d committed samples, is gone" % (where, sid, len(times)))
            lost = times - now
            if lost:
                raise SystemExit("FAIL (%s): session %s lost %d committed samples, first %s"
                                 % (where, sid, len(lost), min(lost)))
            figures["checked_samples"] += len(times)

    try:
        for k in range(a.kills):
            pacerd = spawn()
            if rng.random() < 0.1:
                # Killed while it starts: opening, recovering, rebuilding its index.
                time.sleep(rng.uniform(0, 0.3))
                figures["during_start"] += 1
            else:
                deadline = time.monotonic() + 20
                while not os.path.exists(sock) and time.monotonic() < deadline:
                    time.sleep(0.01)
                time.sleep(rng.uniform(0.2, 3.0))
                if rng.random() < 0.08 and request(sock, '{"cmd":"stop"}') is not None:
                    figures["stops"] += 1
                    time.sleep(rng.uniform(0, 0.5))
            shutil.rmtree(snap, ignore_errors=True)
            if os.path.isdir(journal):
                shutil.copytree(journal, snap)
            pacerd.send_signal(signal.SIGKILL)
            pacerd.wait()
            figures["kills"] += 1
            if os.path.exists(sock):
                os.unlink(sock)
            # What the copy held: recent sessions only (older ones were checked already).
            recent = set()
            if os.path.isdir(snap):
                for s in sessions(a.pacerctl, snap)[-3:]:
                    times = sample_times(a.pacerctl, snap, s["id"])
                    if times:
                        committed[s["id"]] = times
                        recent.add(s["id"])
            check("after kill %d" % (k + 1), only=recent)
            if (k + 1) % 50 == 0:
                print("%4d kills, %d sessions, %.0f s" % (k + 1, len(committed), time.monotonic() - t0), file=sys.stderr)
        # A last clean run: it recovers, then stops the session as systemctl stop would.
        pacerd = spawn()
        time.sleep(3)
        pacerd.send_signal(signal.SIGTERM)
        pacerd.wait(timeout=30)
        check("after the clean stop")
        listed = sessions(a.pacerctl, journal)
        samples = sum(len(sample_times(a.pacerctl, journal, s["id"]) or ()) for s in listed)
        print("%d SIGKILLs (%d while starting, %d after a stop) in %.0f s; %d sessions, %d samples in the journal; "
              "%d committed samples checked after every restart; lost: 0; duplicate ids: 0; journal opens: yes"
              % (figures["kills"], figures["during_start"], figures["stops"], time.monotonic() - t0,
                 len(listed), samples, figures["checked_samples"]))
    finally:
        player.running = False
        log.close()
        if a.keep:
            print("kept %s" % tmp, file=sys.stderr)
        else:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
