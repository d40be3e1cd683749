"""Builds one scenario: true path -> NMEA, BLE log and the true totals."""
import json
import math
import os
import random

from . import barometer, ble, bike, course, dem, gnss_b, gnss_c, heart, nmea, workout
from .gnss import measure
from .path import pace_episodes, simulate

RECEIVERS = {"a": measure, "b": gnss_b.measure, "c": gnss_c.measure}
from .scenarios import SCENARIOS

DEFAULT_ZONES = (110, 130, 148, 163, 176)
MOVING_THRESHOLD = 0.3  # m/s of true speed
HR_HOLD_S = 5.0


def cadence_spm(activity, v):
    """True step cadence for a speed (0 when not moving; none for rides)."""
    if v <= MOVING_THRESHOLD or activity == "ride":
        return 0.0
    if activity == "walk":
        return min(135.0, max(90.0, 70.0 + 33.0 * v))
    return min(200.0, max(150.0, 150.0 + 8.0 * v))


class Options:
    def __init__(self, footpod=None, zones=DEFAULT_ZONES, rate_hz=None, start_ms=None, talker="GP", gsv=False,
                 bike_sensors=None, receiver="a", barometer=False, barometer_rate_hz=1.0, barometer_noise_pa=None,
                 dem_dir=None, dem_arc_seconds=1, dem_voids=0, dem_noise_m=0.7, dem_case="upper", workout=None):
        self.workout = workout            # [(s, low W, high W)]: the rider follows it (workout.py)
        self.dem_dir = dem_dir            # SRTM tiles of the terrain written there (dem.py), truth["dem"]
        self.dem_arc_seconds = dem_arc_seconds
        self.dem_voids = dem_voids
        self.dem_noise_m = dem_noise_m
        self.dem_case = dem_case
        self.gsv = gsv
        self.receiver = receiver          # "a": gnss.py, "b": gnss_b.py, "c": gnss_c.py (and a wandering walker)
        self.barometer = barometer        # 0x2A6D pressure and 0x2A6E temperature in the BLE log
        self.barometer_rate_hz = barometer_rate_hz
        self.barometer_noise_pa = barometer_noise_pa  # None: 0.7-1.3 Pa, drawn per scenario
        self.bike_sensors = bike_sensors   # None: a power meter and a CSC sensor on rides
        self.footpod = footpod
        self.zones = tuple(zones)
        self.rate_hz = rate_hz
        self.start_ms = start_ms
        self.talker = talker


def _in_windows(t, windows):
    for start, dur in windows:
        if start <= t < start + dur:
            return True
    return False


def strap_notifications(rng, sc, hr_series, end_s):
    """[(t s, bpm, in_contact, [rr s])] as a strap sends them about once a second."""
    all_beats = heart.beats(rng, hr_series, end_s)
    out = []
    bi = 0
    recent = []
    junk = None
    t = rng.uniform(0.2, 0.9)
    while t <= end_s:
        fresh = []
        while bi < len(all_beats) and all_beats[bi][0] <= t:
            fresh.append(all_beats[bi][1])
            bi += 1
        if not _in_windows(t, sc.disconnects):
            if _in_windows(t, sc.contact_loss):
                # No skin contact: the strap still notifies, with a meaningless rate and no RR.
                junk = (junk if junk is not None else hr_series[int(t)]) + rng.gauss(0, 6)
                junk = min(220.0, max(30.0, junk))
                out.append((t, int(round(junk)), False, []))
            else:
                junk = None
                recent = (recent + fresh)[-4:]
                if recent:
                    bpm = int(round(60.0 / (sum(recent) / len(recent))))
                else:
                    bpm = int(round(hr_series[int(t)]))
                out.append((t, bpm, True, fresh[-3:]))
        t += min(1.05, max(0.95, 1.0 + rng.gauss(0.0, 0.01)))
    return out


def footpod_notifications(rng, sc, path, end_s):
    """[(t s, speed, cadence, running, stride m, total m)] about once a second."""
    calib = 1.0 + rng.gauss(0.0, 0.015)
    out = []
    total = 0.0
    last_t = 0.0
    t = rng.uniform(0.1, 0.9)
    per = int(round(1.0 / path.dt))
    while t <= end_s:
        i = min(len(path) - 1, int(round(t / path.dt)))
        v = path.speed[i]
        cad_true = cadence_spm(sc.activity, v)
        if cad_true > 0:
            speed = max(0.0, v * calib + rng.gauss(0.0, 0.05))
            cad = int(round(cad_true + rng.gauss(0.0, 0.8)))
            stride = 2.0 * speed * 60.0 / cad
        else:
            speed, cad, stride = 0.0, 0, 0.0
        total += speed * (t - last_t)
        last_t = t
        out.append((t, speed, cad, v > 2.2, stride, total))
        t += min(1.05, max(0.95, 1.0 + rng.gauss(0.0, 0.01)))
    del per
    return out


def zone_of(bpm, zones):
    z = 0
    for k, lower in enumerate(zones):
        if bpm >= lower:
            z = k + 1
    return z


def hr_truth(notes, zones, end_s):
    """Seconds in zones 1..5, time-weighted average and max of accepted heart rates.

    Each accepted value (sensor contact) holds until the strap's next notification, at most
    5 s, never past the session end. A not-in-contact notification is not a heart rate: it
    ends the previous value's hold and adds no time of its own.
    """
    zone_s = [0.0] * len(zones)
    held = 0.0
    weighted = 0.0
    mx = None
    for k, (t, bpm, contact, _) in enumerate(notes):
        if not contact:
            continue
        nxt = notes[k + 1][0] if k + 1 < len(notes) else end_s
        hold = max(0.0, min(nxt - t, HR_HOLD_S, end_s - t))
        z = zone_of(bpm, zones)
        if z:
            zone_s[z - 1] += hold
        held += hold
        weighted += bpm * hold
        mx = bpm if mx is None else max(mx, bpm)
    avg = weighted / held if held > 0 else None
    return zone_s, avg, mx, held


def path_truth(sc, path):
    dt = path.dt
    moving = 0.0
    steps = 0.0
    gain = loss = 0.0
    dist3d = 0.0
    vmax = 0.0
    stationary = []
    still_from = None
    for i in range(1, len(path)):
        vm = 0.5 * (path.speed[i - 1] + path.speed[i])
        if vm > MOVING_THRESHOLD:
            moving += dt
            if still_from is not None and (i - 1) * dt - still_from >= 3.0:
                stationary.append((still_from, (i - 1) * dt))
            still_from = None
        elif still_from is None:
            still_from = (i - 1) * dt
        steps += cadence_spm(sc.activity, vm) / 60.0 * dt
        dh = path.alt[i] - path.alt[i - 1]
        if dh > 0:
            gain += dh
        else:
            loss -= dh
        ds = path.s[i] - path.s[i - 1]
        dist3d += math.sqrt(ds * ds + dh * dh)
        vmax = max(vmax, path.speed[i])
    if still_from is not None and path.duration() - still_from >= 3.0:
        stationary.append((still_from, path.duration()))
    return dict(moving=moving, steps=steps, gain=gain, loss=loss, dist3d=dist3d, vmax=vmax,
                stationary=stationary)


def _round(x, nd=3):
    return None if x is None else round(x, nd)


def generate(name, seed, out_dir, options=None):
    """Writes out_dir/name.{nmea,ble,truth.json} (and name.course.{gpx,tcx} for a course scenario);
    returns the truth dict."""
    opts = options or Options()
    sc = SCENARIOS[name](random.Random("%s/%d/scenario" % (name, seed)), seed)
    rate = opts.rate_hz or sc.rate_hz
    if opts.start_ms is not None:
        sc.start_ms = opts.start_ms
    footpod = sc.footpod if opts.footpod is None else opts.footpod
    # Model C's walker wanders in pace (halts, shuffles) from its own stream; A and B walk as before.
    episodes = None
    if opts.receiver == "c" and sc.activity == "walk" and sc.duration is not None:
        episodes = pace_episodes(random.Random("%s/%d/pace-c" % (name, seed)), sc.duration)
    path = simulate(random.Random("%s/%d/path" % (name, seed)), sc.geometry, sc.hills, sc.lat0, sc.lon0,
                    sc.phases, sc.mover, sc.duration, episodes=episodes)
    step = int(round(1.0 / (rate * path.dt)))
    n_epochs = (len(path) - 1) // step + 1
    path.truncate((n_epochs - 1) * step + 1)
    end_s = path.duration()
    ms_per_epoch = 1000 // rate

    # Receiver A keeps its historical seed stream, so its bytes do not change.
    gnss_seed = "%s/%d/gnss" % (name, seed) if opts.receiver == "a" else "%s/%d/gnss-%s" % (name, seed, opts.receiver)
    fixes, outliers = RECEIVERS[opts.receiver](random.Random(gnss_seed), sc.receiver, path, rate, n_epochs)
    writer = nmea.EpochWriter(opts.talker, sc.receiver.geoid_sep, opts.gsv)
    lines = []
    for k, fix in enumerate(fixes):
        ms = sc.start_ms + k * ms_per_epoch
        writer.epoch(lines, ms, fix, ms % 1000 == 0)

    athlete = heart.Athlete()
    hr_rng = random.Random("%s/%d/heart" % (name, seed))
    hr_series = heart.heart_rate_series(hr_rng, athlete, sc.activity, path, int(math.ceil(end_s)) + 2,
                                        idle_offset=sc.idle_offset)
    notes = strap_notifications(hr_rng, sc, hr_series, end_s)
    events = []
    for t, bpm, contact, rr in notes:
        ms = sc.start_ms + int(round(t * 1000))
        events.append((ms, 0, ble.log_line(ms, ble.HEART_RATE, ble.heart_rate_payload(bpm, contact, rr))))
    pods = []
    if footpod:
        pods = footpod_notifications(random.Random("%s/%d/footpod" % (name, seed)), sc, path, end_s)
        for t, speed, cad, running, stride, total in pods:
            ms = sc.start_ms + int(round(t * 1000))
            payload = ble.rsc_payload(speed, cad, running, stride if cad else None, total)
            events.append((ms, 1, ble.log_line(ms, ble.RSC, payload)))
    bike_sensors = sc.activity == "ride" if opts.bike_sensors is None else opts.bike_sensors
    bike_seconds, bike_notes = [], []
    if bike_sensors:
        rider = workout.Rider(random.Random("%s/%d/workout" % (name, seed)), opts.workout) if opts.workout else None
        bike_seconds, bike_notes = bike.simulate(random.Random("%s/%d/bike" % (name, seed)), path, athlete.mass_kg, end_s, rider)
        for t, characteristic, payload in bike_notes:
            ms = sc.start_ms + int(round(t * 1000))
            events.append((ms, 2, ble.log_line(ms, characteristic, payload)))
    baro_truth = None
    if opts.barometer:
        baro, baro_truth = barometer.readings(random.Random("%s/%d/barometer" % (name, seed)), path, end_s,
                                              rate_hz=opts.barometer_rate_hz, noise_pa=opts.barometer_noise_pa)
        for t, pa, celsius in baro:
            ms = sc.start_ms + int(round(t * 1000))
            events.append((ms, 3, ble.log_line(ms, barometer.PRESSURE, barometer.pressure_payload(pa))))
            if celsius is not None:
                events.append((ms, 4, ble.log_line(ms, barometer.TEMPERATURE, barometer.temperature_payload(celsius))))
    events.sort()

    pt = path_truth(sc, path)
    zone_s, hr_avg, hr_max, hr_held = hr_truth(notes, opts.zones, end_s)
    start, end = sc.start_ms, sc.start_ms + (n_epochs - 1) * ms_per_epoch
    iso = lambda t: nmea.rfc3339_ms(sc.start_ms + int(round(t * 1000)))
    has_steps = sc.activity in ("run", "walk")
    laps = None
    if hasattr(sc.geometry, "lap"):
        laps = path.s[-1] / sc.geometry.lap
    truth = {
        "scenario": name, "seed": seed, "description": sc.description, "activity": sc.activity,
        "rate_hz": rate, "epochs": n_epochs, "fix_epochs": sum(1 for f in fixes if f is not None),
        "start": nmea.rfc3339_ms(start), "end": nmea.rfc3339_ms(end), "elapsed_s": _round(end_s),
        "distance_m": _round(path.s[-1]), "distance_3d_m": _round(pt["dist3d"]),
        "moving_s": _round(pt["moving"], 1), "moving_threshold_mps": MOVING_THRESHOLD,
        "avg_moving_speed_mps": _round(path.s[-1] / pt["moving"] if pt["moving"] > 0 else None),
        "max_speed_mps": _round(pt["vmax"]),
        "elevation_gain_m": _round(pt["gain"], 2), "elevation_loss_m": _round(pt["loss"], 2),
        "altitude_start_m": _round(path.alt[0], 2), "altitude_end_m": _round(path.alt[-1], 2),
        "hr_zone_bounds": list(opts.zones), "hr_zones_s": [_round(z, 2) for z in zone_s],
        "hr_avg": _round(hr_avg, 2), "hr_max": hr_max, "hr_counted_s": _round(hr_held, 2),
        "hr_semantics": "session time from start to end; each in-contact value holds until the strap's next "
                        "notification, at most %g s; a not-in-contact notification is not a heart rate "
                        "(it ends the hold and counts nothing)" % HR_HOLD_S,
        "hr_notifications": len(notes), "rr_intervals": sum(len(n[3]) for n in notes),
        "steps": _round(pt["steps"], 1) if has_steps else None,
        "cadence_avg_spm": _round(pt["steps"] * 60.0 / pt["moving"], 2) if has_steps and pt["moving"] > 0 else None,
        "footpod": footpod, "footpod_notifications": len(pods),
        "bike_sensors": bike_sensors, "bike_notifications": len(bike_notes),
        **(bike.truth(bike_seconds) if bike_sensors else
           {"power_avg_w": None, "power_max_w": None, "power_np_w": None, "cadence_avg_rpm": None}),
        "laps_400m": _round(laps, 4),
        "stationary": [{"start": iso(a), "end": iso(b), "seconds": _round(b - a, 1)} for a, b in pt["stationary"]],
        "dropouts": [{"start": iso(a), "end": iso(min(end_s, a + d)), "seconds": _round(d, 1)}
                     for a, d in sc.receiver.dropouts if a < end_s],
        "outliers": [{"start": iso(o[0]), "seconds": o[1], "offset_m": _round(math.hypot(o[2], o[3]), 1),
                      "hdop_factor": _round(o[5], 2)} for o in outliers],
        "contact_loss": [{"start": iso(a), "seconds": _round(d, 1)} for a, d in sc.contact_loss],
        "disconnects": [{"start": iso(a), "seconds": _round(d, 1)} for a, d in sc.disconnects],
        "phases": [{"start": iso(t), "distance_m": _round(s, 1), "label": lab} for t, s, lab in path.phase_marks],
        "receiver": {**sc.receiver.describe(), "model": opts.receiver},
        "barometer": baro_truth,
        "athlete": {"rest_hr": athlete.rest_hr, "max_hr": athlete.max_hr, "vo2max": athlete.vo2max,
                    "weight_kg": athlete.mass_kg},
    }
    if episodes is not None:
        truth["pace_episodes"] = [{"start": iso(a), "seconds": _round(d, 1), "speed_factor": _round(f, 2)}
                                  for a, d, f in episodes if a < end_s]
    if opts.dem_dir is not None:
        truth["dem"] = dem.write_tiles(random.Random("%s/%d/dem" % (name, seed)), path, opts.dem_dir,
                                       arc_seconds=opts.dem_arc_seconds, noise_m=opts.dem_noise_m,
                                       voids=opts.dem_voids, name_case=opts.dem_case)
    os.makedirs(out_dir, exist_ok=True)
    base = os.path.join(out_dir, name)
    if opts.workout and bike_sensors:
        truth["workout"] = {"file": name + ".workout.txt", "steps": workout.truth(opts.workout, bike_seconds),
                            "semantics": "1 s means of the true power; a single wattage is +-5 %"}
        with open(base + ".workout.txt", "w") as f:
            f.write(workout.text(opts.workout))
    if getattr(sc, "course", None) is not None:
        truth["course"] = course.write(sc.course, path, sc.lat0, sc.lon0, sc.start_ms, base,
                                       "pacer sim scenario %s seed %d" % (name, seed))
    with open(base + ".nmea", "w", newline="") as f:
        f.write("".join(lines))
    with open(base + ".ble", "w") as f:
        f.write("# pacer sim scenario %s seed %d: 2a37 heart rate%s%s%s\n" % (
            name, seed, ", 2a53 footpod" if footpod else "",
            ", 2a63 power meter, 2a5b speed/cadence (wheel %d mm)" % bike.WHEEL_MM if bike_sensors else "",
            ", 2a6d pressure, 2a6e temperature" if opts.barometer else ""))
        f.write("".join(e[2] for e in events))
    with open(base + ".truth.json", "w") as f:
        json.dump(truth, f, indent=1)
        f.write("\n")
    return truth
