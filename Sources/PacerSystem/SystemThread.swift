#if canImport(Glibc)
import Glibc
#endif
import CLinux

/// A POSIX thread running one closure (pthread_create/pthread_join), so the daemon's source
/// threads do not pull Foundation (about 8 MB of resident memory) into pacerd.
public final class SystemThread: @unchecked Sendable {
    private var handle = pthread_t()
    private let joined = SystemLock()
    private var isJoined = false

    private final class Box {
        let name: String
        let body: @Sendable () -> Void
        init(_ name: String, _ body: @escaping @Sendable () -> Void) { self.name = name; self.body = body }
    }

    /// Starts `body` on a new thread named `name` (at most 15 bytes are kept).
    public init(name: String, _ body: @escaping @Sendable () -> Void) throws {
        let box = Unmanaged.passRetained(Box(name, body)).toOpaque()
        let r = pthread_create(&handle, nil, { raw in
            let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
            pacer_set_thread_name(box.name)
            box.body()
            return nil
        }, box)
        guard r == 0 else {
            Unmanaged<Box>.fromOpaque(box).release()
            throw SystemError("pthread_create", errno: r)
        }
    }

    /// True when called on this thread.
    public var isCurrent: Bool { pthread_equal(pthread_self(), handle) != 0 }

    /// Waits for the thread to end (once; later calls return at once).
    public func join() {
        joined.lock()
        defer { joined.unlock() }
        guard !isJoined else { return }
        isJoined = true
        pthread_join(handle, nil)
    }
}

/// A pthread mutex: lock and unlock, like NSLock without Foundation.
public final class SystemLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    public init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }
    public func unlock() { pthread_mutex_unlock(mutex) }

    public func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}
