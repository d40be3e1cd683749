"""NMEA 0183 sentence writing in the formats real GPS receivers use (u-blox style).

Positions as ddmm.mmmmm with integer rounding (never "60.00000" minutes), speeds in knots,
time hhmmss.ss, every sentence checksummed and terminated by CR LF.
"""
import time as _time

KNOTS_PER_MPS = 3600.0 / 1852.0


def checksum(body):
    """XOR of the characters between '$' and '*'."""
    c = 0
    for b in body.encode("ascii"):
        c ^= b
    return c


def sentence(body):
    """'$' + body + '*' + checksum + CRLF."""
    return "$%s*%02X\r\n" % (body, checksum(body))


def _angle(value, deg_digits, pos, neg):
    hemi = pos if value >= 0 else neg
    total = int(round(abs(value) * 6000000.0))  # units of 1e-5 minute
    deg, rem = divmod(total, 6000000)
    minutes, frac = divmod(rem, 100000)
    if deg_digits == 2:
        return "%02d%02d.%05d" % (deg, minutes, frac), hemi
    return "%03d%02d.%05d" % (deg, minutes, frac), hemi


def lat_field(lat):
    """('ddmm.mmmmm', 'N'|'S')."""
    return _angle(lat, 2, "N", "S")


def lon_field(lon):
    """('dddmm.mmmmm', 'E'|'W')."""
    return _angle(lon, 3, "E", "W")


class Clock:
    """UTC fields for a time in integer milliseconds since the Unix epoch."""

    def __init__(self):
        self._day = None
        self._date = ""
        self._day_start = 0

    def fields(self, ms):
        """('hhmmss.ss', 'ddmmyy') for a time in ms."""
        day = ms // 86400000
        if day != self._day:
            self._day = day
            tm = _time.gmtime(day * 86400)
            self._date = "%02d%02d%02d" % (tm.tm_mday, tm.tm_mon, tm.tm_year % 100)
        rem = ms - day * 86400000
        h, rem = divmod(rem, 3600000)
        m, rem = divmod(rem, 60000)
        s, rem = divmod(rem, 1000)
        return "%02d%02d%02d.%02d" % (h, m, s, rem // 10), self._date


def rfc3339_ms(ms):
    """RFC 3339 UTC with milliseconds, e.g. 2026-03-01T07:00:00.512Z."""
    tm = _time.gmtime(ms // 1000)
    return "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ" % (
        tm.tm_year, tm.tm_mon, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, ms % 1000)


def rfc3339_s(ms):
    """RFC 3339 UTC, whole seconds when the time has no fraction."""
    if ms % 1000 == 0:
        tm = _time.gmtime(ms // 1000)
        return "%04d-%02d-%02dT%02d:%02d:%02dZ" % (
            tm.tm_year, tm.tm_mon, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec)
    return rfc3339_ms(ms)


def parse_rfc3339_ms(text):
    """Milliseconds since the epoch from 'YYYY-MM-DDTHH:MM:SS[.fff][Z|+hh:mm]'."""
    import calendar
    t = text.strip()
    tz = 0
    if t.endswith("Z") or t.endswith("z"):
        t = t[:-1]
    elif len(t) > 6 and t[-6] in "+-" and t[-3] == ":":
        sign = 1 if t[-6] == "+" else -1
        tz = sign * (int(t[-5:-3]) * 3600 + int(t[-2:]) * 60)
        t = t[:-6]
    frac = 0.0
    if "." in t:
        t, f = t.split(".", 1)
        frac = float("0." + f)
    tm = _time.strptime(t.replace(" ", "T"), "%Y-%m-%dT%H:%M:%S")
    return int(round((calendar.timegm(tm) - tz + frac) * 1000))


class EpochWriter:
    """Writes the sentences of one receiver epoch: RMC, VTG, GGA, GSA (VTG/GSA optional).

    `fix` is None for a no-fix epoch: a receiver that lost the sky still talks (RMC status V,
    GGA quality 0), it does not go silent.
    """

    def __init__(self, talker="GP", geoid_sep=47.0, gsv=False):
        self.talker = talker
        self.gsv = gsv
        self._last_view = []
        self.geoid = "%.1f" % geoid_sep
        self.clock = Clock()

    def epoch(self, out, ms, fix, with_vtg_gsa):
        t = self.talker
        hms, date = self.clock.fields(ms)
        if fix is None:
            out.append(sentence("%sRMC,%s,V,,,,,,,%s,,,N" % (t, hms, date)))
            if with_vtg_gsa:
                out.append(sentence("%sVTG,,T,,M,,N,,K,N" % t))
            out.append(sentence("%sGGA,%s,,,,,0,00,99.99,,,,,," % (t, hms)))
            if with_vtg_gsa:
                out.append(sentence("%sGSA,A,1,,,,,,,,,,,,,99.99,99.99,99.99" % t))
                if self.gsv:
                    self._satellites(out, ms, self._last_view[:3], 0)
            return
        lat, lon, alt, speed, course, hdop, sats, prns, quality = fix
        la, ns = lat_field(lat)
        lo, ew = lon_field(lon)
        kn = speed * KNOTS_PER_MPS
        crs = "%.2f" % course
        out.append(sentence("%sRMC,%s,A,%s,%s,%s,%s,%.3f,%s,%s,,,A" % (t, hms, la, ns, lo, ew, kn, crs, date)))
        if with_vtg_gsa:
            out.append(sentence("%sVTG,%s,T,,M,%.3f,N,%.3f,K,A" % (t, crs, kn, speed * 3.6)))
        if alt is None:
            out.append(sentence("%sGGA,%s,%s,%s,%s,%s,%d,%02d,%.2f,,M,,M,," % (
                t, hms, la, ns, lo, ew, quality, sats, hdop)))
        else:
            out.append(sentence("%sGGA,%s,%s,%s,%s,%s,%d,%02d,%.2f,%.1f,M,%s,M,," % (
                t, hms, la, ns, lo, ew, quality, sats, hdop, alt, self.geoid)))
        if with_vtg_gsa:
            used = prns[:sats][:12]
            fields = ",".join(["%02d" % p for p in used] + [""] * (12 - len(used)))
            vdop = hdop * 1.45
            pdop = (hdop * hdop + vdop * vdop) ** 0.5
            out.append(sentence("%sGSA,A,3,%s,%.2f,%.2f,%.2f" % (t, fields, pdop, hdop, vdop)))
            if self.gsv:
                self._last_view = list(prns)
                self._satellites(out, ms, prns, sats)

    def _satellites(self, out, ms, view, used):
        """GSV: satellites in view, 4 per sentence; sky positions drift slowly with time."""
        minutes = ms / 60000.0
        sats = []
        for k, prn in enumerate(view):
            el = 8 + (prn * 37) % 78
            az = int((prn * 97 + minutes * 0.25) % 360)
            snr = "%02d" % min(50, 30 + el // 5 - (prn % 5)) if k < used else ("%02d" % (12 + prn % 9) if used else "")
            sats.append("%02d,%02d,%03d,%s" % (prn, el, az, snr))
        total = max(1, (len(sats) + 3) // 4)
        for i in range(total):
            chunk = sats[i * 4:(i + 1) * 4]
            body = "%sGSV,%d,%d,%02d" % (self.talker, total, i + 1, len(sats))
            out.append(sentence(body + "".join("," + c for c in chunk)))
