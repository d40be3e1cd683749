#!/usr/bin/env python3
"""Writes the seed inputs of one fuzz target of InputsFuzzTarget.swift into a directory:
fuzz/seeds.py gatt|journal|extremes|request|reply|config OUTDIR. Seeds come from the project's own real
data: the heart-rate vectors of ../shared/corpus, the journal fixtures, and the request, reply
and config examples of README.md."""
import glob, json, os, re, struct, sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
target, out = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)
seeds = []

def readme():
    return open(os.path.join(root, "README.md")).read()

def json_objects(text, prefix):
    """Every balanced {...} in text that starts with prefix."""
    start = text.find(prefix)
    while start >= 0:
        depth = 0
        for end in range(start, len(text)):
            depth += {"{": 1, "}": -1}.get(text[end], 0)
            if depth == 0:
                yield text[start:end + 1]
                break
        start = text.find(prefix, start + 1)

if target == "gatt":
    # [selector][length][payload]: even selectors pick a characteristic, odd ones are fixes.
    vectors = os.path.join(root, "..", "shared", "corpus", "hrm", "VECTORS.tsv")
    payloads = []
    if os.path.exists(vectors):
        for line in open(vectors).read().splitlines()[1:]:
            try: payloads.append(bytes.fromhex(line.split("\t")[1]))
            except (IndexError, ValueError): pass
    csc = bytes([3]) + struct.pack("<IHHH", 1000, 2048, 500, 1024)
    rsc = bytes([2]) + struct.pack("<HB", 3 * 256, 88) + struct.pack("<I", 12345)
    power = struct.pack("<Hh", 0x30, 250) + struct.pack("<IHHH", 1000, 2048, 500, 1024)
    for selector in range(0, 16, 2):
        seed = b""
        for k, p in enumerate(payloads[:24] + [csc, rsc, power]):
            seed += bytes([selector, len(p)]) + p + bytes([125, 2, k, 100])
        seeds.append(seed)
elif target == "journal":
    for segment in sorted(glob.glob(os.path.join(root, "Tests", "Fixtures", "*", "segment-*.pjl"))):
        data = open(segment, "rb").read()
        seeds.append(b"\x00" + data[16:])   # raw frames after the header the target supplies
elif target == "extremes":
    # Every input is a valid journal: one seed per first choice of each table is enough to start.
    seeds = [bytes([n] * 64) for n in range(16)]
elif target == "request":
    lines = [m for m in json_objects(readme(), '{"cmd"')]
    lines += ['?WATCH={"enable":true,"json":true}', "?POLL;", "?DEVICES;", "?VERSION;"]
    for step in (1, 7, 255):
        seeds.append(bytes([step]) + "\n".join(lines).encode() + b"\n")
    seeds += [bytes([3]) + l.encode() + b"\r\n" for l in lines]
elif target == "reply":
    seeds = [o.encode() for o in json_objects(readme(), '{"class"')]
elif target == "config":
    seeds = [b.encode() for b in re.findall(r"```ini\n(.*?)```", readme(), re.S)]
else:
    sys.exit("unknown target " + target)

for n, seed in enumerate(seeds):
    open(os.path.join(out, "%03d" % n), "wb").write(seed)
print("%d seeds for %s" % (len(seeds), target), file=sys.stderr)
