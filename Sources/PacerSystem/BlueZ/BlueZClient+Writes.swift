import PacerCore

/// A smart trainer's other characteristics, beside its measurement: the control point (written,
/// its answers indicated), the supported power range (read) and the machine status (notified).
/// Their values go out as notifications like any other, for the core to decide on.
extension BlueZClient {
    static let trainerCharacteristics: Set<UInt16> = [FTMSControlRequest.characteristic, FTMSPowerRange.characteristic,
                                                     FTMSMachineStatus.characteristic]

    /// Subscribes to the trainer's indications and notifications and reads its power range, once a link.
    func setUpTrainer(_ sensor: BlueZSensor, characteristics: [BlueZObjectTree.Characteristic]) {
        guard sensor.kind == .trainer, !sensor.trainerSetUp,
              characteristics.contains(where: { $0.uuid == FTMSControlRequest.characteristic }) else { return }
        sensor.trainerSetUp = true
        let generation = sensor.generation
        for c in characteristics where BlueZClient.trainerCharacteristics.contains(c.uuid) {
            sensor.auxiliaryPaths[c.path] = c.uuid
            if c.flags.contains("notify") || c.flags.contains("indicate") {
                send(path: c.path, interface: BlueZClient.characteristicInterface, method: "StartNotify") { [unowned self] result in
                    guard generation == sensor.generation, case let .failure(f) = result else { return }
                    onEvent(.log("\(sensor.address): StartNotify on \(String(c.uuid, radix: 16)) failed: \(f)"))
                }
            }
        }
        readPowerRange(sensor)
    }

    /// Reads the trainer's Supported Power Range (at set-up, and each time control is granted).
    func readPowerRange(_ sensor: BlueZSensor) {
        guard let path = sensor.auxiliaryPaths.first(where: { $0.value == FTMSPowerRange.characteristic })?.key else { return }
        let generation = sensor.generation
        send(path: path, interface: BlueZClient.characteristicInterface, method: "ReadValue",
             arguments: [.dictionary([])]) { [unowned self] result in
            guard generation == sensor.generation, case let .success(reply) = result,
                  let bytes = reply.arguments().first?.bytes else { return }
            handleValue(sensor, characteristic: FTMSPowerRange.characteristic, bytes: bytes, at: Clocks.monotonic())
        }
    }

    /// Writes what the core decided to the sensors of its kind (WriteValue, a write request:
    /// the trainer answers through its indication, not in the reply).
    func flushWrites() {
        guard let queue = configuration.writes else { return }
        for write in queue.take() {
            guard let sensor = sensors.first(where: { $0.kind == write.kind }),
                  let path = sensor.auxiliaryPaths.first(where: { $0.value == write.characteristic })?.key else {
                onEvent(.log("no \(write.kind.rawValue) characteristic \(String(write.characteristic, radix: 16)) to write to"))
                continue
            }
            let options: DBusValue = .dictionary([DBusDictEntry(.string("type"), .variant(.string("request")))])
            send(path: path, interface: BlueZClient.characteristicInterface, method: "WriteValue",
                 arguments: [.array(write.bytes.map { .byte($0) }), options]) { [unowned self] result in
                if case let .failure(f) = result { onEvent(.log("\(sensor.address): WriteValue failed: \(f)")) }
            }
        }
    }
}
