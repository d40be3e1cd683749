"""A ride's power meter (0x2A63) and speed/cadence sensor (0x2A5B) from the true path.

Power is what the rider must deliver to hold the path's speed on its grade: rolling
resistance, gravity, air drag and acceleration, through a drivetrain that loses 2.5 %;
where that is negative the rider coasts (0 W, no pedalling). Cadence is 85-95 rpm while
pedalling. Wheel and crank revolutions are integrated from the path, and each event time
is the moment the last whole revolution completed (CSC: 1/1024 s; CPS wheel: 1/2048 s).
"""
import math
import struct

CYCLING_POWER = 0x2A63
CSC = 0x2A5B
WHEEL_MM = 2105            # pacer.conf's default wheel_mm
BIKE_KG = 9.0
CRR = 0.004
CDA = 0.32                 # m^2, hoods
RHO = 1.2                  # kg/m^3
G = 9.81
DRIVETRAIN = 0.975


def power_w(v, grade, accel, mass_kg):
    """Watts at the pedals to hold speed v (m/s) on `grade` (rise/run) while accelerating."""
    m = mass_kg + BIKE_KG
    theta = math.atan(grade)
    force = m * G * (CRR * math.cos(theta) + math.sin(theta)) + 0.5 * RHO * CDA * v * v + m * accel
    return max(0.0, force * v / DRIVETRAIN)


def cps_payload(watts, crank_revs, crank_time_1024):
    """0x2A63 with instantaneous power and crank revolution data (flags bit 5)."""
    return struct.pack("<HhHH", 0x0020, max(-32768, min(32767, int(round(watts)))),
                       crank_revs & 0xFFFF, crank_time_1024 & 0xFFFF)


def csc_payload(wheel_revs, wheel_time_1024, crank_revs, crank_time_1024):
    """0x2A5B with wheel and crank revolution data (flags 0x03)."""
    return struct.pack("<BIHHH", 0x03, wheel_revs & 0xFFFFFFFF, wheel_time_1024 & 0xFFFF,
                       crank_revs & 0xFFFF, crank_time_1024 & 0xFFFF)


def decode_cps(payload):
    """(flags, watts, crank revs or None, crank time or None) of a 0x2A63 payload with crank data."""
    flags, watts = struct.unpack_from("<Hh", payload, 0)
    if flags & 0x20:
        revs, t = struct.unpack_from("<HH", payload, 4)
        return flags, watts, revs, t
    return flags, watts, None, None


def decode_csc(payload):
    """(wheel revs, wheel time, crank revs, crank time) of a 0x2A5B payload with both."""
    flags, wr, wt, cr, ct = struct.unpack("<BIHHH", payload)
    return wr, wt, cr, ct


class _Counter:
    """Cumulative revolutions and the time of the last completed one."""

    def __init__(self):
        self.revs = 0.0
        self.last_event = 0.0

    def advance(self, t0, dt, rate):
        before = self.revs
        self.revs += rate * dt
        if int(self.revs) > int(before) and rate > 0:
            # Linear within the step: when the last whole revolution completed.
            self.last_event = t0 + (int(self.revs) - before) / rate


def simulate(rng, path, mass_kg, end_s, rider=None):
    """Per-second true power, pedalling cadence, and the notifications of both sensors.

    With `rider` (workout.Rider) the power is the rider's, who follows a workout's targets.
    Returns (seconds, notes): seconds = [(watts, rpm)] one per whole second of the path;
    notes = [(t s, characteristic, payload)] about once a second from each sensor.
    """
    dt = path.dt
    wheel_m = WHEEL_MM / 1000.0
    wheel, crank = _Counter(), _Counter()
    seconds = []
    acc_w = acc_rpm = 0.0
    next_cps = rng.uniform(0.1, 0.9)
    next_csc = rng.uniform(0.1, 0.9)
    target_rpm = 90.0
    notes = []
    watts = 0.0
    for i in range(1, len(path)):
        t0 = (i - 1) * dt
        v = 0.5 * (path.speed[i - 1] + path.speed[i])
        accel = (path.speed[i] - path.speed[i - 1]) / dt
        watts = power_w(v, path.grade[i], accel, mass_kg) if v > 0.3 else 0.0
        if rider is not None:
            watts = rider.power(t0, dt, watts)
        if i % int(round(1.0 / dt)) == 0:
            target_rpm = min(95.0, max(85.0, target_rpm + rng.gauss(0.0, 1.0)))
        rpm = target_rpm if watts > 0 else 0.0
        wheel.advance(t0, dt, v / wheel_m)
        crank.advance(t0, dt, rpm / 60.0)
        acc_w += watts * dt
        acc_rpm += rpm * dt
        t1 = i * dt
        if int(round(t1 / dt)) % int(round(1.0 / dt)) == 0:
            seconds.append((acc_w, acc_rpm))
            acc_w = acc_rpm = 0.0
        while next_cps <= t1 and next_cps <= end_s:
            reported = watts + rng.gauss(0.0, 0.02 * watts) if watts > 0 else 0.0
            notes.append((next_cps, CYCLING_POWER, cps_payload(reported, int(crank.revs), int(crank.last_event * 1024))))
            next_cps += min(1.05, max(0.95, 1.0 + rng.gauss(0.0, 0.01)))
        while next_csc <= t1 and next_csc <= end_s:
            notes.append((next_csc, CSC, csc_payload(int(wheel.revs), int(wheel.last_event * 1024),
                                                     int(crank.revs), int(crank.last_event * 1024))))
            next_csc += min(1.05, max(0.95, 1.0 + rng.gauss(0.0, 0.01)))
    return seconds, notes


def normalized_power(watts_per_second):
    """Coggan NP: 30 s rolling mean from the 30th second, 4th power, mean, 4th root."""
    if len(watts_per_second) < 30:
        return None
    window = sum(watts_per_second[:30])
    fourth = [(window / 30.0) ** 4]
    for k in range(30, len(watts_per_second)):
        window += watts_per_second[k] - watts_per_second[k - 30]
        fourth.append((max(0.0, window) / 30.0) ** 4)
    return (sum(fourth) / len(fourth)) ** 0.25


def truth(seconds):
    """power_avg_w (zeros included), power_max_w (of 1 s means), power_np_w, cadence_avg_rpm (pedalling time)."""
    watts = [w for w, _ in seconds]
    pedalling = [r for _, r in seconds if r > 0]
    return {
        "power_avg_w": round(sum(watts) / len(watts), 1) if watts else None,
        "power_max_w": int(round(max(watts))) if watts else None,
        "power_np_w": None if normalized_power(watts) is None else round(normalized_power(watts), 1),
        "cadence_avg_rpm": round(sum(pedalling) / len(pedalling), 1) if pedalling else None,
        "wheel_mm": WHEEL_MM,
        "power_semantics": "per second of the path's elapsed time, stops and coasting as 0 W; "
                           "cadence over pedalling seconds only",
    }
