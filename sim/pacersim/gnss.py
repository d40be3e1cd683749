"""The GNSS receiver's measurement model: what a real receiver reports about a true path.

Position error: first-order Gauss-Markov per axis (sigma, tau), scaled by the geometry
(HDOP); multipath outliers (tens to hundreds of metres, seconds long) that push HDOP up
most of the time; dropouts (no fix, sentences still flow) followed by a re-acquisition
transient; Doppler speed/course with its own small correlated noise; altitude with a larger,
slower error.
"""
import math

from .geodesy import radii


class GaussMarkov:
    """x' = x e^(-dt/tau) + sigma sqrt(1 - e^(-2dt/tau)) w: stationary with std sigma."""

    def __init__(self, rng, sigma, tau, dt):
        self.rng = rng
        self.phi = math.exp(-dt / tau)
        self.q = sigma * math.sqrt(1.0 - self.phi * self.phi)
        self.x = rng.gauss(0.0, sigma)

    def step(self):
        self.x = self.x * self.phi + self.q * self.rng.gauss(0.0, 1.0)
        return self.x


class ReceiverParams:
    """Per-scenario sky and receiver quality."""

    def __init__(self, sigma_h=2.5, tau_h=60.0, sigma_alt=5.0, tau_alt=120.0, hdop=0.9, sats=11,
                 outliers_per_hour=3.0, outlier_m=(20.0, 300.0), outlier_s=(1, 8),
                 doppler_sigma=0.15, dropouts=(), reacq_m=(8.0, 25.0), geoid_sep=47.0):
        self.sigma_h = sigma_h
        self.tau_h = tau_h
        self.sigma_alt = sigma_alt
        self.tau_alt = tau_alt
        self.hdop = hdop
        self.sats = sats
        self.outliers_per_hour = outliers_per_hour
        self.outlier_m = outlier_m
        self.outlier_s = outlier_s
        self.doppler_sigma = doppler_sigma
        self.dropouts = list(dropouts)  # [(start s, duration s)]
        self.reacq_m = reacq_m
        self.geoid_sep = geoid_sep

    def describe(self):
        return {"sigma_h_m": self.sigma_h, "tau_h_s": self.tau_h, "sigma_alt_m": self.sigma_alt,
                "tau_alt_s": self.tau_alt, "hdop_nominal": self.hdop, "sats_nominal": self.sats,
                "outliers_per_hour": self.outliers_per_hour, "doppler_sigma_mps": self.doppler_sigma}


def schedule_outliers(rng, params, end_s):
    """[(start s, duration s, east m, north m, up m, hdop factor, sats lost)]."""
    out = []
    if params.outliers_per_hour <= 0:
        return out
    t = rng.expovariate(params.outliers_per_hour / 3600.0)
    while t < end_s - 2:
        dur = rng.randint(*params.outlier_s)
        mag = math.exp(rng.uniform(math.log(params.outlier_m[0]), math.log(params.outlier_m[1])))
        ang = rng.uniform(0, 2 * math.pi)
        up = rng.uniform(-0.8, 0.8) * mag
        hf = rng.uniform(1.6, 4.0) if rng.random() < 0.7 else 1.0
        out.append((math.floor(t), dur, mag * math.sin(ang), mag * math.cos(ang), up, hf, rng.randint(1, 4)))
        t += dur + rng.expovariate(params.outliers_per_hour / 3600.0)
    return out


def measure(rng, params, path, rate_hz, n_epochs):
    """One fix tuple (lat, lon, alt, speed, course, hdop, sats used, PRNs in view (used first),
    quality) or None per epoch.

    Also returns the outlier schedule for the truth file.
    """
    dt = 1.0 / rate_hz
    step = int(round(1.0 / (rate_hz * path.dt)))
    end_s = (n_epochs - 1) * dt
    ex = GaussMarkov(rng, params.sigma_h, params.tau_h, dt)
    ey = GaussMarkov(rng, params.sigma_h, params.tau_h, dt)
    ez = GaussMarkov(rng, params.sigma_alt, params.tau_alt, dt)
    vx = GaussMarkov(rng, params.doppler_sigma, 2.0, dt)
    vy = GaussMarkov(rng, params.doppler_sigma, 2.0, dt)
    geometry = GaussMarkov(rng, 0.15, 300.0, dt)
    outliers = schedule_outliers(rng, params, end_s)
    prns = rng.sample(range(1, 33), 20)
    sat_offset = 0
    oi = 0
    reacq = None  # (t0, east, north)
    dropouts = sorted(params.dropouts)
    di = 0
    fixes = []
    was_out = False
    m, n = radii(math.radians(path.lat[0]))
    deg_n = math.degrees(1.0 / m)
    for k in range(n_epochs):
        t = k * dt
        i = k * step
        gx, gy, gz = ex.step(), ey.step(), ez.step()
        dvx, dvy = vx.step(), vy.step()
        gl = geometry.step()
        if rng.random() < 0.01 * dt:
            sat_offset = max(-2, min(2, sat_offset + (1 if rng.random() < 0.5 else -1)))
        while di < len(dropouts) and t >= dropouts[di][0] + dropouts[di][1]:
            di += 1
        if di < len(dropouts) and dropouts[di][0] <= t:
            fixes.append(None)
            was_out = True
            continue
        if was_out:
            mag = rng.uniform(*params.reacq_m)
            ang = rng.uniform(0, 2 * math.pi)
            reacq = (t, mag * math.sin(ang), mag * math.cos(ang))
            was_out = False
        hdop = params.hdop * math.exp(gl)
        scale = hdop / params.hdop
        east, north, up = gx * scale, gy * scale, gz * scale
        sats = params.sats + sat_offset - int(round(3.0 * (scale - 1.0)))
        while oi < len(outliers) and t >= outliers[oi][0] + outliers[oi][1]:
            oi += 1
        if oi < len(outliers) and outliers[oi][0] <= t:
            o = outliers[oi]
            east += o[2]
            north += o[3]
            up += o[4]
            hdop *= o[5]
            sats -= o[6]
        if reacq is not None:
            age = t - reacq[0]
            if age > 60:
                reacq = None
            else:
                f = math.exp(-age / 8.0)
                east += reacq[1] * f
                north += reacq[2] * f
                hdop *= 1.0 + 1.5 * f
                sats -= int(round(3 * f))
        sats = max(4, min(20, sats))
        lat = path.lat[i]
        lat_m = lat + north * deg_n
        lon_m = path.lon[i] + math.degrees(east / (n * math.cos(math.radians(lat))))
        v = path.speed[i]
        h = path.heading[i]
        ve = v * math.sin(h) + dvx
        vn = v * math.cos(h) + dvy
        speed = math.hypot(ve, vn)
        course = math.degrees(math.atan2(ve, vn)) % 360.0
        fixes.append((lat_m, lon_m, path.alt[i] + up, speed, course, round(hdop, 2), sats,
                      prns[:sats + 4], 1))
    return fixes, outliers
