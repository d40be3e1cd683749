#!/usr/bin/env python3
"""Plays an NMEA recording on a pseudo-terminal at the recording's own pace, as a GPS would.

    sim/nmeaplay.py FILE --link PATH [--speed X] [--loop] [--shift-to-now]

Creates a pty, makes PATH a symlink to its device (give pacerd `--gps serial:PATH`), and writes
the recording epoch by epoch (an epoch is the sentences sharing one UTC time), sleeping the
recorded interval between epochs divided by --speed. --shift-to-now rewrites times and dates so
the recording happens today, now. Exits (closing the pty, which the reader sees as a lost
device) at the end unless --loop. Python standard library only.
"""
import argparse
import os
import signal
import sys
import time
import tty
from datetime import datetime, timezone

TIME_FIELD = {b"GGA": 1, b"RMC": 1, b"GLL": 5, b"ZDA": 1, b"GNS": 1}


def checksum(body):
    c = 0
    for b in body:
        c ^= b
    return b"%02X" % c


def epoch_time(line):
    """Seconds of day of a sentence's UTC time field, or None."""
    if not line.startswith(b"$") or len(line) < 7:
        return None
    fields = line.split(b"*")[0].split(b",")
    idx = TIME_FIELD.get(fields[0][3:6])
    if idx is None or idx >= len(fields) or len(fields[idx]) < 6:
        return None
    t = fields[idx]
    try:
        return int(t[0:2]) * 3600 + int(t[2:4]) * 60 + float(t[4:])
    except ValueError:
        return None


def epochs(lines):
    """Groups sentences into (seconds of day, [lines]) epochs."""
    current, current_t = [], None
    for line in lines:
        t = epoch_time(line)
        if t is not None and current_t is not None and abs(t - current_t) > 1e-6 and current:
            yield current_t, current
            current = []
        if t is not None:
            current_t = t
        current.append(line)
    if current:
        yield current_t, current


def shift(line, now):
    """Rewrites the UTC time (and RMC date) of a sentence to `now`, fixing its checksum."""
    if not line.startswith(b"$"):
        return line
    body = line[1:].split(b"*")[0]
    fields = body.split(b",")
    kind = fields[0][2:5]
    idx = TIME_FIELD.get(kind)
    if idx is None or idx >= len(fields) or len(fields[idx]) < 6:
        return line
    frac = fields[idx][6:] or b""
    fields[idx] = now.strftime("%H%M%S").encode() + frac
    if kind == b"RMC" and len(fields) > 9 and len(fields[9]) == 6:
        fields[9] = now.strftime("%d%m%y").encode()
    body = b",".join(fields)
    return b"$" + body + b"*" + checksum(body)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("file")
    ap.add_argument("--link", required=True, help="symlink to create to the pty device")
    ap.add_argument("--speed", type=float, default=1.0)
    ap.add_argument("--loop", action="store_true")
    ap.add_argument("--shift-to-now", action="store_true")
    a = ap.parse_args()
    with open(a.file, "rb") as f:
        lines = [l.rstrip(b"\r\n") for l in f if l.strip()]
    recorded = list(epochs(lines))
    master, slave = os.openpty()
    tty.setraw(slave)
    os.set_blocking(master, False)
    name = os.ttyname(slave)
    try:
        os.unlink(a.link)
    except FileNotFoundError:
        pass
    os.symlink(name, a.link)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    print("nmeaplay: %d epochs from %s on %s (%s)" % (len(recorded), a.file, a.link, name), file=sys.stderr, flush=True)
    try:
        while True:
            start = time.monotonic()
            first_t = None
            wall0 = time.time()
            for t, group in recorded:
                if t is not None:
                    if first_t is None:
                        first_t = t
                    dt = t - first_t
                    if dt < -43200:
                        dt += 86400
                    delay = start + dt / a.speed - time.monotonic()
                    if delay > 0:
                        time.sleep(delay)
                if a.shift_to_now and t is not None:
                    now = datetime.fromtimestamp(wall0 + (t - first_t) / a.speed, timezone.utc)
                    group = [shift(l, now) for l in group]
                data = b"".join(l + b"\r\n" for l in group)
                try:
                    os.write(master, data)
                except BlockingIOError:
                    pass  # nobody reads: the bytes are lost, as on a real serial line
                except OSError:
                    pass
            if not a.loop:
                break
    finally:
        try:
            os.unlink(a.link)
        except OSError:
            pass


if __name__ == "__main__":
    main()
