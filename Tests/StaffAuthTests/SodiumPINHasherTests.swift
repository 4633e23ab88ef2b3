import MemberDeskTestSupport
import MemberKit
import StaffAuth
import Testing

@Suite struct SodiumPINHasherTests {
    @Test func hashesAreSaltedArgon2idAndVerify() throws {
        let hasher = try SodiumPINHasher()
        let pin = try PIN("4821")
        let first = try hasher.hash(pin), second = try hasher.hash(pin)
        #expect(first != second)  // a fresh salt each time
        #expect(first.hasPrefix("$argon2id$v=19$m=65536,t=2,p=1$"))
        #expect(PINHashFormat.isWellFormed(first))
        #expect(!first.contains("4821"))
        #expect(hasher.verify(pin, against: first))
        #expect(hasher.verify(pin, against: second))
        #expect(!hasher.verify(try PIN("4822"), against: first))
    }

    @Test func malformedHashesNeverVerify() throws {
        let hasher = try SodiumPINHasher()
        let pin = try PIN("4821")
        for bad in ["", "4821", "$argon2id$v=19$m=65536,t=2,p=1$$", "$argon2i$v=19$m=65536,t=2,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaA"] {
            #expect(!hasher.verify(pin, against: bad))
        }
    }

    /// The fake's hashes pass the same format check, so tests of the store and sync can use it.
    @Test func fakeHashesAreWellFormed() throws {
        let fake = FakePINHasher()
        let hash = try fake.hash(PIN("123456"))
        #expect(PINHashFormat.isWellFormed(hash))
        #expect(!hash.contains("123456"))
        #expect(fake.verify(try PIN("123456"), against: hash))
        #expect(!fake.verify(try PIN("123457"), against: hash))
    }
}
