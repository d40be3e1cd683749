"""Self-checks of receiver model C (pacersim/gnss_c.py) and model C's wandering walker: that
it is built as its docstring says, and that it differs from models A and B where it should.

Run: /usr/bin/python3 -m unittest discover -s sim -p 'test_*.py'
"""
import math
import os
import random
import shutil
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from pacersim import gnss, gnss_b, gnss_c  # noqa: E402
from pacersim.generator import Options, generate  # noqa: E402
from pacersim.geodesy import radii  # noqa: E402
from pacersim.path import pace_episodes, simulate  # noqa: E402
from pacersim.scenarios import SCENARIOS  # noqa: E402


def measured(name, seed, model):
    """(path, fixes) of a scenario measured by one receiver model (A, B or C)."""
    sc = SCENARIOS[name](random.Random("%s/%d/scenario" % (name, seed)), seed)
    path = simulate(random.Random("%s/%d/path" % (name, seed)), sc.geometry, sc.hills, sc.lat0, sc.lon0,
                    sc.phases, sc.mover, sc.duration)
    n_epochs = (len(path) - 1) // 10 + 1
    fn = {"a": gnss.measure, "b": gnss_b.measure, "c": gnss_c.measure}[model]
    fixes, _ = fn(random.Random("test/%s/%d/%s" % (name, seed, model)), sc.receiver, path, 1, n_epochs)
    return path, fixes


def position_errors(path, fixes):
    m, n = radii(math.radians(path.lat[0]))
    out = []
    for k, f in enumerate(fixes):
        if f is None:
            out.append(None)
            continue
        i = k * 10
        out.append((math.radians(f[1] - path.lon[i]) * n * math.cos(math.radians(f[0])),
                    math.radians(f[0] - path.lat[i]) * m))
    return out


def lag_correlation(xs, lag):
    mean = sum(xs) / len(xs)
    var = sum((x - mean) ** 2 for x in xs) / len(xs)
    return sum((a - mean) * (b - mean) for a, b in zip(xs, xs[lag:])) / (len(xs) - lag) / var


class ReceiverCTests(unittest.TestCase):
    def test_position_error_is_smooth_and_slow(self):
        """Second-order Gauss-Markov (tau 150-400 s): still correlated after a minute, and its
        second differences (curvature) far smaller than those of A's first-order process."""
        ratios, slow = {}, {}
        for model in ("a", "c"):
            path, fixes = measured("walk", 3, model)
            east = [e[0] for e in position_errors(path, fixes) if e]
            var = sum(x * x for x in east) / len(east)
            d2 = [east[k + 1] - 2 * east[k] + east[k - 1] for k in range(1, len(east) - 1)]
            ratios[model] = (sum(x * x for x in d2) / len(d2)) / var
            slow[model] = lag_correlation(east, 30)
            if model == "c":
                self.assertTrue(1.0 < math.sqrt(var) < 8.0, math.sqrt(var))
        # Multipath bulges and satellite changes add faster parts; the error is still slower than A's.
        self.assertGreater(slow["c"], 0.3)
        self.assertGreater(slow["c"], slow["a"] + 0.2, slow)
        self.assertLess(ratios["c"], ratios["a"] * 0.5, ratios)

    def test_reported_speed_is_smoothed_by_the_receiver(self):
        """The receiver's own low-pass (tau 2-4 s): at a standstill the speed decays over seconds,
        and its noise is correlated from one epoch to the next."""
        path, fixes = measured("standing-still", 1, "c")
        speeds = [f[3] for f in fixes if f is not None]
        self.assertGreater(lag_correlation(speeds, 1), 0.5)
        self.assertLess(sum(speeds) / len(speeds), 0.25)
        path, fixes = measured("city-run", 1, "c")
        # At each stop the reported speed is still well above zero a second after the true one is 0.
        late = []
        for k in range(1, len(fixes)):
            if fixes[k] is None or fixes[k - 1] is None:
                continue
            if path.speed[k * 10] == 0.0 and path.speed[(k - 1) * 10] > 1.0:
                late.append(fixes[k][3])
        self.assertGreater(len(late), 3)
        self.assertGreater(sorted(late)[len(late) // 2], 0.5)

    def test_doppler_noise_grows_as_the_signal_weakens(self):
        """Fewer satellites (weaker C/N0) go with a larger speed error, by FLL jitter: on a table,
        where no motion adds to it."""
        path, fixes = measured("standing-still", 2, "c")
        by_sats = {}
        for k, f in enumerate(fixes):
            if f is not None and k >= 10:
                by_sats.setdefault(f[6], []).append(f[3] ** 2)
        counts = sorted((s, len(e)) for s, e in by_sats.items() if len(e) >= 30)
        self.assertGreaterEqual(len(counts), 2, counts)
        low, high = counts[0][0], counts[-1][0]
        rms = {s: math.sqrt(sum(by_sats[s]) / len(by_sats[s])) for s in (low, high)}
        self.assertGreater(rms[low], rms[high], rms)

    def test_multipath_ramps_in_instead_of_jumping(self):
        path, fixes = measured("city-run", 1, "c")
        errs = position_errors(path, fixes)
        steps = [math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip(errs, errs[1:]) if a and b]
        self.assertGreater(max(math.hypot(*e) for e in errs if e), 8.0)
        self.assertLess(max(steps), 12.0)

    def test_walker_wanders_in_pace_only_in_model_c(self):
        out = tempfile.mkdtemp(prefix="pacer-sim-c-")
        try:
            ta = generate("walk", 1, os.path.join(out, "a"), Options(receiver="a"))
            tc = generate("walk", 1, os.path.join(out, "c"), Options(receiver="c"))
            self.assertNotIn("pace_episodes", ta)
            self.assertGreater(len(tc["pace_episodes"]), 3)
            self.assertEqual(tc["receiver"]["model"], "c")
            self.assertLess(tc["distance_m"], ta["distance_m"])
            # A run keeps its path: the same truth as model A's.
            ra = generate("steady-run", 1, os.path.join(out, "ra"), Options(receiver="a"))
            rc = generate("steady-run", 1, os.path.join(out, "rc"), Options(receiver="c"))
            self.assertEqual(ra["distance_m"], rc["distance_m"])
            # Deterministic per seed.
            again = generate("walk", 1, os.path.join(out, "c2"), Options(receiver="c"))
            with open(os.path.join(out, "c", "walk.nmea"), "rb") as f1, \
                    open(os.path.join(out, "c2", "walk.nmea"), "rb") as f2:
                self.assertEqual(f1.read(), f2.read())
            self.assertEqual(again["distance_m"], tc["distance_m"])
        finally:
            shutil.rmtree(out, ignore_errors=True)

    def test_pace_episodes_are_halts_and_shuffles(self):
        eps = pace_episodes(random.Random(7), 3600.0)
        self.assertTrue(20 <= len(eps) <= 60, len(eps))
        halts = [e for e in eps if e[2] == 0.0]
        self.assertTrue(halts and len(halts) < len(eps))
        for t, d, f in eps:
            self.assertTrue(f == 0.0 or 0.3 <= f <= 0.6)
            self.assertTrue(3.0 <= d <= 25.0)


if __name__ == "__main__":
    unittest.main()
