#!/usr/bin/env python3
"""Validates one session's exports against independent readers and its summary.

FIT: Garmin's FIT SDK (garmin-fit-sdk): integrity (header + file CRC), zero decode errors,
session/lap/record totals equal to the summary (power and ride cadence too, when present). GPX: gpxpy parses it, lxml validates it against
the GPX 1.1 schema and Garmin TrackPointExtension v1 (scripts/schemas). TCX: lxml parses it,
lap totals add up to the summary. CSV: one row per sample. Prints one line per check and a
closing 'N passed, N failed'; exits 1 on any failure.

usage: check-exports.py SUMMARY.json SAMPLES.csv FILE.fit FILE.gpx FILE.tcx
"""
import csv, datetime, json, os, sys

from garmin_fit_sdk import Decoder, Stream
import gpxpy
from lxml import etree

passed, failed = 0, 0


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
        print(f"ok   {name}")
    else:
        failed += 1
        print(f"FAIL {name} {detail}")


def close(a, b, tol):
    return a is not None and b is not None and abs(a - b) <= tol


def t(s):
    return datetime.datetime.fromisoformat(s.replace("Z", "+00:00"))


summary_path, csv_path, fit_path, gpx_path, tcx_path = sys.argv[1:6]
summary = json.load(open(summary_path))
rows = list(csv.DictReader(open(csv_path)))
check("csv has rows", len(rows) > 0, f"{len(rows)} rows")
positioned = [r for r in rows if r["lat"]]
with_hr = [r for r in rows if r["hr_bpm"]]
last_distance = float(rows[-1]["distance_m"]) if rows else None

# ---- FIT
decoder = Decoder(Stream.from_file(fit_path))
check("fit is_fit", decoder.is_fit())
check("fit integrity (header and file CRC)", Decoder(Stream.from_file(fit_path)).check_integrity())
messages, errors = Decoder(Stream.from_file(fit_path)).read()
check("fit decodes with zero errors", errors == [], repr(errors))
for kind in ("file_id_mesgs", "device_info_mesgs", "event_mesgs", "record_mesgs", "lap_mesgs", "session_mesgs", "activity_mesgs"):
    check(f"fit has {kind}", len(messages.get(kind, [])) > 0)
check("fit file type activity", messages["file_id_mesgs"][0].get("type") == "activity")
session = messages["session_mesgs"][0]
check("fit total_distance = summary", close(session.get("total_distance"), summary["distance_m"], 0.011),
      f'{session.get("total_distance")} vs {summary["distance_m"]}')
check("fit total_elapsed_time = summary", close(session.get("total_elapsed_time"), summary["elapsed_s"], 0.0011))
check("fit total_timer_time = moving", close(session.get("total_timer_time"), summary["moving_s"], 0.0011))
if summary["hr_avg"] is not None:
    check("fit avg_heart_rate = summary", close(session.get("avg_heart_rate"), summary["hr_avg"], 0.5))
    check("fit max_heart_rate = summary", session.get("max_heart_rate") == summary["hr_max"])
if summary["calories_kcal"] is not None:
    check("fit total_calories = summary", close(session.get("total_calories"), summary["calories_kcal"], 0.5))
check("fit start_time = summary", session["start_time"] == t(summary["start"]).replace(microsecond=0))
check("fit sport", session.get("sport") == {"run": "running", "ride": "cycling", "walk": "walking"}[summary["activity"]])
laps = messages["lap_mesgs"]
check("fit num_laps", session.get("num_laps") == len(laps) == max(1, len(summary["laps"])))
check("fit laps add up to the distance", close(sum(l["total_distance"] for l in laps), summary["distance_m"], 0.011 * len(laps) + 0.011))
records = messages["record_mesgs"]
check("fit one record per sample", len(records) == len(rows), f"{len(records)} vs {len(rows)}")
check("fit last record distance", close(records[-1].get("distance"), last_distance, 0.011))
check("fit heart rate in records", sum(1 for r in records if "heart_rate" in r) == len(with_hr))
fit_positioned = [r for r in records if "position_lat" in r]
check("fit one position per positioned sample", len(fit_positioned) == len(positioned))
if positioned:
    lat = fit_positioned[0]["position_lat"] * 180 / 2**31
    check("fit semicircles", close(lat, float(positioned[0]["lat"]), 1e-6), f"{lat} vs {positioned[0]['lat']}")
check("fit activity num_sessions", messages["activity_mesgs"][0].get("num_sessions") == 1)

powered = [r for r in rows if r.get("power_w")]
check("csv power_w and cadence_rpm columns", "power_w" in (rows[0] if rows else {}) and "cadence_rpm" in (rows[0] if rows else {}))
check("fit power in records", sum(1 for r in records if r.get("power") is not None) == len(powered),
      f'{sum(1 for r in records if r.get("power") is not None)} vs {len(powered)}')
if powered:
    check("fit record power = csv", all(r.get("power") == int(c["power_w"]) for r, c in zip(records, rows) if c["power_w"]))
if summary.get("power_avg_w") is not None:
    check("fit avg_power = summary", close(session.get("avg_power"), summary["power_avg_w"], 0.5),
          f'{session.get("avg_power")} vs {summary["power_avg_w"]}')
    check("fit max_power = summary", session.get("max_power") == summary["power_max_w"])
    if summary.get("power_np_w") is not None:
        check("fit normalized_power = summary", close(session.get("normalized_power"), summary["power_np_w"], 0.5),
              f'{session.get("normalized_power")} vs {summary["power_np_w"]}')
    for k, (fl, sl) in enumerate(zip(laps, summary["laps"])):
        if sl.get("power_avg_w") is not None:
            check(f"fit lap {k + 1} avg_power and max_power = summary",
                  close(fl.get("avg_power"), sl["power_avg_w"], 0.5) and fl.get("max_power") == sl["power_max_w"])
if summary.get("cadence_avg_rpm") is not None:
    check("fit avg_cadence = summary rpm", close(session.get("avg_cadence"), summary["cadence_avg_rpm"], 0.5),
          f'{session.get("avg_cadence")} vs {summary["cadence_avg_rpm"]}')

# ---- GPX
gpx = gpxpy.parse(open(gpx_path))
points = [p for trk in gpx.tracks for seg in trk.segments for p in seg.points]
check("gpx parsed by gpxpy", len(gpx.tracks) == 1)
check("gpx one point per positioned sample", len(points) == len(positioned), f"{len(points)} vs {len(positioned)}")
if points:
    check("gpx first time", points[0].time == t(positioned[0]["time"]))
    check("gpx heart rate extension", any("hr" in etree.tostring(e).decode() for p in points for e in p.extensions) == bool(with_hr))
    cadenced = [r for r in positioned if r["cadence_spm"] or r.get("cadence_rpm")]
    gpx_cad = sum(1 for p in points for e in p.extensions if "cad>" in etree.tostring(e).decode())
    check("gpx cadence extension per cadenced point", gpx_cad == len(cadenced), f"{gpx_cad} vs {len(cadenced)}")
here = os.path.dirname(os.path.abspath(__file__))
driver = f"""<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema">
<xsd:import namespace="http://www.topografix.com/GPX/1/1" schemaLocation="file://{here}/schemas/gpx-1.1.xsd"/>
<xsd:import namespace="http://www.garmin.com/xmlschemas/TrackPointExtension/v1" schemaLocation="file://{here}/schemas/TrackPointExtensionv1.xsd"/>
</xsd:schema>"""
schema = etree.XMLSchema(etree.fromstring(driver.encode()))
doc = etree.parse(gpx_path)
valid = schema.validate(doc)
check("gpx valid against GPX 1.1 + TrackPointExtension v1 schemas", valid, str(schema.error_log))

# ---- TCX
ns = {"t": "http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"}
tcx = etree.parse(tcx_path)
tlaps = tcx.findall(".//t:Lap", ns)
check("tcx parsed, laps", len(tlaps) == max(1, len(summary["laps"])))
check("tcx lap distances add up", close(sum(float(l.find("t:DistanceMeters", ns).text) for l in tlaps), summary["distance_m"], 0.01 * len(tlaps) + 0.01))
check("tcx lap times add up", close(sum(float(l.find("t:TotalTimeSeconds", ns).text) for l in tlaps), summary["elapsed_s"], 0.001 * len(tlaps) + 0.001))
tps = tcx.findall(".//t:Trackpoint", ns)
check("tcx one trackpoint per sample", len(tps) == len(rows), f"{len(tps)} vs {len(rows)}")
if tps:
    check("tcx last distance", close(float(tps[-1].find("t:DistanceMeters", ns).text), last_distance, 0.01))
    check("tcx heart rates", len(tcx.findall(".//t:Trackpoint/t:HeartRateBpm/t:Value", ns)) == len(with_hr))
    ax = {"x": "http://www.garmin.com/xmlschemas/ActivityExtension/v2"}
    watts = [int(w.text) for w in tcx.findall(".//t:Trackpoint/t:Extensions/x:TPX/x:Watts", {**ns, **ax})]
    check("tcx Watts per powered sample", watts == [int(r["power_w"]) for r in powered], f"{len(watts)} vs {len(powered)}")

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
