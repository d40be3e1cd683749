"""Self-checks of the simulator's workout rider (pacersim/workout.py): python3 -m unittest sim/test_workout.py"""
import json
import os
import random
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pacersim import workout  # noqa: E402


class WorkoutRiderTests(unittest.TestCase):
    def test_the_plan_reads_and_refuses(self):
        self.assertEqual(workout.parse("60:150, 120:250-270"), [(60.0, 150.0, 150.0), (120.0, 250.0, 270.0)])
        for bad in ("", "60", "60:0", "0:150", "60:300-200", "60:3000", "x:1"):
            self.assertRaises(ValueError, workout.parse, bad)
        self.assertEqual(workout.text([(60, 150, 150), (120, 250, 270)]), "name: Simulated intervals\n60s 150W; 120s 250-270W\n")

    def test_the_rider_settles_on_each_step_with_a_lag(self):
        rider = workout.Rider(random.Random(1), workout.parse("60:150,60:250"))
        watts = [rider.power(t * 0.1, 0.1, 100.0) for t in range(1300)]
        self.assertLess(abs(sum(watts[300:600]) / 300 - 150), 3)
        self.assertLess(watts[601], 160, "a step is not a jump")
        self.assertLess(abs(sum(watts[900:1200]) / 300 - 250), 4)
        self.assertEqual(watts[1250], 100.0, "after the plan, the ride's own power")

    def test_a_scenario_writes_the_plan_and_its_truth(self):
        with tempfile.TemporaryDirectory() as d:
            here = os.path.dirname(os.path.abspath(__file__))
            subprocess.run([sys.executable, os.path.join(here, "scenario.py"), "rolling-ride", "--seed", "2", "--out", d,
                            "--quiet", "--workout", "60:150,60:250-270"], check=True)
            with open(os.path.join(d, "rolling-ride.truth.json")) as f:
                steps = json.load(f)["workout"]["steps"]
            self.assertEqual([s["start_s"] for s in steps], [0.0, 60.0])
            self.assertTrue(all(45 <= s["in_target_s"] <= 60 for s in steps), steps)
            self.assertTrue(os.path.exists(os.path.join(d, "rolling-ride.workout.txt")))


if __name__ == "__main__":
    unittest.main()
