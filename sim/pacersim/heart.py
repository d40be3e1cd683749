"""A heart that responds to effort: oxygen cost of the movement -> heart rate, with lag,
cardiac drift and noise; then beats (RR intervals) with respiratory sinus arrhythmia.
"""
import math


class Athlete:
    """The person: heart-rate range, fitness and mass (the example values of scripts/debian/pacer.conf)."""

    def __init__(self, rest_hr=58, max_hr=188, vo2max=55.0, mass_kg=70.0):
        self.rest_hr = rest_hr
        self.max_hr = max_hr
        self.vo2max = vo2max
        self.mass_kg = mass_kg


def oxygen_cost(activity, v, grade, mass_kg):
    """VO2 in ml/kg/min (ACSM running/walking equations; cycling from road power)."""
    if v < 0.3:
        return None
    vm = v * 60.0
    if activity == "run":
        g = grade if grade > 0 else grade * 0.5
        return max(8.0, 0.2 * vm + 0.9 * vm * g + 3.5)
    if activity == "walk":
        g = grade if grade > 0 else grade * 0.5
        return max(5.0, 0.1 * vm + 1.8 * vm * g + 3.5)
    total = mass_kg + 10.0
    power = (0.005 * total * 9.81 + 0.5 * 1.2 * 0.35 * v * v + total * 9.81 * grade) * v
    return 10.8 * max(0.0, power) / mass_kg + 7.0


def heart_rate_series(rng, athlete, activity, path, seconds, idle_offset=25.0, drift_per_min=0.06,
                      tau_up=25.0, tau_down=45.0, noise=1.5):
    """Heart rate (float bpm) at each whole second 0..seconds of the path."""
    rest, top = athlete.rest_hr, athlete.max_hr
    per_s = int(round(1.0 / path.dt))
    hr = rest + idle_offset
    out = []
    n = 0.0
    phi = math.exp(-1.0 / 15.0)
    q = noise * math.sqrt(1 - phi * phi)
    active_min = 0.0
    for sec in range(seconds + 1):
        i = min(len(path) - 1, sec * per_s)
        vo2 = oxygen_cost(activity, path.speed[i], path.grade[i], athlete.mass_kg)
        if vo2 is None:
            target = rest + idle_offset
        else:
            frac = (vo2 - 3.5) / (athlete.vo2max - 3.5)
            target = rest + (top - rest) * min(1.02, max(0.2, frac))
            active_min += 1.0 / 60.0
            target += drift_per_min * active_min
        target = min(top - 1.0, target)
        tau = tau_up if target > hr else tau_down
        hr += (target - hr) * (1.0 - math.exp(-1.0 / tau))
        n = n * phi + q * rng.gauss(0.0, 1.0)
        out.append(min(top, max(rest - 5.0, hr + n)))
    return out


def beats(rng, hr_series, end_s):
    """Heartbeats [(time s, RR s)] until end_s, following hr_series (one value per second)."""
    out = []
    t = rng.uniform(0.0, 0.8)
    last = len(hr_series) - 1
    while t < end_s + 1.0:
        k = min(last, int(t))
        f = t - k
        hr = hr_series[k] if k >= last else hr_series[k] * (1 - f) + hr_series[k + 1] * f
        amp = 0.045 * max(0.0, (150.0 - hr) / 90.0)
        freq = 0.25 if hr < 100 else 0.45
        rr = 60.0 / hr * (1.0 + amp * math.sin(2 * math.pi * freq * t) + rng.gauss(0.0, 0.01))
        t += rr
        out.append((t, rr))
    return out
