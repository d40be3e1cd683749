"""Times decoders over one NMEA file, several runs each, in the same run: wall time (best and
median), CPU time (user+sys of the child), MB/s on the best wall time, and ratios to gpsdecode.
Usage: parse_bench.py RUNS FILE NAME=COMMAND... (COMMAND gets FILE appended, or {} replaced)"""
import os, resource, shlex, statistics, subprocess, sys, time


def run(cmd, path):
    argv = [a.replace("{}", path) for a in shlex.split(cmd)] if "{}" in cmd else shlex.split(cmd) + [path]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main():
    runs, path, specs = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
    mb = os.path.getsize(path) / 1e6
    results = {}
    for spec in specs:
        name, cmd = spec.split("=", 1)
        samples = [run(cmd, path) for _ in range(runs)]
        walls = [w for w, _ in samples]
        cpus = [c for _, c in samples]
        results[name] = (min(walls), statistics.median(walls), min(cpus))
    print("input %s: %.1f MB, %d runs each" % (os.path.basename(path), mb, runs))
    print("%-12s %10s %10s %10s %10s %10s" % ("decoder", "best s", "median s", "cpu s", "MB/s", "MB/s cpu"))
    for name, (best, median, cpu) in results.items():
        print("%-12s %10.3f %10.3f %10.3f %10.1f %10.1f" % (name, best, median, cpu, mb / best, mb / max(cpu, 1e-9)))
    if "gpsdecode" in results and "pacerctl" in results:
        g, p = results["gpsdecode"], results["pacerctl"]
        print("pacerctl vs gpsdecode: %.1fx faster (best wall), %.1fx (median wall), %.1fx (cpu); target >= 10x, goal 20x"
              % (g[0] / p[0], g[1] / p[1], g[2] / max(p[2], 1e-9)))
    if "pynmea2" in results and "pacerctl" in results:
        y, p = results["pynmea2"], results["pacerctl"]
        print("pacerctl vs pynmea2:   %.1fx faster (best wall), %.1fx (cpu)" % (y[0] / p[0], y[2] / max(p[2], 1e-9)))


if __name__ == "__main__":
    main()
