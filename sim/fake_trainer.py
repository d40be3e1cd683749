'''A fake smart trainer (BLE Fitness Machine Service 0x1826) for the mock bluetoothd.

Loaded by sim/fakestrap_bluez.py, which owns the D-Bus objects; this module is the trainer's
behaviour. It answers every control point (0x2AD9) write with a Response Code indication
(0x80, op code, result), obeys ERG targets (Set Target Power: the power follows the target with a
first-order response, time constant TAU_S), takes simulation parameters (the power then follows the
grade), and notifies Indoor Bike Data (0x2AD2: speed, cadence, power) once a second. It can be told
to refuse control (result 0x05), to lose it (status 0xFF), or to hold no power (Set Target Power
answered 0x02, a trainer that only simulates); like a real trainer it forgets its controller when
the link drops. It appends every write it received
to the template parameter trainer_log, one JSON line each: {"t", "event": "write", "hex", "op",
"params", "result"} (op and result as 0xNN, params in hex).
'''

import json
import math
import struct
import time

TAU_S = 2.0
# Power range 0..2000 W in steps of 1 W; features: cadence, power measurement; power target and
# indoor bike simulation target settings.
READ_VALUES = {'2ad8': [0x00, 0x00, 0xD0, 0x07, 0x01, 0x00],
               '2acc': [0x02, 0x40, 0x00, 0x00, 0x08, 0x20, 0x00, 0x00]}
LOG = {'path': None}
FREE_RIDE_W = 120.0


class Trainer:
    def __init__(self, address):
        self.address = address
        self.control = False
        self.refuse = False
        self.erg = True             # False: Set Target Power is "not supported"
        self.started = False
        self.target = None          # ERG target W, or None
        self.grade = 0.0            # % from simulation parameters
        self.power = 0.0
        self.last = time.monotonic()
        self.next_data = self.last


def log(trainer, event, **fields):
    if LOG['path']:
        with open(LOG['path'], 'a', encoding='utf-8') as f:
            f.write(json.dumps(dict(t=round(time.monotonic(), 3), event=event, address=trainer.address, **fields)) + '\n')


def control_point(trainer, value):
    '''The Response Code for one write, after acting on it.'''
    op = value[0] if value else 0xFF
    params = bytes(value[1:])
    result = 0x01
    if op == 0x00:
        result = 0x05 if trainer.refuse else 0x01
        trainer.control = not trainer.refuse
    elif not trainer.control and op in (0x05, 0x07, 0x11):
        result = 0x05
    elif op == 0x07:
        trainer.started = True
    elif op == 0x05 and not trainer.erg:
        result = 0x02
    elif op == 0x05 and len(params) == 2:
        watts = struct.unpack('<h', params)[0]
        if 0 <= watts <= 2000:
            trainer.target = float(watts)
        else:
            result = 0x03
    elif op == 0x11 and len(params) == 6:
        _wind, grade, _crr, _cw = struct.unpack('<hhBB', params)
        trainer.target = None
        trainer.grade = grade / 100.0
    else:
        result = 0x02
    log(trainer, 'write', hex=bytes(value).hex(), op=f'0x{op:02x}', params=params.hex(), result=f'0x{result:02x}')
    return [0x80, op, result]


def link_lost(trainer):
    '''The link dropped: control and any ERG target go with it; the flywheel free-rides.'''
    trainer.control = False
    trainer.target = None
    log(trainer, 'link_lost')


def step(trainer, sensor, deliver):
    '''Every 250 ms: the power moves towards its target; once a second, Indoor Bike Data. False
    (stop the timer) once the trainer is removed.'''
    if sensor is None or sensor.get('trainer') is not trainer:
        return False
    now = time.monotonic()
    dt, trainer.last = now - trainer.last, now
    goal = trainer.target if trainer.target is not None else FREE_RIDE_W * (1 + trainer.grade / 5.0)
    trainer.power += (max(0.0, goal) - trainer.power) * (1 - math.exp(-dt / TAU_S))
    if now >= trainer.next_data:
        trainer.next_data = max(trainer.next_data + 1.0, now)
        watts = int(round(trainer.power))
        kmh = 30.0 * (max(watts, 1) / 200.0) ** (1 / 3.0)
        payload = list(struct.pack('<HHHh', 0x0044, int(round(kmh * 100)), 180, watts))
        if deliver(sensor, '2ad2', payload):
            log(trainer, 'data', power=watts)
    return True
