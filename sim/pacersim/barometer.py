"""A barometric pressure sensor on the athlete (BMP280-like), as BLE Environmental Sensing sends it.

Pressure is the ICAO standard atmosphere's at the true altitude, on a sea-level pressure that
moves with the weather (a trend of up to ~1 hPa over three hours plus a slow swell), read by a
sensor whose self-heating offsets it for the first minutes, with ~1 Pa of white noise,
0.1 Pa quantisation (the 0x2A6D unit) and rare gust spikes (dynamic pressure of a 7-15 m/s
gust on the sensor's port, 1-3 s). Temperature follows the lapse rate and the same warm-up.
"""
import math
import struct

PRESSURE = 0x2A6D     # uint32, 0.1 Pa
TEMPERATURE = 0x2A6E  # sint16, 0.01 degC

SEA_LEVEL_PA = 101325.0
ISA_EXPONENT = 5.25588
ISA_FACTOR = 2.25577e-5  # 1/m


def isa_pressure(altitude_m, sea_level_pa=SEA_LEVEL_PA):
    """ICAO standard atmosphere pressure (Pa) at a geopotential altitude below 11 km."""
    return sea_level_pa * (1.0 - ISA_FACTOR * altitude_m) ** ISA_EXPONENT


def isa_altitude(pressure_pa, sea_level_pa=SEA_LEVEL_PA):
    return (1.0 - (pressure_pa / sea_level_pa) ** (1.0 / ISA_EXPONENT)) / ISA_FACTOR


def pressure_payload(pa):
    return struct.pack("<I", max(0, min(0xFFFFFFFF, int(round(pa * 10.0)))))


def temperature_payload(celsius):
    return struct.pack("<h", max(-32768, min(32767, int(round(celsius * 100.0)))))


class Weather:
    """Sea-level pressure over the session: trend plus swell, seeded."""

    def __init__(self, rng):
        self.base = SEA_LEVEL_PA + rng.gauss(0.0, 800.0)
        self.trend_pa_per_s = rng.uniform(-100.0, 100.0) / (3 * 3600.0)
        self.swell_pa = rng.uniform(0.0, 30.0)
        self.swell_period_s = rng.uniform(4, 8) * 3600.0
        self.swell_phase = rng.uniform(0, 2 * math.pi)

    def sea_level(self, t):
        return (self.base + self.trend_pa_per_s * t
                + self.swell_pa * math.sin(2 * math.pi * t / self.swell_period_s + self.swell_phase))

    def describe(self, end_s):
        return {"sea_level_start_pa": round(self.sea_level(0.0), 1), "sea_level_end_pa": round(self.sea_level(end_s), 1),
                "trend_hpa_per_h": round(self.trend_pa_per_s * 36.0, 3), "swell_hpa": round(self.swell_pa / 100.0, 3)}


def readings(rng, path, end_s, rate_hz=1.0, noise_pa=None):
    """[(t s, pressure Pa, temperature degC or None)] about rate_hz a second; the temperature
    rides along every tenth reading. Also returns the truth parameters. noise_pa replaces the
    drawn white noise (a BMP280 at low oversampling has about 3 Pa)."""
    weather = Weather(rng)
    warm_pa = rng.choice((-1, 1)) * rng.uniform(5.0, 20.0)
    warm_tau = rng.uniform(60.0, 150.0)
    drawn_noise_pa = rng.uniform(0.7, 1.3)  # drawn even when given: the later draws stay the same
    noise_pa = drawn_noise_pa if noise_pa is None else noise_pa
    spikes = []
    t = rng.expovariate(4.0 / 3600.0)
    while t < end_s:
        spikes.append((t, rng.uniform(1.0, 3.0), rng.choice((-1, 1)) * rng.uniform(30.0, 150.0)))
        t += rng.expovariate(4.0 / 3600.0)
    air_c = rng.uniform(5.0, 25.0)
    out = []
    si = 0
    k = 0
    period = 1.0 / rate_hz
    t = rng.uniform(0.1, 0.9) * period
    while t <= end_s:
        i = min(len(path) - 1, int(round(t / path.dt)))
        alt = path.alt[i]
        warm = math.exp(-t / warm_tau)
        pa = isa_pressure(alt, weather.sea_level(t)) + warm_pa * warm + rng.gauss(0.0, noise_pa)
        while si < len(spikes) and spikes[si][0] + spikes[si][1] < t:
            si += 1
        if si < len(spikes) and spikes[si][0] <= t:
            pa += spikes[si][2]
        pa = round(pa * 10.0) / 10.0
        temp = None
        if k % 10 == 0:
            temp = round((air_c - 0.0065 * alt + 2.0 * warm + rng.gauss(0.0, 0.05)) * 100.0) / 100.0
        out.append((t, pa, temp))
        k += 1
        t += period * min(1.05, max(0.95, 1.0 + rng.gauss(0.0, 0.01)))
    truth = {"rate_hz": rate_hz, "noise_pa": round(noise_pa, 2), "warm_up_pa": round(warm_pa, 1),
             "warm_up_tau_s": round(warm_tau, 1), "spikes": len(spikes), **weather.describe(end_s)}
    return out, truth
