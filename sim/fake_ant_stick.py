#!/usr/bin/env python3
"""A fake ANT USB stick on a pseudo-terminal: answers a receiver's configuration as a stick does,
then broadcasts ANT+ data pages for every channel it opened.

    sim/fake_ant_stick.py [--link PATH] [--hr BPM] [--power W] [--cadence RPM] [--speed-mps V]
                          [--ble FILE [--rate X]] [--device-number N] [--dropout EVERY:LENGTH]
                          [--unplug-after S [--replug-after S]] [--duration S]

Prints `pty DEVICE` on stdout (flushed) when the stick is plugged in, again with the new
device after each replug; --link PATH is kept a symlink to the current device.

What a receiver sends (frames `A4 len id payload xor`, zero padding between them skipped):
reset (0x4A) -> startup (0x6F, reason 0x20); network key, lib config, assign, channel id,
period, frequency, search timeout, open, close -> a channel response (0x40) RESPONSE_NO_ERROR,
or CHANNEL_IN_WRONG_STATE when the channel is not in a state for it (open before assign,
assign of an open channel); close is followed by EVENT_CHANNEL_CLOSED; request (0x4D) of
capabilities (0x54) or a channel's id (0x51) -> that message. An open channel whose device
type is 120 (heart rate), 11 (power), 121 (speed and cadence) or 124 (footpod) receives a
broadcast (0x4E) of one data page per channel period, with the extended data the receiver
asked for in lib config (device number, type and transmission type; RSSI).

Values come from --hr/--power/--cadence/--speed-mps, or from a BLE log (a scenario's .ble:
2a37 heart rate, 2a63 power with crank revolutions for cadence, 2a5b wheel speed (--wheel-mm),
2a53 footpod speed) played
at its own pace times --rate. --dropout EVERY:LENGTH silences the device for LENGTH seconds
every EVERY seconds: EVENT_RX_FAIL each period for 8 periods, then EVENT_RX_FAIL_GO_TO_SEARCH
and nothing until it is heard again. --unplug-after closes the pty (the reader sees the device
vanish) and --replug-after (default 2 s) later opens a new one. Python standard library only.
"""
import argparse
import bisect
import math
import os
import select
import sys
import time
import tty

SYNC = 0xA4
NETWORK_KEY = bytes([0xB9, 0xA5, 0x21, 0xFB, 0xBD, 0x72, 0xC3, 0x45])
NO_ERROR, RX_FAIL, CHANNEL_CLOSED, RX_FAIL_GO_TO_SEARCH, WRONG_STATE = 0x00, 0x02, 0x07, 0x08, 0x15
# max channels, max networks, standard options, advanced options (as a USB-m stick answers)
CAPABILITIES = bytes([8, 8, 0x00, 0xBA, 0x36, 0x00, 0xDF, 0x1F])


def frame(msg_id, payload):
    """One ANT frame: sync, length, id, payload, XOR of all of them."""
    body = bytes([SYNC, len(payload), msg_id]) + bytes(payload)
    c = 0
    for b in body:
        c ^= b
    return body + bytes([c])


class Framer:
    """Bytes in, (id, payload) out; skips padding and junk, drops bad checksums (resyncing)."""

    def __init__(self):
        self.buf = b""

    def feed(self, data):
        self.buf += data
        out = []
        while True:
            i = self.buf.find(bytes([SYNC]))
            if i < 0:
                self.buf = b""
                return out
            self.buf = self.buf[i:]
            if len(self.buf) < 2:
                return out
            n = self.buf[1]
            if n == 0 or n > 32:
                self.buf = self.buf[1:]
                continue
            if len(self.buf) < n + 4:
                return out
            c = 0
            for b in self.buf[:n + 3]:
                c ^= b
            if c != self.buf[n + 3]:
                self.buf = self.buf[1:]
                continue
            out.append((self.buf[2], self.buf[3:n + 3]))
            self.buf = self.buf[n + 4:]


class Values:
    """Heart rate, power, cadence and speed at a time (seconds since start)."""

    def __init__(self, a):
        self.const = {"hr": a.hr, "power": a.power, "cadence": a.cadence, "speed": a.speed_mps}
        self.series = {}
        self.wheel = a.wheel_mm / 1000.0
        if a.ble:
            self.load(a.ble, a.rate)

    def load(self, path, rate):
        from datetime import datetime
        first = None
        last_crank = last_wheel = None
        for line in open(path):
            f = line.split()
            if len(f) != 3 or line.startswith("#"):
                continue
            t = datetime.fromisoformat(f[0].replace("Z", "+00:00")).timestamp()
            first = t if first is None else first
            at = (t - first) / rate
            p = bytes.fromhex(f[2])
            if f[1] == "2a37" and len(p) >= 2:
                bpm = p[1] | (p[2] << 8 if p[0] & 1 else 0)
                self.add("hr", at, bpm if (p[0] & 0x06) != 0x04 else 0)
            elif f[1] == "2a63" and len(p) >= 4:
                self.add("power", at, max(0, int.from_bytes(p[2:4], "little", signed=True)))
                flags = int.from_bytes(p[0:2], "little")
                if flags & 0x20:
                    k = 4 + (1 if flags & 1 else 0) + (2 if flags & 4 else 0) + (6 if flags & 0x10 else 0)
                    revs, when = int.from_bytes(p[k:k + 2], "little"), int.from_bytes(p[k + 2:k + 4], "little")
                    if last_crank and (when - last_crank[1]) & 0xFFFF:
                        rpm = ((revs - last_crank[0]) & 0xFFFF) * 60 * 1024 / ((when - last_crank[1]) & 0xFFFF)
                        self.add("cadence", at, rpm)
                    last_crank = (revs, when)
            elif f[1] == "2a5b" and len(p) >= 7 and p[0] & 1:
                revs, when = int.from_bytes(p[1:5], "little"), int.from_bytes(p[5:7], "little")
                if last_wheel and (when - last_wheel[1]) & 0xFFFF:
                    seconds = ((when - last_wheel[1]) & 0xFFFF) / 1024
                    self.add("speed", at, (revs - last_wheel[0]) * self.wheel / seconds)
                last_wheel = (revs, when)
            elif f[1] == "2a53" and len(p) >= 4:
                self.add("speed", at, int.from_bytes(p[1:3], "little") / 256)

    def add(self, key, at, value):
        s = self.series.setdefault(key, ([], []))
        s[0].append(at)
        s[1].append(value)

    def get(self, key, at):
        if key in self.series:
            times, values = self.series[key]
            i = bisect.bisect_right(times, at) - 1
            return values[max(0, i)] if times else 0
        return self.const[key]


class Channel:
    def __init__(self):
        self.assigned = self.open = False
        self.device_type = 0
        self.period = 8192
        self.next_at = None
        self.count = 0            # messages sent
        self.fails = 0            # periods without the device in the current drop-out
        # per-profile accumulated state
        self.beat_time = 0.0      # s, of the last heart beat
        self.beats = 0
        self.prev_beat = 0.0
        self.events = 0
        self.accumulated = 0
        self.crank_revs = 0.0
        self.crank_time = 0.0
        self.wheel_revs = 0.0
        self.wheel_time = 0.0
        self.distance = 0.0
        self.strides = 0.0


def u16(x):
    x = int(x) & 0xFFFF
    return [x & 0xFF, x >> 8]


def page(ch, values, t, number):
    """The next data page of a channel's profile at time t (s)."""
    k = ch.count
    if ch.device_type == 120:
        bpm = int(round(values.get("hr", t)))
        if bpm > 0:
            while ch.beat_time + 60.0 / bpm <= t:
                ch.prev_beat, ch.beat_time = ch.beat_time, ch.beat_time + 60.0 / bpm
                ch.beats += 1
        toggle = 0x80 if (k // 4) % 2 else 0
        if k % 64 in (60, 61, 62, 63):
            specific = [7, 87, 0x80, 0x23]                       # battery 87 %, good
        else:
            specific = [4, 0xFF] + u16(ch.prev_beat * 1024)      # previous beat time
        return [specific[0] | toggle] + specific[1:] + u16(ch.beat_time * 1024) + [ch.beats & 0xFF, min(bpm, 255)]
    if ch.device_type == 11:
        if k % 61 == 60:
            return [0x52, 0xFF, 0x00, 0, 0, 0, 0x80, 0x24]      # battery: good
        watts = int(round(values.get("power", t)))
        ch.events += 1
        ch.accumulated += watts
        rpm = values.get("cadence", t)
        return [0x10, ch.events & 0xFF, 0xFF, min(254, int(round(rpm)))] + u16(ch.accumulated) + u16(watts)
    if ch.device_type == 121:
        dt = ch.period / 32768.0
        rpm, speed = values.get("cadence", t), values.get("speed", t)
        ch.crank_revs, ch.crank_time = advance(ch.crank_revs, ch.crank_time, rpm / 60.0, dt, t)
        ch.wheel_revs, ch.wheel_time = advance(ch.wheel_revs, ch.wheel_time, speed / values.wheel, dt, t)
        return (u16(ch.crank_time * 1024) + u16(math.floor(ch.crank_revs))
                + u16(ch.wheel_time * 1024) + u16(math.floor(ch.wheel_revs)))
    if ch.device_type == 124:
        dt = ch.period / 32768.0
        speed, spm = values.get("speed", t), values.get("cadence", t)
        ch.distance += speed * dt
        ch.strides += spm / 2 / 60.0 * dt
        s256 = min(int(round(speed * 256)), 0xFFF)
        if k % 2:
            c16 = int(round(spm / 2 * 16))
            return [0x02, 0xFF, 0xFF, (c16 >> 4) & 0xFF, ((c16 & 0xF) << 4) | (s256 >> 8), s256 & 0xFF, 0, 0]
        d16 = int(ch.distance * 16) & 0xFFF
        t200 = int(t * 200)
        return [0x01, t200 % 200, (t200 // 200) & 0xFF, d16 >> 4, ((d16 & 0xF) << 4) | (s256 >> 8), s256 & 0xFF,
                int(ch.strides) & 0xFF, 0]
    return None


def advance(revs, event_time, per_second, dt, t):
    """Revolutions after dt at per_second, and the time of the last whole one."""
    before = math.floor(revs)
    revs += per_second * dt
    if math.floor(revs) > before and per_second > 0:
        event_time = t - (revs - math.floor(revs)) / per_second
    return revs, event_time


class Stick:
    def __init__(self, a, values):
        self.a, self.values = a, values
        self.start = time.monotonic()
        self.reset()

    def reset(self):
        self.channels = [Channel() for _ in range(8)]
        self.extended = 0
        self.framer = Framer()

    def answer(self, msg_id, p):
        """Replies to one message from the host."""
        now = time.monotonic()
        ch = self.channels[p[0] & 7] if p else None
        if msg_id == 0x4A:
            self.reset()
            return [frame(0x6F, [0x20])]
        if msg_id == 0x46:
            return [frame(0x40, [p[0], msg_id, NO_ERROR])]
        if msg_id == 0x6E:
            self.extended = p[1] if len(p) > 1 else 0
            return [frame(0x40, [0, msg_id, NO_ERROR])]
        if msg_id == 0x4D:
            if len(p) > 1 and p[1] == 0x54:
                return [frame(0x54, CAPABILITIES)]
            if len(p) > 1 and p[1] == 0x51:
                return [frame(0x51, [p[0]] + self.channel_id(ch))]
            return []
        if ch is None:
            return []
        code = NO_ERROR
        if msg_id == 0x42:
            code = WRONG_STATE if ch.open else NO_ERROR
            ch.assigned = ch.assigned or not ch.open
        elif msg_id == 0x51 and len(p) >= 5:
            ch.device_type = p[3] & 0x7F
        elif msg_id == 0x43 and len(p) >= 3:
            ch.period = max(1, p[1] | p[2] << 8)
        elif msg_id == 0x4B:
            if not ch.assigned or ch.open:
                code = WRONG_STATE
            else:
                ch.open, ch.count, ch.next_at = True, 0, now + 0.1   # found on the first search
        elif msg_id == 0x4C:
            if not ch.open:
                return [frame(0x40, [p[0], msg_id, WRONG_STATE])]
            ch.open = False
            return [frame(0x40, [p[0], msg_id, NO_ERROR]), frame(0x40, [p[0], 1, CHANNEL_CLOSED])]
        return [frame(0x40, [p[0], msg_id, code])]

    def channel_id(self, ch):
        return u16(self.a.device_number + ch.device_type) + [ch.device_type, 0x01]

    def dropped(self, t):
        if not self.a.dropout:
            return False
        every, length = self.a.dropout
        return t % every >= every - length

    def tick(self):
        """Broadcasts and events due now, and the time of the next one."""
        now = time.monotonic()
        out, due = [], now + 1
        for number, ch in enumerate(self.channels):
            if not ch.open:
                continue
            while ch.next_at <= now:
                t = ch.next_at - self.start
                if self.dropped(t):
                    ch.fails += 1
                    if ch.fails <= 8:
                        out.append(frame(0x40, [number, 1, RX_FAIL]))
                    elif ch.fails == 9:
                        out.append(frame(0x40, [number, 1, RX_FAIL_GO_TO_SEARCH]))
                else:
                    ch.fails = 0
                    data = page(ch, self.values, t, number)
                    if data is not None:
                        ext = []
                        if self.extended & 0x80:
                            ext += self.channel_id(ch)
                        if self.extended & 0x40:
                            ext += [0x20, (-60) & 0xFF, (-96) & 0xFF]
                        out.append(frame(0x4E, [number] + data + ([self.extended & 0xC0] + ext if ext else [])))
                    ch.count += 1
                ch.next_at += ch.period / 32768.0
            due = min(due, ch.next_at)
        return out, due


def plug(link):
    master, slave = os.openpty()
    tty.setraw(slave)
    os.set_blocking(master, False)
    name = os.ttyname(slave)
    if link:
        try:
            os.unlink(link)
        except FileNotFoundError:
            pass
        os.symlink(name, link)
    print("pty %s" % name, flush=True)
    return master, slave


def write(fd, data):
    try:
        os.write(fd, data)
    except (BlockingIOError, OSError):
        pass  # nobody reads: lost, as on a serial line


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--link")
    ap.add_argument("--hr", type=float, default=140)
    ap.add_argument("--power", type=float, default=200)
    ap.add_argument("--cadence", type=float, default=90, help="rpm (bike), steps/min (footpod)")
    ap.add_argument("--speed-mps", type=float, default=8.0)
    ap.add_argument("--wheel-mm", type=float, default=2105, help="wheel circumference (speed <-> wheel revolutions)")
    ap.add_argument("--ble", help="a BLE log (scenario .ble) to take the values from")
    ap.add_argument("--rate", type=float, default=1.0, help="with --ble: play X times faster")
    ap.add_argument("--device-number", type=int, default=12000, help="device numbers are this plus the device type")
    ap.add_argument("--dropout", help="EVERY:LENGTH seconds of silence")
    ap.add_argument("--unplug-after", type=float)
    ap.add_argument("--replug-after", type=float, default=2.0)
    ap.add_argument("--duration", type=float)
    a = ap.parse_args(argv)
    if a.dropout:
        every, length = (float(x) for x in a.dropout.split(":"))
        a.dropout = (every, min(length, every))
    stick = Stick(a, Values(a))
    master, slave = plug(a.link)
    plugged_at = time.monotonic()
    while a.duration is None or time.monotonic() - stick.start < a.duration:
        if master is None:
            time.sleep(a.replug_after)
            master, slave = plug(a.link)
            plugged_at = time.monotonic()
            stick.reset()
            continue
        if a.unplug_after is not None and time.monotonic() - plugged_at >= a.unplug_after:
            os.close(master)
            os.close(slave)
            master = None
            if a.link:
                try:
                    os.unlink(a.link)
                except OSError:
                    pass
            print("unplugged", flush=True)
            continue
        out, due = stick.tick()
        for f in out:
            write(master, f)
        r, _, _ = select.select([master], [], [], max(0.0, min(due - time.monotonic(), 0.05)))
        if r:
            try:
                data = os.read(master, 4096)
            except (BlockingIOError, OSError):
                data = b""
            for msg_id, p in stick.framer.feed(data):
                for f in stick.answer(msg_id, list(p)):
                    write(master, f)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(0)
