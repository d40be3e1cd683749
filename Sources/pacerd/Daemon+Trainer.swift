import PacerCore
import PacerSystem

/// The smart trainer's writes: the session core decides them (`TrainerController`, on the
/// session's timeline), pacerd only carries them to the BlueZ thread and into the session's BLE
/// log (as `>2ad9` lines), so a replay shows what was written beside what the trainer answered.
extension Daemon {
    func writeTrainer(_ write: BLENotification) {
        sensorLog?.append(write)
        guard settings.sensors == .bluez else { return }
        trainerWrites.post(GATTWriteQueue.Write(kind: .trainer, characteristic: write.characteristic, bytes: write.payload))
        DaemonLog.log(.debug, "trainer: writing \(write.logLine)")
    }
}
