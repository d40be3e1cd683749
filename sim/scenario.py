#!/usr/bin/env python3
"""Generates a scenario with ground truth: DIR/NAME.nmea, DIR/NAME.ble, DIR/NAME.truth.json
(and DIR/NAME.course.gpx, DIR/NAME.course.tcx for a course-* scenario).

    sim/scenario.py NAME [--seed N] [--out DIR] [--footpod on|off] [--zones 110,130,148,163,176]
                         [--rate 1|10] [--start 2026-03-01T07:00:00Z] [--talker GP|GN] [--gsv]
                         [--bike on|off|auto] [--receiver a|b|c] [--barometer on|off]
                         [--barometer-rate HZ] [--barometer-noise PA]
                         [--dem DIR] [--dem-grid 1|3] [--dem-voids N] [--dem-noise M] [--dem-case upper|lower]
    sim/scenario.py --list
    sim/scenario.py all --seed N --out DIR
Python 3.9+ standard library only; the same seed always gives the same bytes.
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from pacersim.generator import DEFAULT_ZONES, Options, generate  # noqa: E402
from pacersim.nmea import parse_rfc3339_ms  # noqa: E402
from pacersim.scenarios import SCENARIOS  # noqa: E402
from pacersim import workout  # noqa: E402


def main(argv=None):
    ap = argparse.ArgumentParser(description="Pacer scenario generator with ground truth")
    ap.add_argument("name", nargs="?", help="scenario name, or 'all'")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default=".")
    ap.add_argument("--footpod", choices=["on", "off", "auto"], default="auto",
                    help="0x2A53 footpod stream (auto: on for runs)")
    ap.add_argument("--zones", default=",".join(str(z) for z in DEFAULT_ZONES),
                    help="lower bounds of HR zones 1..5 in bpm")
    ap.add_argument("--rate", type=int, choices=[1, 10], help="epochs per second (default: the scenario's)")
    ap.add_argument("--start", help="UTC start time, RFC 3339 (default: the scenario's, shifted by seed)")
    ap.add_argument("--talker", default="GP", choices=["GP", "GN"])
    ap.add_argument("--gsv", action="store_true", help="also GSV (satellites in view) every second")
    ap.add_argument("--bike", choices=["on", "off", "auto"], default="auto",
                    help="0x2A63 power meter and 0x2A5B wheel/crank sensor streams (auto: on for rides)")
    ap.add_argument("--receiver", choices=["a", "b", "c"], default="a",
                    help="receiver model: a (sim/pacersim/gnss.py), b (gnss_b.py, another noise spectrum) or c "
                         "(gnss_c.py: C/N0-driven noise, a receiver that smooths its speed; walks wander in pace)")
    ap.add_argument("--barometer", choices=["on", "off"], default="off",
                    help="0x2A6D pressure (ISA, weather drift, warm-up, noise, gusts) and 0x2A6E temperature")
    ap.add_argument("--barometer-rate", type=float, default=1.0, help="pressure readings a second (IIO: 1-4)")
    ap.add_argument("--barometer-noise", type=float, help="white pressure noise in Pa (default: 0.7-1.3, drawn)")
    ap.add_argument("--dem", metavar="DIR", help="also write SRTM .hgt tiles of the terrain (with a DEM's errors) "
                    "into DIR; the truth's `dem` holds the errors and check points")
    ap.add_argument("--dem-grid", type=int, choices=[1, 3], default=1, help="arc-seconds between posts: 1 (3601x3601) or 3")
    ap.add_argument("--dem-voids", type=int, default=0, help="void blobs (-32768) on the path")
    ap.add_argument("--dem-noise", type=float, default=0.7, help="white noise per post in m (sigma)")
    ap.add_argument("--dem-case", choices=["upper", "lower"], default="upper", help="tile names N47E008.hgt or n47e008.hgt")
    ap.add_argument("--workout", metavar="PLAN", help="the rider follows this power plan, SECONDS:WATTS or "
                    "SECONDS:LOW-HIGH steps separated by commas (60:150,120:250-270); writes NAME.workout.txt "
                    "(Pacer's text form) and the truth's `workout` (per step: time in target, mean power)")
    ap.add_argument("--list", action="store_true", help="list the scenarios")
    ap.add_argument("--quiet", action="store_true", help="do not print the truth summary")
    a = ap.parse_args(argv)
    if a.list or not a.name:
        for name, build in SCENARIOS.items():
            import random
            print("%-20s %s" % (name, build(random.Random(0), 0).description))
        return 0
    try:
        zones = tuple(int(z) for z in a.zones.split(","))
        if len(zones) != 5 or list(zones) != sorted(zones):
            raise ValueError
    except ValueError:
        ap.error("--zones needs 5 increasing integers")
    try:
        plan = workout.parse(a.workout) if a.workout else None
    except ValueError as e:
        ap.error(str(e))
    opts = Options(footpod={"on": True, "off": False, "auto": None}[a.footpod], zones=zones, rate_hz=a.rate,
                   start_ms=parse_rfc3339_ms(a.start) if a.start else None, talker=a.talker,
                   gsv=a.gsv, bike_sensors={"on": True, "off": False, "auto": None}[a.bike],
                   receiver=a.receiver, barometer=a.barometer == "on", barometer_rate_hz=a.barometer_rate,
                   barometer_noise_pa=a.barometer_noise, dem_dir=a.dem, dem_arc_seconds=a.dem_grid,
                   dem_voids=a.dem_voids, dem_noise_m=a.dem_noise, dem_case=a.dem_case,
                   workout=plan)
    names = list(SCENARIOS) if a.name == "all" else [a.name]
    for name in names:
        if name not in SCENARIOS:
            ap.error("unknown scenario %r (try --list)" % name)
        truth = generate(name, a.seed, a.out, opts)
        if not a.quiet:
            keys = ("scenario", "seed", "epochs", "distance_m", "moving_s", "elevation_gain_m",
                    "elevation_loss_m", "hr_zones_s", "steps", "cadence_avg_spm", "power_avg_w", "power_np_w")
            print(json.dumps({k: truth[k] for k in keys}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
