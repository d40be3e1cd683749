#if canImport(Glibc)
import Glibc
#endif
import PacerCore
import PacerSystem

// The daemon is wired in the daemon issue; for now it reports what it is.
print("pacerd \(PacerVersion.release) (protocol \(PacerVersion.protocolMajor).\(PacerVersion.protocolMinor))")
