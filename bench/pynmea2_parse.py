"""pynmea2 side of bench/parse.sh: parse every sentence of a file (what a Python user would run)."""
import sys

import pynmea2

parsed = errors = 0
with open(sys.argv[1], encoding="ascii", errors="replace") as f:
    for line in f:
        try:
            msg = pynmea2.parse(line.strip(), check=True)
            if isinstance(msg, (pynmea2.types.GGA, pynmea2.types.RMC)):
                msg.latitude, msg.longitude  # decode the position as pacerctl and gpsd do
            parsed += 1
        except pynmea2.ParseError:
            errors += 1
print("pynmea2: %d sentences parsed, %d errors" % (parsed, errors), file=sys.stderr)
