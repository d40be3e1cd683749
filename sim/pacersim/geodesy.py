"""WGS84 geodesy for the simulator: small steps on the ellipsoid and exact distances.

Paths are integrated on the ellipsoid itself (meridional and prime-vertical radii), so
the arc length we integrate is the true ellipsoidal distance, not a sphere's.
"""
import math

A = 6378137.0
F = 1.0 / 298.257223563
B = A * (1.0 - F)
E2 = F * (2.0 - F)


def radii(lat_rad):
    """(M, N): meridional and prime-vertical radii of curvature at a latitude."""
    s = math.sin(lat_rad)
    w2 = 1.0 - E2 * s * s
    w = math.sqrt(w2)
    return A * (1.0 - E2) / (w2 * w), A / w


def offset(lat_deg, lon_deg, east_m, north_m):
    """A point east_m/north_m metres away from (lat, lon), for small offsets."""
    lat = math.radians(lat_deg)
    m, n = radii(lat)
    lat2 = lat_deg + math.degrees(north_m / m)
    m2, n2 = radii(math.radians((lat_deg + lat2) / 2.0))
    lat2 = lat_deg + math.degrees(north_m / m2)
    lon2 = lon_deg + math.degrees(east_m / (n2 * math.cos(math.radians((lat_deg + lat2) / 2.0))))
    return lat2, lon2


def vincenty(lat1, lon1, lat2, lon2):
    """Ellipsoidal distance in metres between two points (Vincenty's inverse formula).

    Falls back to a spherical estimate for nearly antipodal points (never met here).
    """
    if lat1 == lat2 and lon1 == lon2:
        return 0.0
    L = math.radians(lon2 - lon1)
    U1 = math.atan((1 - F) * math.tan(math.radians(lat1)))
    U2 = math.atan((1 - F) * math.tan(math.radians(lat2)))
    sinU1, cosU1 = math.sin(U1), math.cos(U1)
    sinU2, cosU2 = math.sin(U2), math.cos(U2)
    lam = L
    for _ in range(200):
        sinLam, cosLam = math.sin(lam), math.cos(lam)
        sinSigma = math.sqrt((cosU2 * sinLam) ** 2 + (cosU1 * sinU2 - sinU1 * cosU2 * cosLam) ** 2)
        if sinSigma == 0.0:
            return 0.0
        cosSigma = sinU1 * sinU2 + cosU1 * cosU2 * cosLam
        sigma = math.atan2(sinSigma, cosSigma)
        sinAlpha = cosU1 * cosU2 * sinLam / sinSigma
        cos2Alpha = 1.0 - sinAlpha * sinAlpha
        cos2SigmaM = cosSigma - 2.0 * sinU1 * sinU2 / cos2Alpha if cos2Alpha != 0.0 else 0.0
        C = F / 16.0 * cos2Alpha * (4.0 + F * (4.0 - 3.0 * cos2Alpha))
        lamPrev = lam
        lam = L + (1 - C) * F * sinAlpha * (
            sigma + C * sinSigma * (cos2SigmaM + C * cosSigma * (-1.0 + 2.0 * cos2SigmaM ** 2)))
        if abs(lam - lamPrev) < 1e-12:
            break
    u2 = cos2Alpha * (A * A - B * B) / (B * B)
    Acoef = 1 + u2 / 16384.0 * (4096 + u2 * (-768 + u2 * (320 - 175 * u2)))
    Bcoef = u2 / 1024.0 * (256 + u2 * (-128 + u2 * (74 - 47 * u2)))
    dSigma = Bcoef * sinSigma * (cos2SigmaM + Bcoef / 4.0 * (
        cosSigma * (-1 + 2 * cos2SigmaM ** 2)
        - Bcoef / 6.0 * cos2SigmaM * (-3 + 4 * sinSigma ** 2) * (-3 + 4 * cos2SigmaM ** 2)))
    return B * Acoef * (sigma - dSigma)


def bearing(lat1, lon1, lat2, lon2):
    """Initial bearing in degrees [0, 360) from point 1 to point 2 (spherical; for course)."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dl = math.radians(lon2 - lon1)
    y = math.sin(dl) * math.cos(p2)
    x = math.cos(p1) * math.sin(p2) - math.sin(p1) * math.cos(p2) * math.cos(dl)
    return math.degrees(math.atan2(y, x)) % 360.0


def haversine(lat1, lon1, lat2, lon2, r=6371008.8):
    """Great-circle distance on a sphere: the naive baseline, for comparison only."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * r * math.asin(min(1.0, math.sqrt(h)))
