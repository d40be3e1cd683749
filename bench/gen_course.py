#!/usr/bin/env python3
"""A long course and a 10 Hz ride along it, for bench/course.sh.

course.gpx: KM kilometres of winding road (a point every 10 m, elevation rolling over the
distance), as a route planner exports it. ride.nmea: MINUTES minutes at 10 Hz along the course
at 9 m/s (GGA + RMC per epoch, 1 m of deterministic wobble), with one excursion 150 m off the
course for 60 s in the middle, so the off-course search is in the cost too.

usage: gen_course.py OUT_DIR [KM] [MINUTES]
"""
import math, os, sys

out = sys.argv[1]
km = float(sys.argv[2]) if len(sys.argv) > 2 else 300
minutes = float(sys.argv[3]) if len(sys.argv) > 3 else 60
R = 6371008.8
lat0, lon0 = 46.5, 7.5

def to_geo(e, n):
    return lat0 + math.degrees(n / R), lon0 + math.degrees(e / (R * math.cos(math.radians(lat0))))

# The course: heading wanders (a sum of slow sines of distance), one point every 10 m.
pts = []
e = n = 0.0
for i in range(int(km * 100) + 1):
    d = i * 10.0
    heading = 0.9 * math.sin(d / 1700) + 0.6 * math.sin(d / 430 + 1) + 0.3 * math.sin(d / 97)
    ele = 500 + 120 * math.sin(d / 5300) + 25 * math.sin(d / 900)
    pts.append((e, n, ele))
    e += 10 * math.sin(heading)
    n += 10 * math.cos(heading)

os.makedirs(out, exist_ok=True)
with open(os.path.join(out, "course.gpx"), "w") as f:
    f.write('<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="bench" xmlns="http://www.topografix.com/GPX/1/1">\n')
    f.write("<metadata><name>bench %d km</name></metadata>\n<trk><trkseg>\n" % km)
    for e, n, ele in pts:
        la, lo = to_geo(e, n)
        f.write('<trkpt lat="%.7f" lon="%.7f"><ele>%.1f</ele></trkpt>\n' % (la, lo, ele))
    f.write("</trkseg></trk>\n</gpx>\n")

def nmea(body):
    c = 0
    for ch in body:
        c ^= ord(ch)
    return "$%s*%02X\r\n" % (body, c)

def dm(v, lat):
    a = abs(v); d = int(a); m = (a - d) * 60
    return ("%02d%07.4f" if lat else "%03d%07.4f") % (d, m), ("N" if v >= 0 else "S") if lat else ("E" if v >= 0 else "W")

epochs = int(minutes * 600)
speed = 9.0
with open(os.path.join(out, "ride.nmea"), "w") as f:
    for k in range(epochs):
        t = k / 10
        d = speed * t
        i = min(int(d / 10), len(pts) - 2)
        f0 = d / 10 - i
        (e1, n1, z1), (e2, n2, z2) = pts[i], pts[i + 1]
        e, n, z = e1 + f0 * (e2 - e1), n1 + f0 * (n2 - n1), z1 + f0 * (z2 - z1)
        track = math.degrees(math.atan2(e2 - e1, n2 - n1)) % 360
        # Off the course for a minute in the middle: 150 m to the side.
        side = 150.0 if abs(t - minutes * 30) < 30 else (k % 2) * 2 - 1.0
        e += side * math.cos(math.radians(track)); n -= side * math.sin(math.radians(track))
        la, lo = to_geo(e, n)
        s = 8 * 3600 + t
        hh, mm, ss = int(s // 3600), int(s % 3600 // 60), s % 60
        tm = "%02d%02d%05.2f" % (hh, mm, ss)
        (lat_s, ns), (lon_s, ew) = dm(la, True), dm(lo, False)
        f.write(nmea("GPGGA,%s,%s,%s,%s,%s,1,10,0.9,%.1f,M,47.0,M,," % (tm, lat_s, ns, lon_s, ew, z)))
        f.write(nmea("GPRMC,%s,A,%s,%s,%s,%s,%.2f,%.1f,010326,,,A" % (tm, lat_s, ns, lon_s, ew, speed / 0.514444, track)))
