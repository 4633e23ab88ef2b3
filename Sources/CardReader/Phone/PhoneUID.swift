/// ISO 14443-3 reserves a single-size (4-byte) UID starting with 08 for random ids: phones and
/// watches make a new one at every tap. Such a UID identifies nobody, so it is never checked in
/// or enrolled.
public enum PhoneUID {
    public static func isRandom(_ uid: [UInt8]) -> Bool { uid.count == 4 && uid[0] == 0x08 }
}
