/// memberdesk's version, as `memberdesk --version` prints it. It must equal the VERSION file at
/// the top of the source tree, which names the Debian package (`make deb` and a test check both).
public enum MemberDeskVersion {
    public static let current = "0.1.0"
}
