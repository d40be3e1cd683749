"""The true path: geometry as a function of arc length, hills, and a speed plan in time.

Geometry (heading as a function of distance s) and the speed plan are independent, so a
route can be ridden at any speed and stopped anywhere. The path is integrated on the WGS84
ellipsoid at a fine step, so its arc length s is the true ellipsoidal distance.
"""
import math

from .geodesy import radii

INTERNAL_DT = 0.1  # seconds between true-path samples


class RoadGeometry:
    """Straight stretches joined by circular turns, generated lazily as the path grows.

    Corners may carry a stop (a traffic light) with a waiting time.
    """

    def __init__(self, rng, heading0_deg, straight, angle_deg, radius, right_angles=False,
                 stop_prob=0.0, stop_wait=(0.0, 0.0), first_stop_after=50.0):
        self.rng = rng
        self.straight = straight
        self.angle = angle_deg
        self.radius = radius
        self.right_angles = right_angles
        self.stop_prob = stop_prob
        self.stop_wait = stop_wait
        self.first_stop_after = first_stop_after
        self.s0 = []
        self.length = []
        self.h0 = []
        self.kappa = []
        self.stops = []  # (s, wait seconds), increasing s
        self._end = 0.0
        self._heading = math.radians(heading0_deg)
        self._idx = 0

    def _add(self, length, kappa):
        self.s0.append(self._end)
        self.length.append(length)
        self.h0.append(self._heading)
        self.kappa.append(kappa)
        self._end += length
        self._heading += kappa * length

    def ensure(self, s):
        """Generates segments until the geometry reaches s."""
        rng = self.rng
        while self._end <= s:
            self._add(rng.uniform(*self.straight), 0.0)
            if self.right_angles:
                angle = math.pi / 2
            else:
                angle = math.radians(rng.uniform(*self.angle))
            sign = 1.0 if rng.random() < 0.5 else -1.0
            r = rng.uniform(*self.radius)
            if self.stop_prob > 0 and self._end > self.first_stop_after and rng.random() < self.stop_prob:
                self.stops.append((self._end, rng.uniform(*self.stop_wait)))
            self._add(angle * r, sign / r)

    def heading(self, s):
        """Compass heading in radians at arc length s (s must not decrease between calls)."""
        if s >= self._end:
            self.ensure(s + 500.0)
        i = self._idx
        while s >= self.s0[i] + self.length[i]:
            i += 1
        self._idx = i
        return self.h0[i] + self.kappa[i] * (s - self.s0[i])


class TrackGeometry:
    """A standard 400 m track, run counter-clockwise in lane 1 (0.30 m from the kerb).

    Straights of 84.39 m and bends of radius 36.80 m: one lap is 400.0 m on the running line.
    """

    STRAIGHT = 84.39
    RADIUS = 36.80

    def __init__(self, heading0_deg):
        self.h0 = math.radians(heading0_deg)
        self.bend = math.pi * self.RADIUS
        self.lap = 2 * self.STRAIGHT + 2 * self.bend
        self.stops = []

    def ensure(self, s):
        pass

    def heading(self, s):
        n, x = divmod(s, self.lap)
        h = self.h0 - n * 2 * math.pi
        if x < self.STRAIGHT:
            return h
        x -= self.STRAIGHT
        if x < self.bend:
            return h - x / self.RADIUS
        x -= self.bend
        h -= math.pi
        if x < self.STRAIGHT:
            return h
        x -= self.STRAIGHT
        return h - x / self.RADIUS


class Hills:
    """Altitude as a sum of sines of distance, scaled so the grade never exceeds max_grade."""

    def __init__(self, rng, base, amplitude, wavelengths, max_grade, count=3):
        self.base = base
        self.terms = []
        if amplitude <= 0:
            return
        for _ in range(count):
            lam = rng.uniform(*wavelengths)
            self.terms.append([rng.uniform(0.3, 1.0) * amplitude, 2 * math.pi / lam, rng.uniform(0, 2 * math.pi)])
        steepest = sum(a * k for a, k, _ in self.terms)
        if steepest > max_grade:
            for term in self.terms:
                term[0] *= max_grade / steepest

    def altitude(self, s):
        return self.base + sum(a * math.sin(k * s + p) for a, k, p in self.terms)

    def grade(self, s):
        return sum(a * k * math.cos(k * s + p) for a, k, p in self.terms)


class Phase:
    """A stretch of the plan at a target speed, lasting a time or a distance."""

    def __init__(self, speed, seconds=None, metres=None, label=""):
        self.speed = speed
        self.seconds = seconds
        self.metres = metres
        self.label = label


class Mover:
    """How an athlete changes speed: acceleration limits, speed wander, hill response."""

    def __init__(self, accel, decel, tau=2.0, wander=0.03, wander_tau=60.0, hill_factor=3.0,
                 hill_clamp=(0.6, 1.2)):
        self.accel = accel
        self.decel = decel
        self.tau = tau
        self.wander = wander
        self.wander_tau = wander_tau
        self.hill_factor = hill_factor
        self.hill_clamp = hill_clamp


class TruePath:
    """The true path sampled every INTERNAL_DT seconds from t = 0."""

    def __init__(self):
        self.dt = INTERNAL_DT
        self.lat = []
        self.lon = []
        self.alt = []
        self.speed = []
        self.s = []
        self.heading = []  # radians, compass
        self.grade = []
        self.phase_marks = []  # (t, s, label) when a phase starts

    def __len__(self):
        return len(self.lat)

    def duration(self):
        return (len(self.lat) - 1) * self.dt

    def truncate(self, n):
        for name in ("lat", "lon", "alt", "speed", "s", "heading", "grade"):
            setattr(self, name, getattr(self, name)[:n])


def pace_episodes(rng, end_s):
    """[(start s, seconds, speed factor)]: a walker's pace as it really wanders, used by model C.

    About every 90 s (exponential gaps) something interrupts the pace: a third of them a brief
    halt (a kerb, a crossing, a look at the phone: factor 0 for 3-12 s), the rest a slow shuffle
    (a crowd, a narrow gate, a chat: 0.3-0.6 of the pace for 5-25 s). Acceleration limits of the
    mover shape each one, so a halt is a dip through every speed between.
    """
    out = []
    t = rng.expovariate(1.0 / 90.0)
    while t < end_s:
        if rng.random() < 1.0 / 3.0:
            dur, factor = rng.uniform(3.0, 12.0), 0.0
        else:
            dur, factor = rng.uniform(5.0, 25.0), rng.uniform(0.3, 0.6)
        out.append((t, dur, factor))
        t += dur + rng.expovariate(1.0 / 90.0)
    return out


def simulate(rng, geometry, hills, lat0, lon0, phases, mover, duration=None, tail_stand=10.0, episodes=None):
    """Drives the plan along the geometry; returns a TruePath.

    With a duration the path ends exactly then (the last phase should be a stop); without,
    it ends tail_stand seconds after the plan is done and the athlete has stopped.
    `episodes` (pace_episodes) scale the target speed while they last.
    """
    dt = INTERNAL_DT
    path = TruePath()
    lat, lon = lat0, lon0
    s = 0.0
    v = 0.0
    p = 0
    phase_t, phase_s = 0.0, 0.0
    hold = 0.0
    wander = 0.0
    phi = math.exp(-dt / mover.wander_tau)
    q = mover.wander * math.sqrt(1 - phi * phi)
    stop_i = 0
    ei = 0
    stops = geometry.stops
    done_t = None
    step = 0
    n_steps = None if duration is None else int(round(duration / dt))
    if phases:
        path.phase_marks.append((0.0, 0.0, phases[0].label))
    lo, hi = mover.hill_clamp
    while True:
        t = step * dt
        h = geometry.heading(s)
        g = hills.grade(s)
        path.lat.append(lat)
        path.lon.append(lon)
        path.alt.append(hills.altitude(s))
        path.speed.append(v)
        path.s.append(s)
        path.heading.append(h)
        path.grade.append(g)
        if n_steps is not None and step >= n_steps:
            break
        while p < len(phases):
            ph = phases[p]
            if (ph.seconds is not None and t - phase_t >= ph.seconds - 1e-9) or \
                    (ph.metres is not None and s - phase_s >= ph.metres - 1e-9):
                p += 1
                phase_t, phase_s = t, s
                if p < len(phases):
                    path.phase_marks.append((t, s, phases[p].label))
            else:
                break
        open_end = p >= len(phases) or (phases[p].speed == 0.0 and phases[p].seconds is None
                                         and phases[p].metres is None)
        if n_steps is None and open_end:
            if v == 0.0 and hold <= 0.0:
                if done_t is None:
                    done_t = t
                if t - done_t >= tail_stand - 1e-9:
                    break
        wander = wander * phi + q * rng.gauss(0.0, 1.0)
        step += 1
        if hold > 0.0:
            hold -= dt
            v = 0.0
            continue
        target = phases[p].speed if p < len(phases) else 0.0
        while episodes and ei < len(episodes) and t >= episodes[ei][0] + episodes[ei][1]:
            ei += 1
        if episodes and ei < len(episodes) and episodes[ei][0] <= t:
            target *= episodes[ei][2]
        if target > 0.0:
            target *= (1.0 + wander) * min(hi, max(lo, 1.0 - mover.hill_factor * g))
            a = max(-mover.decel, min(mover.accel, (target - v) / mover.tau))
        else:
            a = -mover.decel * 0.7
        geometry.ensure(s + 300.0)
        ds = None
        while stop_i < len(stops) and stops[stop_i][0] < s - 1e-6:
            stop_i += 1
        if target > 0.0 and stop_i < len(stops) and v > 0.0:
            d = stops[stop_i][0] - s
            if d <= v * v / (2 * mover.decel) + v * dt:
                a = v * v / (2 * max(d, 1e-4))
                if v - a * dt <= 0.0:
                    ds, v_new = d, 0.0
                    hold = stops[stop_i][1]
                    stop_i += 1
                else:
                    a = -a
        if ds is None:
            v_new = max(0.0, v + a * dt)
            ds = (v + v_new) * 0.5 * dt
        if ds > 0.0:
            hm = geometry.heading(s + ds * 0.5)
            m, n = radii(math.radians(lat))
            lat_new = lat + math.degrees(ds * math.cos(hm) / m)
            m, n = radii(math.radians((lat + lat_new) * 0.5))
            lat_new = lat + math.degrees(ds * math.cos(hm) / m)
            lon += math.degrees(ds * math.sin(hm) / (n * math.cos(math.radians((lat + lat_new) * 0.5))))
            lat = lat_new
            s += ds
        v = v_new
    return path
