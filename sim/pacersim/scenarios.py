"""The scenario catalogue: where, how long, how fast, which sky, which sensors.

Each builder takes a seeded random.Random and returns a Scenario; everything random about a
scenario (route, hills, stop lights, tunnel times, contact loss) comes from that generator.
"""
import calendar
import math

from . import course as courses
from .gnss import ReceiverParams
from .path import Hills, Mover, Phase, RoadGeometry, TrackGeometry

RUNNER = dict(accel=1.5, decel=2.0, tau=2.0, wander=0.03, hill_factor=3.0, hill_clamp=(0.6, 1.2))
WALKER = dict(accel=0.8, decel=1.0, tau=1.5, wander=0.04, hill_factor=2.0, hill_clamp=(0.7, 1.15))
RIDER = dict(accel=1.0, decel=2.0, tau=4.0, wander=0.05, hill_factor=10.0, hill_clamp=(0.3, 1.6))


class Scenario:
    def __init__(self, **kw):
        self.activity = "run"
        self.rate_hz = 1
        self.duration = None
        self.footpod = False
        self.contact_loss = []   # [(start s, duration s)]
        self.disconnects = []    # [(start s, duration s)]
        self.idle_offset = 25.0  # HR above rest when not moving
        self.description = ""
        self.__dict__.update(kw)


def _utc_ms(y, mo, d, h, mi, seed):
    day = (seed % 60) * 86400
    return (calendar.timegm((y, mo, d, h, mi, 0, 0, 0, 0)) + day) * 1000


def _road_run(rng):
    return RoadGeometry(rng, rng.uniform(0, 360), straight=(100, 600), angle_deg=(15, 120), radius=(15, 60))


def steady_run(rng, seed):
    return Scenario(
        description="40 min steady run at about 5:15/km on a hilly road loop, open sky",
        activity="run", duration=2400 - 1, footpod=True,
        start_ms=_utc_ms(2026, 3, 1, 7, 0, seed), lat0=47.36670, lon0=8.55000,
        geometry=_road_run(rng), hills=Hills(rng, 410.0, 12.0, (600, 3000), 0.05),
        phases=[Phase(0.0, seconds=5, label="stand"), Phase(3.2, seconds=2380, label="run"), Phase(0.0, label="stop")],
        mover=Mover(**RUNNER),
        receiver=ReceiverParams(sigma_h=2.5, tau_h=rng.uniform(30, 120), hdop=0.9, sats=11,
                                outliers_per_hour=3.0, outlier_m=(20, 200), doppler_sigma=0.15, geoid_sep=48.0))


def city_run(rng, seed):
    return Scenario(
        description="35 min run through a street grid, waiting at traffic lights; urban canyon sky",
        activity="run", duration=2100 - 1, footpod=True,
        start_ms=_utc_ms(2026, 3, 2, 11, 30, seed), lat0=40.75800, lon0=-73.98550,
        geometry=RoadGeometry(rng, 29.0 + 90 * rng.randint(0, 3), straight=(80, 250), angle_deg=(90, 90),
                              radius=(6, 12), right_angles=True, stop_prob=0.45, stop_wait=(10, 60)),
        hills=Hills(rng, 15.0, 4.0, (400, 1500), 0.03),
        phases=[Phase(0.0, seconds=5, label="stand"), Phase(3.0, seconds=2080, label="run"), Phase(0.0, label="stop")],
        mover=Mover(**RUNNER),
        receiver=ReceiverParams(sigma_h=4.0, tau_h=rng.uniform(30, 90), sigma_alt=7.0, hdop=1.4, sats=8,
                                outliers_per_hour=12.0, outlier_m=(30, 300), doppler_sigma=0.25,
                                dropouts=[(rng.uniform(600, 1500), rng.randint(5, 12))], geoid_sep=-32.8))


def standing_still(rng, seed):
    return Scenario(
        description="20 min with the device on a table by a window: the athlete never moves",
        activity="run", duration=1200 - 1, footpod=False, idle_offset=6.0,
        start_ms=_utc_ms(2026, 3, 3, 9, 15, seed), lat0=52.52000, lon0=13.40500,
        geometry=_road_run(rng), hills=Hills(rng, 34.0, 0.0, (1, 1), 0.0),
        phases=[], mover=Mover(**RUNNER),
        receiver=ReceiverParams(sigma_h=3.5, tau_h=rng.uniform(60, 120), sigma_alt=6.0, hdop=1.6, sats=8,
                                outliers_per_hour=6.0, outlier_m=(20, 80), outlier_s=(1, 5),
                                doppler_sigma=0.12, geoid_sep=39.5))


def walk(rng, seed):
    return Scenario(
        description="30 min walk on winding paths with a few stops to look around",
        activity="walk", duration=1800 - 1, footpod=False, idle_offset=15.0,
        start_ms=_utc_ms(2026, 3, 4, 22, 0, seed), lat0=-33.86880, lon0=151.20930,
        geometry=RoadGeometry(rng, rng.uniform(0, 360), straight=(30, 200), angle_deg=(10, 100),
                              radius=(5, 25), stop_prob=0.12, stop_wait=(20, 90)),
        hills=Hills(rng, 20.0, 10.0, (300, 1500), 0.06),
        phases=[Phase(0.0, seconds=5, label="stand"), Phase(1.4, seconds=1780, label="walk"), Phase(0.0, label="stop")],
        mover=Mover(**WALKER),
        receiver=ReceiverParams(sigma_h=3.0, tau_h=rng.uniform(40, 120), hdop=1.1, sats=10,
                                outliers_per_hour=4.0, outlier_m=(20, 150), doppler_sigma=0.15, geoid_sep=22.0))


def _road_ride(rng, stop_prob):
    return RoadGeometry(rng, rng.uniform(0, 360), straight=(200, 1500), angle_deg=(10, 90),
                        radius=(30, 200), stop_prob=stop_prob, stop_wait=(15, 60), first_stop_after=500)


def ride_10hz(rng, seed):
    return Scenario(
        description="2 h road ride in the hills at 10 Hz (72 000 epochs), a few stops",
        activity="ride", rate_hz=10, duration=7200 - 0.1, footpod=False,
        start_ms=_utc_ms(2026, 3, 5, 8, 0, seed), lat0=46.49830, lon0=11.35480,
        geometry=_road_ride(rng, 0.06), hills=Hills(rng, 262.0, 60.0, (2000, 9000), 0.07),
        phases=[Phase(0.0, seconds=5, label="stand"), Phase(8.5, seconds=7175, label="ride"), Phase(0.0, label="stop")],
        mover=Mover(**RIDER),
        receiver=ReceiverParams(sigma_h=2.0, tau_h=rng.uniform(30, 120), hdop=0.8, sats=13,
                                outliers_per_hour=2.0, outlier_m=(20, 250), doppler_sigma=0.1, geoid_sep=47.5))


def rolling_ride(rng, seed):
    return Scenario(
        description="1 h road ride over rollers: hills 300-1500 m long, passed in 40-190 s at 8 m/s",
        activity="ride", duration=3600 - 1, footpod=False,
        start_ms=_utc_ms(2026, 3, 10, 8, 0, seed), lat0=51.16380, lon0=-1.74840,
        geometry=_road_ride(rng, 0.06), hills=Hills(rng, 300.0, 15.0, (300, 1500), 0.07),
        phases=[Phase(0.0, seconds=5, label="stand"), Phase(8.0, seconds=3590, label="ride"), Phase(0.0, label="stop")],
        mover=Mover(**RIDER),
        receiver=ReceiverParams(sigma_h=2.0, tau_h=rng.uniform(30, 120), hdop=0.8, sats=12,
                                outliers_per_hour=2.0, outlier_m=(20, 250), doppler_sigma=0.1, geoid_sep=47.5))


def track_intervals(rng, seed):
    phases = [Phase(0.0, seconds=5, label="stand"), Phase(3.0, metres=800, label="warm-up")]
    for k in range(6):
        phases.append(Phase(5.6, metres=400, label="fast %d" % (k + 1)))
        phases.append(Phase(2.6, metres=400, label="slow %d" % (k + 1)))
    phases.append(Phase(2.8, metres=400, label="cool-down"))
    phases.append(Phase(0.0, label="stop"))
    return Scenario(
        description="400 m track: 2 laps warm-up, 6 x (400 m fast, 400 m jog), 1 lap cool-down",
        activity="run", duration=None, footpod=True,
        start_ms=_utc_ms(2026, 3, 6, 17, 45, seed), lat0=51.55600, lon0=-0.15600,
        geometry=TrackGeometry(rng.uniform(0, 360)), hills=Hills(rng, 80.0, 0.0, (1, 1), 0.0),
        phases=phases, mover=Mover(accel=2.0, decel=2.5, tau=1.5, wander=0.02, hill_factor=0.0),
        receiver=ReceiverParams(sigma_h=2.5, tau_h=rng.uniform(30, 90), hdop=0.9, sats=11,
                                outliers_per_hour=3.0, outlier_m=(20, 120), doppler_sigma=0.15, geoid_sep=45.5))


def tunnel(rng, seed):
    dropouts = [(300 + k * 500 + rng.uniform(0, 200), rng.randint(20, 60)) for k in range(4)]
    return Scenario(
        description="40 min ride through a valley with 4 tunnels (20-60 s without a fix each)",
        activity="ride", duration=2400 - 1, footpod=False,
        start_ms=_utc_ms(2026, 3, 7, 14, 0, seed), lat0=46.95000, lon0=8.60000,
        geometry=_road_ride(rng, 0.0), hills=Hills(rng, 440.0, 30.0, (1500, 6000), 0.05),
        phases=[Phase(0.0, seconds=5, label="stand"), Phase(8.0, seconds=2380, label="ride"), Phase(0.0, label="stop")],
        mover=Mover(**RIDER),
        receiver=ReceiverParams(sigma_h=2.5, tau_h=rng.uniform(30, 120), hdop=0.9, sats=12,
                                outliers_per_hour=2.0, outlier_m=(20, 200), doppler_sigma=0.12,
                                dropouts=dropouts, geoid_sep=49.0))


def strap_contact_loss(rng, seed):
    return Scenario(
        description="30 min run; the strap loses skin contact for 2-4 min, later disconnects for 20-45 s",
        activity="run", duration=1800 - 1, footpod=True,
        start_ms=_utc_ms(2026, 3, 8, 6, 30, seed), lat0=53.07930, lon0=8.80170,
        geometry=_road_run(rng), hills=Hills(rng, 10.0, 6.0, (600, 3000), 0.04),
        phases=[Phase(0.0, seconds=5, label="stand"), Phase(3.1, seconds=1780, label="run"), Phase(0.0, label="stop")],
        mover=Mover(**RUNNER),
        contact_loss=[(rng.uniform(400, 600), rng.uniform(120, 240))],
        disconnects=[(rng.uniform(1100, 1300), rng.uniform(20, 45))],
        receiver=ReceiverParams(sigma_h=2.5, tau_h=rng.uniform(30, 120), hdop=0.9, sats=11,
                                outliers_per_hour=3.0, outlier_m=(20, 200), doppler_sigma=0.15, geoid_sep=40.5))


def hike(rng, seed):
    return Scenario(
        description="30 min slow hike at about 0.7 m/s on winding paths, with rests to look around",
        activity="walk", duration=1800 - 1, footpod=False, idle_offset=10.0,
        start_ms=_utc_ms(2026, 3, 9, 9, 0, seed), lat0=47.42110, lon0=10.98530,
        geometry=RoadGeometry(rng, rng.uniform(0, 360), straight=(20, 120), angle_deg=(10, 100),
                              radius=(3, 15), stop_prob=0.15, stop_wait=(15, 60)),
        hills=Hills(rng, 1200.0, 10.0, (300, 1500), 0.06),
        phases=[Phase(0.0, seconds=10, label="stand"), Phase(0.7, seconds=1770, label="hike"), Phase(0.0, label="stop")],
        mover=Mover(**WALKER),
        receiver=ReceiverParams(sigma_h=3.0, tau_h=rng.uniform(40, 120), hdop=1.2, sats=9,
                                outliers_per_hour=4.0, outlier_m=(20, 150), doppler_sigma=0.2, geoid_sep=47.0))


# Courses (issue #43): a course written as GPX and TCX, and a rider following it, at 1 Hz in open sky
# with no multipath outliers, so that the only stretches off the course are the designed ones.
COURSE_RIDER = dict(accel=1.0, decel=2.0, tau=4.0, wander=0.03, hill_factor=4.0, hill_clamp=(0.78, 1.1))
COURSE_SPEED = 7.6  # m/s on the flat: 6.2 on a 5 % climb, up to about 9 downhill


def _course_scenario(rng, seed, course, description, day, lat0, lon0, geoid_sep):
    return Scenario(
        description=description, activity="ride", duration=None, footpod=False,
        start_ms=_utc_ms(2026, 3, day, 9, 0, seed), lat0=lat0, lon0=lon0,
        geometry=course.ridden, hills=course.hills, course=course,
        phases=[Phase(0.0, seconds=5, label="stand"),
                Phase(COURSE_SPEED, metres=course.finish_ridden_s + 2.0, label="ride"), Phase(0.0, label="stop")],
        mover=Mover(**COURSE_RIDER),
        receiver=ReceiverParams(sigma_h=2.0, tau_h=rng.uniform(30, 120), hdop=0.8, sats=12,
                                outliers_per_hour=0.0, doppler_sigma=0.1, geoid_sep=geoid_sep))


def course_on(rng, seed):
    """A point-to-point course with a 1.5 km climb at 5 %, ridden as drawn."""
    t = courses.Turtle()
    t.straight(rng.uniform(350, 450)).turn(rng.uniform(60, 80), 35).straight(300)
    t.turn(-rng.uniform(25, 35), 150).mark("climb").straight(1500)
    t.turn(rng.uniform(85, 105), 30).mark("descent").straight(700)
    t.turn(-rng.uniform(95, 110), 30).straight(rng.uniform(400, 500))
    climb_start = t.marks["climb"][0] - 250.0
    summit = climb_start + 1500.0 + 50.0  # where the ramp off the 5 % grade reaches the flat top
    profile = courses.Profile(rng.uniform(100, 200),
                              [(climb_start, 1500.0, 0.05), (t.marks["descent"][0] + 50, 600.0, -0.04)])
    course = courses.Course("Climb course", rng.uniform(0, 360), t, profile, [("course", 0.0, t.s)], summits=[summit])
    return _course_scenario(rng, seed, course, "course ridden as drawn: 3.5-3.7 km point to point with a 1.5 km climb "
                            "at 5 % and three corners", 11, 41.97940, 2.82140, 49.5)


def course_detour(rng, seed):
    """The rider leaves the course at a junction, rides a loop away from it and comes back there."""
    t = courses.Turtle()
    junction = rng.uniform(300, 400)
    t.straight(junction).mark("junction").straight(600 - junction)
    t.turn(-rng.uniform(55, 65), 50).straight(700).turn(rng.uniform(95, 105), 30).straight(rng.uniform(550, 650))
    leg = courses.Turtle()
    courses.balloon_detour(leg, +1, spur=rng.uniform(130, 170))
    j = t.marks["junction"][0]
    profile = courses.Profile(rng.uniform(400, 600), [(800, 400, 0.03), (1300, 400, -0.03)])
    course = courses.Course("Detour course", rng.uniform(0, 360), t, profile,
                            [("course", 0.0, j), ("leg", leg.pieces, -5.0), ("course", j, t.s)])
    return _course_scenario(rng, seed, course, "course with a detour: at a junction the rider turns off, rides a "
                            "700 m loop up to 300 m away and turns back onto it where they left",
                            12, 48.13710, 11.57540, 47.5)


def course_shortcut(rng, seed):
    """The course goes round a U; the rider cuts across it and rejoins far along."""
    t = courses.Turtle()
    leave = rng.uniform(350, 450)
    top = rng.uniform(450, 550)
    t.straight(leave).mark("leave").straight(900 - leave).turn(90, 40).straight(top).turn(90, 40).mark("south")
    t.straight(900 - leave).mark("rejoin").straight(leave).turn(-90, 40).straight(rng.uniform(450, 550))
    leg = courses.Turtle()
    leg.turn(90, 25).straight(top + 80 - 50).turn(90, 25)
    a, b = t.marks["leave"][0], t.marks["rejoin"][0]
    assert math.hypot(leg.x - (t.marks["rejoin"][1] - t.marks["leave"][1]),
                      leg.y - (t.marks["rejoin"][2] - t.marks["leave"][2])) < 1e-6
    profile = courses.Profile(rng.uniform(30, 80), [(600, 300, 0.03), (t.marks["south"][0], 300, -0.03)])
    course = courses.Course("Shortcut course", rng.uniform(0, 360), t, profile,
                            [("course", 0.0, a), ("leg", leg.pieces, 0.0), ("course", b, t.s)])
    return _course_scenario(rng, seed, course, "course with a shortcut: the rider cuts across a U-shaped stretch and "
                            "rejoins 1.3-1.8 km further along", 13, 50.93750, 6.96030, 47.0)


def course_loop_twice(rng, seed):
    """A closed loop ridden twice."""
    t = courses.Turtle()
    long_side, short_side, r = rng.uniform(450, 550), rng.uniform(250, 320), 30.0
    t.straight(long_side / 2 - r)
    for side in (short_side, long_side, short_side):
        t.turn(90, r).straight(side - 2 * r)
    t.turn(90, r).straight(long_side / 2 - r)
    assert math.hypot(t.x, t.y) < 1e-6
    profile = courses.Profile(rng.uniform(30, 80), [(150, 300, 0.03), (t.s / 2 + 150, 300, -0.03)], period=t.s)
    course = courses.Course("Loop course", rng.uniform(0, 360), t, profile,
                            [("course", 0.0, t.s), ("course", 0.0, t.s)], loop=True)
    return _course_scenario(rng, seed, course, "a 1.35-1.7 km loop course ridden twice", 14, 48.85660, 2.35220, 44.6)


def course_out_and_back(rng, seed):
    """Out along a road, round a turning loop, back on the same road to the start."""
    t = courses.Turtle()
    out = [(0, rng.uniform(250, 350)), (-20, 200), (0, 400), (rng.uniform(60, 80), 40), (0, 900)]
    for deg, n in out:
        if deg:
            t.turn(deg, n)
        else:
            t.straight(n)
    half = t.s
    courses.turning_loop(t, +1)
    for deg, n in reversed(out):
        if deg:
            t.turn(-deg, n)   # the same bend ridden the other way
        else:
            t.straight(n)
    assert math.hypot(t.x, t.y) < 1e-6
    climb_start = half - 850.0
    profile = courses.Profile(rng.uniform(200, 300), [(climb_start, 800, 0.04), (t.s - climb_start - 800, 800, -0.04)])
    course = courses.Course("Out and back", rng.uniform(0, 360), t, profile, [("course", 0.0, t.s)],
                            summits=[climb_start + 800 + 50])
    return _course_scenario(rng, seed, course, "out-and-back course: 1.7 km out (the last 800 m climbing at 4 %), a "
                            "turning loop, and back on the same road", 15, 43.70090, 7.26830, 50.5)


def course_figure_eight(rng, seed):
    """A figure-eight loop: the course crosses itself at right angles."""
    t = courses.Turtle()
    a, r, before = rng.uniform(400, 480), 30.0, 200.0
    t.straight(before).mark("cross-1").straight(a - r)
    for _ in range(2):
        t.turn(-90, r).straight(a - 2 * r)
    t.turn(-90, r).straight(a - r).mark("cross-2").straight(a - r)
    for _ in range(2):
        t.turn(90, r).straight(a - 2 * r)
    t.turn(90, r).straight(a - r - before)
    assert math.hypot(t.x, t.y) < 1e-6
    c1, c2 = t.marks["cross-1"], t.marks["cross-2"]
    assert math.hypot(c1[1] - c2[1], c1[2] - c2[2]) < 1e-6
    x1, x2 = c1[0], c2[0]
    profile = courses.Profile(rng.uniform(20, 60), [(x1 + 400, 400, 0.025), (x1 + 800, 400, -0.025),
                                                    (x2 + 400, 400, -0.02), (x2 + 800, 400, 0.02)], period=t.s)
    course = courses.Course("Figure eight", rng.uniform(0, 360) + 45.0, t, profile, [("course", 0.0, t.s)], loop=True)
    return _course_scenario(rng, seed, course, "a 3.1-3.8 km figure-eight loop course that crosses itself, ridden once",
                            16, -37.81360, 144.96310, 4.6)


SCENARIOS = {
    "steady-run": steady_run,
    "city-run": city_run,
    "standing-still": standing_still,
    "walk": walk,
    "ride-10hz": ride_10hz,
    "track-intervals": track_intervals,
    "tunnel": tunnel,
    "strap-contact-loss": strap_contact_loss,
    "hike": hike,
    "rolling-ride": rolling_ride,
    "course-on": course_on,
    "course-detour": course_detour,
    "course-shortcut": course_shortcut,
    "course-loop-twice": course_loop_twice,
    "course-out-and-back": course_out_and_back,
    "course-figure-eight": course_figure_eight,
}
