"""A rider who follows a workout's power targets (issue 44): the plan, the power they hold, and
the truth a session's compliance is checked against.

A plan is `SECONDS:WATTS` or `SECONDS:LOW-HIGH` steps separated by commas (`60:150,120:250-270`).
The rider aims at the middle of each step's range and gets there as a first-order response
(time constant TAU_S: legs and a trainer's flywheel do not jump), with a few per cent of
pedal-stroke noise; after the plan, the ride's own physics takes the power back.
"""
import math

TAU_S = 3.0
NOISE = 0.02
# A single wattage is a range of +-5 %, as Pacer's runner judges it (WorkoutRunner's pointTolerance).
POINT_TOLERANCE = 0.05


def parse(spec):
    """[(seconds, low W, high W)] from `60:150,120:250-270`; ValueError when it is not one."""
    steps = []
    for part in spec.split(","):
        seconds, _, watts = part.strip().partition(":")
        low, _, high = watts.partition("-")
        dur, lo, hi = float(seconds), float(low), float(high or low)
        if not (0 < dur <= 36000 and 0 < lo <= hi <= 2500):
            raise ValueError("bad workout step %r" % part)
        steps.append((dur, lo, hi))
    if not steps:
        raise ValueError("an empty workout")
    return steps


def text(steps, name="Simulated intervals"):
    """The plan in Pacer's own text form, for `pacerctl replay --workout`."""
    def watts(lo, hi):
        return "%dW" % lo if lo == hi else "%d-%dW" % (lo, hi)
    return "name: %s\n%s\n" % (name, "; ".join("%ds %s" % (d, watts(lo, hi)) for d, lo, hi in steps))


def step_at(steps, t):
    """The step index at t seconds from the start, or None after the plan."""
    start = 0.0
    for k, (dur, _, _) in enumerate(steps):
        if t < start + dur:
            return k
        start += dur
    return None


class Rider:
    """The power the rider holds, advanced in steps of dt."""

    def __init__(self, rng, steps):
        self.rng = rng
        self.steps = steps
        self.watts = None

    def power(self, t, dt, physics_w):
        k = step_at(self.steps, t)
        if k is None:
            self.watts = None
            return physics_w
        _, lo, hi = self.steps[k]
        aim = 0.5 * (lo + hi)
        held = physics_w if self.watts is None else self.watts
        held += (aim - held) * (1.0 - math.exp(-dt / TAU_S))
        self.watts = held
        return max(0.0, held * (1.0 + self.rng.gauss(0.0, NOISE)))


def truth(steps, seconds_watts):
    """Per step: start and end (s), seconds in target and the mean of the true power (1 s means)."""
    out, start = [], 0.0
    for k, (dur, lo, hi) in enumerate(steps):
        if lo == hi:
            lo, hi = lo * (1 - POINT_TOLERANCE), hi * (1 + POINT_TOLERANCE)
        first, last = int(round(start)), int(round(start + dur))
        watts = [w for w, _ in seconds_watts[first:last]]
        out.append({"step": k + 1, "start_s": start, "end_s": start + dur, "low_w": lo, "high_w": hi,
                    "in_target_s": sum(1 for w in watts if lo <= w <= hi),
                    "avg_w": round(sum(watts) / len(watts), 1) if watts else None})
        start += dur
    return out
