"""Courses (issue #43): a course drawn as straights and arcs, the path a rider takes along it,
the course written as GPX and TCX, and the truth of the ride against the written course.

A course is a list of pieces (length, curvature) from a start heading, with an elevation profile
as a function of distance along it. The ridden path is made of the same pieces, except where the
rider deliberately leaves the course (a detour that comes back to where it left, a shortcut that
rejoins further along): there the ridden geometry has pieces of its own. Both are integrated on
the WGS84 ellipsoid the way pacersim.path does it, so where the rider follows the course the two
agree to millimetres.

The truth is measured against the course as written (points rounded as in the files): length
along the written polyline (Vincenty), the rider's distance to it at every 0.1 s sample, and
progress along it by projecting the true position onto the polyline near where the design says
the rider is (never the nearest point alone: a course may cross or run back over itself).
"""
import bisect
import math

from .geodesy import radii, vincenty
from .nmea import rfc3339_ms

OFF_COURSE_M = 40.0       # an excursion is a stretch farther than this from the course
POINT_SPACING_M = 10.0    # the written course has a point about every 10 m
CUE_MIN_DEG = 45.0        # a turn of more than this is a Left/Right course point
PLANNED_SPEED = 7.5       # m/s: the times a TCX course carries
PROGRESS_EVERY_S = 10.0


class Pieces:
    """Heading as a function of distance: pieces of (length m, curvature 1/m, + to the right)
    from a compass heading; straight on at the last heading past the end."""

    def __init__(self, heading0_rad, pieces):
        self.pieces = list(pieces)
        self.h0 = []
        self.s0 = []
        h, s = heading0_rad, 0.0
        for length, kappa in self.pieces:
            self.s0.append(s)
            self.h0.append(h)
            s += length
            h += kappa * length
        self.length = s
        self.end_heading = h
        self.stops = []

    def ensure(self, s):
        pass

    def heading(self, s):
        if s >= self.length:
            return self.end_heading
        i = max(0, bisect.bisect_right(self.s0, s) - 1)
        return self.h0[i] + self.pieces[i][1] * (s - self.s0[i])


class Turtle:
    """Builds pieces and follows them on a plane (x east, y north, metres) for design checks."""

    def __init__(self):
        self.pieces = []
        self.turns = []   # (s at the middle of the arc, degrees, + right)
        self.marks = {}
        self.x = self.y = self.h = self.s = 0.0

    def straight(self, length):
        assert length > 0, length
        self.pieces.append((length, 0.0))
        self.x += length * math.sin(self.h)
        self.y += length * math.cos(self.h)
        self.s += length
        return self

    def turn(self, degrees, radius):
        """A circular arc; positive degrees turn right."""
        a = math.radians(degrees)
        length = abs(a) * radius
        kappa = a / length
        # chord of the arc
        chord = 2.0 * radius * math.sin(abs(a) / 2.0)
        hm = self.h + a / 2.0
        self.x += chord * math.sin(hm)
        self.y += chord * math.cos(hm)
        self.turns.append((self.s + length / 2.0, degrees))
        self.pieces.append((length, kappa))
        self.h += a
        self.s += length
        return self

    def mark(self, name):
        self.marks[name] = (self.s, self.x, self.y, self.h)
        return self


def slice_pieces(pieces, a, b):
    """The pieces between distances a and b."""
    out = []
    s = 0.0
    for length, kappa in pieces:
        lo, hi = max(a, s), min(b, s + length)
        if hi - lo > 1e-9:
            out.append((hi - lo, kappa))
        s += length
    return out


def balloon_detour(t, side, spur, r_turn=20.0, r_loop=50.0, alpha_deg=60.0):
    """A detour that leaves the course with a 90 degree turn to `side` (+1 right, -1 left), rides
    a spur, a balloon loop and a parallel spur back, and turns 90 degrees onto the course again at
    the very point where it left, heading on. The spurs are 2 r_turn apart."""
    x0, y0, h0 = t.x, t.y, t.h
    a = math.radians(alpha_deg)
    r1 = r2 = big = r_loop
    cos_b = (r1 * (1 - math.cos(a)) - big * math.cos(a) + r2 + 2 * r_turn) / (big + r2)
    b = math.acos(cos_b)
    back = spur + (r1 + big) * math.sin(a) - (big + r2) * math.sin(b)
    t.turn(side * 90.0, r_turn).straight(spur)
    t.turn(-side * alpha_deg, r1).turn(side * (180.0 + alpha_deg + math.degrees(b)), big)
    t.turn(-side * math.degrees(b), r2).straight(back).turn(side * 90.0, r_turn)
    assert math.hypot(t.x - x0, t.y - y0) < 1e-6, "detour does not close"
    assert abs(math.remainder(t.h - h0, 2 * math.pi)) < 1e-9


def turning_loop(t, side, r_loop=30.0, alpha_deg=40.0):
    """A balloon at the end of a road: out, round, and back on the same line heading the other way."""
    x0, y0, h0 = t.x, t.y, t.h
    a = math.radians(alpha_deg)
    r = r_loop * math.cos(a) / (1.0 - math.cos(a))
    t.turn(-side * alpha_deg, r).turn(side * (180.0 + 2 * alpha_deg), r_loop).turn(-side * alpha_deg, r)
    assert math.hypot(t.x - x0, t.y - y0) < 1e-6, "turning loop does not close"
    assert abs(math.remainder(t.h - h0 - math.pi, 2 * math.pi)) < 1e-9


class Profile:
    """Altitude along the course: a base plus sections of constant grade, each reached and left
    over `ramp` metres (the grade is piecewise linear, the sum of trapezoids, so each section
    gains exactly grade x length)."""

    def __init__(self, base, sections, ramp=100.0, period=None):
        self.base = base
        self.sections = [(float(a), float(n), float(g)) for a, n, g in sections]
        self.ramp = ramp
        self.period = period

    def _trap(self, a, n, g, s):
        """(grade, integral from -inf to s) of one section's trapezoid."""
        r = self.ramp
        k0, k1, k2, k3 = a - r / 2, a + r / 2, a + n - r / 2, a + n + r / 2
        if s <= k0:
            return 0.0, 0.0
        if s <= k1:
            u = s - k0
            return g * u / r, g * u * u / (2 * r)
        if s <= k2:
            return g, g * r / 2 + g * (s - k1)
        if s <= k3:
            u = k3 - s
            return g * u / r, g * n - g * u * u / (2 * r)
        return 0.0, g * n

    def altitude(self, s):
        if self.period:
            s %= self.period
        return self.base + sum(self._trap(a, n, g, s)[1] for a, n, g in self.sections)

    def grade(self, s):
        if self.period:
            s %= self.period
        return sum(self._trap(a, n, g, s)[0] for a, n, g in self.sections)


class RiddenHills:
    """The ridden path's altitude: the course's where the rider is on it, and across a leg of its
    own a straight line between where it left and rejoined plus a gentle bump."""

    def __init__(self, profile, segments):
        self.profile = profile
        self.segments = segments  # (ridden s0, ridden s1, "course", course s0) | (s0, s1, "leg", alt0, alt1, bump)
        self.starts = [seg[0] for seg in segments]

    def _seg(self, s):
        return self.segments[max(0, bisect.bisect_right(self.starts, s) - 1)]

    def altitude(self, s):
        seg = self._seg(s)
        if seg[2] == "course":
            return self.profile.altitude(seg[3] + s - seg[0])
        u = min(1.0, max(0.0, (s - seg[0]) / (seg[1] - seg[0])))
        return seg[3] + (seg[4] - seg[3]) * u + seg[5] * math.sin(math.pi * u)

    def grade(self, s):
        seg = self._seg(s)
        if seg[2] == "course":
            return self.profile.grade(seg[3] + s - seg[0])
        n = seg[1] - seg[0]
        u = min(1.0, max(0.0, (s - seg[0]) / n))
        return (seg[4] - seg[3]) / n + seg[5] * math.pi / n * math.cos(math.pi * u)


class Course:
    """A course design and the rider's plan along it.

    plan: a list of ("course", from_s, to_s) and ("leg", Turtle-built pieces, bump m) items.
    """

    def __init__(self, name, heading0_deg, turtle, profile, plan, loop=False, summits=()):
        self.name = name
        self.heading0 = math.radians(heading0_deg)
        self.pieces = turtle.pieces
        self.turns = turtle.turns
        self.marks = turtle.marks
        self.geometry = Pieces(self.heading0, self.pieces)
        self.length = self.geometry.length
        self.profile = profile
        self.loop = loop
        self.summits = list(summits)  # course s where a climb tops out
        ridden = []
        segments = []
        self.excursions = []  # design: leave/rejoin course s and ridden s
        s = 0.0
        pending = None
        for item in plan:
            if item[0] == "course":
                a, b = item[1], item[2]
                if pending is not None:
                    leg_s0, leave_c, bump = pending
                    segments.append((leg_s0, s, "leg", profile.altitude(leave_c), profile.altitude(a), bump))
                    self.excursions.append(dict(leave_course_s=leave_c, rejoin_course_s=a,
                                                leave_ridden_s=leg_s0, rejoin_ridden_s=s))
                    pending = None
                segments.append((s, s + b - a, "course", a))
                ridden += slice_pieces(self.pieces, a, b)
                s += b - a
                last_course_end = b
            else:
                pieces, bump = item[1], item[2]
                pending = (s, last_course_end, bump)
                ridden += pieces
                s += sum(p[0] for p in pieces)
        assert pending is None
        assert plan[-1][0] == "course" and abs(plan[-1][2] - self.length) < 1e-6, "a plan ends at the course's end"
        self.finish_ridden_s = s
        self.laps = sum(1 for item in plan if item[0] == "course" and abs(item[2] - self.length) < 1e-6)
        if loop:
            # Past the finish a rider on a loop rolls on into the next lap.
            runout = min(300.0, self.length)
            segments.append((s, s + runout, "course", 0.0))
            ridden += slice_pieces(self.pieces, 0.0, runout)
        self.segments = segments
        self.ridden = Pieces(self.heading0, ridden)
        for seg in segments:
            if seg[2] == "course":
                turn = self.ridden.heading(seg[0] + 1e-6) - self.geometry.heading(seg[3] + 1e-6)
                assert abs(math.remainder(turn, 2 * math.pi)) < 1e-6, "the ridden path leaves the course's heading"
        self.hills = RiddenHills(profile, segments)

    def course_s(self, ridden_s):
        """Course distance of a ridden distance on the course; None on a leg of its own."""
        for seg in reversed(self.segments):
            if seg[0] <= ridden_s + 1e-9:
                return seg[3] + ridden_s - seg[0] if seg[2] == "course" else None
        return 0.0


def _step(lat, lon, ds, hm):
    """One step of pacersim.path.simulate's integrator."""
    m, n = radii(math.radians(lat))
    lat_new = lat + math.degrees(ds * math.cos(hm) / m)
    m, n = radii(math.radians((lat + lat_new) * 0.5))
    lat_new = lat + math.degrees(ds * math.cos(hm) / m)
    lon += math.degrees(ds * math.sin(hm) / (n * math.cos(math.radians((lat + lat_new) * 0.5))))
    return lat_new, lon


class Written:
    """The course as written: points (rounded as in the files), their curve distances and their
    cumulative ellipsoidal distance along the polyline."""

    def __init__(self, course, lat0, lon0):
        geo = course.geometry
        n = max(1, int(math.ceil(course.length / POINT_SPACING_M)))
        self.curve_s = [course.length * k / n for k in range(n + 1)]
        lat, lon, s = lat0, lon0, 0.0
        pts = []
        for target in self.curve_s:
            while s < target - 1e-9:
                ds = min(1.0, target - s)
                lat, lon = _step(lat, lon, ds, geo.heading(s + ds * 0.5))
                s += ds
            s = target
            pts.append((round(lat, 7), round(lon, 7), round(course.profile.altitude(target), 1)))
        self.points = pts
        self.along = [0.0]
        for k in range(1, len(pts)):
            self.along.append(self.along[-1] + vincenty(pts[k - 1][0], pts[k - 1][1], pts[k][0], pts[k][1]))
        self.length = self.along[-1]
        # A local plane for distances to the course.
        self.lat0, self.lon0 = lat0, lon0
        m, nn = radii(math.radians(lat0))
        self.kx = math.radians(1.0) * nn * math.cos(math.radians(lat0))
        self.ky = math.radians(1.0) * m
        self.xy = [self.plane(p[0], p[1]) for p in pts]
        self.cell = 25.0
        self.grid = {}
        for k in range(len(pts) - 1):
            (x0, y0), (x1, y1) = self.xy[k], self.xy[k + 1]
            for cx in range(int(math.floor(min(x0, x1) / self.cell)), int(math.floor(max(x0, x1) / self.cell)) + 1):
                for cy in range(int(math.floor(min(y0, y1) / self.cell)), int(math.floor(max(y0, y1) / self.cell)) + 1):
                    self.grid.setdefault((cx, cy), []).append(k)

    def plane(self, lat, lon):
        return (lon - self.lon0) * self.kx, (lat - self.lat0) * self.ky

    def along_of_curve(self, s):
        """Polyline distance of a curve distance (the point written nearest before it, then linear)."""
        k = min(len(self.curve_s) - 2, max(0, bisect.bisect_right(self.curve_s, s) - 1))
        u = (s - self.curve_s[k]) / (self.curve_s[k + 1] - self.curve_s[k])
        return self.along[k] + u * (self.along[k + 1] - self.along[k])

    def point_at(self, along):
        k = min(len(self.along) - 2, max(0, bisect.bisect_right(self.along, along) - 1))
        u = (along - self.along[k]) / (self.along[k + 1] - self.along[k])
        (la0, lo0, _), (la1, lo1, _) = self.points[k], self.points[k + 1]
        return la0 + u * (la1 - la0), lo0 + u * (lo1 - lo0)

    def _seg_dist(self, k, x, y):
        (x0, y0), (x1, y1) = self.xy[k], self.xy[k + 1]
        dx, dy = x1 - x0, y1 - y0
        d2 = dx * dx + dy * dy
        u = 0.0 if d2 == 0 else min(1.0, max(0.0, ((x - x0) * dx + (y - y0) * dy) / d2))
        return math.hypot(x0 + u * dx - x, y0 + u * dy - y), u

    def distance(self, lat, lon):
        """Distance in metres from a point to the nearest part of the course."""
        x, y = self.plane(lat, lon)
        cx, cy = int(math.floor(x / self.cell)), int(math.floor(y / self.cell))
        best = float("inf")
        ring = 0
        while True:
            for i in range(cx - ring, cx + ring + 1):
                for j in range(cy - ring, cy + ring + 1):
                    if max(abs(i - cx), abs(j - cy)) != ring:
                        continue
                    for k in self.grid.get((i, j), ()):
                        best = min(best, self._seg_dist(k, x, y)[0])
            if best <= ring * self.cell or ring > 400:
                return best
            ring += 1

    def project(self, lat, lon, near_along, window=30.0):
        """Polyline distance of a point, looking only within `window` of near_along."""
        x, y = self.plane(lat, lon)
        lo = max(0, bisect.bisect_right(self.along, near_along - window) - 1)
        hi = min(len(self.along) - 1, bisect.bisect_left(self.along, near_along + window) + 1)
        best = None
        for k in range(lo, hi):
            d, u = self._seg_dist(k, x, y)
            if best is None or d < best[0]:
                best = (d, self.along[k] + u * (self.along[k + 1] - self.along[k]))
        return best[1]


def cues(course, written):
    """[(name, PointType, along m, curve s)] in order along the course."""
    raw = [(s, "Right" if deg > 0 else "Left") for s, deg in course.turns if abs(deg) > CUE_MIN_DEG]
    raw += [(s, "Summit") for s in course.summits]
    raw.sort()
    out = []
    turns = 0
    for s, kind in raw:
        if kind == "Summit":
            name = "Summit"
        else:
            turns += 1
            name = "%s %d" % (kind, turns)   # CoursePointName_t: at most 10 characters, unique
        out.append((name, kind, written.along_of_curve(s), s))
    return out


def gpx(course, written, desc):
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<gpx version="1.1" creator="Pacer sim (sim/scenario.py)" xmlns="http://www.topografix.com/GPX/1/1">',
             ' <metadata>', '  <name>%s</name>' % course.name, '  <desc>%s</desc>' % desc, ' </metadata>',
             ' <trk>', '  <name>%s</name>' % course.name, '  <trkseg>']
    for lat, lon, ele in written.points:
        lines.append('   <trkpt lat="%.7f" lon="%.7f"><ele>%.1f</ele></trkpt>' % (lat, lon, ele))
    lines += ['  </trkseg>', ' </trk>', '</gpx>', '']
    return "\n".join(lines)


def _position(tag, lat, lon):
    return ("<%s><LatitudeDegrees>%.7f</LatitudeDegrees><LongitudeDegrees>%.7f</LongitudeDegrees></%s>"
            % (tag, lat, lon, tag))


def tcx(course, written, cue_list, start_ms):
    at = lambda along: rfc3339_ms(start_ms + int(round(along / PLANNED_SPEED * 1000)))
    first, last = written.points[0], written.points[-1]
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2" '
             'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
             'xsi:schemaLocation="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2 '
             'http://www.garmin.com/xmlschemas/TrainingCenterDatabasev2.xsd">',
             ' <Courses>', '  <Course>', '   <Name>%s</Name>' % course.name,
             '   <Lap>', '    <TotalTimeSeconds>%.1f</TotalTimeSeconds>' % (written.length / PLANNED_SPEED),
             '    <DistanceMeters>%.1f</DistanceMeters>' % written.length,
             '    ' + _position("BeginPosition", first[0], first[1]),
             '    ' + _position("EndPosition", last[0], last[1]),
             '    <Intensity>Active</Intensity>', '   </Lap>', '   <Track>']
    for (lat, lon, ele), along in zip(written.points, written.along):
        lines.append('    <Trackpoint><Time>%s</Time>%s<AltitudeMeters>%.1f</AltitudeMeters>'
                     '<DistanceMeters>%.1f</DistanceMeters></Trackpoint>'
                     % (at(along), _position("Position", lat, lon), ele, along))
    lines.append('   </Track>')
    for name, kind, along, s in cue_list:
        lat, lon = written.point_at(along)
        lines += ['   <CoursePoint>', '    <Name>%s</Name>' % name, '    <Time>%s</Time>' % at(along),
                  '    ' + _position("Position", lat, lon),
                  '    <AltitudeMeters>%.1f</AltitudeMeters>' % course.profile.altitude(s),
                  '    <PointType>%s</PointType>' % kind, '   </CoursePoint>']
    lines += ['  </Course>', ' </Courses>', '</TrainingCenterDatabase>', '']
    return "\n".join(lines)


def _time_at(path, s):
    """First time the true path reaches distance s (linear between samples)."""
    i = bisect.bisect_left(path.s, s)
    if i <= 0:
        return 0.0
    if i >= len(path.s):
        return None
    s0, s1 = path.s[i - 1], path.s[i]
    u = 0.0 if s1 == s0 else (s - s0) / (s1 - s0)
    return (i - 1 + u) * path.dt


def truth(course, written, cue_list, path):
    """The course object of the truth file, measured on the true path against the written course."""
    r = lambda x, nd=1: None if x is None else round(x, nd)
    dist = [written.distance(path.lat[i], path.lon[i]) for i in range(len(path))]
    stretches = []
    i = 0
    while i < len(dist):
        if dist[i] > OFF_COURSE_M:
            j = i
            while j + 1 < len(dist) and dist[j + 1] > OFF_COURSE_M:
                j += 1
            cross = lambda a, b: (a + (OFF_COURSE_M - dist[a]) / (dist[b] - dist[a]) * (b - a)) * path.dt
            t0 = cross(i - 1, i) if i > 0 else 0.0
            t1 = cross(j, j + 1) if j + 1 < len(dist) else path.duration()
            stretches.append((t0, t1, max(dist[i:j + 1]), path.s[i], path.s[j]))
            i = j + 1
        else:
            i += 1
    excursions = []
    for t0, t1, mx, s_in, s_out in stretches:
        design = [e for e in course.excursions if e["leave_ridden_s"] <= s_in and s_out <= e["rejoin_ridden_s"]]
        assert len(design) == 1, "an excursion the design does not have at %.1f s" % t0
        e = design[0]
        excursions.append({
            "leave_t_s": r(_time_at(path, e["leave_ridden_s"])),
            "leave_along_m": r(written.along_of_curve(e["leave_course_s"])),
            "rejoin_t_s": r(_time_at(path, e["rejoin_ridden_s"])),
            "rejoin_along_m": r(written.along_of_curve(e["rejoin_course_s"])),
            "max_offset_m": r(mx),
            "off_from_t_s": r(t0), "off_to_t_s": r(t1),
            "ridden_m": r(e["rejoin_ridden_s"] - e["leave_ridden_s"]),
        })
    finish_t = _time_at(path, course.finish_ridden_s)
    progress = []
    k = 0
    while True:
        t = k * PROGRESS_EVERY_S
        if finish_t is None or t > finish_t + 1e-9:
            break
        k += 1
        i = int(round(t / path.dt))
        if any(e["leave_t_s"] <= t <= e["rejoin_t_s"] for e in excursions):
            continue
        at = course.course_s(path.s[i])
        if at is None:
            continue
        near = written.along_of_curve(at)
        progress.append([r(t), r(written.project(path.lat[i], path.lon[i], near))])
    eles = [p[2] for p in written.points]
    up = sum(max(0.0, b - a) for a, b in zip(eles, eles[1:]))
    down = sum(max(0.0, a - b) for a, b in zip(eles, eles[1:]))
    return {
        "name": course.name, "points": len(written.points), "length_m": r(written.length, 2),
        "loop": course.loop, "laps": course.laps,
        "ascent_m": r(up), "descent_m": r(down),
        "finished": finish_t is not None, "finish_t_s": r(finish_t),
        "off_course_threshold_m": OFF_COURSE_M,
        "excursions": excursions,
        "cues": [{"name": name, "kind": kind, "along_m": r(along)} for name, kind, along, _ in cue_list],
        "progress": progress,
    }


def write(course, path, lat0, lon0, start_ms, base, desc):
    """Writes base.course.gpx and base.course.tcx; returns the truth's course object."""
    written = Written(course, lat0, lon0)
    cue_list = cues(course, written)
    with open(base + ".course.gpx", "w") as f:
        f.write(gpx(course, written, desc))
    with open(base + ".course.tcx", "w") as f:
        f.write(tcx(course, written, cue_list, start_ms))
    return truth(course, written, cue_list, path)
