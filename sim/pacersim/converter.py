"""A recorded activity -> 1 Hz NMEA, a BLE log (HR with RR, footpod) and the device's totals."""
import json
import math
import os

from . import ble, geodesy, nmea
from .activity import read

MAX_BRIDGE_S = 60.0  # gaps between recorded points up to this are interpolated; longer: no fix


def activity_kind(sport):
    s = (sport or "").lower()
    if s in ("cycling", "biking", "ride", "bike"):
        return "ride"
    if s in ("walking", "hiking", "walk"):
        return "walk"
    return "run"


def _speeds(pts):
    """Speed at each positioned point: recorded, else from the distance field, else from positions."""
    out = []
    n = len(pts)
    for i, p in enumerate(pts):
        if p.speed is not None:
            out.append(p.speed)
            continue
        a, b = pts[max(0, i - 1)], pts[min(n - 1, i + 1)]
        dt = b.t - a.t
        if dt <= 0:
            out.append(0.0)
        elif a.distance is not None and b.distance is not None:
            out.append(max(0.0, (b.distance - a.distance) / dt))
        else:
            out.append(geodesy.vincenty(a.lat, a.lon, b.lat, b.lon) / dt)
    return out


def _held(points, attr):
    """[(t, value)] of the points that carry attr."""
    return [(p.t, getattr(p, attr)) for p in points if getattr(p, attr) is not None]


def _value_at(series, t, idx):
    """Last value at or before t in a [(t, v)] series (idx: a one-element cursor list)."""
    i = idx[0]
    while i + 1 < len(series) and series[i + 1][0] <= t:
        i += 1
    idx[0] = i
    return series[i][1] if series and series[i][0] <= t else None


def convert(path, out_dir, footpod=True):
    """Writes out_dir/<file name>.nmea, .ble and .device.json (run.fit -> run.fit.nmea); returns the JSON."""
    act = read(path)
    pts = [p for p in act.points if p.lat is not None and p.lon is not None]
    if len(pts) < 2:
        raise ValueError("%s: fewer than two points with a position" % path)
    speeds = _speeds(pts)
    t0 = int(math.ceil(pts[0].t))
    t_end = int(math.floor(pts[-1].t))
    writer = nmea.EpochWriter("GP", 0.0)
    lines = []
    fixes = []
    j = 0
    course = 0.0
    no_fix = 0
    for t in range(t0, t_end + 1):
        while j + 1 < len(pts) - 1 and pts[j + 1].t <= t:
            j += 1
        ia, ib = j, j + 1
        if pts[ib].t <= t:
            ia = ib
        a, b = pts[ia], pts[ib]
        if b.t - a.t > MAX_BRIDGE_S and a.t < t < b.t:
            writer.epoch(lines, t * 1000, None, True)
            fixes.append(None)
            no_fix += 1
            continue
        f = 0.0 if b.t <= a.t else (t - a.t) / (b.t - a.t)
        f = max(0.0, min(1.0, f))
        lat = a.lat + (b.lat - a.lat) * f
        lon = a.lon + (b.lon - a.lon) * f
        alt = None
        if a.alt is not None and b.alt is not None:
            alt = a.alt + (b.alt - a.alt) * f
        speed = speeds[ia] + (speeds[ib] - speeds[ia]) * f
        if geodesy.vincenty(a.lat, a.lon, b.lat, b.lon) > 0.5:
            course = geodesy.bearing(a.lat, a.lon, b.lat, b.lon)
        fix = (lat, lon, alt, speed, course, 0.9, 10, [2, 5, 7, 9, 13, 15, 18, 20, 24, 29], 1)
        writer.epoch(lines, t * 1000, fix, True)
        fixes.append(fix)

    events = []
    hr = _held(act.points, "hr")
    n_hr = n_rr = n_pod = 0
    if hr:
        beat_t = act.points[0].t
        beats = []
        for rr in act.rr:
            beat_t += rr
            beats.append((beat_t, rr))
        bi = 0
        cur = [0]
        for t in range(t0, t_end + 1):
            ms = t * 1000 + 500
            bpm = _value_at(hr, ms / 1000.0, cur)
            fresh = []
            while bi < len(beats) and beats[bi][0] <= ms / 1000.0:
                fresh.append(beats[bi][1])
                bi += 1
            if bpm is None:
                continue
            payload = ble.heart_rate_payload(int(round(bpm)), True, fresh[-3:])
            events.append((ms, ble.log_line(ms, ble.HEART_RATE, payload)))
            n_hr += 1
            n_rr += len(fresh[-3:])
    cad = _held(act.points, "cadence_spm")
    if footpod and cad and act.is_foot():
        dist = _held(pts, "distance")
        cur_c, cur_d = [0], [0]
        total = 0.0
        for k, t in enumerate(range(t0, t_end + 1)):
            ms = t * 1000 + 700
            c = _value_at(cad, ms / 1000.0, cur_c) or 0.0
            fix = fixes[k]
            speed = fix[3] if fix is not None else 0.0
            d = _value_at(dist, ms / 1000.0, cur_d)
            total = d if d is not None else total + speed
            stride = 2.0 * speed * 60.0 / c if c > 0 else None
            payload = ble.rsc_payload(speed, int(round(c)), speed > 2.2, stride, total)
            events.append((ms, ble.log_line(ms, ble.RSC, payload)))
            n_pod += 1
    events.sort()

    stem = os.path.basename(path)  # keep the extension: a.gpx and a.tcx must not collide
    os.makedirs(out_dir, exist_ok=True)
    base = os.path.join(out_dir, stem)
    with open(base + ".nmea", "w", newline="") as f:
        # gpsd's header for a recorded log: its dates are real, not a receiver that lost
        # 1024 weeks (gpsd and Pacer's decoder correct dates before 2017 without it).
        f.write("# Name: converted from %s (%s, %s)\r\n" % (os.path.basename(path), act.format, act.creator))
        f.write("# Date: %s\r\n" % nmea.rfc3339_s(t0 * 1000)[:10])
        f.write("".join(lines))
    with open(base + ".ble", "w") as f:
        f.write("# converted from %s (%s)\n" % (os.path.basename(path), act.format))
        f.write("".join(e[1] for e in events))
    emitted = [x for x in fixes if x is not None]
    dev = dict(act.device)
    if dev.get("start") is not None:
        dev["start"] = nmea.rfc3339_s(int(round(dev["start"] * 1000)))
    for lap in dev.get("laps", []):
        if lap.get("start") is not None:
            lap["start"] = nmea.rfc3339_s(int(round(lap["start"] * 1000)))
    with_dist = [p.distance for p in act.points if p.distance is not None]
    result = {
        "source": os.path.basename(path), "format": act.format, "sport": act.sport,
        "activity": activity_kind(act.sport), "creator": act.creator,
        "device": dev or None,
        "recording": {
            "points": len(act.points), "points_with_position": len(pts),
            "first": nmea.rfc3339_s(int(round(act.points[0].t * 1000))),
            "last": nmea.rfc3339_s(int(round(act.points[-1].t * 1000))),
            "duration_s": round(act.points[-1].t - act.points[0].t, 3),
            "points_distance_m": round(sum(geodesy.vincenty(a.lat, a.lon, b.lat, b.lon)
                                           for a, b in zip(pts, pts[1:])), 2),
            "distance_field_m": round(with_dist[-1] - with_dist[0], 2) if with_dist else None,
            "hr_points": len(hr), "cadence_points": len(cad), "rr_intervals": len(act.rr),
        },
        "nmea": {"file": stem + ".nmea", "epochs": len(fixes), "no_fix_epochs": no_fix,
                 "start": nmea.rfc3339_s(t0 * 1000), "end": nmea.rfc3339_s(t_end * 1000),
                 "fix_distance_m": round(sum(geodesy.vincenty(a[0], a[1], b[0], b[1])
                                             for a, b in zip(emitted, emitted[1:])), 2)},
        "ble": {"file": stem + ".ble", "hr_notifications": n_hr, "rr_intervals": n_rr,
                "footpod_notifications": n_pod},
    }
    with open(base + ".device.json", "w") as f:
        json.dump(result, f, indent=1)
        f.write("\n")
    return result
