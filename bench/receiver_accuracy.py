#!/usr/bin/env python3
"""Issue 47's accuracy table: distance and moving time over many seeds, per scenario and
receiver model (a, b and c: sim/pacersim/gnss.py, gnss_b.py, gnss_c.py), `pacerctl replay`
against the simulator's truth.

    nice -n 19 bench/receiver_accuracy.py [--seeds 1-40] [--scenarios walk,city-run,...]
        [--models a,b,c] [--pacerctl .build/release/pacerctl] [--jobs 2] [--runs]
        [--save FILE] [--compare FILE]

Build first: `nice swift build -c release --product pacerctl`. Per scenario and model it prints
the distance error's mean (signed: a bias shows), mean |error| and worst, and the moving time's
mean and worst, in % of the truth (standing still, whose truth is 0: metres and seconds), and
whether issue 47's targets hold: distance mean within 0.2 %, no run beyond 1.5 %, moving time
mean within 0.5 %. Scenarios are generated once and cached (sim/accuracy_sweep.py's cache, keyed
by the sim's sources). --runs also prints one line per run; --save writes the results as JSON
and --compare prints an earlier --save's means beside. Python 3.9+ standard library only.
"""
import argparse
import concurrent.futures
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "sim"))

import accuracy_sweep  # noqa: E402

SCENARIOS = ["walk", "hike", "city-run", "steady-run", "strap-contact-loss", "track-intervals", "tunnel",
             "ride-10hz", "standing-still"]
DISTANCE_MEAN = 0.2   # % (issue 47)
DISTANCE_WORST = 1.5  # %
MOVING_MEAN = 0.5     # %


def replay(args, scenario, model, seed):
    out = accuracy_sweep.generate(args.cache, scenario, model, seed)
    with open(os.path.join(out, scenario + ".truth.json")) as fh:
        truth = json.load(fh)
    done = subprocess.run([args.pacerctl, "replay", "--nmea", os.path.join(out, scenario + ".nmea"),
                           "--ble", os.path.join(out, scenario + ".ble"), "--activity", truth["activity"], "--json"],
                          check=True, capture_output=True)
    summary = json.loads(done.stdout)
    return {"scenario": scenario, "model": model, "seed": seed,
            "truth_m": truth["distance_m"], "distance_m": summary["distance_m"] or 0.0,
            "truth_moving_s": truth["moving_s"], "moving_s": summary.get("moving_s") or 0.0}


def errors(r):
    """(distance error, moving error): % of truth, or metres and seconds when the truth is 0."""
    if r["truth_m"] < 1:
        return r["distance_m"] - r["truth_m"], r["moving_s"] - r["truth_moving_s"]
    return ((r["distance_m"] - r["truth_m"]) / r["truth_m"] * 100,
            (r["moving_s"] - r["truth_moving_s"]) / r["truth_moving_s"] * 100)


def summarize(rows):
    d = [errors(r)[0] for r in rows]
    m = [errors(r)[1] for r in rows]
    return {"n": len(rows), "d_mean": sum(d) / len(d), "d_abs": sum(abs(x) for x in d) / len(d),
            "d_worst": max(d, key=abs), "m_mean": sum(m) / len(m), "m_worst": max(m, key=abs),
            "still": rows[0]["truth_m"] < 1}


def verdict(s):
    if s["still"]:
        return "ok" if abs(s["d_worst"]) < 3 and abs(s["m_worst"]) < 10 else "MISS (3 m, 10 s)"
    miss = []
    if abs(s["d_mean"]) > DISTANCE_MEAN:
        miss.append("mean")
    if abs(s["d_worst"]) > DISTANCE_WORST:
        miss.append("worst")
    if abs(s["m_mean"]) > MOVING_MEAN:
        miss.append("moving")
    return "MISS " + ",".join(miss) if miss else "ok"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--scenarios", default=",".join(SCENARIOS))
    ap.add_argument("--seeds", type=accuracy_sweep.seeds_arg, default=accuracy_sweep.seeds_arg("1-40"))
    ap.add_argument("--models", default="a,b,c")
    ap.add_argument("--pacerctl", default=os.path.join(ROOT, ".build/release/pacerctl"))
    ap.add_argument("--cache", default="/tmp/pacer-sweep")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--runs", action="store_true", help="also one line per run")
    ap.add_argument("--save")
    ap.add_argument("--compare")
    args = ap.parse_args(argv)
    args.cache = os.path.join(args.cache, accuracy_sweep.sim_key())
    scenarios, models = args.scenarios.split(","), args.models.split(",")
    work = [(s, m, seed) for s in scenarios for m in models for seed in args.seeds]
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(lambda k: replay(args, *k), work))
    before = {}
    if args.compare:
        with open(args.compare) as fh:
            old = json.load(fh)
        for s in scenarios:
            for m in models:
                rows = [r for r in old if r["scenario"] == s and r["model"] == m]
                if rows:
                    before[(s, m)] = summarize(rows)
    if args.runs:
        for r in results:
            d, m = errors(r)
            unit = ("m", "s") if r["truth_m"] < 1 else ("%", "%")
            print("%-20s %s %3d  distance %+7.2f %s  moving %+7.2f %s" % (r["scenario"], r["model"], r["seed"],
                                                                          d, unit[0], m, unit[1]))
        print()
    print("seeds %s; distance and moving time error in %% of truth (standing still: m and s)" %
          ("%d-%d" % (args.seeds[0], args.seeds[-1]) if args.seeds == list(range(args.seeds[0], args.seeds[-1] + 1))
           else ",".join(map(str, args.seeds))))
    print("targets: distance mean within %.1f %%, no run beyond %.1f %%, moving time mean within %.1f %%" %
          (DISTANCE_MEAN, DISTANCE_WORST, MOVING_MEAN))
    print("| scenario | model | runs | distance mean | mean abs | worst | moving mean | worst | |%s" %
          (" before: distance mean / moving mean |" if before else ""))
    print("|---|---|---|---|---|---|---|---|---|%s" % ("---|" if before else ""))
    for s in scenarios:
        for m in models:
            rows = [r for r in results if r["scenario"] == s and r["model"] == m]
            st = summarize(rows)
            was = before.get((s, m))
            print("| %s | %s | %d | %+.2f | %.2f | %+.2f | %+.2f | %+.2f | %s |%s" % (
                s, m, st["n"], st["d_mean"], st["d_abs"], st["d_worst"], st["m_mean"], st["m_worst"], verdict(st),
                " %+.2f / %+.2f |" % (was["d_mean"], was["m_mean"]) if was else ""))
    if args.save:
        with open(args.save, "w") as fh:
            json.dump(results, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
