#!/usr/bin/python3
'''Pacer's fake sensors (heart-rate strap, footpod, power meter, speed/cadence) over a mock BlueZ.

The sensors live here (they keep beating while "bluetoothd" restarts); bluetoothd is a
python-dbusmock process running the bluez5 template plus sim/fakestrap_bluez.py, which this
script starts, drives through org.pacer.FakeStrap, and can kill and start again.

    DBUS_SYSTEM_BUS_ADDRESS=unix:path=... sim/fakestrap.py --strap 00:22:D0:AA:BB:01 \
        [--footpod 00:22:D0:AA:BB:02] [--power ADDR] [--csc ADDR] [--ess ADDR] \
        [--trainer ADDR [--trainer-log FILE] [--trainer-refuse] [--trainer-no-erg]] \
        [--play FILE.ble | --rate HZ] [--appear-after S] \
        [--control FIFO] [--log FILE] [--central-log FILE]

Commands, one per line on the control FIFO:
    drop ADDR [SECONDS]   link loss; the sensor refuses to reconnect for SECONDS (default 0)
    contact on|off        the strap reports skin contact lost / back (synthetic series only)
    appear hr|footpod|power|csc|ess ADDR   a sensor is switched on now
    remove ADDR           the sensor is switched off (its Device1 disappears)
    restart [SECONDS]     bluetoothd exits and comes back after SECONDS (default 0.5)
    battery ADDR PCT      the battery level the sensor reports when read
    send ADDR UUID HEX    one raw notification (for malformed values)
    trainer refuse|obey|lose ADDR   the trainer refuses control, grants it, or loses it now (status 0xFF)
    hammer UUID RATE SECONDS   the mock central reads a registered characteristic RATE times a second
    pause | resume        stop / restart the series
    quit
Log lines (time is CLOCK_MONOTONIC seconds): `T ready`, `T sent ADDR UUID HEX`,
`T dropped ADDR`, `T resumed ADDR SECONDS` (first delivery after a drop or restart),
`T restarting`, `T restarted`, `T appeared ADDR`, `T done`.
With --central-log, the mock bluetoothd's central (what it reads and is notified of from an
application registered with its GattManager1, e.g. pacerd's [broadcast]) goes to FILE as JSON lines
(see sim/fakestrap_bluez.py); the file survives `restart`.
'''

import argparse
import datetime
import json
import math
import struct
import os
import select
import signal
import subprocess
import sys
import time

import dbus

HERE = os.path.dirname(os.path.abspath(__file__))
TEMPLATE = os.path.join(HERE, 'fakestrap_bluez.py')
CONTROL = 'org.pacer.FakeStrap'


# kind -> (measurement characteristic, battery %, default name)
KINDS = {'hr': ('2a37', 87, 'Polar H10 5A3B2C1D'), 'footpod': ('2a53', 64, 'Pacer Footpod'),
         'power': ('2a63', 71, 'Pacer Power'), 'csc': ('2a5b', 55, 'Pacer Speed Cadence'),
         'ess': ('2a6d', 90, 'Pacer Barometer'), 'trainer': ('2ad2', 80, 'Pacer Trainer')}
# A played log's measurement characteristic -> the kind of sensor that sends it.
UUID_KIND = {'2a37': 'hr', '2a53': 'footpod', '2a63': 'power', '2a5b': 'csc', '2a6d': 'ess', '2a6e': 'ess'}


class Sensor:
    '''One physical sensor: its series of notifications, and whether it is switched on.'''

    def __init__(self, kind, address, name, acquire):
        self.kind, self.address, self.name, self.acquire = kind, address, name, acquire
        self.present = False
        self.dropped_at = None     # monotonic time of the last drop not yet followed by a delivery
        self.uuid, self.battery, _ = KINDS[kind]
        self.index = 0
        self.contact = True
        self.energy = 0


def synthetic_hr(sensor):
    '''Heart rate 120-160 bpm with RR intervals (0, 1 or 2 per value) and energy every 10th.'''
    i = sensor.index
    bpm = int(140 + 20 * math.sin(i / 15.0))
    rr = int(round(60.0 / bpm * 1024))
    count = (0, 1, 1, 2)[i % 4]
    flags = 0x06 if sensor.contact else 0x04
    payload = [bpm]
    if i % 10 == 0:
        flags |= 0x08
        sensor.energy = (sensor.energy + 1) & 0xFFFF
        payload += [sensor.energy & 0xFF, sensor.energy >> 8]
    if count and sensor.contact:
        flags |= 0x10
        for k in range(count):
            v = rr + k
            payload += [v & 0xFF, v >> 8]
    if i % 50 == 49:
        flags |= 0x01   # now and then a 16-bit rate, as some straps send
        payload = [bpm, 0] + payload[1:]
    return bytes([flags] + payload)


def synthetic_rsc(sensor):
    '''Running at 3.0-3.5 m/s, 170-180 spm, with stride length and total distance.'''
    i = sensor.index
    speed = int((3.25 + 0.25 * math.sin(i / 20.0)) * 256)
    cadence = 175 + (i % 6) - 3
    stride = 110 + (i % 5)
    distance = 10 * i
    flags = 0x07 if i % 3 else 0x04
    payload = [flags, speed & 0xFF, speed >> 8, cadence]
    if flags & 1:
        payload += [stride & 0xFF, stride >> 8, distance & 0xFF, (distance >> 8) & 0xFF,
                    (distance >> 16) & 0xFF, (distance >> 24) & 0xFF]
    return bytes(payload)


def crank(i):
    '''(cumulative crank revolutions, last crank event time 1/1024 s) at 90 rpm after i seconds.'''
    revs = i * 3 // 2
    return revs & 0xFFFF, int(round(revs * 1024 * 2 / 3)) & 0xFFFF


def synthetic_power(sensor):
    '''180-260 W with crank revolutions at 90 rpm; every 4th value also a 50/50 pedal balance.'''
    i = sensor.index
    watts = int(220 + 40 * math.sin(i / 10.0))
    revs, event = crank(i)
    balance = i % 4 == 0
    flags = 0x20 | (0x01 if balance else 0)
    payload = [flags, 0, watts & 0xFF, watts >> 8] + ([100] if balance else [])
    return bytes(payload + [revs & 0xFF, revs >> 8, event & 0xFF, event >> 8])


def synthetic_csc(sensor):
    '''Wheel at 8 m/s on a 2105 mm wheel (3.8 rev/s) and crank at 90 rpm.'''
    i = sensor.index
    wheel = int(i * 8 / 2.105)
    wheel_event = int(round(wheel * 2.105 / 8 * 1024)) & 0xFFFF
    revs, event = crank(i)
    return bytes([0x03, wheel & 0xFF, (wheel >> 8) & 0xFF, (wheel >> 16) & 0xFF, wheel >> 24,
                  wheel_event & 0xFF, wheel_event >> 8, revs & 0xFF, revs >> 8, event & 0xFF, event >> 8])


def synthetic_ess(sensor):
    '''Pressure (0x2A6D, uint32 0.1 Pa) over a 20 m hill every 2 minutes at 400 m (ISA).'''
    i = sensor.index
    altitude = 400.0 + 10.0 * (1 - math.cos(2 * math.pi * i / 120.0))
    pa = 101325.0 * (1.0 - 2.25577e-5 * altitude) ** 5.25588
    return struct.pack('<I', int(round(pa * 10)))


SYNTHETIC = {'hr': synthetic_hr, 'footpod': synthetic_rsc, 'power': synthetic_power, 'csc': synthetic_csc,
             'ess': synthetic_ess}


def parse_ble_log(path):
    '''(seconds from start, uuid, bytes) for each line of a BLE log.'''
    entries, start = [], None
    with open(path, encoding='utf-8') as f:
        for line in f:
            line = line.split('#', 1)[0].strip()
            if not line:
                continue
            fields = line.split()
            stamp = datetime.datetime.fromisoformat(fields[0].replace('Z', '+00:00').replace('z', '+00:00'))
            seconds = stamp.timestamp()
            start = seconds if start is None else start
            entries.append((seconds - start, fields[1].lower(), bytes.fromhex(fields[2] if len(fields) > 2 else '')))
    return entries


class FakeStrap:
    def __init__(self, args):
        self.args = args
        self.bus_address = args.bus or os.environ.get('DBUS_SYSTEM_BUS_ADDRESS')
        if not self.bus_address:
            sys.exit('fakestrap: no bus: pass --bus or set DBUS_SYSTEM_BUS_ADDRESS')
        self.log_file = open(args.log, 'a', buffering=1, encoding='utf-8') if args.log else sys.stdout
        self.sensors = {}
        if args.strap:
            self.sensors[args.strap] = Sensor('hr', args.strap, args.strap_name, not args.no_acquire)
        for kind, address in (('footpod', args.footpod), ('power', args.power), ('csc', args.csc), ('ess', args.ess),
                              ('trainer', args.trainer)):
            if address:
                self.sensors[address] = Sensor(kind, address, KINDS[kind][2], False)
        self.bus = dbus.bus.BusConnection(self.bus_address)
        self.mock = None
        self.restart_at = None
        self.paused = False
        self.started = time.monotonic()
        self.appear_at = self.started + args.appear_after if args.appear_after else None
        self.playback = parse_ble_log(args.play) if args.play else None
        self.play_index = 0
        self.next_tick = self.started

    def log(self, text):
        self.log_file.write(f'{time.monotonic():.3f} {text}\n')
        self.log_file.flush()

    def call(self, method, signature, *args):
        return self.bus.call_blocking('org.bluez', '/', CONTROL, method, signature, list(args), timeout=5)

    def start_bluetoothd(self):
        env = dict(os.environ, DBUS_SYSTEM_BUS_ADDRESS=self.bus_address)
        logs = {name: os.path.abspath(path) for name, path in (('central_log', self.args.central_log),
                                                                 ('trainer_log', self.args.trainer_log)) if path}
        parameters = ['-p', json.dumps(logs)] if logs else []
        self.mock = subprocess.Popen(['/usr/bin/python3', '-m', 'dbusmock', '--system', '--template', TEMPLATE] + parameters,
                                     env=env, stdout=subprocess.DEVNULL,
                                     stderr=None if self.args.verbose else subprocess.DEVNULL)
        deadline = time.monotonic() + 20
        while True:
            try:
                self.call('Ping', '')
                break
            except dbus.exceptions.DBusException as e:
                if time.monotonic() > deadline or self.mock.poll() is not None:
                    sys.exit(f'fakestrap: bluetoothd mock did not start: {e}')
                time.sleep(0.05)
        for sensor in self.sensors.values():
            if sensor.present:
                self.add(sensor)

    def stop_bluetoothd(self):
        if self.mock is not None:
            self.mock.terminate()
            try:
                self.mock.wait(5)
            except subprocess.TimeoutExpired:
                self.mock.kill()
                self.mock.wait()
            self.mock = None

    def add(self, sensor):
        self.call('AddSensor', 'sssb', sensor.address, sensor.name, sensor.kind, sensor.acquire)
        self.call('SetReadValue', 'ssay', sensor.address, '2a19', dbus.Array([sensor.battery], signature='y'))
        if sensor.kind == 'trainer' and self.args.trainer_refuse:
            self.call('TrainerSet', 'ssb', sensor.address, 'refuse', True)
        if sensor.kind == 'trainer' and self.args.trainer_no_erg:
            self.call('TrainerSet', 'ssb', sensor.address, 'noerg', True)
        sensor.present = True

    def notify(self, sensor, uuid, payload):
        if not sensor.present or self.mock is None:
            return
        try:
            delivered = bool(self.call('Notify', 'ssay', sensor.address, uuid, dbus.Array(list(payload), signature='y')))
        except dbus.exceptions.DBusException:
            delivered = False
        if delivered:
            if sensor.dropped_at is not None:
                self.log(f'resumed {sensor.address} {time.monotonic() - sensor.dropped_at:.3f}')
                sensor.dropped_at = None
            self.log(f'sent {sensor.address} {uuid} {payload.hex()}')

    def tick(self, now):
        '''Sends what is due and returns the time of the next thing to do.'''
        if self.playback is not None:
            while self.play_index < len(self.playback):
                offset, uuid, payload = self.playback[self.play_index]
                due = self.started + offset / self.args.speed
                if due > now:
                    return due
                self.play_index += 1
                kind = UUID_KIND.get(uuid, 'hr')
                for sensor in self.sensors.values():
                    if sensor.kind == kind:
                        if uuid == '2a19' and payload:
                            sensor.battery = payload[0]
                            if sensor.present and self.mock is not None:
                                self.call('SetReadValue', 'ssay', sensor.address, uuid,
                                          dbus.Array(list(payload), signature='y'))
                        else:
                            self.notify(sensor, uuid, payload)
            if self.play_index == len(self.playback):
                self.play_index += 1
                self.log('done')
            return now + 3600
        if now >= self.next_tick:
            self.next_tick = max(self.next_tick + 1.0 / self.args.rate, now)
            for sensor in self.sensors.values():
                # The trainer sends its own Indoor Bike Data (sim/fake_trainer.py): it knows its target.
                if sensor.kind == 'trainer' or (self.args.count and sensor.index >= self.args.count):
                    continue
                payload = SYNTHETIC[sensor.kind](sensor)
                sensor.index += 1
                self.notify(sensor, sensor.uuid, payload)
            if self.args.count and all(s.index >= self.args.count for s in self.sensors.values()):
                self.log('done')
                self.next_tick = now + 3600
        return self.next_tick

    def command(self, line):
        words = line.split()
        if not words:
            return True
        verb, rest = words[0], words[1:]
        try:
            if verb == 'quit':
                return False
            if verb == 'drop':
                sensor = self.sensors[rest[0]]
                seconds = float(rest[1]) if len(rest) > 1 else 0.0
                self.call('DropLink', 'sb', sensor.address, seconds <= 0)
                sensor.dropped_at = time.monotonic()
                if seconds > 0:
                    sensor.reconnectable_at = time.monotonic() + seconds
                self.log(f'dropped {sensor.address}')
            elif verb == 'trainer':
                # trainer refuse|obey|lose ADDR
                self.call('TrainerSet', 'ssb', rest[1], 'lose' if rest[0] == 'lose' else 'refuse', rest[0] != 'obey')
                self.log(f'trainer {rest[0]} {rest[1]}')
            elif verb == 'contact':
                for sensor in self.sensors.values():
                    if sensor.kind == 'hr':
                        sensor.contact = rest[0] == 'on'
            elif verb == 'appear':
                kind, address = rest[0], rest[1]
                sensor = self.sensors.get(address) or Sensor(kind, address, self.args.strap_name if kind == 'hr' else KINDS[kind][2],
                                                           kind == 'hr' and not self.args.no_acquire)
                self.sensors[address] = sensor
                self.add(sensor)
                self.log(f'appeared {address}')
            elif verb == 'remove':
                self.call('RemoveSensor', 's', rest[0])
                self.sensors[rest[0]].present = False
                self.sensors[rest[0]].dropped_at = time.monotonic()
            elif verb == 'restart':
                self.log('restarting')
                self.stop_bluetoothd()
                for sensor in self.sensors.values():
                    if sensor.present:
                        sensor.dropped_at = time.monotonic()
                self.restart_at = time.monotonic() + (float(rest[0]) if rest else 0.5)
            elif verb == 'battery':
                sensor = self.sensors[rest[0]]
                sensor.battery = int(rest[1])
                self.call('SetReadValue', 'ssay', sensor.address, '2a19', dbus.Array([sensor.battery], signature='y'))
            elif verb == 'send':
                self.notify(self.sensors[rest[0]], rest[1].lower(), bytes.fromhex(rest[2] if len(rest) > 2 else ''))
            elif verb == 'hammer':
                if not self.call('Hammer', 'sdd', rest[0].lower(), float(rest[1]), float(rest[2])):
                    self.log(f'error hammer: no registered characteristic {rest[0]}')
                else:
                    self.log(f'hammering {rest[0]}')
            elif verb == 'pause':
                self.paused = True
            elif verb == 'resume':
                self.paused = False
            else:
                self.log(f'error unknown command {verb}')
        except (IndexError, KeyError, ValueError, dbus.exceptions.DBusException) as e:
            self.log(f'error {line.strip()}: {e}')
        return True

    def run(self):
        fifo = None
        if self.args.control:
            if not os.path.exists(self.args.control):
                os.mkfifo(self.args.control)
            fifo = os.open(self.args.control, os.O_RDWR | os.O_NONBLOCK)
        for sensor in self.sensors.values():
            sensor.present = self.appear_at is None or sensor.kind != 'hr'
        self.start_bluetoothd()
        self.log('ready')
        pending = b''
        running = True
        while running:
            now = time.monotonic()
            for sensor in self.sensors.values():
                at = getattr(sensor, 'reconnectable_at', None)
                if at is not None and now >= at and self.mock is not None:
                    sensor.reconnectable_at = None
                    self.call('SetConnectable', 'sb', sensor.address, True)
            if self.appear_at is not None and now >= self.appear_at:
                self.appear_at = None
                for sensor in self.sensors.values():
                    if not sensor.present:
                        self.add(sensor)
                        self.log(f'appeared {sensor.address}')
            if self.restart_at is not None and now >= self.restart_at:
                self.restart_at = None
                self.start_bluetoothd()
                self.log('restarted')
            wake = now + 3600 if self.paused else self.tick(now)
            for t in (self.appear_at, self.restart_at):
                if t is not None:
                    wake = min(wake, t)
            timeout = max(0.0, min(wake - time.monotonic(), 0.1))
            readable, _, _ = select.select([fifo] if fifo is not None else [], [], [], timeout)
            if readable:
                pending += os.read(fifo, 4096)
                while b'\n' in pending:
                    line, pending = pending.split(b'\n', 1)
                    if not self.command(line.decode('utf-8', 'replace')):
                        running = False
                        break
        self.stop_bluetoothd()


def main():
    parser = argparse.ArgumentParser(description='fake BLE heart-rate strap and footpod over a mock BlueZ')
    parser.add_argument('--bus', help='D-Bus address (default: $DBUS_SYSTEM_BUS_ADDRESS)')
    parser.add_argument('--strap', metavar='ADDR', help='heart-rate strap address')
    parser.add_argument('--strap-name', default='Polar H10 5A3B2C1D')
    parser.add_argument('--footpod', metavar='ADDR', help='RSC footpod address')
    parser.add_argument('--power', metavar='ADDR', help='cycling power meter address (0x1818/0x2A63)')
    parser.add_argument('--csc', metavar='ADDR', help='cycling speed/cadence sensor address (0x1816/0x2A5B)')
    parser.add_argument('--ess', metavar='ADDR',
                        help='BLE Environmental Sensing barometer address (0x181A/0x2A6D pressure, 0x2A6E temperature)')
    parser.add_argument('--trainer', metavar='ADDR', help='smart trainer address (FTMS 0x1826, sim/fake_trainer.py)')
    parser.add_argument('--trainer-log', metavar='FILE', help="the trainer's control point writes, JSON lines")
    parser.add_argument('--trainer-refuse', action='store_true', help='the trainer refuses control (result 0x05)')
    parser.add_argument('--trainer-no-erg', action='store_true',
                        help='the trainer only simulates: Set Target Power is answered "not supported" (0x02)')
    parser.add_argument('--no-acquire', action='store_true', help='the strap offers StartNotify only, no AcquireNotify')
    parser.add_argument('--play', metavar='FILE',
                        help='play a BLE log (2a37 to the strap, 2a53 to the footpod, 2a63 to the power meter, 2a5b to the CSC, '
                             '2a6d/2a6e to the barometer)')
    parser.add_argument('--speed', type=float, default=1.0, help='playback speed factor')
    parser.add_argument('--rate', type=float, default=1.0, help='synthetic notifications per second')
    parser.add_argument('--count', type=int, default=0, help='stop the synthetic series after N values per sensor')
    parser.add_argument('--appear-after', type=float, default=0.0, help='the strap is switched on after S seconds')
    parser.add_argument('--control', metavar='FIFO', help='command FIFO (created if missing)')
    parser.add_argument('--log', metavar='FILE', help='event log (default: stdout)')
    parser.add_argument('--central-log', metavar='FILE', help="the mock central's JSON lines (registrations, reads, notifications)")
    parser.add_argument('--verbose', action='store_true', help="show the mock's stderr")
    args = parser.parse_args()
    strap = FakeStrap(args)
    signal.signal(signal.SIGTERM, lambda *_: (strap.stop_bluetoothd(), sys.exit(0)))
    try:
        strap.run()
    finally:
        strap.stop_bluetoothd()


if __name__ == '__main__':
    main()
