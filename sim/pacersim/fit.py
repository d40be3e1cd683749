"""A small FIT reader (Garmin Flexible and Interoperable Data Transfer), stdlib only.

Reads definition and data messages (normal and compressed-timestamp headers, either
byte order, developer fields skipped) and decodes the fields of record (20), lap (19),
session (18), event (21), hrv (78) and file_id (0) that an activity replay needs.
"""
import struct

FIT_EPOCH = 631065600  # 1989-12-31T00:00:00Z in Unix seconds

# base type number -> (struct code, invalid value)
BASE_TYPES = {
    0x00: ("B", 0xFF), 0x01: ("b", 0x7F), 0x02: ("B", 0xFF), 0x03: ("h", 0x7FFF),
    0x04: ("H", 0xFFFF), 0x05: ("i", 0x7FFFFFFF), 0x06: ("I", 0xFFFFFFFF), 0x07: ("s", None),
    0x08: ("f", None), 0x09: ("d", None), 0x0A: ("B", 0x00), 0x0B: ("H", 0x0000),
    0x0C: ("I", 0x00000000), 0x0D: ("B", 0xFF), 0x0E: ("q", 0x7FFFFFFFFFFFFFFF),
    0x0F: ("Q", 0xFFFFFFFFFFFFFFFF), 0x10: ("Q", 0),
}

# global message -> {field number: (name, scale, offset)}
PROFILE = {
    0: {0: ("type", 1, 0), 1: ("manufacturer", 1, 0), 2: ("product", 1, 0), 4: ("time_created", 1, 0)},
    18: {253: ("timestamp", 1, 0), 2: ("start_time", 1, 0), 5: ("sport", 1, 0), 6: ("sub_sport", 1, 0),
         7: ("total_elapsed_time", 1000, 0), 8: ("total_timer_time", 1000, 0),
         9: ("total_distance", 100, 0), 11: ("total_calories", 1, 0), 14: ("avg_speed", 1000, 0),
         15: ("max_speed", 1000, 0), 16: ("avg_heart_rate", 1, 0), 17: ("max_heart_rate", 1, 0),
         18: ("avg_cadence", 1, 0), 19: ("max_cadence", 1, 0), 22: ("total_ascent", 1, 0),
         23: ("total_descent", 1, 0), 124: ("enhanced_avg_speed", 1000, 0),
         125: ("enhanced_max_speed", 1000, 0)},
    19: {253: ("timestamp", 1, 0), 2: ("start_time", 1, 0), 7: ("total_elapsed_time", 1000, 0),
         8: ("total_timer_time", 1000, 0), 9: ("total_distance", 100, 0), 11: ("total_calories", 1, 0),
         13: ("avg_speed", 1000, 0), 14: ("max_speed", 1000, 0), 15: ("avg_heart_rate", 1, 0),
         16: ("max_heart_rate", 1, 0), 17: ("avg_cadence", 1, 0), 21: ("total_ascent", 1, 0),
         22: ("total_descent", 1, 0)},
    20: {253: ("timestamp", 1, 0), 0: ("position_lat", 1, 0), 1: ("position_long", 1, 0),
         2: ("altitude", 5, 500), 3: ("heart_rate", 1, 0), 4: ("cadence", 1, 0),
         5: ("distance", 100, 0), 6: ("speed", 1000, 0), 7: ("power", 1, 0),
         13: ("temperature", 1, 0), 53: ("fractional_cadence", 128, 0),
         73: ("enhanced_speed", 1000, 0), 78: ("enhanced_altitude", 5, 500)},
    21: {253: ("timestamp", 1, 0), 0: ("event", 1, 0), 1: ("event_type", 1, 0), 4: ("event_group", 1, 0)},
    78: {0: ("time", 1000, 0)},
}

MESSAGE_NAMES = {0: "file_id", 18: "session", 19: "lap", 20: "record", 21: "event", 78: "hrv"}


class FITError(ValueError):
    """A file that is not FIT, or is truncated or inconsistent, with the reason."""


def _crc(data):
    table = (0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401,
             0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400)
    crc = 0
    for b in data:
        tmp = table[crc & 0xF]
        crc = (crc >> 4) & 0x0FFF
        crc = crc ^ tmp ^ table[b & 0xF]
        tmp = table[crc & 0xF]
        crc = (crc >> 4) & 0x0FFF
        crc = crc ^ tmp ^ table[(b >> 4) & 0xF]
    return crc


def _value(raw, base, size):
    code, invalid = BASE_TYPES.get(base & 0x1F, ("B", None))
    if code == "s":
        text = raw.split(b"\x00", 1)[0]
        return text.decode("utf-8", "replace") if text else None
    return code, invalid


class FITFile:
    """Messages of a FIT file: `messages` is a list of (name or global number, {field: value})."""

    def __init__(self, data):
        self.messages = []
        self.crc_ok = None
        self._raw_ts = None
        try:
            self._parse(data)
        except (struct.error, IndexError) as e:
            raise FITError("truncated or corrupt FIT data (%s)" % e) from None

    def of(self, name):
        return [m for n, m in self.messages if n == name]

    def _parse(self, data):
        if len(data) < 12:
            raise FITError("too short for a FIT header")
        header_size = data[0]
        if header_size not in (12, 14) or data[8:12] != b".FIT":
            raise FITError("not a FIT file")
        data_size = struct.unpack_from("<I", data, 4)[0]
        end = header_size + data_size
        if end + 2 <= len(data):
            self.crc_ok = _crc(data[:end]) == struct.unpack_from("<H", data, end)[0]
        end = min(end, len(data))
        defs = {}
        last_ts = None
        pos = header_size
        while pos < end:
            h = data[pos]
            pos += 1
            if h & 0x80:  # compressed timestamp header
                local = (h >> 5) & 0x03
                offset = h & 0x1F
                if last_ts is None:
                    raise FITError("compressed timestamp before any timestamp")
                ts = (last_ts & ~0x1F) + offset
                if offset < (last_ts & 0x1F):
                    ts += 0x20
                last_ts = ts
                pos = self._data(data, pos, defs, local, ts)
                continue
            local = h & 0x0F
            if h & 0x40:  # definition message
                arch = data[pos + 1]
                endian = ">" if arch == 1 else "<"
                glob = struct.unpack_from(endian + "H", data, pos + 2)[0]
                nfields = data[pos + 4]
                pos += 5
                fields = []
                for _ in range(nfields):
                    fields.append((data[pos], data[pos + 1], data[pos + 2]))
                    pos += 3
                dev_size = 0
                if h & 0x20:
                    ndev = data[pos]
                    pos += 1
                    for _ in range(ndev):
                        dev_size += data[pos + 1]
                        pos += 3
                defs[local] = (endian, glob, fields, dev_size)
            else:
                pos = self._data(data, pos, defs, local, None)
                if self._raw_ts is not None:
                    last_ts = self._raw_ts

    def _data(self, data, pos, defs, local, compressed_ts):
        if local not in defs:
            raise FITError("data message for undefined local type %d at byte %d" % (local, pos))
        endian, glob, fields, dev_size = defs[local]
        prof = PROFILE.get(glob, {})
        self._raw_ts = None
        msg = {}
        for num, size, base in fields:
            raw = data[pos:pos + size]
            pos += size
            spec = _value(raw, base, size)
            if not isinstance(spec, tuple):
                val = spec
            else:
                code, invalid = spec
                n = size // struct.calcsize(code)
                if n == 0:
                    continue
                vals = struct.unpack(endian + code * n, raw[:n * struct.calcsize(code)])
                vals = [v for v in vals if invalid is None or v != invalid]
                if not vals:
                    continue
                val = vals[0] if n == 1 else vals
            if num == 253 and isinstance(val, int):
                self._raw_ts = val
            if num in prof:
                name, scale, offset = prof[num]
                if isinstance(val, list):
                    val = [v / scale - offset for v in val] if (scale != 1 or offset) else val
                elif scale != 1 or offset:
                    val = val / scale - offset
                msg[name] = val
            else:
                msg[num] = val
        pos += dev_size
        if compressed_ts is not None:
            msg["timestamp"] = compressed_ts
        self.messages.append((MESSAGE_NAMES.get(glob, glob), msg))
        return pos


def read(path):
    with open(path, "rb") as f:
        return FITFile(f.read())


def semicircles_to_deg(v):
    return v * (180.0 / 2 ** 31)
