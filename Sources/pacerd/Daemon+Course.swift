import PacerCore
import PacerSystem

/// The course followed: `[course] file` at start, `{"cmd":"course"}` any time. A file that
/// cannot be read or is no course gets one error and leaves the course being followed as it was.
extension Daemon {
    func startCourse() {
        guard let path = settings.course.file else { return }
        do {
            handle(recorder.follow(try CourseLoader.load(path), at: Daemon.now()))
        } catch {
            DaemonLog.error("[course] file: \(error): following no course")
        }
    }

    /// Loads (or clears) the course; the reply is the ACK or the ERROR.
    func courseReply(_ request: ClientRequest, file: String?, from client: SocketClient) -> [UInt8] {
        var course: Course?
        if let file {
            do { course = try CourseLoader.load(file) } catch {
                DaemonLog.notice("course refused: \(error)")
                return ServerReply.error(message: "\(error)").line
            }
        }
        handle(recorder.follow(course, at: Daemon.now()))
        DaemonLog.info("'course' by uid \(client.peer.uid): " + (course.map { "following \($0.name)" } ?? "cleared"))
        broadcastState()
        return ServerReply.ack(command: request.command, session: journal?.sessionID).line
    }
}
