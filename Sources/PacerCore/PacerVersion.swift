/// The release string and protocol version shared by pacerd and pacerctl.
public enum PacerVersion {
    public static let release = "0.1.0"
    public static let protocolMajor = 1
    public static let protocolMinor = 0
}
