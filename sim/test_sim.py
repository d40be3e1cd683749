"""Self-checks of the simulator: valid NMEA, consistent truth, determinism, real-track totals.

Run: /usr/bin/python3 -m unittest discover -s sim -p 'test_*.py'
"""
import json
import math
import os
import random
import shutil
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from pacersim import ble, geodesy  # noqa: E402
from pacersim.generator import HR_HOLD_S, generate, zone_of  # noqa: E402
from pacersim.nmea import checksum, parse_rfc3339_ms  # noqa: E402
from pacersim.path import TrackGeometry, simulate  # noqa: E402
from pacersim.scenarios import SCENARIOS  # noqa: E402

OUT = None


def setUpModule():
    global OUT
    OUT = tempfile.mkdtemp(prefix="pacer-sim-test-")


def tearDownModule():
    shutil.rmtree(OUT, ignore_errors=True)


_cache = {}


def scenario(name, seed=1):
    """(truth, nmea text, ble lines) of a scenario generated once per test run."""
    key = (name, seed)
    if key not in _cache:
        d = os.path.join(OUT, "%s-%d" % (name, seed))
        truth = generate(name, seed, d)
        with open(os.path.join(d, name + ".nmea"), newline="") as f:
            text = f.read()
        with open(os.path.join(d, name + ".ble")) as f:
            lines = f.read().splitlines()
        _cache[key] = (truth, text, lines)
    return _cache[key]


def sentences(text):
    return text.split("\r\n")[:-1]


def fields(s):
    return s[1:s.index("*")].split(",")


def hms_ms(hms):
    return int(hms[0:2]) * 3600000 + int(hms[2:4]) * 60000 + int(round(float(hms[4:]) * 1000))


class NMEAOutputTests(unittest.TestCase):
    def check_stream(self, name):
        truth, text, _ = scenario(name)
        self.assertTrue(text.endswith("\r\n"))
        rmc = gga = 0
        last = None
        for s in sentences(text):
            self.assertTrue(s.startswith("$") and s[-3] == "*", s)
            self.assertEqual(int(s[-2:], 16), checksum(s[1:-3]), s)
            f = fields(s)
            if f[0].endswith("RMC"):
                rmc += 1
                self.assertIn(f[2], ("A", "V"))
                t = hms_ms(f[1])
                if last is not None:
                    self.assertEqual((t - last) % 86400000, 1000 // truth["rate_hz"])
                last = t
                if f[2] == "A":
                    self.assertEqual(len(f[3].split(".")[1]), 5)
                    self.assertLess(float(f[3][2:]), 60.0)
                    self.assertLess(float(f[5][3:]), 60.0)
            elif f[0].endswith("GGA"):
                gga += 1
        self.assertEqual(rmc, truth["epochs"])
        self.assertEqual(gga, truth["epochs"])
        return truth, text

    def test_steady_run_stream_is_valid(self):
        truth, text = self.check_stream("steady-run")
        self.assertEqual(truth["epochs"], 2400)
        self.assertEqual(text.count("GSA,"), 2400)

    def test_standing_still_stream_is_valid(self):
        self.check_stream("standing-still")

    def test_ride_10hz_has_72000_epochs_and_gsa_vtg_each_second(self):
        truth, text = self.check_stream("ride-10hz")
        self.assertEqual(truth["epochs"], 72000)
        self.assertEqual(text.count("VTG,"), 7200)
        self.assertEqual(text.count("GSA,"), 7200)

    def test_tunnel_emits_no_fix_sentences_not_silence(self):
        truth, text = self.check_stream("tunnel")
        no_fix = sum(1 for s in sentences(text) if s[3:6] == "RMC" and fields(s)[2] == "V")
        no_fix_gga = sum(1 for s in sentences(text) if s[3:6] == "GGA" and fields(s)[6] == "0")
        expected = sum(math.ceil(d["seconds"]) for d in truth["dropouts"])
        self.assertGreater(no_fix, 0)
        self.assertEqual(no_fix, no_fix_gga)
        self.assertLessEqual(abs(no_fix - expected), len(truth["dropouts"]))
        self.assertEqual(truth["fix_epochs"], truth["epochs"] - no_fix)


    def test_optional_gsv_lists_the_satellites_in_view(self):
        from pacersim.generator import Options
        d = os.path.join(OUT, "gsv")
        truth = generate("standing-still", 1, d, Options(gsv=True))
        with open(os.path.join(d, "standing-still.nmea"), newline="") as f:
            text = f.read()
        groups = 0
        for s in sentences(text):
            self.assertEqual(int(s[-2:], 16), checksum(s[1:-3]), s)
            f = fields(s)
            if f[0].endswith("GSV"):
                total, index, in_view = int(f[1]), int(f[2]), int(f[3])
                self.assertEqual(total, (in_view + 3) // 4)
                self.assertEqual(len(f) - 4, 4 * min(4, in_view - 4 * (index - 1)))
                groups += index == 1
        self.assertEqual(groups, truth["epochs"])
        _, plain, _ = scenario("standing-still")
        self.assertEqual([x for x in sentences(text) if "GSV" not in x], sentences(plain))

    def test_standing_still_fixes_wander_by_metres(self):
        truth, text, _ = scenario("standing-still")
        pts = []
        for s in sentences(text):
            f = fields(s)
            if f[0].endswith("GGA") and f[6] != "0":
                lat = (int(f[2][:2]) + float(f[2][2:]) / 60) * (1 if f[3] == "N" else -1)
                lon = (int(f[4][:3]) + float(f[4][3:]) / 60) * (1 if f[5] == "E" else -1)
                pts.append((lat, lon))
        naive = sum(geodesy.haversine(*a, *b) for a, b in zip(pts, pts[1:]))
        spread = max(geodesy.vincenty(*pts[0], *p) for p in pts)
        self.assertEqual(truth["distance_m"], 0.0)
        self.assertGreater(naive, 100.0)  # the noise a naive tracker would add up
        self.assertGreater(spread, 5.0)


class TruthTests(unittest.TestCase):
    def test_standing_still_truth_is_zero(self):
        truth, _, _ = scenario("standing-still")
        self.assertEqual(truth["distance_m"], 0.0)
        self.assertEqual(truth["moving_s"], 0.0)
        self.assertEqual(truth["steps"], 0.0)
        self.assertEqual(truth["elevation_gain_m"], 0.0)
        self.assertEqual(truth["epochs"], 1200)

    def test_path_length_equals_ellipsoidal_distance_of_its_samples(self):
        sc = SCENARIOS["steady-run"](random.Random("steady-run/1/scenario"), 1)
        path = simulate(random.Random("steady-run/1/path"), sc.geometry, sc.hills, sc.lat0, sc.lon0,
                        sc.phases, sc.mover, sc.duration)
        chords = sum(geodesy.vincenty(path.lat[i - 1], path.lon[i - 1], path.lat[i], path.lon[i])
                     for i in range(1, len(path)))
        self.assertGreater(path.s[-1], 7000)
        self.assertLess(abs(chords - path.s[-1]) / path.s[-1], 2e-5)
        truth, _, _ = scenario("steady-run")
        self.assertAlmostEqual(truth["distance_m"], path.s[-1], places=2)

    def test_track_lap_closes_on_itself(self):
        geo = TrackGeometry(37.0)
        from pacersim.path import Hills, Mover, Phase
        path = simulate(random.Random(5), geo, Hills(random.Random(1), 80, 0, (1, 1), 0), 51.5, -0.15,
                        [Phase(4.0, metres=400.0), Phase(0.0)], Mover(accel=2, decel=2), duration=None)
        i = min(range(len(path)), key=lambda k: abs(path.s[k] - 400.0))
        self.assertLess(abs(path.s[i] - 400.0), 0.25)
        gap = geodesy.vincenty(path.lat[0], path.lon[0], path.lat[i], path.lon[i])
        self.assertLess(gap, 0.5)
        self.assertAlmostEqual(geo.lap, 400.0, places=1)

    def test_moving_time_and_steps_are_consistent(self):
        for name in ("steady-run", "track-intervals", "city-run"):
            truth, _, _ = scenario(name)
            self.assertLessEqual(truth["moving_s"], truth["elapsed_s"])
            speed = truth["distance_m"] / truth["moving_s"]
            self.assertTrue(2.0 < speed < 5.0, (name, speed))
            self.assertTrue(150 < truth["cadence_avg_spm"] < 200, name)
        city, _, _ = scenario("city-run")
        self.assertGreater(city["elapsed_s"] - city["moving_s"], 60)  # waited at lights
        self.assertGreaterEqual(len(city["stationary"]), 3)

    def test_deterministic_per_seed(self):
        a = os.path.join(OUT, "det-a")
        b = os.path.join(OUT, "det-b")
        c = os.path.join(OUT, "det-c")
        generate("city-run", 7, a)
        generate("city-run", 7, b)
        generate("city-run", 8, c)
        for ext in (".nmea", ".ble", ".truth.json"):
            with open(os.path.join(a, "city-run" + ext), "rb") as fa, open(os.path.join(b, "city-run" + ext), "rb") as fb:
                self.assertEqual(fa.read(), fb.read(), ext)
        with open(os.path.join(a, "city-run.nmea"), "rb") as fa, open(os.path.join(c, "city-run.nmea"), "rb") as fc:
            self.assertNotEqual(fa.read(), fc.read())


class BLELogTests(unittest.TestCase):
    def notifications(self, name):
        truth, _, lines = scenario(name)
        out = []
        for line in lines:
            parsed = ble.parse_log_line(line)
            if parsed is not None:
                out.append(parsed)
        return truth, out

    def test_heart_rate_agrees_with_rr_intervals(self):
        truth, notes = self.notifications("steady-run")
        hr = [ble.decode_heart_rate(p) for _, c, p in notes if c == ble.HEART_RATE]
        self.assertEqual(len(hr), truth["hr_notifications"])
        self.assertTrue(all(len(rr) <= 3 for _, _, rr in hr))
        rrs = [x for _, _, rr in hr for x in rr]
        self.assertEqual(len(rrs), truth["rr_intervals"])
        # beats in the log cover the session: sum of RR close to elapsed time
        self.assertLess(abs(sum(rrs) - truth["elapsed_s"]), 10.0)
        for bpm, contact, rr in hr[10:]:
            self.assertTrue(contact)
            if rr:
                self.assertLess(abs(60.0 / (sum(rr) / len(rr)) - bpm), 15)

    def test_zone_truth_recomputed_from_the_log(self):
        for name in ("strap-contact-loss", "track-intervals"):
            truth, notes = self.notifications(name)
            end = parse_rfc3339_ms(truth["end"])
            acc = []
            for ms, c, p in notes:
                if c == ble.HEART_RATE:
                    bpm, contact, _ = ble.decode_heart_rate(p)
                    acc.append((ms, bpm, contact))
            zones = [0.0] * 5
            for k, (ms, bpm, contact) in enumerate(acc):
                if not contact:
                    continue
                nxt = acc[k + 1][0] if k + 1 < len(acc) else end
                z = zone_of(bpm, truth["hr_zone_bounds"])
                if z:
                    zones[z - 1] += min(nxt - ms, HR_HOLD_S * 1000, end - ms) / 1000.0
            for got, want in zip(zones, truth["hr_zones_s"]):
                self.assertAlmostEqual(got, want, delta=0.05)

    def test_strap_contact_loss_marks_not_in_contact(self):
        truth, notes = self.notifications("strap-contact-loss")
        start = parse_rfc3339_ms(truth["contact_loss"][0]["start"])
        end = start + truth["contact_loss"][0]["seconds"] * 1000
        lost = [(ms, ble.decode_heart_rate(p)) for ms, c, p in notes if c == ble.HEART_RATE
                and not ble.decode_heart_rate(p)[1]]
        self.assertGreater(len(lost), 100)
        self.assertTrue(all(start <= ms < end and not rr for ms, (_, _, rr) in lost))
        total = sum(truth["hr_zones_s"])
        self.assertLess(total, truth["elapsed_s"] - 100)

    def test_footpod_cadence_integrates_to_true_steps(self):
        truth, notes = self.notifications("steady-run")
        pods = [(ms, p) for ms, c, p in notes if c == ble.RSC]
        self.assertEqual(len(pods), truth["footpod_notifications"])
        steps = 0.0
        for (ms, p), (ms2, _) in zip(pods, pods[1:]):
            steps += p[3] / 60.0 * (ms2 - ms) / 1000.0
        self.assertLess(abs(steps - truth["steps"]) / truth["steps"], 0.01)
        _, walk = self.notifications("walk")
        self.assertFalse(any(c == ble.RSC for _, c, _ in walk))



class BarometerAndReceiverBTests(unittest.TestCase):
    """The barometer track (ISA at the true altitude plus weather, warm-up, noise, gusts) and
    receiver model B (another error spectrum) as scenario.py writes them."""

    def generated(self, name, seed=1, receiver="a"):
        from pacersim.generator import Options
        d = os.path.join(OUT, "baro-%s-%d-%s" % (name, seed, receiver))
        truth = generate(name, seed, d, Options(barometer=True, receiver=receiver))
        with open(os.path.join(d, name + ".ble")) as f:
            notes = [n for n in (ble.parse_log_line(x) for x in f) if n is not None]
        with open(os.path.join(d, name + ".nmea"), newline="") as f:
            text = f.read()
        return truth, notes, text

    def test_isa_round_trip(self):
        from pacersim import barometer
        for h in (-100.0, 0.0, 410.0, 2500.0):
            self.assertAlmostEqual(barometer.isa_altitude(barometer.isa_pressure(h)), h, places=6)
        self.assertAlmostEqual(barometer.isa_pressure(0.0), 101325.0)
        self.assertAlmostEqual(barometer.isa_pressure(1000.0), 89874.6, delta=1.0)

    def test_pressure_follows_true_altitude_within_weather_and_warm_up(self):
        import struct
        from pacersim import barometer
        truth, notes, _ = self.generated("steady-run")
        pressures = [(ms, struct.unpack("<I", p)[0] / 10.0) for ms, c, p in notes if c == barometer.PRESSURE]
        temps = [struct.unpack("<h", p)[0] / 100.0 for _, c, p in notes if c == barometer.TEMPERATURE]
        self.assertGreater(len(pressures), 2300)
        self.assertGreater(len(temps), 200)
        self.assertTrue(all(-20 < t < 40 for t in temps))
        alts = [barometer.isa_altitude(pa, truth["barometer"]["sea_level_start_pa"]) for _, pa in pressures]
        # The track spans the true profile (weather moves it by metres, not tens of metres).
        span = max(alts) - min(alts)
        self.assertGreater(span, 15)
        self.assertLess(abs(sum(alts) / len(alts) - truth["altitude_start_m"]), 60)
        self.assertTrue(all(round(pa * 10) == pa * 10 for _, pa in pressures[:100]))
        # consecutive readings differ by noise (~1 Pa), a few by gusts
        jumps = sum(1 for (_, a), (_, b) in zip(pressures, pressures[1:]) if abs(a - b) > 25)
        self.assertLess(jumps, 20)

    def test_barometer_off_by_default_and_deterministic(self):
        _, _, lines = scenario("walk")
        self.assertFalse(any(" 2a6d " in x for x in lines))
        a = self.generated("walk", 2)
        b = self.generated("walk", 2)
        self.assertEqual(a[1], b[1])

    def test_barometer_rate_and_noise_options(self):
        """--barometer-rate and --barometer-noise: four readings a second with the noise given,
        and the same weather and warm-up as the default sensor (the same seeded draws)."""
        import struct
        from pacersim import barometer
        from pacersim.generator import Options
        d = os.path.join(OUT, "baro-fast-walk")
        truth = generate("walk", 1, d, Options(barometer=True, barometer_rate_hz=4.0, barometer_noise_pa=3.0))
        with open(os.path.join(d, "walk.ble")) as f:
            notes = [n for n in (ble.parse_log_line(x) for x in f) if n is not None]
        slow, _, _ = self.generated("walk")
        pressures = [struct.unpack("<I", p)[0] / 10.0 for _, c, p in notes if c == barometer.PRESSURE]
        self.assertAlmostEqual(len(pressures) / truth["elapsed_s"], 4.0, delta=0.1)
        self.assertEqual(truth["barometer"]["noise_pa"], 3.0)
        self.assertEqual(truth["barometer"]["warm_up_pa"], slow["barometer"]["warm_up_pa"])
        self.assertEqual(truth["barometer"]["sea_level_start_pa"], slow["barometer"]["sea_level_start_pa"])
        # second differences of white noise have sigma sqrt(6) x its own: about 7 Pa here
        d2 = [pressures[i] - 2 * pressures[i - 1] + pressures[i - 2] for i in range(2, len(pressures))]
        d2.sort()
        self.assertAlmostEqual((d2[int(0.8413 * len(d2))] - d2[int(0.1587 * len(d2))]) / 2 / 6 ** 0.5, 3.0, delta=0.3)

    def test_receiver_b_is_another_model_with_the_same_truth(self):
        ta, _, na = self.generated("walk", 3, "a")
        tb, _, nb = self.generated("walk", 3, "b")
        self.assertEqual(ta["distance_m"], tb["distance_m"])
        self.assertEqual(tb["receiver"]["model"], "b")
        self.assertNotEqual(na, nb)
        self.assertEqual(len(sentences(na)), len(sentences(nb)))
        for s in sentences(nb)[:200]:
            self.assertEqual("%02X" % checksum(s[1:s.index("*")]), s[s.index("*") + 1:])


class BikeSensorTests(unittest.TestCase):
    """The ride's power meter (2a63) and speed/cadence sensor (2a5b) in the BLE log."""

    def test_power_model_is_physical(self):
        from pacersim import bike
        # Flat at 8 m/s, 79 kg rider + bike: rolling 3.10 N + drag 12.29 N = 15.39 N -> 126.3 W at the pedals.
        self.assertAlmostEqual(bike.power_w(8.0, 0.0, 0.0, 70.0), (79 * 9.81 * 0.004 + 0.5 * 1.2 * 0.32 * 64) * 8 / 0.975, 6)
        # Climbing 7 % at 14.4 km/h: gravity 54.1 N + rolling 3.1 N + drag 3.1 N = 60.3 N -> 247 W.
        self.assertTrue(240 < bike.power_w(4.0, 0.07, 0.0, 70.0) < 255)
        self.assertEqual(bike.power_w(12.0, -0.06, 0.0, 70.0), 0.0)       # descending: coasting

    def test_normalized_power_of_a_step_matches_the_swift_figure(self):
        from pacersim import bike
        # The same series as Tests/PacerCoreTests/BikeMetricsTests.testNormalizedPowerOfAStep.
        self.assertAlmostEqual(bike.normalized_power([100.0] * 30 + [300.0] * 30), 223.0694887793096, 9)
        self.assertIsNone(bike.normalized_power([200.0] * 29))

    def test_ride_log_carries_power_and_wheel_revolutions(self):
        from pacersim import bike
        truth, _, lines = scenario("tunnel")
        notes = [ble.parse_log_line(line) for line in lines]
        notes = [n for n in notes if n is not None]
        cps = [(ms, bike.decode_cps(p)) for ms, c, p in notes if c == bike.CYCLING_POWER]
        csc = [(ms, bike.decode_csc(p)) for ms, c, p in notes if c == bike.CSC]
        self.assertEqual(len(cps) + len(csc), truth["bike_notifications"])
        self.assertLess(abs(len(cps) - truth["elapsed_s"]), 0.02 * truth["elapsed_s"])
        watts = [w for _, (_, w, _, _) in cps]
        self.assertTrue(all(0 <= w < 1500 for w in watts))
        self.assertLess(abs(sum(watts) / len(watts) - truth["power_avg_w"]), 0.03 * truth["power_avg_w"])
        self.assertGreaterEqual(truth["power_np_w"], truth["power_avg_w"])
        self.assertTrue(80 < truth["power_avg_w"] < 300, truth["power_avg_w"])
        # The wheel's revolutions are the distance (this is what covers the tunnels).
        wheel_m = csc[-1][1][0] * bike.WHEEL_MM / 1000.0
        self.assertLess(abs(wheel_m - truth["distance_m"]), 0.005 * truth["distance_m"])
        # Crank cadence from successive CSC counters (16-bit, 1/1024 s) while pedalling.
        rpms = []
        for (_, a), (_, b) in zip(csc, csc[1:]):
            revs, ticks = (b[2] - a[2]) & 0xFFFF, (b[3] - a[3]) & 0xFFFF
            if revs and ticks:
                rpms.append(revs * 60 * 1024.0 / ticks)
        self.assertLess(abs(sum(rpms) / len(rpms) - truth["cadence_avg_rpm"]), 3.0)
        _, run = self.notifications_of("steady-run")
        self.assertFalse(any(c in (bike.CYCLING_POWER, bike.CSC) for _, c, _ in run))
        self.assertIsNone(scenario("steady-run")[0]["power_avg_w"])

    def notifications_of(self, name):
        truth, _, lines = scenario(name)
        return truth, [n for n in (ble.parse_log_line(line) for line in lines) if n is not None]


@unittest.skipUnless(shutil.which("dbus-daemon") and os.path.exists("/usr/bin/python3"), "needs dbus-daemon")
class FakeBikeSensorTests(unittest.TestCase):
    """sim/fakestrap.py's power meter and CSC sensor on a private bus, read as BlueZ clients do."""

    def test_power_meter_and_csc_sensor_notify_through_the_mock_bluez(self):
        import subprocess
        import time
        from pacersim import bike
        daemon = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address"],
                                  stdout=subprocess.PIPE, text=True)
        strap = None
        try:
            address = daemon.stdout.readline().strip()
            env = dict(os.environ, DBUS_SYSTEM_BUS_ADDRESS=address)
            log = os.path.join(OUT, "fakebike.log")
            strap = subprocess.Popen(["/usr/bin/python3", os.path.join(HERE, "fakestrap.py"), "--power", "00:22:D0:AA:BB:03",
                                      "--csc", "00:22:D0:AA:BB:04", "--rate", "5", "--log", log], env=env)
            deadline = time.monotonic() + 30
            def ready():
                if not os.path.exists(log):
                    return False
                with open(log) as f:
                    return " ready" in f.read()
            while time.monotonic() < deadline and not ready():
                time.sleep(0.05)
            result = subprocess.run(["/usr/bin/python3", "-c", CLIENT], env=env, capture_output=True, text=True, timeout=60)
            self.assertEqual(result.returncode, 0, result.stderr)
            seen = json.loads(result.stdout)
            self.assertEqual(seen["00:22:D0:AA:BB:03"]["uuids"][0][4:8], "1818")
            self.assertEqual(seen["00:22:D0:AA:BB:04"]["uuids"][0][4:8], "1816")
            flags, watts, revs, _ = bike.decode_cps(bytes(seen["00:22:D0:AA:BB:03"]["value"]))
            self.assertTrue(flags & 0x20 and 180 <= watts <= 260, (flags, watts))
            wheel, _, crank, _ = bike.decode_csc(bytes(seen["00:22:D0:AA:BB:04"]["value"]))
            self.assertGreater(wheel, 0)
            self.assertEqual(seen["00:22:D0:AA:BB:03"]["feature"], [0x0C, 0, 0, 0])
        finally:
            for p in (strap, daemon):
                if p is not None:
                    p.terminate()
                    p.wait(10)
            daemon.stdout.close()


# A BlueZ client in miniature: finds both sensors, connects, subscribes, waits for a value.
CLIENT = r"""
import json, time, dbus
bus = dbus.SystemBus()
om = dbus.Interface(bus.get_object("org.bluez", "/"), "org.freedesktop.DBus.ObjectManager")
deadline = time.time() + 30
out = {}
def objects():
    return om.GetManagedObjects()
while time.time() < deadline and len(out) < 2:
    objs = objects()
    for path, ifaces in objs.items():
        dev = ifaces.get("org.bluez.Device1")
        if dev is None or str(dev["Address"]) in out:
            continue
        d = dbus.Interface(bus.get_object("org.bluez", path), "org.bluez.Device1")
        if not dev["Connected"]:
            d.Connect()
            continue
        if not dev.get("ServicesResolved"):
            continue
        chars = {str(i["org.bluez.GattCharacteristic1"]["UUID"])[4:8]: p for p, i in objs.items()
                 if p.startswith(path + "/") and "org.bluez.GattCharacteristic1" in i}
        uuid = "2a63" if "2a63" in chars else "2a5b"
        c = bus.get_object("org.bluez", chars[uuid])
        props = dbus.Interface(c, "org.freedesktop.DBus.Properties")
        if not props.Get("org.bluez.GattCharacteristic1", "Notifying"):
            dbus.Interface(c, "org.bluez.GattCharacteristic1").StartNotify()
            continue
        value = [int(b) for b in props.Get("org.bluez.GattCharacteristic1", "Value")]
        if value:
            entry = {"uuids": [str(u) for u in dev["UUIDs"]], "value": value}
            if "2a65" in chars:
                feature = dbus.Interface(bus.get_object("org.bluez", chars["2a65"]), "org.bluez.GattCharacteristic1")
                entry["feature"] = [int(b) for b in feature.ReadValue({})]
            out[str(dev["Address"])] = entry
    time.sleep(0.1)
print(json.dumps(out))
"""

CORPUS = os.path.join(HERE, "..", "..", "shared", "corpus", "tracks")


def corpus_index():
    with open(os.path.join(CORPUS, "INDEX.tsv")) as f:
        rows = [line.rstrip("\n").split("\t") for line in f if line.strip()]
    head = rows[0]
    return [dict(zip(head, r)) for r in rows[1:]]


def summary_values(text):
    """{'dist': 459.52, 'timer': 60.363, ...} from INDEX.tsv's device_summary column."""
    out = {}
    for item in text.split():
        for sep in ("=", "~"):
            if sep in item:
                k, v = item.split(sep, 1)
                out[k] = float(v.rstrip("ms"))
                break
    return out


def pdt_to_unix(text):
    """fitparse's oracle prints local Pacific time, e.g. 'Mon Jun 12 09:09:22 PDT 2017'."""
    import calendar
    import time
    parts = text.split()
    offset = {"PDT": -7, "PST": -8}[parts[4]]
    tm = time.strptime(" ".join(parts[:4] + parts[5:]), "%a %b %d %H:%M:%S %Y")
    return calendar.timegm(tm) - offset * 3600


class ConverterTests(unittest.TestCase):
    def test_fit_records_match_the_fitparse_oracle(self):
        import csv
        from pacersim import fit
        for sport in ("bike", "run", "walk"):
            f = fit.read(os.path.join(CORPUS, "fitparse_garmin-fenix-5-%s.fit" % sport))
            self.assertTrue(f.crc_ok)
            records = f.of("record")
            with open(os.path.join(CORPUS, "fitparse_garmin-fenix-5-%s-records.csv" % sport)) as fh:
                rows = list(csv.DictReader(fh))
            self.assertEqual(len(records), len(rows), sport)
            for r, row in zip(records, rows):
                self.assertEqual(r["timestamp"] + fit.FIT_EPOCH, pdt_to_unix(row["timestamp"]))
                self.assertEqual(r["position_lat"], int(row["position_lat"]))
                self.assertEqual(r["position_long"], int(row["position_long"]))
                self.assertEqual(r["heart_rate"], int(row["heart_rate"]))
                self.assertAlmostEqual(r["speed"], float(row["speed"]), places=6)
                self.assertAlmostEqual(r["distance"], float(row["distance"]), places=6)
                self.assertAlmostEqual(r["altitude"], float(row["altitude"]), places=6)
                self.assertEqual(r["temperature"], int(row["temperature"]))
                if row["cadence"]:
                    self.assertEqual(r["cadence"], int(row["cadence"]))

    def test_fit_reader_rejects_corrupt_files_with_a_reason(self):
        from pacersim import fit
        with open(os.path.join(CORPUS, "fitparse_garmin-fenix-5-run.fit"), "rb") as f:
            data = f.read()
        for bad in (b"", data[:10], b"x" * 200, data[:200], data[:14] + bytes([0x05]) + data[15:300]):
            with self.assertRaises(fit.FITError):
                fit.FITFile(bad)
        flipped = bytearray(data)
        flipped[100] ^= 0x40
        try:
            self.assertFalse(fit.FITFile(bytes(flipped)).crc_ok)
        except fit.FITError:
            pass

    def test_device_totals_match_the_corpus_index(self):
        from pacersim.converter import convert
        out = os.path.join(OUT, "convert")
        for row in corpus_index():
            name = row["file"]
            if not name.endswith((".fit", ".tcx", ".gpx")):
                continue
            r = convert(os.path.join(CORPUS, name), out)
            want = summary_values(row["device_summary (session/lap totals)"])
            dev = r["device"]
            if not want:
                self.assertIsNone(dev, name)
                continue
            self.assertAlmostEqual(dev["distance_m"], want.get("dist", want.get("lapDist")), places=1, msg=name)
            self.assertAlmostEqual(dev["timer_s"], want.get("timer", want.get("lapTime")), places=2, msg=name)
            if "elapsed" in want:
                self.assertAlmostEqual(dev["elapsed_s"], want["elapsed"], places=2, msg=name)
            self.assertEqual(dev["hr_max"], want["maxHR"], name)
            self.assertAlmostEqual(dev["hr_avg"], want["avgHR"], delta=0.5, msg=name)

    def test_converted_streams_are_valid_and_keep_the_distance(self):
        from pacersim.converter import convert
        out = os.path.join(OUT, "convert-streams")
        for row in corpus_index():
            name = row["file"]
            if not name.endswith((".fit", ".tcx", ".gpx")):
                continue
            r = convert(os.path.join(CORPUS, name), out)
            stem = name
            with open(os.path.join(out, stem + ".nmea"), newline="") as f:
                text = f.read()
            self.assertTrue(text.startswith("# Name: "), name)
            self.assertEqual(text.split("\r\n")[1], "# Date: " + r["nmea"]["start"][:10])
            rmc = 0
            for s in sentences(text)[2:]:
                self.assertEqual(int(s[-2:], 16), checksum(s[1:-3]), s)
                rmc += s[3:6] == "RMC"
            self.assertEqual(rmc, r["nmea"]["epochs"])
            self.assertLessEqual(abs(r["nmea"]["epochs"] - 1 - float(row["duration_s"])), 2, name)
            want = (r["device"] or {}).get("distance_m") or r["recording"]["points_distance_m"]
            self.assertLess(abs(r["nmea"]["fix_distance_m"] - want) / want, 0.03, name)
            has_hr = row["has_hr(points)"].startswith("yes")
            self.assertEqual(r["ble"]["hr_notifications"] > 0, has_hr, name)
            if "hrv" in row["notes"] or "RR" in row["notes"]:
                self.assertGreater(r["ble"]["rr_intervals"], 30, name)
            has_cad = row["has_cad(points)"].startswith("yes")
            self.assertEqual(r["ble"]["footpod_notifications"] > 0, has_cad, name)


class ReceiverModelTests(unittest.TestCase):
    def errors(self, name):
        """Per epoch (east, north) error of the reported fix against the true path, or None."""
        truth, text, _ = scenario(name)
        sc = SCENARIOS[name](random.Random("%s/1/scenario" % name), 1)
        path = simulate(random.Random("%s/1/path" % name), sc.geometry, sc.hills, sc.lat0, sc.lon0,
                        sc.phases, sc.mover, sc.duration)
        step = 10 // truth["rate_hz"]
        out = []
        for s in sentences(text):
            f = fields(s)
            if not f[0].endswith("RMC"):
                continue
            if f[2] != "A":
                out.append(None)
                continue
            i = len(out) * step
            lat = (int(f[3][:2]) + float(f[3][2:]) / 60) * (1 if f[4] == "N" else -1)
            lon = (int(f[5][:3]) + float(f[5][3:]) / 60) * (1 if f[6] == "E" else -1)
            m, n = geodesy.radii(math.radians(lat))
            out.append((math.radians(lon - path.lon[i]) * n * math.cos(math.radians(lat)),
                        math.radians(lat - path.lat[i]) * m))
        self.assertEqual(len(out), truth["epochs"])
        return truth, out

    def test_position_noise_is_metres_and_correlated(self):
        for name in ("steady-run", "city-run", "standing-still"):
            truth, errs = self.errors(name)
            h = sorted(math.hypot(*e) for e in errs if e)
            median = h[len(h) // 2]
            self.assertTrue(1.5 < median < 7.0, (name, median))
            east = [e[0] for e in errs if e]
            mean = sum(east) / len(east)
            var = sum((x - mean) ** 2 for x in east) / len(east)
            lag1 = sum((a - mean) * (b - mean) for a, b in zip(east, east[1:])) / (len(east) - 1) / var
            self.assertGreater(lag1, 0.8, name)  # Gauss-Markov, not white noise

    def test_city_outliers_are_tens_to_hundreds_of_metres(self):
        truth, errs = self.errors("city-run")
        big = [math.hypot(*e) for e in errs if e and math.hypot(*e) > 25.0]
        self.assertGreater(len(truth["outliers"]), 0)
        self.assertGreater(len(big), 0)
        self.assertLess(len(big), len(errs) * 0.1)
        self.assertLess(max(big), 400.0)


if __name__ == "__main__":
    unittest.main()
