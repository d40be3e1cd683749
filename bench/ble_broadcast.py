#!/usr/bin/env python3
"""What a BLE central reading pacerd's broadcast characteristic thousands of times a second costs.

    bench/ble_broadcast.py [--pacerd .build/release/pacerd] [--rate 10000] [--seconds 10]

Starts a private dbus-daemon, sim/fakestrap.py (a strap at 1 value/s, and the mock bluetoothd's
central), and pacerd with `[broadcast] heart_rate = yes` recording the strap. It measures CPU
time per thread of pacerd (`pacerd`: the event loop that records; `pacer-bcast`: the GATT
peripheral; `pacer-ble`: the sensor client) and of dbus-daemon, first for --seconds with the
central only subscribed, then while it calls ReadValue --rate times a second. It prints each
as a share of one core, and the peripheral's CPU per read against dbus-daemon's (the named peer:
it routes every call and reply once, so the ratio says what a read costs pacerd relative to the
cheapest thing that must happen for it anyway). Standard library only; Linux (/proc).
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STRAP = '00:22:D0:AA:BB:01'
TICK = os.sysconf('SC_CLK_TCK')


def cpu_seconds(pid):
    """{thread name: user+system CPU seconds} of a process."""
    out = {}
    for tid in os.listdir(f'/proc/{pid}/task'):
        try:
            with open(f'/proc/{pid}/task/{tid}/stat', encoding='utf-8') as f:
                stat = f.read()
        except OSError:
            continue
        name = stat[stat.index('(') + 1:stat.rindex(')')]
        fields = stat[stat.rindex(')') + 2:].split()
        out[name] = out.get(name, 0.0) + (int(fields[11]) + int(fields[12])) / TICK
    return out


def wait(what, condition, timeout=60):
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            sys.exit(f'ble_broadcast: gave up waiting for {what}')
        time.sleep(0.1)


def main():
    parser = argparse.ArgumentParser()
    release = os.path.join(ROOT, '.build/release/pacerd')
    parser.add_argument('--pacerd', default=release if os.path.exists(release) else os.path.join(ROOT, '.build/debug/pacerd'))
    parser.add_argument('--rate', type=float, default=10000)
    parser.add_argument('--seconds', type=float, default=10)
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix='pacer-broadcast-bench-')
    central, control = os.path.join(work, 'central.jsonl'), os.path.join(work, 'control')
    procs = []
    try:
        bus = subprocess.Popen(['dbus-daemon', '--session', '--nofork', '--print-address'],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        procs.append(bus)
        env = dict(os.environ, DBUS_SYSTEM_BUS_ADDRESS=bus.stdout.readline().strip())
        os.mkfifo(control)
        procs.append(subprocess.Popen(['/usr/bin/python3', os.path.join(ROOT, 'sim/fakestrap.py'), '--strap', STRAP, '--rate', '1',
                                       '--control', control, '--log', os.path.join(work, 'strap.log'),
                                       '--central-log', central], env=env))
        config = os.path.join(work, 'pacer.conf')
        with open(config, 'w', encoding='utf-8') as f:
            f.write('[unattended]\nauto_start = contact\nstart_after_s = 2\n[broadcast]\nheart_rate = yes\n')
        daemon = subprocess.Popen([args.pacerd, '--config', config, '--socket', os.path.join(work, 'pacer.sock'),
                                   '--journal', os.path.join(work, 'journal'), '--sensors', 'bluez', '--gps', 'gpsd:127.0.0.1:1'],
                                  env=env, stderr=open(os.path.join(work, 'pacerd.log'), 'w', encoding='utf-8'))
        procs.append(daemon)

        def events(name):
            try:
                with open(central, encoding='utf-8') as f:
                    return [e for e in map(json.loads, f) if e['event'] == name]
            except OSError:
                return []
        wait('notifications to the central', lambda: len([e for e in events('notification') if e['uuid'] == '2a37']) >= 3)

        def measure(hammer):
            before = (cpu_seconds(daemon.pid), cpu_seconds(bus.pid), time.monotonic())
            if hammer:
                with open(control, 'w', encoding='utf-8') as f:
                    f.write(f'hammer 2a37 {args.rate} {args.seconds}\n')
            time.sleep(args.seconds)
            after = (cpu_seconds(daemon.pid), cpu_seconds(bus.pid), time.monotonic())
            wall = after[2] - before[2]
            threads = {k: (after[0][k] - before[0].get(k, 0)) / wall for k in after[0]}
            return threads, (sum(after[1].values()) - sum(before[1].values())) / wall
        quiet, quiet_bus = measure(False)
        busy, busy_bus = measure(True)
        wait("the hammer's report", lambda: events('hammer'), timeout=30)
        report = events('hammer')[0]
        print(f'central: {report["sent"]} ReadValue calls in {args.seconds:g} s ({report["achieved_per_s"]}/s), '
              f'{report["answered"]} answered, {report["errors"]} errors')
        print(f'{"thread":<14} {"quiet":>8} {"hammered":>9}   (share of one core)')
        for name in sorted(set(quiet) | set(busy)):
            print(f'{name:<14} {quiet.get(name, 0):>8.3f} {busy.get(name, 0):>9.3f}')
        print(f'{"dbus-daemon":<14} {quiet_bus:>8.3f} {busy_bus:>9.3f}')
        reads = report['answered'] / args.seconds
        peripheral = busy.get('pacer-bcast', 0) - quiet.get('pacer-bcast', 0)
        router = busy_bus - quiet_bus
        if reads > 0 and router > 0:
            print(f'per read: pacer-bcast {peripheral / reads * 1e6:.1f} us, dbus-daemon {router / reads * 1e6:.1f} us; '
                  f'ratio pacer-bcast/dbus-daemon = {peripheral / router:.2f}')
        print(f'event loop (pacerd thread) hammered/quiet: {busy.get("pacerd", 0):.3f} / {quiet.get("pacerd", 0):.3f} of a core')
    finally:
        for p in reversed(procs):
            if p.poll() is None:
                p.terminate()
                try:
                    p.wait(5)
                except subprocess.TimeoutExpired:
                    p.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == '__main__':
    main()
