"""SRTM tiles of a scenario's terrain, as a DEM would see it (issue 47).

The scenario's truth is an altitude along the path (a function of distance), not a surface, so
the ground here is that profile extruded sideways: each grid post within `corridor_m` of the
path takes the true altitude at its foot on the path (the nearest point, projected onto the
path between samples 10 m apart); posts farther away hold one flat fill height. Where the path
meets itself at two altitudes (a loop's start and finish, a crossing) the nearer branch wins, as
real ground has one height: the check points there are marked `ambiguous`.

What the DEM adds, as SRTM does (absolute error ~5 m LE90, mostly long-wavelength): a smooth
bias (a constant plus two plane waves 2-8 km long), a medium-scale undulation (200-600 m), white
noise per post, quantisation to whole metres, and optionally voids (-32768) in blobs on the path.

Files: big-endian int16, rows from the north edge to the south edge, 3601 x 3601 posts at 1"
(25.9 MB) or 1201 x 1201 at 3", edges shared with the neighbours, named by the south-west corner
(`N47E008.hgt`). Only tiles holding a corridor post are written.
"""
import array
import math
import os
import sys

from .geodesy import radii

VOID = -32768
PLAUSIBLE = (-500, 9000)  # what the reader takes for a height; anything else is a void
SAMPLE_SPACING_M = 10.0


def tile_name(lat, lon):
    """`N47E008.hgt` for the tile whose south-west corner is (lat, lon), whole degrees."""
    return "%s%02d%s%03d.hgt" % ("N" if lat >= 0 else "S", abs(lat), "E" if lon >= 0 else "W", abs(lon))


class DemError:
    """The DEM's error field: bias(lat, lon) + undulation(lat, lon) + white noise per post."""

    def __init__(self, rng, noise_m):
        self.offset = rng.uniform(-2.0, 2.0)
        self.waves = []
        for amplitude, wavelengths in ((1.2, (2000.0, 8000.0)), (1.0, (2000.0, 8000.0)), (0.8, (200.0, 600.0))):
            k = 2 * math.pi / rng.uniform(*wavelengths)
            direction = rng.uniform(0, 2 * math.pi)
            self.waves.append((rng.uniform(0.5, 1.0) * amplitude, k * math.cos(direction), k * math.sin(direction),
                               rng.uniform(0, 2 * math.pi)))
        self.noise_m = noise_m
        self.rng = rng

    def smooth(self, north_m, east_m):
        return self.offset + sum(a * math.sin(kn * north_m + ke * east_m + p) for a, kn, ke, p in self.waves)

    def noise(self):
        return self.rng.gauss(0.0, self.noise_m)

    def bound_m(self):
        """The largest |DEM - terrain| at a post, but for noise beyond 4.5 sigma, plus rounding."""
        return abs(self.offset) + sum(w[0] for w in self.waves) + 4.5 * self.noise_m + 0.5

    def describe(self):
        return {"offset_m": round(self.offset, 3), "noise_m": self.noise_m,
                "waves": [{"amplitude_m": round(a, 3), "wavelength_m": round(2 * math.pi / math.hypot(kn, ke), 1)}
                          for a, kn, ke, _ in self.waves]}


class Grid:
    """Posts in whole units of the grid from (0, 0): Y north, X east; `per` posts a degree."""

    def __init__(self, arc_seconds):
        self.arc_seconds = arc_seconds
        self.per = 3600 // arc_seconds
        self.side = self.per + 1

    def lat(self, y):
        return y / self.per

    def lon(self, x):
        return x / self.per


def _samples(path):
    """Indices of the path about SAMPLE_SPACING_M apart, first and last included."""
    keep = [0]
    for i in range(1, len(path)):
        if path.s[i] - path.s[keep[-1]] >= SAMPLE_SPACING_M:
            keep.append(i)
    if keep[-1] != len(path) - 1:
        keep.append(len(path) - 1)
    return keep


def _foot_altitude(path, keep, k, north, east, origin, scale):
    """The true altitude at the foot of a post on the path near sample k (the closer of the two
    segments beside it); `north`/`east` are the post's local metres, `scale` (m per degree)."""
    best = None
    for a, b in ((k - 1, k), (k, k + 1)):
        if a < 0 or b >= len(keep):
            continue
        ia, ib = keep[a], keep[b]
        an, ae = (path.lat[ia] - origin[0]) * scale[0], (path.lon[ia] - origin[1]) * scale[1]
        bn, be = (path.lat[ib] - origin[0]) * scale[0], (path.lon[ib] - origin[1]) * scale[1]
        dn, de = bn - an, be - ae
        length2 = dn * dn + de * de
        t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((north - an) * dn + (east - ae) * de) / length2))
        d2 = (an + t * dn - north) ** 2 + (ae + t * de - east) ** 2
        if best is None or d2 < best[0]:
            best = (d2, path.alt[ia] + t * (path.alt[ib] - path.alt[ia]))
    return best[1]


def terrain_posts(path, grid, corridor_m):
    """{(Y, X): true ground height} of every post within corridor_m of the path."""
    keep = _samples(path)
    origin = (path.lat[0], path.lon[0])
    m, n = radii(math.radians(origin[0]))
    scale = (math.radians(1.0) * m, math.radians(1.0) * n * math.cos(math.radians(origin[0])))
    post_n, post_e = scale[0] / grid.per, scale[1] / grid.per
    reach_y, reach_x = int(corridor_m / post_n) + 1, int(corridor_m / post_e) + 1
    r2 = corridor_m * corridor_m
    nearest = {}  # (Y, X) -> (d2, k)
    for k, i in enumerate(keep):
        cy, cx = path.lat[i] * grid.per, path.lon[i] * grid.per
        y0, x0 = int(math.floor(cy)), int(math.floor(cx))
        for y in range(y0 - reach_y, y0 + reach_y + 2):
            dn = (y - cy) * post_n
            if dn * dn > r2:
                continue
            for x in range(x0 - reach_x, x0 + reach_x + 2):
                de = (x - cx) * post_e
                d2 = dn * dn + de * de
                if d2 > r2:
                    continue
                old = nearest.get((y, x))
                if old is None or d2 < old[0]:
                    nearest[(y, x)] = (d2, k)
    posts = {}
    for (y, x), (_, k) in nearest.items():
        north = (grid.lat(y) - origin[0]) * scale[0]
        east = (grid.lon(x) - origin[1]) * scale[1]
        posts[(y, x)] = _foot_altitude(path, keep, k, north, east, origin, scale)
    return posts, origin, scale


def bilinear(value, grid, lat, lon):
    """The reader's interpolation (PacerCore's TerrainTile.elevation): bilinear between the four
    posts around the point, None when a post that weighs in is void or implausible. `value(Y, X)`
    gives a post's height (None when there is no post)."""
    def snapped(v):
        r = round(v)
        return r if abs(v - r) < 1e-9 else v
    fy, fx = snapped(lat * grid.per), snapped(lon * grid.per)
    y0, x0 = math.floor(fy), math.floor(fx)
    ty, tx = fy - y0, fx - x0
    total = 0.0
    # Weights and the order of the sum as the reader's: rows from the north, so the north posts
    # are Y0 + 1 when the point is not on a post row.
    parts = []
    for y, wy in ((y0 + 1, ty), (y0, 1 - ty)):
        for x, wx in ((x0, 1 - tx), (x0 + 1, tx)):
            w = wx * wy
            if w == 0:
                parts.append(0.0)
                continue
            h = value(y, x)
            if h is None or h == VOID or not PLAUSIBLE[0] <= h <= PLAUSIBLE[1]:
                return None
            parts.append(h * w)
    total = (parts[0] + parts[1]) + (parts[2] + parts[3])
    return total


def write_tiles(rng, path, out_dir, arc_seconds=1, corridor_m=200.0, noise_m=0.7, voids=0, checks_every_s=10.0,
                name_case="upper"):
    """Writes the tiles under out_dir; returns the truth's `dem` object."""
    grid = Grid(arc_seconds)
    posts, origin, scale = terrain_posts(path, grid, corridor_m)
    error = DemError(rng, noise_m)
    fill = round(sum(path.alt) / len(path.alt))
    dem = {}
    for (y, x) in sorted(posts):
        north = (grid.lat(y) - origin[0]) * scale[0]
        east = (grid.lon(x) - origin[1]) * scale[1]
        h = posts[(y, x)] + error.smooth(north, east) + error.noise()
        dem[(y, x)] = max(-32767, min(32767, int(round(h))))
    holes = []
    for _ in range(voids):
        i = rng.randrange(len(path))
        radius = rng.uniform(40.0, 120.0)
        holes.append({"lat": round(path.lat[i], 7), "lon": round(path.lon[i], 7), "radius_m": round(radius, 1)})
        cn, ce = (path.lat[i] - origin[0]) * scale[0], (path.lon[i] - origin[1]) * scale[1]
        for (y, x) in dem:
            dn = (grid.lat(y) - origin[0]) * scale[0] - cn
            de = (grid.lon(x) - origin[1]) * scale[1] - ce
            if dn * dn + de * de <= radius * radius:
                dem[(y, x)] = VOID

    corners = set()
    for (y, x) in dem:
        for ty in {(y - 1) // grid.per, y // grid.per} if y % grid.per == 0 else {y // grid.per}:
            for tx in {(x - 1) // grid.per, x // grid.per} if x % grid.per == 0 else {x // grid.per}:
                corners.add((ty, tx))
    os.makedirs(out_dir, exist_ok=True)
    names = []
    side = grid.side
    for ty, tx in sorted(corners):
        heights = array.array("h", [fill]) * (side * side)
        top = (ty + 1) * grid.per
        left = tx * grid.per
        for (y, x), h in dem.items():
            row, col = top - y, x - left
            if 0 <= row < side and 0 <= col < side:
                heights[row * side + col] = h
        if sys.byteorder == "little":
            heights.byteswap()
        name = tile_name(ty, tx)
        name = name.lower() if name_case == "lower" else name
        with open(os.path.join(out_dir, name), "wb") as f:
            heights.tofile(f)
        names.append(name)

    def ground(y, x):
        return posts.get((y, x))

    def written(y, x):
        return dem.get((y, x), fill)

    checks = []
    step = max(1, int(round(checks_every_s / path.dt)))
    for i in range(0, len(path), step):
        lat, lon = path.lat[i], path.lon[i]
        terrain = bilinear(ground, grid, lat, lon)
        model = bilinear(written, grid, lat, lon)
        ambiguous = terrain is None or abs(terrain - path.alt[i]) > 1.0
        checks.append([round(i * path.dt, 1), lat, lon, round(path.alt[i], 3),
                       None if terrain is None else round(terrain, 3), model, ambiguous])
    return {
        "arc_seconds": arc_seconds, "tiles": names, "corridor_m": corridor_m, "fill_m": fill,
        "error": error.describe(), "error_bound_m": round(error.bound_m() + 0.5, 3), "voids": holes,
        "checks_fields": ["t_s", "lat", "lon", "alt_m", "terrain_m", "dem_m", "ambiguous"],
        "checks": checks,
    }
