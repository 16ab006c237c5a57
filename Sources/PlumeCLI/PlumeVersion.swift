/// Plume's version, as `plume --version` prints it: the newest entry of
/// `CHANGELOG.md` (a test keeps the two equal).
public enum PlumeVersion {
    /// The version, `MAJOR.MINOR.PATCH`.
    public static let current = "0.5.0"
}
