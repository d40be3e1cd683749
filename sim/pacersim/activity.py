"""Real recorded activities (FIT, TCX, GPX) as one shape: points, RR intervals, device totals."""
import os
import xml.etree.ElementTree as ET

from . import fit
from .nmea import parse_rfc3339_ms

FIT_SPORTS = {0: "generic", 1: "running", 2: "cycling", 11: "walking", 17: "hiking"}


class Point:
    """One recorded sample; absent values are None."""

    __slots__ = ("t", "lat", "lon", "alt", "hr", "cadence_spm", "speed", "distance")

    def __init__(self, t, lat=None, lon=None, alt=None, hr=None, cadence_spm=None, speed=None, distance=None):
        self.t = t  # Unix seconds (float)
        self.lat, self.lon, self.alt = lat, lon, alt
        self.hr, self.cadence_spm, self.speed, self.distance = hr, cadence_spm, speed, distance


class Activity:
    def __init__(self, source, fmt):
        self.source = source
        self.format = fmt
        self.sport = None
        self.creator = None
        self.points = []
        self.rr = []  # beat-to-beat intervals in seconds, from the first record on
        self.device = {}  # the device's own totals

    def is_foot(self):
        return (self.sport or "").lower() in ("running", "walking", "hiking", "run", "walk")


def _steps_per_min(strides, foot):
    """Garmin records running/walking cadence in strides (one foot) per minute."""
    if strides is None:
        return None
    return strides * 2.0 if foot else strides


def read_fit(path):
    f = fit.read(path)
    act = Activity(path, "FIT")
    sessions = f.of("session")
    s = sessions[0] if sessions else {}
    act.sport = FIT_SPORTS.get(s.get("sport"), s.get("sport"))
    foot = act.is_foot()
    for r in f.of("record"):
        if "timestamp" not in r:
            continue
        lat = r.get("position_lat")
        lon = r.get("position_long")
        cad = r.get("cadence")
        if cad is not None:
            cad = cad + (r.get("fractional_cadence") or 0.0)
        act.points.append(Point(
            fit.FIT_EPOCH + r["timestamp"],
            fit.semicircles_to_deg(lat) if lat is not None else None,
            fit.semicircles_to_deg(lon) if lon is not None else None,
            r.get("enhanced_altitude", r.get("altitude")), r.get("heart_rate"),
            _steps_per_min(cad, foot), r.get("enhanced_speed", r.get("speed")), r.get("distance")))
    for h in f.of("hrv"):
        t = h.get("time")
        if t is None:
            continue
        act.rr.extend(v for v in (t if isinstance(t, list) else [t]) if v < 65.0)
    if s:
        avg_cad = s.get("avg_cadence")
        act.device = {
            "distance_m": s.get("total_distance"), "timer_s": s.get("total_timer_time"),
            "elapsed_s": s.get("total_elapsed_time"), "hr_avg": s.get("avg_heart_rate"),
            "hr_max": s.get("max_heart_rate"), "ascent_m": s.get("total_ascent"),
            "descent_m": s.get("total_descent"), "calories_kcal": s.get("total_calories"),
            "avg_speed_mps": s.get("enhanced_avg_speed", s.get("avg_speed")),
            "max_speed_mps": s.get("enhanced_max_speed", s.get("max_speed")),
            "cadence_avg_spm": _steps_per_min(avg_cad, foot) if avg_cad is not None else None,
            "start": s.get("start_time") and fit.FIT_EPOCH + s["start_time"],
            "laps": [{"distance_m": l.get("total_distance"), "timer_s": l.get("total_timer_time"),
                      "elapsed_s": l.get("total_elapsed_time")} for l in f.of("lap")],
            "source": "FIT session message",
        }
    act.creator = "FIT manufacturer %s product %s" % (
        (f.of("file_id") or [{}])[0].get("manufacturer"), (f.of("file_id") or [{}])[0].get("product"))
    return act


def _local(tag):
    return tag.rsplit("}", 1)[-1]


def _child(el, name):
    for c in el:
        if _local(c.tag) == name:
            return c
    return None


def _text(el, *names):
    for n in names:
        if el is None:
            return None
        el = _child(el, n)
    return el.text.strip() if el is not None and el.text else None


def _num(text):
    return float(text) if text not in (None, "") else None


def read_tcx(path):
    root = ET.parse(path).getroot()
    act = Activity(path, "TCX")
    laps_out = []
    for activity in root.iter():
        if _local(activity.tag) != "Activity":
            continue
        act.sport = (activity.get("Sport") or "").lower() or None
        foot = act.is_foot()
        for lap in activity:
            if _local(lap.tag) != "Lap":
                continue
            laps_out.append({
                "start": parse_rfc3339_ms(lap.get("StartTime")) / 1000.0 if lap.get("StartTime") else None,
                "timer_s": _num(_text(lap, "TotalTimeSeconds")), "distance_m": _num(_text(lap, "DistanceMeters")),
                "hr_avg": _num(_text(lap, "AverageHeartRateBpm", "Value")),
                "hr_max": _num(_text(lap, "MaximumHeartRateBpm", "Value")),
                "calories_kcal": _num(_text(lap, "Calories"))})
            for tp in lap.iter():
                if _local(tp.tag) != "Trackpoint":
                    continue
                t = _text(tp, "Time")
                if t is None:
                    continue
                speed = cad = None
                ext = _child(tp, "Extensions")
                if ext is not None:
                    for e in ext.iter():
                        name = _local(e.tag)
                        if name == "Speed" and e.text:
                            speed = float(e.text)
                        elif name == "RunCadence" and e.text:
                            cad = _steps_per_min(float(e.text), True)
                if cad is None and _text(tp, "Cadence") is not None and foot:
                    cad = _steps_per_min(float(_text(tp, "Cadence")), True)
                act.points.append(Point(
                    parse_rfc3339_ms(t) / 1000.0, _num(_text(tp, "Position", "LatitudeDegrees")),
                    _num(_text(tp, "Position", "LongitudeDegrees")), _num(_text(tp, "AltitudeMeters")),
                    _num(_text(tp, "HeartRateBpm", "Value")), cad, speed, _num(_text(tp, "DistanceMeters"))))
        break
    for el in root.iter():
        if _local(el.tag) == "Creator":
            act.creator = _text(el, "Name")
            break
    if act.creator is None:
        act.creator = root.get("creator")
    if laps_out:
        timer = sum(l["timer_s"] or 0.0 for l in laps_out)
        hr_laps = [l for l in laps_out if l["hr_avg"] is not None and l["timer_s"]]
        hr_avg = (sum(l["hr_avg"] * l["timer_s"] for l in hr_laps) / sum(l["timer_s"] for l in hr_laps)
                  if hr_laps else None)
        maxes = [l["hr_max"] for l in laps_out if l["hr_max"] is not None]
        act.device = {
            "distance_m": sum(l["distance_m"] or 0.0 for l in laps_out), "timer_s": timer,
            "elapsed_s": None, "hr_avg": hr_avg, "hr_max": max(maxes) if maxes else None,
            "calories_kcal": sum(l["calories_kcal"] or 0.0 for l in laps_out),
            "start": laps_out[0]["start"], "laps": laps_out,
            "source": "TCX laps (hr_avg weighted by lap time)",
        }
    act.points.sort(key=lambda p: p.t)
    if act.device and act.points:
        act.device["elapsed_s"] = act.points[-1].t - act.points[0].t
        act.device["source"] += "; elapsed_s from the first to the last trackpoint"
    return act


def read_gpx(path):
    root = ET.parse(path).getroot()
    act = Activity(path, "GPX")
    act.creator = root.get("creator")
    for el in root.iter():
        if _local(el.tag) == "type" and el.text:
            act.sport = el.text.strip().lower()
    foot = True if act.sport is None else act.is_foot()
    for pt in root.iter():
        if _local(pt.tag) != "trkpt":
            continue
        t = _text(pt, "time")
        if t is None:
            continue
        hr = cad = None
        ext = _child(pt, "extensions")
        if ext is not None:
            for e in ext.iter():
                name = _local(e.tag).lower()
                if name in ("hr", "heartrate") and e.text:
                    hr = float(e.text)
                elif name in ("cad", "cadence") and e.text:
                    cad = _steps_per_min(float(e.text), foot)
        act.points.append(Point(parse_rfc3339_ms(t) / 1000.0, _num(pt.get("lat")), _num(pt.get("lon")),
                                _num(_text(pt, "ele")), hr, cad))
    act.points.sort(key=lambda p: p.t)
    return act


def read(path):
    ext = os.path.splitext(path)[1].lower()
    if ext == ".fit":
        return read_fit(path)
    if ext == ".tcx":
        return read_tcx(path)
    if ext == ".gpx":
        return read_gpx(path)
    raise ValueError("unknown activity format: %s (expected .fit, .tcx or .gpx)" % path)
