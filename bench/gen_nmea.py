#!/usr/bin/env python3
"""Writes a synthetic 10 Hz NMEA log for bench/parse.sh: GGA+RMC every epoch, GSA+VTG every
second, a runner circling a 400 m track near Zurich. Usage: gen_nmea.py HOURS OUT"""
import math, sys


def sentence(body):
    c = 0
    for b in body.encode():
        c ^= b
    return "$%s*%02X\r\n" % (body, c)


def main():
    hours, path = float(sys.argv[1]), sys.argv[2]
    epochs = int(hours * 3600 * 10)
    lat0, lon0, r = 47.3769, 8.5417, 63.66
    day0 = 1  # 2026-03-01 plus whole days
    with open(path, "w", newline="") as out:
        for n in range(epochs):
            t = n / 10.0
            a = t * 3.5 / r
            lat = lat0 + (r * math.sin(a)) / 111_320.0
            lon = lon0 + (r * math.cos(a)) / (111_320.0 * math.cos(math.radians(lat0)))
            secs = 7 * 3600 + t
            day = day0 + int(secs // 86400)
            secs %= 86400
            hh, mm, ss = int(secs // 3600), int(secs % 3600 // 60), secs % 60
            tod = "%02d%02d%05.2f" % (hh, mm, ss)
            la = "%02d%09.6f,%s" % (int(abs(lat)), (abs(lat) % 1) * 60, "N" if lat >= 0 else "S")
            lo = "%03d%09.6f,%s" % (int(abs(lon)), (abs(lon) % 1) * 60, "E" if lon >= 0 else "W")
            track = (math.degrees(a) + 90) % 360
            alt = 408.0 + 2.0 * math.sin(t / 60)
            out.write(sentence("GPGGA,%s,%s,%s,1,09,0.9,%.1f,M,47.0,M,," % (tod, la, lo, alt)))
            out.write(sentence("GPRMC,%s,A,%s,%s,%.2f,%.1f,%02d0326,,,A" % (tod, la, lo, 3.5 / 0.514444, track, day)))
            if n % 10 == 0:
                out.write(sentence("GPGSA,A,3,02,05,07,09,13,15,18,20,30,,,,1.6,0.9,1.3"))
                out.write(sentence("GPVTG,%.1f,T,,M,%.2f,N,%.2f,K,A" % (track, 3.5 / 0.514444, 3.5 * 3.6)))


if __name__ == "__main__":
    main()
