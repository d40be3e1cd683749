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


COURSES = ("course-on", "course-detour", "course-shortcut", "course-loop-twice", "course-out-and-back",
           "course-figure-eight")
GPX_NS = {"g": "http://www.topografix.com/GPX/1/1"}
TCX_NS = {"t": "http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"}


class CourseTests(unittest.TestCase):
    """Issue #43's course scenarios: the course written as GPX and TCX, and the truth of the ride,
    checked here against the files and the true path, not against the code that wrote them."""

    _runs = {}

    def run_of(self, name, seed=1):
        key = (name, seed)
        if key not in self._runs:
            import xml.etree.ElementTree as ET
            truth, _, _ = scenario(name, seed)
            d = os.path.join(OUT, "%s-%d" % (name, seed))
            gpx = ET.parse(os.path.join(d, name + ".course.gpx")).getroot()
            tcx = ET.parse(os.path.join(d, name + ".course.tcx")).getroot()
            sc = SCENARIOS[name](random.Random("%s/%d/scenario" % (name, seed)), seed)
            path = simulate(random.Random("%s/%d/path" % (name, seed)), sc.geometry, sc.hills, sc.lat0, sc.lon0,
                            sc.phases, sc.mover, sc.duration)
            self._runs[key] = (truth, gpx, tcx, sc, path)
        return self._runs[key]

    @staticmethod
    def gpx_points(gpx):
        return [(float(p.get("lat")), float(p.get("lon")), float(p.find("g:ele", GPX_NS).text))
                for p in gpx.findall("g:trk/g:trkseg/g:trkpt", GPX_NS)]

    @staticmethod
    def tcx_points(tcx):
        out = []
        for p in tcx.findall("t:Courses/t:Course/t:Track/t:Trackpoint", TCX_NS):
            out.append((float(p.find("t:Position/t:LatitudeDegrees", TCX_NS).text),
                        float(p.find("t:Position/t:LongitudeDegrees", TCX_NS).text),
                        float(p.find("t:AltitudeMeters", TCX_NS).text)))
        return out

    @staticmethod
    def along(points):
        """Distance along a polyline of (lat, lon, ...) to each of its points (Vincenty)."""
        out = [0.0]
        for a, b in zip(points, points[1:]):
            out.append(out[-1] + geodesy.vincenty(a[0], a[1], b[0], b[1]))
        return out

    @classmethod
    def length(cls, points):
        return cls.along(points)[-1]

    @staticmethod
    def plane(points, lat0, lon0):
        m, n = geodesy.radii(math.radians(lat0))
        return [(math.radians(p[1] - lon0) * n * math.cos(math.radians(lat0)), math.radians(p[0] - lat0) * m)
                for p in points]

    def distances(self, points, path, every=10):
        """(t, distance m to the nearest segment of the course) every `every` path samples."""
        xy = self.plane(points, points[0][0], points[0][1])
        riders = self.plane(list(zip(path.lat, path.lon)), points[0][0], points[0][1])
        out = []
        for i in range(0, len(path), every):
            x, y = riders[i]
            best = float("inf")
            for (x0, y0), (x1, y1) in zip(xy, xy[1:]):
                dx, dy = x1 - x0, y1 - y0
                u = min(1.0, max(0.0, ((x - x0) * dx + (y - y0) * dy) / (dx * dx + dy * dy)))
                best = min(best, math.hypot(x0 + u * dx - x, y0 + u * dy - y))
            out.append((i * path.dt, best))
        return out

    def test_gpx_and_tcx_parse_and_agree_with_the_course_length(self):
        for name in COURSES:
            truth, gpx, tcx, sc, path = self.run_of(name)
            c = truth["course"]
            self.assertEqual(gpx.get("version"), "1.1")
            self.assertEqual(gpx.find("g:metadata/g:name", GPX_NS).text, c["name"])
            course = tcx.find("t:Courses/t:Course", TCX_NS)
            self.assertEqual(course.find("t:Name", TCX_NS).text, c["name"])
            self.assertLessEqual(len(c["name"]), 15)  # the TCX schema's limit for a course name
            g, x = self.gpx_points(gpx), self.tcx_points(tcx)
            self.assertEqual(len(g), c["points"], name)
            self.assertEqual(g, x, name)
            for pts in (g, x):
                self.assertLess(abs(self.length(pts) - c["length_m"]) / c["length_m"], 0.005, name)
                self.assertLess(abs(self.length(pts) - c["length_m"]), 0.05, name)
            steps = [geodesy.vincenty(a[0], a[1], b[0], b[1]) for a, b in zip(g, g[1:])]
            self.assertTrue(all(8.5 < d <= 10.05 for d in steps), (name, min(steps), max(steps)))
            last = course.findall("t:Track/t:Trackpoint", TCX_NS)[-1]
            self.assertAlmostEqual(float(last.find("t:DistanceMeters", TCX_NS).text), c["length_m"], delta=0.1)
            ends = geodesy.vincenty(g[0][0], g[0][1], g[-1][0], g[-1][1])
            self.assertEqual(c["loop"], name in ("course-loop-twice", "course-figure-eight"), name)
            if name in ("course-loop-twice", "course-figure-eight", "course-out-and-back"):
                self.assertLess(ends, 0.5, name)
            else:
                self.assertGreater(ends, 500, name)
            self.assertTrue(c["finished"], name)
            self.assertEqual(c["laps"], 2 if name == "course-loop-twice" else 1)

    def test_course_points_are_the_corners_and_the_summit(self):
        for name in COURSES:
            truth, gpx, tcx, sc, path = self.run_of(name)
            c = truth["course"]
            g = self.gpx_points(gpx)
            along = self.along(g)
            cps = tcx.findall("t:Courses/t:Course/t:CoursePoint", TCX_NS)
            names = [cp.find("t:Name", TCX_NS).text for cp in cps]
            kinds = [cp.find("t:PointType", TCX_NS).text for cp in cps]
            self.assertEqual(names, [q["name"] for q in c["cues"]], name)
            self.assertEqual(kinds, [q["kind"] for q in c["cues"]], name)
            self.assertEqual(len(set(names)), len(names), name)
            self.assertTrue(all(len(n) <= 10 for n in names), names)  # CoursePointName_t
            for cp, q in zip(cps, c["cues"]):
                lat = float(cp.find("t:Position/t:LatitudeDegrees", TCX_NS).text)
                lon = float(cp.find("t:Position/t:LongitudeDegrees", TCX_NS).text)
                k = min(range(len(g)), key=lambda j: abs(along[j] - q["along_m"]))
                self.assertLess(geodesy.vincenty(lat, lon, g[k][0], g[k][1]), 5.5, (name, q))
                if q["kind"] in ("Left", "Right"):
                    # the course turns by more than 45 degrees within 45 m either side of the cue
                    turn = 0.0
                    legs = [j for j in range(1, len(g))
                            if q["along_m"] - 45 <= along[j - 1] and along[j] <= q["along_m"] + 45]
                    for j0, j1 in zip(legs, legs[1:]):
                        h0 = geodesy.bearing(g[j0 - 1][0], g[j0 - 1][1], g[j0][0], g[j0][1])
                        h1 = geodesy.bearing(g[j1 - 1][0], g[j1 - 1][1], g[j1][0], g[j1][1])
                        turn += (h1 - h0 + 180) % 360 - 180
                    self.assertGreater(abs(turn), 45, (name, q))
                    self.assertEqual(q["kind"], "Right" if turn > 0 else "Left", (name, q, turn))
            turns = [q for q in c["cues"] if q["kind"] != "Summit"]
            self.assertGreaterEqual(len(turns), 2, name)
            summits = [q for q in c["cues"] if q["kind"] == "Summit"]
            self.assertEqual(len(summits), 1 if name in ("course-on", "course-out-and-back") else 0, name)
            for q in summits:
                top = max(p[2] for p in g)
                k = min(range(len(g)), key=lambda j: abs(along[j] - q["along_m"]))
                self.assertGreaterEqual(g[k][2], top - 0.2, name)

    def test_the_climb_is_a_real_climb(self):
        truth, gpx, tcx, sc, path = self.run_of("course-on")
        g = self.gpx_points(gpx)
        along = [0.0]
        for a, b in zip(g, g[1:]):
            along.append(along[-1] + geodesy.vincenty(a[0], a[1], b[0], b[1]))
        # the steepest 1.5 km averages 5 %
        best = 0.0
        for i in range(len(g)):
            j = next((j for j in range(i, len(g)) if along[j] - along[i] >= 1500.0), None)
            if j is None:
                break
            best = max(best, (g[j][2] - g[i][2]) / (along[j] - along[i]))
        self.assertGreater(best, 0.0485)
        self.assertLess(best, 0.0515)
        self.assertGreater(truth["course"]["ascent_m"], 74.0)

    def test_excursions_are_exactly_the_designed_ones(self):
        for name in COURSES:
            truth, gpx, tcx, sc, path = self.run_of(name)
            c = truth["course"]
            g = self.gpx_points(gpx)
            dist = self.distances(g, path)
            finish = c["finish_t_s"]
            off = [(t, d) for t, d in dist if d > 40.0 and t <= finish]
            if name not in ("course-detour", "course-shortcut"):
                self.assertEqual(c["excursions"], [], name)
                self.assertEqual(off, [], name)
                self.assertLess(max(d for t, d in dist if t <= finish), 1.0, name)
                continue
            self.assertEqual(len(c["excursions"]), 1, name)
            e = c["excursions"][0]
            self.assertTrue(e["leave_t_s"] < e["off_from_t_s"] < e["off_to_t_s"] < e["rejoin_t_s"], e)
            self.assertTrue(all(e["off_from_t_s"] - 1 <= t <= e["off_to_t_s"] + 1 for t, d in off), name)
            # sampled here each second, at most half a second's riding from the truth's 0.1 s maximum
            self.assertLess(-0.06, e["max_offset_m"] - max(d for t, d in off), name)
            self.assertLess(e["max_offset_m"] - max(d for t, d in off), 5.0, name)
            self.assertGreater(e["max_offset_m"], 200.0, name)
            # On the course everywhere else, within the chords' sagitta.
            on = [d for t, d in dist if (t < e["leave_t_s"] or t > e["rejoin_t_s"]) and t <= finish]
            self.assertLess(max(on), 1.0, name)
            # The legs of its own stay far from the course but for their first and last stretches.
            middle = [d for t, d in dist if e["leave_t_s"] + 20 < t < e["rejoin_t_s"] - 20]
            self.assertGreater(min(middle), 100.0, name)
            if name == "course-detour":
                junction = sc.course.marks["junction"][0]
                self.assertAlmostEqual(e["leave_along_m"], junction, delta=1.0)
                self.assertAlmostEqual(e["rejoin_along_m"], junction, delta=1.0)
                self.assertTrue(500 < e["ridden_m"] < 900, e)
            else:
                self.assertAlmostEqual(e["leave_along_m"], sc.course.marks["leave"][0], delta=1.0)
                self.assertAlmostEqual(e["rejoin_along_m"], sc.course.marks["rejoin"][0], delta=2.0)
                self.assertGreater(e["rejoin_along_m"] - e["leave_along_m"], 1000.0)
                self.assertLess(e["ridden_m"], (e["rejoin_along_m"] - e["leave_along_m"]) / 2)
            # Where it left and rejoined, the rider is on the course at those alongs.
            along = [0.0]
            for a, b in zip(g, g[1:]):
                along.append(along[-1] + geodesy.vincenty(a[0], a[1], b[0], b[1]))
            for t_key, a_key in (("leave_t_s", "leave_along_m"), ("rejoin_t_s", "rejoin_along_m")):
                i = int(round(e[t_key] / path.dt))
                k = min(range(len(g)), key=lambda j: abs(along[j] - e[a_key]))
                self.assertLess(geodesy.vincenty(path.lat[i], path.lon[i], g[k][0], g[k][1]), 6.0, (name, t_key))

    def test_progress_follows_the_rider_along_the_course(self):
        for name in COURSES:
            truth, gpx, tcx, sc, path = self.run_of(name)
            c = truth["course"]
            g = self.gpx_points(gpx)
            along = self.along(g)
            prog = c["progress"]
            self.assertEqual(prog[0], [0.0, 0.0], name)
            self.assertTrue(all(b[0] - a[0] >= 10.0 - 1e-9 for a, b in zip(prog, prog[1:])), name)
            self.assertTrue(all(t % 10.0 == 0 for t, _ in prog), name)
            drops = sum(1 for a, b in zip(prog, prog[1:]) if b[1] < a[1])
            self.assertEqual(drops, 1 if name == "course-loop-twice" else 0, name)
            self.assertGreater(prog[-1][1], c["length_m"] - 100.0, name)
            self.assertLessEqual(prog[-1][0], c["finish_t_s"])
            for e in c["excursions"]:
                self.assertFalse(any(e["leave_t_s"] <= t <= e["rejoin_t_s"] for t, _ in prog), name)
            for t, a in prog:
                i = int(round(t / path.dt))
                k = max(1, next((j for j in range(len(g)) if along[j] >= a), len(g) - 1))
                u = (a - along[k - 1]) / (along[k] - along[k - 1])
                lat = g[k - 1][0] + u * (g[k][0] - g[k - 1][0])
                lon = g[k - 1][1] + u * (g[k][1] - g[k - 1][1])
                self.assertLess(geodesy.vincenty(path.lat[i], path.lon[i], lat, lon), 1.0, (name, t, a))
            # the rider's speed stays a road cyclist's
            self.assertTrue(6.0 < truth["avg_moving_speed_mps"] < 9.0, name)
            self.assertLess(truth["max_speed_mps"], 9.5, name)
            self.assertEqual(truth["outliers"], [], name)

    def test_out_and_back_and_figure_eight_run_over_themselves(self):
        truth, gpx, tcx, sc, path = self.run_of("course-out-and-back")
        g = self.gpx_points(gpx)
        n = len(g)
        xy = self.plane(g, g[0][0], g[0][1])
        out_half = xy[: n // 2 - 5]

        def to_out(x, y):
            best = float("inf")
            for (x0, y0), (x1, y1) in zip(out_half, out_half[1:]):
                dx, dy = x1 - x0, y1 - y0
                u = min(1.0, max(0.0, ((x - x0) * dx + (y - y0) * dy) / (dx * dx + dy * dy)))
                best = min(best, math.hypot(x0 + u * dx - x, y0 + u * dy - y))
            return best
        for x, y in xy[n // 2 + 20:]:  # every point of the way back lies on the way out
            self.assertLess(to_out(x, y), 0.5)
        truth, gpx, tcx, sc, path = self.run_of("course-figure-eight")
        g = self.gpx_points(gpx)
        xy = self.plane(g, g[0][0], g[0][1])
        crossings = 0
        for i in range(len(xy) - 1):
            for j in range(i + 2, len(xy) - 1):
                (ax, ay), (bx, by), (cx, cy), (dx, dy) = xy[i], xy[i + 1], xy[j], xy[j + 1]
                den = (bx - ax) * (dy - cy) - (by - ay) * (dx - cx)
                if den == 0:
                    continue
                u = ((cx - ax) * (dy - cy) - (cy - ay) * (dx - cx)) / den
                v = ((cx - ax) * (by - ay) - (cy - ay) * (bx - ax)) / den
                if 0 <= u < 1 and 0 <= v < 1 and not (i == 0 and j == len(xy) - 2):
                    crossings += 1
        self.assertEqual(crossings, 1)

    def test_course_files_are_deterministic_per_seed(self):
        a, b, c = (os.path.join(OUT, "course-det-" + k) for k in "abc")
        generate("course-detour", 3, a)
        generate("course-detour", 3, b)
        generate("course-detour", 4, c)
        for ext in (".nmea", ".ble", ".truth.json", ".course.gpx", ".course.tcx"):
            with open(os.path.join(a, "course-detour" + ext), "rb") as fa, \
                    open(os.path.join(b, "course-detour" + ext), "rb") as fb:
                self.assertEqual(fa.read(), fb.read(), ext)
        for ext in (".course.gpx", ".course.tcx", ".truth.json"):
            with open(os.path.join(a, "course-detour" + ext), "rb") as fa, \
                    open(os.path.join(c, "course-detour" + ext), "rb") as fc:
                self.assertNotEqual(fa.read(), fc.read(), ext)
        self.assertFalse(os.path.exists(os.path.join(OUT, "steady-run-1", "steady-run.course.gpx")))


if __name__ == "__main__":
    unittest.main()
