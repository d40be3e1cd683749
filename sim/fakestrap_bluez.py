'''bluetoothd stand-in for Pacer's fake strap: python-dbusmock's bluez5 template plus GATT.

Loaded by dbusmock (`python3 -m dbusmock --system --template sim/fakestrap_bluez.py`). It
keeps the bluez5 template (adapter, Device1 objects, discovery) and adds what a heart-rate
strap, a footpod, a power meter or a speed/cadence sensor exposes once connected: GattService1/GattCharacteristic1 objects,
ServicesResolved, StartNotify/StopNotify, AcquireNotify (a SOCK_SEQPACKET pair, as BlueZ
hands out) and ReadValue. The sensors themselves live in sim/fakestrap.py, which drives this
"bluetoothd" through the org.pacer.FakeStrap interface on /.

The adapter also offers GattManager1 and LEAdvertisingManager1, with a central behind them that
acts as BlueZ does towards a registered application: GetManagedObjects on it (RegisterApplication
is answered after that), StartNotify on each notifying characteristic, ReadValue on each readable
one, Properties.GetAll on an advertisement, Release on UnregisterAdvertisement. With the template
parameter central_log (a file), everything the central sees is appended as JSON lines: `started`,
`registered`, `read`, `notification` (characteristic and value hex), `advertisement`,
`unregistered`, `advertisement_removed`, `hammer` (a burst of ReadValue calls, see Hammer).
'''

import json
import socket
import time

import os
import sys

import dbus
import dbus.service
from gi.repository import GLib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fake_trainer  # noqa: E402  (the trainer's behaviour, beside this template)

from dbusmock import OBJECT_MANAGER_IFACE, mockobject
from dbusmock.templates import bluez5
# The bluez5 D-Bus methods (AddAdapter, AddDevice, ...) are picked up from this module's namespace.
from dbusmock.templates.bluez5 import (AddAdapter, AddDevice, BlockDevice, ConnectDevice,  # noqa: F401
                                       DisconnectDevice, PairDevice, RemoveAdapter,
                                       RemoveAdapterWithDevices)

BUS_NAME = bluez5.BUS_NAME
MAIN_OBJ = bluez5.MAIN_OBJ
SYSTEM_BUS = True
IS_OBJECT_MANAGER = True

CONTROL_IFACE = 'org.pacer.FakeStrap'
DEVICE_IFACE = 'org.bluez.Device1'
SERVICE_IFACE = 'org.bluez.GattService1'
CHAR_IFACE = 'org.bluez.GattCharacteristic1'
BASE_UUID = '-0000-1000-8000-00805f9b34fb'

# address -> sensor description and live state (notify sockets, connectable flag)
SENSORS = {}

# What each kind of sensor exposes: (service uuid16, [(char uuid16, flags)]).
PROFILES = {
    'hr': [('180d', [('2a37', ['notify']), ('2a38', ['read'])]),
           ('180f', [('2a19', ['read', 'notify'])])],
    'footpod': [('1814', [('2a53', ['notify']), ('2a54', ['read'])]),
                ('180f', [('2a19', ['read', 'notify'])])],
    # Cycling Power: measurement, feature (uint32), sensor location.
    'power': [('1818', [('2a63', ['notify']), ('2a65', ['read']), ('2a5d', ['read'])]),
              ('180f', [('2a19', ['read', 'notify'])])],
    # Cycling Speed and Cadence: measurement, feature (uint16), sensor location.
    'csc': [('1816', [('2a5b', ['notify']), ('2a5c', ['read']), ('2a5d', ['read'])]),
            ('180f', [('2a19', ['read', 'notify'])])],
    # Environmental Sensing (a BLE barometer): pressure, temperature (both notify), elevation.
    'ess': [('181a', [('2a6d', ['read', 'notify']), ('2a6e', ['read', 'notify']), ('2a6c', ['read'])]),
            ('180f', [('2a19', ['read', 'notify'])])],
    # Fitness Machine (a smart trainer, sim/fake_trainer.py): feature, Indoor Bike Data, supported
    # power range, control point (write, indicate), machine status.
    'trainer': [('1826', [('2acc', ['read']), ('2ad2', ['notify']), ('2ad8', ['read']),
                          ('2ad9', ['write', 'indicate']), ('2ada', ['notify'])]),
                ('180f', [('2a19', ['read', 'notify'])])],
}
ADVERTISED = {'hr': ['180d', '180f'], 'footpod': ['1814', '180f'], 'power': ['1818', '180f'], 'csc': ['1816', '180f'],
              'ess': ['181a', '180f'], 'trainer': ['1826', '180f']}
# Read values by kind: body sensor location, RSC/CSC/CP features, sensor location
# (5 = left crank for the power meter, 12 = rear wheel for the CSC sensor).
READ_VALUES = {'hr': {'2a38': [1]}, 'footpod': {'2a54': [0]},
               'power': {'2a65': [0x0C, 0, 0, 0], '2a5d': [5]}, 'csc': {'2a5c': [0x03, 0], '2a5d': [12]},
               'ess': {'2a6c': [0x10, 0x9c, 0x00]},  # elevation 400.00 m
               'trainer': fake_trainer.READ_VALUES}


def uuid128(short):
    return '0000' + short + BASE_UUID


def device_path(address):
    return '/org/bluez/hci0/dev_' + address.replace(':', '_').upper()


def load(mock, parameters):
    bluez5.load(mock, parameters)
    # dbusmock registers the main object only after load(); the bluez5 helpers look it up.
    mockobject.objects.setdefault('/', mock)
    AddAdapter(mock, 'hci0', parameters.get('adapter_name', 'pacer-sim'))
    CENTRAL['log'] = parameters.get('central_log')
    fake_trainer.LOG['path'] = parameters.get('trainer_log')
    add_peripheral_managers(mockobject.objects['/org/bluez/hci0'])
    central_log('started')


def emit_props(obj, iface, changed):
    obj.EmitSignal(dbus.PROPERTIES_IFACE, 'PropertiesChanged', 'sa{sv}as', [iface, changed, []])


def sensor_for(device):
    return SENSORS[str(device.props[DEVICE_IFACE]['Address'])]


def close_notify_socket(char):
    sock = getattr(char, 'notify_socket', None)
    if sock is not None:
        char.notify_socket = None
        sock.close()


def remove_gatt(sensor):
    manager = mockobject.objects['/']
    for path in sorted(sensor['gatt'], reverse=True):
        obj = mockobject.objects.get(path)
        if obj is None:
            continue
        close_notify_socket(obj)
        ifaces = [CHAR_IFACE] if '/char' in path else [SERVICE_IFACE]
        manager.RemoveObject(path)
        manager.EmitSignal(OBJECT_MANAGER_IFACE, 'InterfacesRemoved', 'oas', [dbus.ObjectPath(path), ifaces])
    sensor['gatt'] = []


def add_gatt(sensor):
    manager = mockobject.objects['/']
    dev = device_path(sensor['address'])
    handle = 0x0c
    for service_uuid, chars in PROFILES[sensor['kind']]:
        spath = f'{dev}/service{handle:04x}'
        handle += 1
        sprops = {'UUID': dbus.String(uuid128(service_uuid), variant_level=1),
                  'Primary': dbus.Boolean(True, variant_level=1),
                  'Device': dbus.ObjectPath(dev, variant_level=1)}
        manager.AddObject(spath, SERVICE_IFACE, sprops, [])
        manager.EmitSignal(OBJECT_MANAGER_IFACE, 'InterfacesAdded', 'oa{sa{sv}}',
                           [dbus.ObjectPath(spath), {SERVICE_IFACE: sprops}])
        sensor['gatt'].append(spath)
        for char_uuid, flags in chars:
            cpath = f'{spath}/char{handle:04x}'
            handle += 2
            cprops = {'UUID': dbus.String(uuid128(char_uuid), variant_level=1),
                      'Service': dbus.ObjectPath(spath, variant_level=1),
                      'Value': dbus.Array([], signature='y', variant_level=1),
                      'Notifying': dbus.Boolean(False, variant_level=1),
                      'Flags': dbus.Array(flags, signature='s', variant_level=1)}
            methods = [('ReadValue', 'a{sv}', 'ay', ReadValue)]
            if 'write' in flags:
                methods.append(('WriteValue', 'aya{sv}', '', WriteValue))
            if 'notify' in flags or 'indicate' in flags:
                methods += [('StartNotify', '', '', StartNotify), ('StopNotify', '', '', StopNotify)]
                if sensor['acquire']:
                    cprops['NotifyAcquired'] = dbus.Boolean(False, variant_level=1)
                    methods.append(('AcquireNotify', 'a{sv}', 'hq', AcquireNotify))
            manager.AddObject(cpath, CHAR_IFACE, cprops, methods)
            char = mockobject.objects[cpath]
            char.uuid16 = char_uuid
            char.sensor = sensor
            char.notify_socket = None
            manager.EmitSignal(OBJECT_MANAGER_IFACE, 'InterfacesAdded', 'oa{sa{sv}}',
                               [dbus.ObjectPath(cpath), {CHAR_IFACE: cprops}])
            sensor['gatt'].append(cpath)


def Connect(device):
    sensor = sensor_for(device)
    if not sensor['connectable']:
        raise dbus.exceptions.DBusException('le-connection-abort-by-local', name='org.bluez.Error.Failed')
    if device.props[DEVICE_IFACE]['Connected']:
        raise dbus.exceptions.DBusException('Already Connected', name='org.bluez.Error.AlreadyConnected')
    device.props[DEVICE_IFACE]['Connected'] = dbus.Boolean(True, variant_level=1)
    emit_props(device, DEVICE_IFACE, {'Connected': dbus.Boolean(True, variant_level=1)})

    # Service discovery completes a moment after the link is up, as in bluetoothd.
    def resolve():
        if device.props[DEVICE_IFACE]['Connected'] and not sensor['gatt']:
            add_gatt(sensor)
            device.props[DEVICE_IFACE]['ServicesResolved'] = dbus.Boolean(True, variant_level=1)
            emit_props(device, DEVICE_IFACE, {'ServicesResolved': dbus.Boolean(True, variant_level=1)})
        return False
    GLib.timeout_add(20, resolve)


def drop_link(device):
    # bluetoothd reports the link first, then drops the GATT objects of an unpaired device.
    sensor = sensor_for(device)
    device.props[DEVICE_IFACE]['ServicesResolved'] = dbus.Boolean(False, variant_level=1)
    device.props[DEVICE_IFACE]['Connected'] = dbus.Boolean(False, variant_level=1)
    emit_props(device, DEVICE_IFACE, {'ServicesResolved': dbus.Boolean(False, variant_level=1),
                                      'Connected': dbus.Boolean(False, variant_level=1)})
    remove_gatt(sensor)
    if 'trainer' in sensor:
        fake_trainer.link_lost(sensor['trainer'])


def Disconnect(device):
    if not device.props[DEVICE_IFACE]['Connected']:
        raise dbus.exceptions.DBusException('Not Connected', name='org.bluez.Error.NotConnected')
    drop_link(device)


def ReadValue(char, _options):
    value = char.sensor['read_values'].get(char.uuid16, [])
    return dbus.Array(value, signature='y')


def WriteValue(char, value, _options):
    '''A write to a characteristic: the fake trainer's control point answers it (sim/fake_trainer.py).'''
    if char.uuid16 != '2ad9':
        raise dbus.exceptions.DBusException('Write not permitted', name='org.bluez.Error.NotPermitted')
    sensor = char.sensor
    answer = fake_trainer.control_point(sensor['trainer'], [int(b) for b in value])
    # The write is acknowledged first; the Response Code follows as an indication, as on a trainer.
    GLib.idle_add(lambda: deliver(sensor, '2ad9', answer) and False)


def deliver(sensor, uuid16, value):
    '''Notifies (or indicates) a value from a sensor to whoever subscribed; False when nobody did.'''
    for path in sensor['gatt']:
        char = mockobject.objects.get(path)
        if char is None or getattr(char, 'uuid16', None) != uuid16:
            continue
        sock = getattr(char, 'notify_socket', None)
        if sock is not None:
            try:
                sock.send(bytes(int(b) for b in value))
                return True
            except OSError:
                close_notify_socket(char)
                return False
        if char.props[CHAR_IFACE]['Notifying']:
            array = dbus.Array([dbus.Byte(int(b)) for b in value], signature='y')
            char.props[CHAR_IFACE]['Value'] = array
            emit_props(char, CHAR_IFACE, {'Value': dbus.Array(array, signature='y', variant_level=1)})
            return True
    return False


def StartNotify(char):
    if getattr(char, 'notify_socket', None) is not None:
        raise dbus.exceptions.DBusException('Notify acquired', name='org.bluez.Error.NotPermitted')
    if not char.props[CHAR_IFACE]['Notifying']:
        char.props[CHAR_IFACE]['Notifying'] = dbus.Boolean(True, variant_level=1)
        emit_props(char, CHAR_IFACE, {'Notifying': dbus.Boolean(True, variant_level=1)})


def StopNotify(char):
    if char.props[CHAR_IFACE]['Notifying']:
        char.props[CHAR_IFACE]['Notifying'] = dbus.Boolean(False, variant_level=1)
        emit_props(char, CHAR_IFACE, {'Notifying': dbus.Boolean(False, variant_level=1)})


def AcquireNotify(char, _options):
    if char.props[CHAR_IFACE]['Notifying'] or getattr(char, 'notify_socket', None) is not None:
        raise dbus.exceptions.DBusException('Notify already acquired', name='org.bluez.Error.NotPermitted')
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    char.notify_socket = ours
    char.props[CHAR_IFACE]['NotifyAcquired'] = dbus.Boolean(True, variant_level=1)
    emit_props(char, CHAR_IFACE, {'NotifyAcquired': dbus.Boolean(True, variant_level=1)})

    # The client closing its end releases the acquisition, as in bluetoothd.
    def on_hangup(_fd, _condition):
        if char.notify_socket is ours:
            close_notify_socket(char)
            if CHAR_IFACE in char.props:
                char.props[CHAR_IFACE]['NotifyAcquired'] = dbus.Boolean(False, variant_level=1)
                emit_props(char, CHAR_IFACE, {'NotifyAcquired': dbus.Boolean(False, variant_level=1)})
        return False
    GLib.io_add_watch(ours.fileno(), GLib.IO_HUP | GLib.IO_ERR, on_hangup)
    fd = dbus.types.UnixFd(theirs.fileno())
    theirs.close()
    return (fd, dbus.UInt16(23))


@dbus.service.method(CONTROL_IFACE, in_signature='', out_signature='s')
def Ping(mock):
    '''Answers once the template is loaded: the fake strap waits for it after a (re)start.'''
    return 'pong'


@dbus.service.method(CONTROL_IFACE, in_signature='sssb', out_signature='s')
def AddSensor(mock, address, name, kind, acquire):
    '''Makes a sensor visible (a strap switched on): kind is "hr" or "footpod";
    "power" or "csc"; acquire offers AcquireNotify on its measurement characteristic.'''
    if kind not in PROFILES:
        raise dbus.exceptions.DBusException('unknown kind ' + kind, name=CONTROL_IFACE + '.Error')
    path = AddDevice(mock, 'hci0', address, name)
    device = mockobject.objects[path]
    SENSORS[address] = {'address': address, 'kind': kind, 'acquire': bool(acquire), 'gatt': [],
                        'connectable': True, 'read_values': dict(READ_VALUES[kind], **{'2a19': [100]})}
    if kind == 'trainer':
        trainer = SENSORS[address]['trainer'] = fake_trainer.Trainer(address)
        GLib.timeout_add(250, lambda: fake_trainer.step(trainer, SENSORS.get(address), deliver))
    device.AddMethods(DEVICE_IFACE, [('Connect', '', '', Connect), ('Disconnect', '', '', Disconnect)])
    uuids = dbus.Array([uuid128(u) for u in ADVERTISED[kind]], signature='s', variant_level=1)
    device.props[DEVICE_IFACE]['UUIDs'] = uuids
    emit_props(device, DEVICE_IFACE, {'UUIDs': uuids, 'RSSI': dbus.Int16(-60, variant_level=1)})
    return path


@dbus.service.method(CONTROL_IFACE, in_signature='s', out_signature='')
def RemoveSensor(mock, address):
    '''The sensor disappears (switched off): link dropped and Device1 removed.'''
    device = mockobject.objects.get(device_path(address))
    if device is None:
        return
    if device.props[DEVICE_IFACE]['Connected']:
        drop_link(device)
    bluez5.RemoveDevice(mockobject.objects['/org/bluez/hci0'], device_path(address))
    SENSORS.pop(address, None)


@dbus.service.method(CONTROL_IFACE, in_signature='sb', out_signature='')
def DropLink(mock, address, connectable):
    '''Link loss: the device disconnects; connectable=False refuses Connect until SetConnectable.'''
    sensor = SENSORS[address]
    sensor['connectable'] = bool(connectable)
    device = mockobject.objects[device_path(address)]
    if device.props[DEVICE_IFACE]['Connected']:
        drop_link(device)


@dbus.service.method(CONTROL_IFACE, in_signature='sb', out_signature='')
def SetConnectable(mock, address, connectable):
    SENSORS[address]['connectable'] = bool(connectable)


@dbus.service.method(CONTROL_IFACE, in_signature='ssb', out_signature='')
def TrainerSet(mock, address, what, on):
    '''The fake trainer's behaviour: "refuse" (answer Request Control with 0x05), "lose" (drop
    control now: status 0xFF, as when another app takes the trainer) or "noerg" (answer Set Target
    Power with 0x02, not supported).'''
    sensor = SENSORS[address]
    trainer = sensor['trainer']
    if what == 'refuse':
        trainer.refuse = bool(on)
    elif what == 'noerg':
        trainer.erg = not on
    elif what == 'lose':
        trainer.control = False
        deliver(sensor, '2ada', [0xFF])
    fake_trainer.log(trainer, 'set', what=what, on=bool(on))


@dbus.service.method(CONTROL_IFACE, in_signature='ssay', out_signature='')
def SetReadValue(mock, address, uuid16, value):
    SENSORS[address]['read_values'][uuid16] = [int(b) for b in value]


@dbus.service.method(CONTROL_IFACE, in_signature='ssay', out_signature='b')
def Notify(mock, address, uuid16, value):
    '''Sends one notification from a sensor; False when nobody subscribed (nothing is sent).'''
    sensor = SENSORS.get(address)
    if sensor is None:
        return False
    return deliver(sensor, uuid16, value)


# The central behind GattManager1 / LEAdvertisingManager1: registered applications by (sender, path).
GATT_MANAGER_IFACE = 'org.bluez.GattManager1'
ADV_MANAGER_IFACE = 'org.bluez.LEAdvertisingManager1'
ADV_IFACE = 'org.bluez.LEAdvertisement1'
OBJECT_MANAGER = 'org.freedesktop.DBus.ObjectManager'
CENTRAL = {'log': None, 'apps': {}, 'adverts': {}, 'connection': None}


def central_log(event, **fields):
    if CENTRAL['log']:
        with open(CENTRAL['log'], 'a', encoding='utf-8') as f:
            f.write(json.dumps(dict(t=round(time.monotonic(), 3), event=event, **fields)) + '\n')


def short_uuid(uuid):
    uuid = str(uuid).lower()
    return uuid[4:8] if uuid.startswith('0000') and uuid.endswith(BASE_UUID) else uuid


def bluez_error(name, text):
    return dbus.exceptions.DBusException(text, name='org.bluez.Error.' + name)


def service_method(interface, name, in_sig, func):
    """A method that knows its caller and replies when it is done (BlueZ answers RegisterApplication
    only after it has read the application), added as dbusmock adds its own."""
    count = len(list(dbus.Signature(in_sig)))

    # dbus-python wants the keyword arguments named in the signature: two positional slots cover ours.
    def method(self, first=None, second=None, sender=None, connection=None, ok=None, fail=None):
        try:
            func(self, sender, connection, ok, fail, *[first, second][:count])
        except dbus.exceptions.DBusException as e:
            fail(e)
    wrapped = dbus.service.method(interface, out_signature='', sender_keyword='sender', connection_keyword='connection',
                                  async_callbacks=('ok', 'fail'))(method)
    wrapped.__name__ = name
    wrapped._dbus_in_signature = in_sig  # pylint: disable=protected-access
    wrapped._dbus_args = ['first', 'second'][:count]  # pylint: disable=protected-access
    return wrapped


def add_peripheral_managers(adapter):
    adapter.props[GATT_MANAGER_IFACE] = dbus.Dictionary({}, signature='sv')
    adapter.props[ADV_MANAGER_IFACE] = {
        'ActiveInstances': dbus.Byte(0, variant_level=1), 'SupportedInstances': dbus.Byte(4, variant_level=1),
        'SupportedIncludes': dbus.Array(['local-name'], signature='s', variant_level=1)}
    for interface, name, in_sig, func in [
            (GATT_MANAGER_IFACE, 'RegisterApplication', 'oa{sv}', register_application),
            (GATT_MANAGER_IFACE, 'UnregisterApplication', 'o', unregister_application),
            (ADV_MANAGER_IFACE, 'RegisterAdvertisement', 'oa{sv}', register_advertisement),
            (ADV_MANAGER_IFACE, 'UnregisterAdvertisement', 'o', unregister_advertisement)]:
        adapter.methods.setdefault(interface, {})[name] = (in_sig, '', '', service_method(interface, name, in_sig, func))


def register_application(_adapter, sender, connection, ok, fail, app_path, _options):
    key = (str(sender), str(app_path))
    if key in CENTRAL['apps']:
        raise bluez_error('AlreadyExists', 'Already Exists')
    CENTRAL['connection'] = connection

    def got_objects(objects):
        chars = {}
        services = []
        for path, interfaces in objects.items():
            if SERVICE_IFACE in interfaces:
                services.append(short_uuid(interfaces[SERVICE_IFACE].get('UUID', '')))
            if CHAR_IFACE in interfaces:
                props = interfaces[CHAR_IFACE]
                chars[str(path)] = {'uuid': short_uuid(props.get('UUID', '')), 'flags': [str(f) for f in props.get('Flags', [])]}
        if not services:
            fail(bluez_error('InvalidArguments', 'No service in the application'))
            return
        receiver = connection.add_signal_receiver(
            lambda iface, changed, _invalidated, path=None: notified(key, path, changed),
            signal_name='PropertiesChanged', dbus_interface=dbus.PROPERTIES_IFACE, bus_name=sender, path_keyword='path')
        CENTRAL['apps'][key] = {'chars': chars, 'receiver': receiver}
        ok()
        central_log('registered', sender=str(sender), app=str(app_path), services=sorted(services),
                    characteristics=sorted((c['uuid'], c['flags']) for c in chars.values()))
        for path, c in sorted(chars.items()):
            if 'notify' in c['flags']:
                connection.call_async(sender, path, CHAR_IFACE, 'StartNotify', '', [], reply_handler=lambda: None,
                                      error_handler=lambda e, u=c['uuid']: central_log('error', call='StartNotify', uuid=u, error=str(e)))
            if 'read' in c['flags']:
                connection.call_async(sender, path, CHAR_IFACE, 'ReadValue', 'a{sv}', [{}], byte_arrays=True,
                                      reply_handler=lambda v, u=c['uuid']: central_log('read', uuid=u, value=bytes(v).hex()),
                                      error_handler=lambda e, u=c['uuid']: central_log('error', call='ReadValue', uuid=u, error=str(e)))

    connection.call_async(sender, app_path, OBJECT_MANAGER, 'GetManagedObjects', '', [], reply_handler=got_objects,
                          error_handler=lambda e: fail(bluez_error('Failed', f'GetManagedObjects: {e}')))


def notified(key, path, changed):
    app = CENTRAL['apps'].get(key)
    if app is None or str(path) not in app['chars'] or 'Value' not in changed:
        return
    central_log('notification', uuid=app['chars'][str(path)]['uuid'], value=bytes(bytearray(changed['Value'])).hex())


def unregister_application(_adapter, sender, _connection, ok, _fail, app_path):
    app = CENTRAL['apps'].pop((str(sender), str(app_path)), None)
    if app is None:
        raise bluez_error('DoesNotExist', 'Does Not Exist')
    app['receiver'].remove()
    central_log('unregistered', sender=str(sender), app=str(app_path))
    ok()


def register_advertisement(_adapter, sender, connection, ok, fail, path, _options):
    def got_properties(props):
        CENTRAL['adverts'][(str(sender), str(path))] = True
        ok()
        central_log('advertisement', type=str(props.get('Type', '')), local_name=str(props.get('LocalName', '')),
                    service_uuids=[short_uuid(u) for u in props.get('ServiceUUIDs', [])])
    connection.call_async(sender, path, dbus.PROPERTIES_IFACE, 'GetAll', 's', [ADV_IFACE], reply_handler=got_properties,
                          error_handler=lambda e: fail(bluez_error('InvalidArguments', f'advertisement properties: {e}')))


def unregister_advertisement(_adapter, sender, connection, ok, _fail, path):
    if CENTRAL['adverts'].pop((str(sender), str(path)), None) is None:
        raise bluez_error('DoesNotExist', 'Does Not Exist')
    # bluetoothd releases an advertisement it removes.
    connection.call_async(sender, path, ADV_IFACE, 'Release', '', [], reply_handler=lambda: None,
                          error_handler=lambda e: central_log('error', call='Release', error=str(e)))
    central_log('advertisement_removed', sender=str(sender), path=str(path))
    ok()


@dbus.service.method(CONTROL_IFACE, in_signature='sdd', out_signature='b')
def Hammer(mock, uuid16, rate, seconds):
    """A central gone wild: ReadValue on the registered characteristic uuid16 at `rate` calls per
    second for `seconds`, pipelined (not waiting for answers); logs `hammer` with what was sent and
    answered. False when no registered application has that characteristic."""
    targets = [(sender, path) for (sender, _), app in CENTRAL['apps'].items()
               for path, c in app['chars'].items() if c['uuid'] == uuid16]
    connection = CENTRAL['connection']
    if not targets or connection is None:
        return False
    sender, path = targets[0]
    stats = {'sent': 0, 'answered': 0, 'errors': 0}
    start = time.monotonic()

    def answered(_value):
        stats['answered'] += 1

    def failed(_error):
        stats['errors'] += 1

    def burst():
        elapsed = time.monotonic() - start
        due = int(min(elapsed, seconds) * rate) - stats['sent']
        for _ in range(max(0, due)):
            connection.call_async(sender, path, CHAR_IFACE, 'ReadValue', 'a{sv}', [{}], byte_arrays=True,
                                  reply_handler=answered, error_handler=failed)
            stats['sent'] += 1
        if elapsed < seconds:
            return True
        GLib.timeout_add(2000, lambda: central_log('hammer', uuid=uuid16, rate=rate, seconds=seconds,
                                                   achieved_per_s=round(stats['sent'] / max(elapsed, 1e-3)),
                                                   **stats) and False)
        return False
    GLib.timeout_add(5, burst)
    return True
