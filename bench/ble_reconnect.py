#!/usr/bin/env python3
"""Reconnection times of `pacerctl ble-record` over repeated drops of the fake strap.

    bench/ble_reconnect.py [--pacerctl .build/debug/pacerctl] [--drops 10] [--restarts 3]

Starts a private dbus-daemon, sim/fakestrap.py (strap with AcquireNotify, footpod with
StartNotify, 10 values/s each) and pacerctl ble-record on it, then drops the strap's link
--drops times (every third one out of range for 2 s, so Connect is refused meanwhile), drops the
footpod as often, and restarts "bluetoothd" --restarts times (0.5 s away). For each event it
prints the time from the drop to the first value delivered again, as measured by the strap
(CLOCK_MONOTONIC, drop to first successful notification) and by pacerctl itself (its
reconnections summary), and how that compares with the client's first backoff step (0.25 s),
the floor any reconnection policy with that delay has. Standard library only.
"""
import argparse
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STRAP, FOOTPOD = '00:22:D0:AA:BB:01', '00:22:D0:AA:BB:02'
BACKOFF_FLOOR = 0.25


def wait(what, condition, timeout=30):
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            sys.exit(f'ble_reconnect: gave up waiting for {what}')
        time.sleep(0.05)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--pacerctl', default=os.path.join(ROOT, '.build/debug/pacerctl'))
    parser.add_argument('--drops', type=int, default=10)
    parser.add_argument('--restarts', type=int, default=3)
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix='pacer-ble-bench-')
    log, control = os.path.join(work, 'strap.log'), os.path.join(work, 'control')
    procs = []
    try:
        daemon = subprocess.Popen(['dbus-daemon', '--session', '--nofork', '--print-address'],
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        procs.append(daemon)
        address = daemon.stdout.readline().strip()
        env = dict(os.environ, DBUS_SYSTEM_BUS_ADDRESS=address)
        procs.append(subprocess.Popen(['/usr/bin/python3', os.path.join(ROOT, 'sim/fakestrap.py'), '--strap', STRAP,
                                       '--footpod', FOOTPOD, '--rate', '10', '--control', control, '--log', log], env=env))

        def lines():
            try:
                with open(log, encoding='utf-8') as f:
                    return f.read().splitlines()
            except FileNotFoundError:
                return []

        def resumed(addr):
            return [float(l.split()[3]) for l in lines() if l.split()[1:3] == ['resumed', addr]]

        def command(text):
            with open(control, 'w', encoding='utf-8') as f:
                f.write(text + '\n')

        wait('the fake strap', lambda: any(l.endswith(' ready') for l in lines()))
        err_path = os.path.join(work, 'pacerctl.err')
        with open(os.path.join(work, 'pacerctl.out'), 'w') as out, open(err_path, 'w') as err:
            recorder = subprocess.Popen([args.pacerctl, 'ble-record'], env=env, stdout=out, stderr=err)
        procs.insert(0, recorder)
        wait('both sensors to stream', lambda: sum(' sent ' in l for l in lines()) > 20)

        events = []
        for i in range(args.drops):
            for addr in (STRAP, FOOTPOD):
                outage = 2 if i % 3 == 2 else 0
                before = len(resumed(addr))
                command(f'drop {addr} {outage}' if outage else f'drop {addr}')
                wait(f'drop {i} of {addr} to recover', lambda: len(resumed(addr)) > before)
                events.append((('strap' if addr == STRAP else 'footpod') + (' out of range 2 s' if outage else ' link blink'),
                               resumed(addr)[-1]))
                time.sleep(0.5)
        for i in range(args.restarts):
            before = (len(resumed(STRAP)), len(resumed(FOOTPOD)))
            command('restart 0.5')
            wait('bluetoothd restart', lambda: len(resumed(STRAP)) > before[0] and len(resumed(FOOTPOD)) > before[1])
            events.append(('bluetoothd restart 0.5 s (strap)', resumed(STRAP)[-1]))
            events.append(('bluetoothd restart 0.5 s (footpod)', resumed(FOOTPOD)[-1]))
            time.sleep(0.5)
        recorder.send_signal(signal.SIGINT)
        recorder.wait(10)
        with open(err_path, encoding='utf-8') as f:
            summary = [l for l in f.read().splitlines() if 'reconnections:' in l]

        print(f'{"event":36} {"drop -> data (s)":>17} {"x floor":>8}')
        by_kind = {}
        for kind, seconds in events:
            by_kind.setdefault(kind, []).append(seconds)
            print(f'{kind:36} {seconds:17.3f} {seconds / BACKOFF_FLOOR:8.1f}')
        print()
        print(f'{"event kind":36} {"n":>3} {"min":>7} {"median":>7} {"max":>7}')
        for kind, values in by_kind.items():
            print(f'{kind:36} {len(values):3d} {min(values):7.3f} {statistics.median(values):7.3f} {max(values):7.3f}')
        print('\npacerctl ble-record\'s own view (drop noticed -> first value):')
        for line in summary:
            print('  ' + re.sub(r'^pacerctl ble-record: ', '', line))
    finally:
        for p in procs:
            if p.poll() is None:
                if p is procs[0] or p.args[0] == '/usr/bin/python3':
                    try:
                        command('quit')
                    except OSError:
                        pass
                p.terminate()
                try:
                    p.wait(5)
                except subprocess.TimeoutExpired:
                    p.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == '__main__':
    main()
