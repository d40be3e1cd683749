"""Self-checks of sim/fake_ant_stick.py: a receiver's configuration on the pty, the pages it then
broadcasts, drop-outs, and unplugging.

Run: /usr/bin/python3 -m unittest discover -s sim -p 'test_*.py'
"""
import os
import select
import subprocess
import sys
import time
import tty
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from fake_ant_stick import NETWORK_KEY, Framer, frame  # noqa: E402

PAD = bytes(5)  # GoldenCheetah pads every write with 5 zeros


class FakeAntStickTests(unittest.TestCase):
    def start(self, *args):
        self.proc = subprocess.Popen([sys.executable, os.path.join(HERE, "fake_ant_stick.py")] + list(args),
                                     stdout=subprocess.PIPE, text=True)
        self.addCleanup(self.stop)
        return self.plugged()

    def plugged(self):
        line = self.proc.stdout.readline()
        while line.strip() == "unplugged":
            line = self.proc.stdout.readline()
        self.assertTrue(line.startswith("pty /dev/"), line)
        fd = os.open(line.split()[1], os.O_RDWR | os.O_NOCTTY)
        tty.setraw(fd)
        self.framer = Framer()
        return fd

    def stop(self):
        self.proc.kill()
        self.proc.wait()
        self.proc.stdout.close()

    def read(self, fd, until, seconds=3.0):
        """Messages until `until(messages)` is true or the time is up."""
        got, end = [], time.monotonic() + seconds
        while time.monotonic() < end and not until(got):
            r, _, _ = select.select([fd], [], [], 0.1)
            if r:
                try:
                    data = os.read(fd, 4096)
                except OSError:
                    break
                if not data:
                    break
                got += self.framer.feed(data)
        return got

    def configure(self, fd, channel, device_type, period):
        """The receiver's sequence; each message answered with RESPONSE_NO_ERROR."""
        os.write(fd, frame(0x4A, [0]) + PAD)
        self.assertIn((0x6F, b"\x20"), self.read(fd, lambda m: any(i == 0x6F for i, _ in m)))
        for msg_id, p in [(0x46, [0] + list(NETWORK_KEY)), (0x6E, [0, 0xC0]), (0x42, [channel, 0, 0]),
                          (0x51, [channel, 0, 0, device_type, 0]), (0x43, [channel, period & 0xFF, period >> 8]),
                          (0x45, [channel, 57]), (0x44, [channel, 12]), (0x4B, [channel])]:
            os.write(fd, frame(msg_id, p) + PAD)
            want = (0x40, bytes([0 if msg_id in (0x46, 0x6E) else channel, msg_id, 0]))
            self.assertIn(want, self.read(fd, lambda m: want in m), hex(msg_id))

    def pages(self, fd, count, seconds=4.0):
        got = self.read(fd, lambda m: sum(1 for i, _ in m if i == 0x4E) >= count, seconds)
        return [p for i, p in got if i == 0x4E]

    def test_configuration_then_heart_rate_and_power_pages_with_device_numbers(self):
        fd = self.start("--hr", "150", "--power", "230", "--cadence", "88", "--device-number", "1000")
        self.configure(fd, 0, 120, 8070)
        self.configure_more(fd, 1, 11, 8182)
        start = time.monotonic()
        pages = self.pages(fd, 16)
        elapsed = time.monotonic() - start
        hr = [p for p in pages if p[0] == 0]
        power = [p for p in pages if p[0] == 1]
        self.assertTrue(hr and power)
        for p in hr:
            self.assertEqual(p[8], 150)                      # computed heart rate, byte 7 of the page
            self.assertEqual(p[9], 0xC0)                     # extended: channel id and RSSI
            self.assertEqual(p[10] | p[11] << 8, 1120)       # device number
            self.assertEqual(p[12], 120)
        for p in power:
            if p[1] == 0x10:
                self.assertEqual(p[7] | p[8] << 8, 230)      # instantaneous power
                self.assertEqual(p[4], 88)                   # cadence
        # Two channels at about 4 Hz each: 16 pages in about 2 s.
        self.assertLess(elapsed, 3.5)
        os.write(fd, frame(0x4D, [0, 0x54]) + PAD)
        self.assertTrue(any(i == 0x54 for i, _ in self.read(fd, lambda m: any(i == 0x54 for i, _ in m))))
        os.write(fd, frame(0x4C, [0]) + PAD)
        closed = (0x40, bytes([0, 1, 0x07]))
        self.assertIn(closed, self.read(fd, lambda m: closed in m))
        os.close(fd)

    def configure_more(self, fd, channel, device_type, period):
        for msg_id, p in [(0x42, [channel, 0, 0]), (0x51, [channel, 0, 0, device_type, 0]),
                          (0x43, [channel, period & 0xFF, period >> 8]), (0x45, [channel, 57]), (0x4B, [channel])]:
            os.write(fd, frame(msg_id, p) + PAD)
            want = (0x40, bytes([channel, msg_id, 0]))
            self.assertIn(want, self.read(fd, lambda m: want in m), hex(msg_id))

    def test_open_before_assign_is_in_the_wrong_state(self):
        fd = self.start()
        os.write(fd, frame(0x4B, [3]) + PAD)
        want = (0x40, bytes([3, 0x4B, 0x15]))
        self.assertIn(want, self.read(fd, lambda m: want in m))
        os.close(fd)

    def test_dropouts_send_rx_fail_then_go_to_search(self):
        fd = self.start("--dropout", "4:3")
        self.configure(fd, 0, 120, 8070)
        got = self.read(fd, lambda m: (0x40, bytes([0, 1, 0x08])) in m, 6)
        events = [p for i, p in got if i == 0x40 and p[1] == 1]
        self.assertEqual(events.count(bytes([0, 1, 0x02])), 8)
        self.assertIn(bytes([0, 1, 0x08]), events)
        os.close(fd)

    def test_values_from_a_scenario_ble_log(self):
        import shutil
        import tempfile
        out = tempfile.mkdtemp(prefix="pacer-ant-sim-")
        self.addCleanup(shutil.rmtree, out, True)
        subprocess.run([sys.executable, os.path.join(HERE, "scenario.py"), "rolling-ride", "--out", out, "--quiet"], check=True)
        fd = self.start("--ble", os.path.join(out, "rolling-ride.ble"), "--rate", "60")
        self.configure(fd, 0, 120, 8070)
        rates = {p[8] for p in self.pages(fd, 12)}
        # The scenario's heart rate (a minute of it a second): a rider's, never the constant default.
        self.assertTrue(all(60 <= r <= 200 for r in rates), rates)
        os.close(fd)

    def test_unplug_and_replug(self):
        fd = self.start("--unplug-after", "1.5", "--replug-after", "0.5")
        self.configure(fd, 0, 120, 8070)
        self.pages(fd, 2)
        # The device vanishes: reads end (EOF or EIO); a new pty comes up, unconfigured.
        self.read(fd, lambda m: False, 3)
        os.close(fd)
        fd = self.plugged()
        self.configure(fd, 0, 120, 8070)
        self.assertTrue(self.pages(fd, 2))
        os.close(fd)


if __name__ == "__main__":
    unittest.main()
