import CLinux

/// Process-wide memory settings for a daemon on a small board.
public enum MemoryTuning {
    /// One malloc arena for every thread (mallopt M_ARENA_MAX = 1): the BlueZ threads allocate
    /// little, and an arena per thread would cost resident memory for nothing.
    public static func useSingleMallocArena() { pacer_single_malloc_arena() }

    /// Gives freed heap pages back to the kernel (malloc_trim). After a one-off peak (reading
    /// the whole journal to rebuild its index at start) the heap would otherwise stay at the
    /// peak for the daemon's whole life.
    public static func releaseFreedMemory() { pacer_release_free_memory() }
}
