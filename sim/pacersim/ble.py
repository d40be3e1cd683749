"""GATT payloads as sensors send them, and the BLE notification log line (docs/design.md).

0x2A37 Heart Rate Measurement: flags, rate (uint8, or uint16 above 255), RR intervals in
1/1024 s. 0x2A53 RSC Measurement: flags, speed 1/256 m/s, cadence 1/min, stride length
1/100 m, total distance 1/10 m.
"""
import struct

from .nmea import rfc3339_ms

HEART_RATE = 0x2A37
RSC = 0x2A53

HR_16BIT = 0x01
HR_CONTACT_DETECTED = 0x02
HR_CONTACT_SUPPORTED = 0x04
HR_ENERGY = 0x08
HR_RR = 0x10


def heart_rate_payload(bpm, in_contact, rr_seconds=(), energy_kj=None):
    """Bytes of a 0x2A37 notification; contact supported always, detected if in_contact."""
    flags = HR_CONTACT_SUPPORTED | (HR_CONTACT_DETECTED if in_contact else 0)
    body = b""
    if bpm > 255:
        flags |= HR_16BIT
        body += struct.pack("<H", bpm)
    else:
        body += struct.pack("<B", bpm)
    if energy_kj is not None:
        flags |= HR_ENERGY
        body += struct.pack("<H", min(0xFFFF, energy_kj))
    if rr_seconds:
        flags |= HR_RR
        for rr in rr_seconds:
            body += struct.pack("<H", max(1, min(0xFFFF, int(round(rr * 1024.0)))))
    return bytes([flags]) + body


def rsc_payload(speed_mps, cadence_spm, running, stride_m=None, total_m=None):
    """Bytes of a 0x2A53 notification."""
    flags = 0x04 if running else 0x00
    body = struct.pack("<HB", max(0, min(0xFFFF, int(round(speed_mps * 256.0)))),
                       max(0, min(255, int(cadence_spm))))
    if stride_m is not None:
        flags |= 0x01
        body += struct.pack("<H", max(0, min(0xFFFF, int(round(stride_m * 100.0)))))
    if total_m is not None:
        flags |= 0x02
        body += struct.pack("<I", max(0, min(0xFFFFFFFF, int(round(total_m * 10.0)))))
    return bytes([flags]) + body


def log_line(ms, characteristic, payload):
    """'<RFC 3339 ms> <char hex4> <payload hex>' plus newline."""
    return "%s %04x %s\n" % (rfc3339_ms(ms), characteristic, payload.hex())


def parse_log_line(line):
    """(ms, characteristic, payload bytes) or None for blank/comment lines."""
    from .nmea import parse_rfc3339_ms
    s = line.strip()
    if not s or s.startswith("#"):
        return None
    t, c, p = s.split()
    return parse_rfc3339_ms(t), int(c, 16), bytes.fromhex(p)


def decode_heart_rate(payload):
    """(bpm, contact_detected or None if unsupported, [rr seconds]) of a 0x2A37 payload."""
    flags = payload[0]
    i = 1
    if flags & HR_16BIT:
        bpm = struct.unpack_from("<H", payload, i)[0]
        i += 2
    else:
        bpm = payload[i]
        i += 1
    contact = bool(flags & HR_CONTACT_DETECTED) if flags & HR_CONTACT_SUPPORTED else None
    if flags & HR_ENERGY:
        i += 2
    rr = []
    if flags & HR_RR:
        while i + 1 < len(payload):
            rr.append(struct.unpack_from("<H", payload, i)[0] / 1024.0)
            i += 2
    return bpm, contact, rr
