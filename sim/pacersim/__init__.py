"""Pacer's simulator: synthetic scenarios with ground truth, and real-activity conversion."""
