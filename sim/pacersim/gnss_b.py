"""Receiver model B: a second, differently built receiver, so tuning is held to two models.

Where model A (gnss.py) has one first-order Gauss-Markov error per axis and rare large
outliers, B has a different spectrum and different failures:
- horizontal error = a slow, nearly random-walk wander (tau 5-15 min, bounded) plus a fast
  coloured part (tau 3-8 s) plus white noise, all scaled by HDOP;
- multipath comes in bursts (20-60 s, several per hour) in which the error jitters by 5-25 m,
  changing every 1-3 s, with HDOP up only half the time;
- altitude = a wandering bias (tau 10-20 min) that also steps by 3-10 m at every
  re-acquisition and burst, plus a fast 1.5 m part (tau 10 s);
- Doppler speed noise is white (no correlation), and a still receiver reports 0.05-0.3 m/s;
- after a dropout the position ramps in linearly from a 10-30 m offset over 5-15 s.
Same tuple per epoch as gnss.measure, same NMEA writer.
"""
import math

from .geodesy import radii
from .gnss import GaussMarkov


def schedule_bursts(rng, params, end_s):
    """[(start s, duration s, east m, north m, up m, hdop factor, sats lost)] (as gnss's outliers;
    east/north/up are the burst's typical magnitude)."""
    out = []
    rate = max(1.0, params.outliers_per_hour) * 0.7 / 3600.0
    t = rng.expovariate(rate)
    while t < end_s - 2:
        dur = rng.randint(20, 60)
        mag = rng.uniform(5.0, 25.0)
        hf = rng.uniform(1.2, 2.0) if rng.random() < 0.5 else 1.0
        out.append((math.floor(t), dur, mag, 0.0, rng.uniform(-1, 1) * mag, hf, rng.randint(0, 3)))
        t += dur + rng.expovariate(rate)
    return out


def measure(rng, params, path, rate_hz, n_epochs):
    dt = 1.0 / rate_hz
    step = int(round(1.0 / (rate_hz * path.dt)))
    end_s = (n_epochs - 1) * dt
    slow_tau = rng.uniform(300.0, 900.0)
    sx = GaussMarkov(rng, 0.8 * params.sigma_h, slow_tau, dt)
    sy = GaussMarkov(rng, 0.8 * params.sigma_h, slow_tau, dt)
    fast_tau = rng.uniform(3.0, 8.0)
    fx = GaussMarkov(rng, 0.45 * params.sigma_h, fast_tau, dt)
    fy = GaussMarkov(rng, 0.45 * params.sigma_h, fast_tau, dt)
    white = 0.25 * params.sigma_h
    bias = GaussMarkov(rng, 1.1 * params.sigma_alt, rng.uniform(600.0, 1200.0), dt)
    zfast = GaussMarkov(rng, 1.5, 10.0, dt)
    geometry = GaussMarkov(rng, 0.2, 120.0, dt)
    still_speed = rng.uniform(0.05, 0.3)
    bursts = schedule_bursts(rng, params, end_s)
    prns = rng.sample(range(1, 33), 20)
    bi = 0
    jitter = (0.0, 0.0, 0.0)
    jitter_until = -1.0
    step_z = 0.0
    in_burst = False
    ramp = None  # (t0, seconds, east, north)
    dropouts = sorted(params.dropouts)
    di = 0
    was_out = False
    fixes = []
    m, n = radii(math.radians(path.lat[0]))
    deg_n = math.degrees(1.0 / m)
    for k in range(n_epochs):
        t = k * dt
        i = k * step
        ex = sx.step() + fx.step() + rng.gauss(0.0, white)
        ey = sy.step() + fy.step() + rng.gauss(0.0, white)
        ez = bias.step() + zfast.step()
        gl = geometry.step()
        while di < len(dropouts) and t >= dropouts[di][0] + dropouts[di][1]:
            di += 1
        if di < len(dropouts) and dropouts[di][0] <= t:
            fixes.append(None)
            was_out = True
            continue
        if was_out:
            mag = rng.uniform(10.0, 30.0)
            ang = rng.uniform(0, 2 * math.pi)
            ramp = (t, rng.uniform(5.0, 15.0), mag * math.sin(ang), mag * math.cos(ang))
            step_z += rng.choice((-1, 1)) * rng.uniform(3.0, 10.0)
            was_out = False
        hdop = params.hdop * math.exp(gl)
        scale = hdop / params.hdop
        east, north, up = ex * scale, ey * scale, ez * scale + step_z
        sats = params.sats - int(round(2.0 * (scale - 1.0)))
        while bi < len(bursts) and t >= bursts[bi][0] + bursts[bi][1]:
            bi += 1
        burst = bursts[bi] if bi < len(bursts) and bursts[bi][0] <= t else None
        if burst is not None:
            if not in_burst:
                step_z += rng.choice((-1, 1)) * rng.uniform(3.0, 10.0)
                in_burst = True
            if t >= jitter_until:
                mag = burst[2] * rng.uniform(0.3, 1.0)
                ang = rng.uniform(0, 2 * math.pi)
                jitter = (mag * math.sin(ang), mag * math.cos(ang), burst[4] * rng.uniform(0.2, 1.0))
                jitter_until = t + rng.randint(1, 3)
            east += jitter[0]
            north += jitter[1]
            up += jitter[2]
            hdop *= burst[5]
            sats -= burst[6]
        else:
            in_burst = False
        if ramp is not None:
            age = t - ramp[0]
            if age >= ramp[1]:
                ramp = None
            else:
                f = 1.0 - age / ramp[1]
                east += ramp[2] * f
                north += ramp[3] * f
                hdop *= 1.0 + f
        sats = max(4, min(20, sats))
        lat = path.lat[i]
        lat_m = lat + north * deg_n
        lon_m = path.lon[i] + math.degrees(east / (n * math.cos(math.radians(lat))))
        v = path.speed[i]
        h = path.heading[i]
        sigma_v = 0.8 * params.doppler_sigma + (still_speed if v < 0.05 else 0.0)
        ve = v * math.sin(h) + rng.gauss(0.0, sigma_v)
        vn = v * math.cos(h) + rng.gauss(0.0, sigma_v)
        speed = math.hypot(ve, vn)
        course = math.degrees(math.atan2(ve, vn)) % 360.0
        fixes.append((lat_m, lon_m, path.alt[i] + up, speed, course, round(hdop, 2), sats,
                      prns[:sats + 4], 1))
    return fixes, bursts
