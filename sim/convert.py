#!/usr/bin/env python3
"""Converts a recorded activity (FIT, TCX, GPX) into what Pacer replays.

    sim/convert.py FILE... [--out DIR] [--no-footpod]
writes DIR/<file>.nmea, e.g. run.fit.nmea (1 Hz RMC+VTG+GGA+GSA, positions interpolated between recorded points),
DIR/<file>.ble (0x2A37 heart rate with the recording's RR intervals when it has them; 0x2A53
footpod when it has cadence) and DIR/<file>.device.json (the device's own totals).
Python 3.9+ standard library only.
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from pacersim.converter import convert  # noqa: E402


def main(argv=None):
    ap = argparse.ArgumentParser(description="FIT/TCX/GPX -> NMEA + BLE log + device totals")
    ap.add_argument("files", nargs="+")
    ap.add_argument("--out", default=".")
    ap.add_argument("--no-footpod", action="store_true", help="no 0x2A53 stream even with cadence")
    ap.add_argument("--quiet", action="store_true")
    a = ap.parse_args(argv)
    status = 0
    for path in a.files:
        try:
            r = convert(path, a.out, footpod=not a.no_footpod)
        except (OSError, ValueError, SyntaxError) as e:  # SyntaxError: XML ParseError
            print("convert: %s: %s" % (path, e), file=sys.stderr)
            status = 1
            continue
        if not a.quiet:
            d = r["device"] or {}
            print(json.dumps({"source": r["source"], "activity": r["activity"], "epochs": r["nmea"]["epochs"],
                              "device_distance_m": d.get("distance_m"), "device_timer_s": d.get("timer_s"),
                              "device_elapsed_s": d.get("elapsed_s"), "device_hr_avg": d.get("hr_avg"),
                              "fix_distance_m": r["nmea"]["fix_distance_m"],
                              "hr_notifications": r["ble"]["hr_notifications"],
                              "rr": r["ble"]["rr_intervals"],
                              "footpod": r["ble"]["footpod_notifications"]}))
    return status


if __name__ == "__main__":
    sys.exit(main())
