import Testing
@testable import SecureCards

private func h(_ text: String) -> [UInt8] { HexBytes.parse(text)! }

/// nfc-developer/sdm-backend's tests/test_kdf.py vectors (derive_undiversified_key for key 1,
/// derive_tag_key for a UID and key number).
@Suite("SUN key derivation")
struct KeyDerivationTests {
    @Test("the factory master key derives factory keys")
    func factory() throws {
        let master = [UInt8](repeating: 0, count: 16)
        #expect(try SUNKeyDerivation.metaReadKey(master: master) == master)
        #expect(try SUNKeyDerivation.tagKey(master: master, uid: h("010203040506AB"), keyNumber: 1) == master)
        #expect(try SUNKeyDerivation.tagKey(master: master, uid: h("03030303030303"), keyNumber: 2) == master)
    }

    @Test("sdm-backend's vectors", arguments: [
        ("C9EB67DF090AFF47C3B19A2516680B9D", "a13086f194d7bdfd108dd11716ea2bdf",
         "010203040506AB", 1, "f18cdd9389d47ae7ab381e80e5ab6fe3", "03030303030303", 2, "85f7cc459a5b4b2f5d1a5019ded61c88"),
        ("B95F4C27E3D0BC333792EA968545217F", "3a553c40846fda656faa0fce4f45fdbd",
         "010203040506AB", 1, "00883874c67dd23032b2acd10d771635", "05050505050505", 2, "89ae686de793fdf48057ee6e78505cfc"),
    ] as [(String, String, String, UInt8, String, String, UInt8, String)])
    func vectors(master: String, meta: String, uid1: String, key1: UInt8, tag1: String, uid2: String, key2: UInt8, tag2: String) throws {
        let master = h(master)
        #expect(try SUNKeyDerivation.metaReadKey(master: master) == h(meta))
        #expect(try SUNKeyDerivation.tagKey(master: master, uid: h(uid1), keyNumber: key1) == h(tag1))
        #expect(try SUNKeyDerivation.tagKey(master: master, uid: h(uid2), keyNumber: key2) == h(tag2))
    }

    @Test("a tag's application keys: 1 shared, the others its own")
    func applicationKeys() throws {
        let keys = SUNKeys.master(h("C9EB67DF090AFF47C3B19A2516680B9D"))
        let a = try keys.applicationKeys(uid: h("010203040506AB"))
        let b = try keys.applicationKeys(uid: h("03030303030303"))
        #expect(a[1] == b[1] && a[1] == h("a13086f194d7bdfd108dd11716ea2bdf"))
        #expect(a[2] != b[2] && a[0] != b[0])
        #expect(a[2] == (try keys.fileReadKey(uid: h("010203040506AB"))))
    }
}
