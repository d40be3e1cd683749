"""Self-checks of the DEM tile writer (pacersim/dem.py): the files read back as SRTM tiles, the
check points agree with the files, the DEM's error stays within what it says it added.

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

from pacersim import dem  # noqa: E402
from pacersim.generator import Options, generate  # noqa: E402
from pacersim.path import TruePath  # noqa: E402


class TileFile:
    """A written tile, read back as the Swift reader does: big-endian int16, row 0 north."""

    def __init__(self, path):
        with open(path, "rb") as f:
            self.data = f.read()
        self.side = {3601 * 3601 * 2: 3601, 1201 * 1201 * 2: 1201}[len(self.data)]
        name = os.path.basename(path).upper()
        self.lat = int(name[1:3]) * (1 if name[0] == "N" else -1)
        self.lon = int(name[4:7]) * (1 if name[3] == "E" else -1)

    def post(self, row, col):
        k = (row * self.side + col) * 2
        return int.from_bytes(self.data[k:k + 2], "big", signed=True)

    def value(self, y, x, per):
        """The post at global grid (Y, X), or None when this tile does not hold it."""
        row, col = (self.lat + 1) * per - y, x - self.lon * per
        if 0 <= row < self.side and 0 <= col < self.side:
            return self.post(row, col)
        return None


class DemTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.out = tempfile.mkdtemp(prefix="pacer-dem-test-")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.out, ignore_errors=True)

    def generated(self, name, seed=1, **dem_options):
        key = "%s-%d-%s" % (name, seed, "-".join("%s=%s" % kv for kv in sorted(dem_options.items())))
        d = os.path.join(self.out, key)
        if not os.path.exists(os.path.join(d, name + ".truth.json")):
            generate(name, seed, d, Options(dem_dir=os.path.join(d, "dem"), **dem_options))
        with open(os.path.join(d, name + ".truth.json")) as f:
            return json.load(f), os.path.join(d, "dem")

    def read_back(self, truth, dem_dir):
        tiles = [TileFile(os.path.join(dem_dir, n)) for n in truth["dem"]["tiles"]]
        grid = dem.Grid(truth["dem"]["arc_seconds"])

        def value(y, x):
            for t in tiles:
                v = t.value(y, x, grid.per)
                if v is not None:
                    return v
            return None
        return tiles, grid, value

    def test_one_arc_second_tiles_read_back_as_the_check_points_say(self):
        truth, dem_dir = self.generated("walk", 2)
        d = truth["dem"]
        self.assertEqual(d["arc_seconds"], 1)
        self.assertEqual(sorted(os.listdir(dem_dir)), ["S34E151.hgt"])
        self.assertEqual(os.path.getsize(os.path.join(dem_dir, "S34E151.hgt")), 3601 * 3601 * 2)
        tiles, grid, value = self.read_back(truth, dem_dir)
        checks = d["checks"]
        self.assertGreater(len(checks), 150)
        for t, lat, lon, alt, terrain, model, ambiguous in checks:
            self.assertAlmostEqual(dem.bilinear(value, grid, lat, lon), model, places=9)
        # Far from the path, the fill height.
        self.assertEqual(tiles[0].post(0, 0), d["fill_m"])

    def test_the_dem_error_is_what_it_says_and_the_ground_is_the_true_profile(self):
        truth, _ = self.generated("steady-run", 1)
        d = truth["dem"]
        clear = [c for c in d["checks"] if not c[6]]
        self.assertGreater(len(clear), 0.9 * len(d["checks"]))
        for t, lat, lon, alt, terrain, model, _ in clear:
            self.assertLess(abs(terrain - alt), 1.0)
            self.assertLess(abs(model - alt), d["error_bound_m"], "t=%s" % t)
        errors = [c[5] - c[3] for c in clear]
        mean = sum(errors) / len(errors)
        spread = math.sqrt(sum((e - mean) ** 2 for e in errors) / len(errors))
        # A few metres of bias and about a metre of scatter: an SRTM-like DEM, not the truth.
        self.assertLess(abs(mean), 4.5)
        self.assertGreater(spread, 0.3)
        self.assertLess(spread, 3.0)

    def test_three_arc_seconds_and_voids(self):
        truth, dem_dir = self.generated("walk", 1, dem_arc_seconds=3, dem_voids=3, dem_case="lower")
        d = truth["dem"]
        self.assertEqual(d["tiles"], ["s34e151.hgt"])
        self.assertEqual(os.path.getsize(os.path.join(dem_dir, "s34e151.hgt")), 1201 * 1201 * 2)
        self.assertEqual(len(d["voids"]), 3)
        holes = [c for c in d["checks"] if c[5] is None]
        self.assertGreater(len(holes), 0)
        _, grid, value = self.read_back(truth, dem_dir)
        for t, lat, lon, alt, terrain, model, _ in d["checks"]:
            got = dem.bilinear(value, grid, lat, lon)
            if model is None:
                self.assertIsNone(got)
            else:
                self.assertAlmostEqual(got, model, places=9)

    def test_the_same_seed_gives_the_same_tiles_and_the_other_files_do_not_change(self):
        a, a_dir = self.generated("walk", 4)
        b, b_dir = self.generated("walk", 4, dem_noise_m=0.7)
        with open(os.path.join(a_dir, "S34E151.hgt"), "rb") as f, open(os.path.join(b_dir, "S34E151.hgt"), "rb") as g:
            self.assertEqual(f.read(), g.read())
        plain = os.path.join(self.out, "plain")
        generate("walk", 4, plain)
        with open(os.path.join(plain, "walk.nmea")) as f, open(os.path.join(os.path.dirname(a_dir), "walk.nmea")) as g:
            self.assertEqual(f.read(), g.read())

    def test_a_path_across_a_tile_corner_writes_the_shared_edges_once(self):
        # A straight 600 m path north-east through the corner 47N 8E, at 3" (1201 posts).
        path = TruePath()
        for k in range(61):
            path.lat.append(47.0 + (k - 30) * 10.0 / 111_200 / math.sqrt(2))
            path.lon.append(8.0 + (k - 30) * 10.0 / 75_800 / math.sqrt(2))
            path.alt.append(400.0 + k * 0.5)
            path.s.append(k * 10.0)
        d = os.path.join(self.out, "corner")
        info = dem.write_tiles(random.Random(1), path, d, arc_seconds=3, noise_m=0.0, checks_every_s=0.1)
        self.assertEqual(info["tiles"], ["N46E007.hgt", "N46E008.hgt", "N47E007.hgt", "N47E008.hgt"])
        t = {n: TileFile(os.path.join(d, n)) for n in info["tiles"]}
        # N47E008's south row is N46E008's north row; its west column is N47E007's east column.
        self.assertEqual([t["N47E008.hgt"].post(1200, c) for c in range(40)], [t["N46E008.hgt"].post(0, c) for c in range(40)])
        self.assertEqual([t["N47E008.hgt"].post(1200 - r, 0) for r in range(40)], [t["N47E007.hgt"].post(1200 - r, 1200) for r in range(40)])
        self.assertEqual(t["N47E008.hgt"].post(1200, 0), t["N46E007.hgt"].post(0, 1200))
        for _, lat, lon, alt, terrain, model, ambiguous in info["checks"]:
            self.assertFalse(ambiguous)
            self.assertLess(abs(model - alt), info["error_bound_m"])

    def test_names(self):
        self.assertEqual(dem.tile_name(47, 8), "N47E008.hgt")
        self.assertEqual(dem.tile_name(-12, -77), "S12W077.hgt")
        self.assertEqual(dem.tile_name(0, -1), "N00W001.hgt")


if __name__ == "__main__":
    unittest.main()
