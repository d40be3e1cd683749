#!/usr/bin/env python3
"""A broken or hostile pacerd stand-in for testing pacerctl: listens on a Unix socket and
answers every connection with one malformed greeting or reply.

  sim/hostile_server.py SOCKET CASE     (CASE: one of CASES below; prints "ready" once listening)
"""
import json, os, socket, sys

VERSION = b'{"class":"VERSION","release":"0.1.0","proto_major":1,"proto_minor":0}\n'
HUGE = 1e300


def state(session=None, gps=None, sensors=None):
    return (json.dumps({"class": "STATE", "time": "2026-03-01T07:31:05.200Z", "session": session,
                        "gps": gps or {"mode": 3, "state": "fix", "lat": 48.1, "lon": 11.5, "source": "x"},
                        "sensors": sensors or []}) + "\n").encode()


SESSION = {"id": "12", "state": "recording", "activity": "run", "elapsed_s": 1865.2, "lap": 6, "hr": 152}
EVENT_TYPES = ["session_started", "session_stopped", "lap", "split", "zone_changed", "hr_high", "hr_low",
               "hr_in_range", "sensor_battery_low", "gps_fix", "sensor_lost"]
HUGE_FIELDS = {k: HUGE for k in ["index", "zone", "previous", "hr", "limit", "battery_pct", "elapsed_s",
                                 "moving_s", "distance_m", "avg_speed_mps", "pace_s_per_km", "hr_avg"]}

# Each case: (greeting, reply to the first request).
CASES = {
    "huge-greeting": (b'{"class":"VERSION","release":"x","proto_major":1e300,"proto_minor":-1e300}\n', b""),
    "invalid-utf8-greeting": (b'\xff\xfe\xff\n', b""),
    "huge-numbers": (VERSION, state(dict(SESSION, elapsed_s=HUGE, lap=HUGE, hr=-HUGE, steps=1e30, distance_m=HUGE),
                                    {"mode": HUGE, "state": "fix", "lat": HUGE, "lon": -HUGE, "sats_used": HUGE,
                                     "hdop": HUGE, "source": "x"},
                                    [{"kind": "heart_rate", "address": "a", "state": "connected", "battery_pct": HUGE}])),
    "huge-events": (VERSION, b'{"class":"ACK","cmd":"watch"}\n' + state(SESSION) + b"".join(
        (json.dumps(dict(HUGE_FIELDS, **{"class": "EVENT", "type": t, "time": "2026-03-01T07:31:05.200Z"})) + "\n").encode()
        for t in EVENT_TYPES) + state(SESSION)),
    "wrong-types": (VERSION, b'{"class":"STATE","session":{"id":5,"state":[],"activity":{}},"gps":"x","sensors":7}\n'),
    "deep-nesting": (VERSION, b"[" * 1_000_000 + b"\n"),
    "ten-megabyte-line": (VERSION, b'{"class":"STATE","x":"' + b"a" * (10 << 20) + b'"}\n'),
    "invalid-utf8": (VERSION, b'{"class":"STATE","time":"\xff\xfe","session":null,"gps":{"mode":3,"source":"\xc3"},"sensors":[]}\n'),
    "many-sensors": (VERSION, state(SESSION, None, [
        {"kind": "heart_rate", "address": "00:00:00:00:00:%02X" % (i % 256), "state": "connected", "battery_pct": i % 101}
        for i in range(100_000)])),
    "huge-ack": (VERSION, b'{"class":"ACK","cmd":"start","session":1e300}\n'),
}


def main():
    path, case = sys.argv[1], sys.argv[2]
    greeting, reply = CASES[case]
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
    server = socket.socket(socket.AF_UNIX)
    server.bind(path)
    server.listen(4)
    print("ready", flush=True)
    while True:
        conn, _ = server.accept()
        try:
            conn.settimeout(5)
            conn.sendall(greeting)
            if conn.recv(65536) and reply:
                conn.sendall(reply)
            # End of data at once: a client waiting for more sees the close, not a timeout.
            conn.shutdown(socket.SHUT_WR)
            while conn.recv(65536):
                pass
        except OSError:
            pass
        conn.close()


if __name__ == "__main__":
    main()
