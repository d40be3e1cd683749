"""Receiver model C: a third receiver, built unlike A (gnss.py) and B (gnss_b.py), so that
tuning is held to three models. It is a consumer chip in a pedestrian dynamic model (u-blox
CFG-NAV5 dynModel 3 and its kin) worn on a walker's body:

- Signal quality drives everything. C/N0 (dB-Hz) = the sky's nominal level + a slow fade
  (tau 60 s, sigma 2 dB) - body shadowing: the wearer's body blocks part of the sky, worst when
  walking away from the satellites' side (up to 4 dB, a cosine of the heading), so the quality
  changes at every turn. Satellites used drop by one per 3 dB lost, and HDOP grows as
  sqrt(nominal satellites / used).
- Doppler noise from a frequency tracking loop's thermal jitter, which goes as
  1 / sqrt(C/N0) (per axis: sigma = the scenario's Doppler sigma x HDOP/nominal x
  10^((C/N0 nominal - C/N0) / 20)), white per epoch.
- The receiver smooths its own velocity output, as a navigation filter with a pedestrian
  dynamic model does: its motion states (speed and heading, as in a coordinated-turn model)
  follow the truth through a first-order lag (tau 2-4 s), and the Doppler noise is averaged as
  a vector with the same time constant. A stop is reported as an exponential decay and a start
  as a rise (the speed's integral is the true one's, late by tau); at rest the reported speed
  is small (sigma x sqrt(alpha / (2 - alpha)) per axis) and its noise is correlated over tau;
  a turn is not cut short (a vector low-pass of the whole velocity would shrink the speed in
  every turn, which positions the same receiver reports unsmoothed would contradict).
- Position error: a second-order Gauss-Markov process per axis (the output of the receiver's
  own navigation filter: smooth, its spectrum falling as 1/f^4 above 1/tau) with tau 150-400 s,
  scaled by HDOP and by code-tracking jitter (10^((C/N0 nominal - C/N0) / 40)), plus 0.3 m white.
- Multipath comes in as a smooth bulge, not a step: an offset of 8-40 m that ramps in and out
  over 5-20 s (the navigation filter will not jump), with C/N0 down 4-10 dB meanwhile.
- Altitude: second-order Gauss-Markov, 1.2 x the scenario's sigma, tau 200-400 s.
- After a dropout the filter reconverges from a 5-20 m offset over a 6 s time constant.
Same tuple per epoch as gnss.measure, same NMEA writer.
"""
import math

from .geodesy import radii
from .gnss import GaussMarkov


class SecondOrderGaussMarkov:
    """x'' = -2 w x' - w^2 x + noise (critically damped): stationary with std sigma and a
    smooth path, its correlation (1 + w|t|) e^(-w|t|), w = 1 / tau. Integrated in sub-steps."""

    def __init__(self, rng, sigma, tau, dt):
        self.rng = rng
        self.w = 1.0 / tau
        self.sub = max(1, int(math.ceil(dt / (0.1 * tau))))
        self.h = dt / self.sub
        # Stationary variance of x for white acceleration q: q / (4 w^3); of x': q / (4 w).
        self.q = 4.0 * self.w ** 3 * sigma * sigma
        self.x = rng.gauss(0.0, sigma)
        self.v = rng.gauss(0.0, sigma * self.w)

    def step(self):
        for _ in range(self.sub):
            a = -2.0 * self.w * self.v - self.w * self.w * self.x
            self.v += a * self.h + math.sqrt(self.q * self.h) * self.rng.gauss(0.0, 1.0)
            self.x += self.v * self.h
        return self.x


NOMINAL_CN0 = 44.0  # dB-Hz under open sky for a patch antenna; 3 dB less per 0.3 of HDOP above 0.9


def schedule_bulges(rng, params, end_s):
    """[(start s, duration s, east m, north m, up m, hdop factor, sats lost)] (as gnss's outliers):
    multipath that the receiver's filter lets in smoothly."""
    out = []
    if params.outliers_per_hour <= 0:
        return out
    rate = params.outliers_per_hour / 3600.0
    t = rng.expovariate(rate)
    while t < end_s - 2:
        dur = rng.randint(10, 40)
        mag = rng.uniform(8.0, 40.0)
        ang = rng.uniform(0, 2 * math.pi)
        out.append((math.floor(t), dur, mag * math.sin(ang), mag * math.cos(ang), rng.uniform(-0.6, 0.6) * mag,
                    rng.uniform(4.0, 10.0), 0))
        t += dur + rng.expovariate(rate)
    return out


def measure(rng, params, path, rate_hz, n_epochs):
    dt = 1.0 / rate_hz
    step = int(round(1.0 / (rate_hz * path.dt)))
    end_s = (n_epochs - 1) * dt
    nominal_cn0 = NOMINAL_CN0 - 10.0 * max(0.0, params.hdop - 0.9)
    fade = GaussMarkov(rng, 2.0, 60.0, dt)
    sky_azimuth = rng.uniform(0, 2 * math.pi)
    shadow_db = rng.uniform(2.0, 4.0)
    pos_tau = rng.uniform(150.0, 400.0)
    px = SecondOrderGaussMarkov(rng, 0.9 * params.sigma_h, pos_tau, dt)
    py = SecondOrderGaussMarkov(rng, 0.9 * params.sigma_h, pos_tau, dt)
    pz = SecondOrderGaussMarkov(rng, 1.2 * params.sigma_alt, rng.uniform(200.0, 400.0), dt)
    smooth_tau = rng.uniform(2.0, 4.0)
    alpha = dt / (smooth_tau + dt)
    bulges = schedule_bulges(rng, params, end_s)
    prns = rng.sample(range(1, 33), 20)
    bi = 0
    reacq = None  # (t0, east, north)
    dropouts = sorted(params.dropouts)
    di = 0
    was_out = False
    speed_out = ue = un = noise_e = noise_n = None
    fixes = []
    m, n = radii(math.radians(path.lat[0]))
    deg_n = math.degrees(1.0 / m)
    for k in range(n_epochs):
        t = k * dt
        i = k * step
        gx, gy, gz = px.step(), py.step(), pz.step()
        cn0 = nominal_cn0 + fade.step()
        v = path.speed[i]
        h = path.heading[i]
        if v > 0.05:
            cn0 -= shadow_db * 0.5 * (1.0 - math.cos(h - sky_azimuth))
        east, north, up = 0.0, 0.0, 0.0
        while bi < len(bulges) and t >= bulges[bi][0] + bulges[bi][1]:
            bi += 1
        if bi < len(bulges) and bulges[bi][0] <= t:
            b = bulges[bi]
            # Raised cosine over the bulge: in and out smoothly.
            f = 0.5 * (1.0 - math.cos(2 * math.pi * (t - b[0]) / b[1]))
            east, north, up = b[2] * f, b[3] * f, b[4] * f
            cn0 -= b[5] * f
        while di < len(dropouts) and t >= dropouts[di][0] + dropouts[di][1]:
            di += 1
        if di < len(dropouts) and dropouts[di][0] <= t:
            fixes.append(None)
            was_out = True
            speed_out = ue = un = noise_e = noise_n = None
            continue
        if was_out:
            mag = rng.uniform(5.0, 20.0)
            ang = rng.uniform(0, 2 * math.pi)
            reacq = (t, mag * math.sin(ang), mag * math.cos(ang))
            was_out = False
        lost = max(0.0, nominal_cn0 - cn0)
        sats = max(4, min(20, params.sats - int(round(lost / 3.0))))
        hdop = params.hdop * math.sqrt(params.sats / float(sats))
        code = 10.0 ** (lost / 40.0)
        scale = hdop / params.hdop * code
        east += gx * scale + rng.gauss(0.0, 0.3)
        north += gy * scale + rng.gauss(0.0, 0.3)
        up += gz * scale
        if reacq is not None:
            age = t - reacq[0]
            if age > 40:
                reacq = None
            else:
                f = math.exp(-age / 6.0)
                east += reacq[1] * f
                north += reacq[2] * f
                hdop *= 1.0 + f
        lat = path.lat[i]
        lat_m = lat + north * deg_n
        lon_m = path.lon[i] + math.degrees(east / (n * math.cos(math.radians(lat))))
        sigma_v = params.doppler_sigma * hdop / params.hdop * 10.0 ** (lost / 20.0)
        ne, nn = rng.gauss(0.0, sigma_v), rng.gauss(0.0, sigma_v)
        if speed_out is None:
            speed_out, ue, un, noise_e, noise_n = v, math.sin(h), math.cos(h), ne, nn
        else:
            # The filter's motion states (speed, heading) lag the truth; its noise is averaged as a vector.
            speed_out += alpha * (v - speed_out)
            ue += alpha * (math.sin(h) - ue)
            un += alpha * (math.cos(h) - un)
            noise_e += alpha * (ne - noise_e)
            noise_n += alpha * (nn - noise_n)
        norm = math.hypot(ue, un) or 1.0
        ve = speed_out * ue / norm + noise_e
        vn = speed_out * un / norm + noise_n
        speed = math.hypot(ve, vn)
        course = math.degrees(math.atan2(ve, vn)) % 360.0
        fixes.append((lat_m, lon_m, path.alt[i] + up, speed, course, round(hdop, 2), sats,
                      prns[:sats + 4], 1))
    return fixes, bulges
