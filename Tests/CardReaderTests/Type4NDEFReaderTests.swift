import CardReader
import Foundation
import MemberDeskTestSupport
import MemberKit
import SecureCards
import Testing

private func h(_ text: String) -> [UInt8] { HexBytes.parse(text)! }

/// The Type 4 NDEF reader, SUN verification and personalising, against the virtual NTAG 424 DNA
/// spoken to directly (the same tag runs on vpcd in PCSCEndToEndTests+SUN).
@Suite("Type 4 tags and SUN")
struct Type4NDEFReaderTests {
    static let uid = h("04C10E2A6B1290")
    static let master = h("C9EB67DF090AFF47C3B19A2516680B9D")
    static let url = "https://club.example/c?picc_data=\(String(repeating: "0", count: 32))&cmac=\(String(repeating: "0", count: 16))"
    static let verifier = SUNVerifier(keys: .master(master))

    static func read(_ tag: VirtualNTAG424, verifier: SUNVerifier? = Self.verifier) throws(CardReadError) -> CardRead {
        try CardReading.read(VirtualTagChannel(tag), atr: VirtualCard.iso14443_4ATR, applications: [Type4NDEFReader(verifier: verifier)])
    }

    @Test("a personalised tag gives a fresh verified read each time, counter rising")
    func freshReads() throws {
        let tag = try VirtualNTAG424.personalised(uid: Self.uid, keys: .master(Self.master), url: Self.url, counter: 41)
        let first = try Self.read(tag)
        let second = try Self.read(tag)
        #expect(first.secure == SecureTap(uid: "04C10E2A6B1290", counter: 42))
        #expect(second.secure?.counter == 43)
        #expect(first.credential == "SUN:04C10E2A6B1290")
        #expect(first.message?.uris.first != second.message?.uris.first)
    }

    @Test("AN12196's URL on a tag, with the factory keys")
    func an12196() throws {
        let tag = VirtualNTAG424.fixedURL(uid: Self.uid, url: "https://choose.url.com/ntag424?picc_data=EF963FF7828658A599F3041510671E88&cmac=94EED9EE65337086")
        let read = try Self.read(tag, verifier: SUNVerifier(keys: .master([UInt8](repeating: 0, count: 16))))
        #expect(read.secure == SecureTap(uid: "04DE5F1EACC040", counter: 61))
    }

    @Test("a Type 4 tag without SUN parameters is read as NDEF: a pass payload, else the UID")
    func plainType4() throws {
        let noParams = VirtualNTAG424.fixedURL(uid: Self.uid, url: "https://club.example/c")
        let read = try Self.read(noParams)
        #expect(read.secure == nil && read.credential == "04C10E2A6B1290" && read.message?.uris == ["https://club.example/c"])
        // A DESFire-like card without the NDEF application gives its UID.
        let fresh = VirtualNTAG424(uid: Self.uid)
        #expect(try Self.read(fresh).credential == "04C10E2A6B1290")
    }

    @Test("bad SUN messages and bad tags: a clear error each, never a credential", arguments: [
        ("cmac", "picc_data=EF963FF7828658A599F3041510671E88&cmac=94EED9EE65337087"),
        ("length", "picc_data=EF963FF7828658A599F3041510671E&cmac=94EED9EE65337086"),
        ("hex", "picc_data=EF963FF7828658A599F3041510671EXX&cmac=94EED9EE65337086"),
        ("cmac length", "picc_data=EF963FF7828658A599F3041510671E88&cmac=94EED9EE6533708"),
    ])
    func badMessages(what: String, query: String) throws {
        let tag = VirtualNTAG424.fixedURL(uid: Self.uid, url: "https://choose.url.com/ntag424?" + query)
        #expect(throws: CardReadError.self, "\(what)") { try Self.read(tag, verifier: SUNVerifier(keys: .master([UInt8](repeating: 0, count: 16)))) }
        do { _ = try Self.read(tag, verifier: SUNVerifier(keys: .master([UInt8](repeating: 0, count: 16)))) } catch {
            guard case .sun = error else { Issue.record("\(what): \(error)"); return }
            #expect(error.description.hasPrefix("secure card refused: "))
        }
    }

    @Test("the wrong keys: the tag byte or the MAC gives it away; no keys at all says so")
    func wrongKeys() throws {
        let tag = try VirtualNTAG424.personalised(uid: Self.uid, keys: .master(Self.master), url: Self.url)
        #expect(throws: CardReadError.self) { try Self.read(tag, verifier: SUNVerifier(keys: .master(h("B95F4C27E3D0BC333792EA968545217F")))) }
        #expect(throws: CardReadError.sun(.noKeys)) { try Self.read(tag, verifier: nil) }
    }

    @Test("a capability container pointing outside the file, a truncated file, a tag lifted mid-read")
    func badTags() throws {
        var quirks = VirtualNTAG424.Quirks()
        quirks.ccNDEFFile = [0xE1, 0x05]
        #expect(throws: CardReadError.self) { try Self.read(VirtualNTAG424.personalised(uid: Self.uid, keys: .master(Self.master), url: Self.url, quirks: quirks)) }
        quirks = VirtualNTAG424.Quirks()
        quirks.ccMaxSize = 40
        #expect(throws: CardReadError.ndef(.tlvTooLong(length: 84, available: 38))) {
            try Self.read(VirtualNTAG424.personalised(uid: Self.uid, keys: .master(Self.master), url: Self.url, quirks: quirks))
        }
        quirks = VirtualNTAG424.Quirks()
        quirks.shortReads = true
        #expect(throws: CardReadError.self) { try Self.read(VirtualNTAG424.personalised(uid: Self.uid, keys: .master(Self.master), url: Self.url, quirks: quirks)) }
        for lift in 1...6 {
            quirks = VirtualNTAG424.Quirks()
            quirks.liftAtCommand = lift
            #expect(throws: CardReadError.self, "lifted at command \(lift)") {
                try Self.read(VirtualNTAG424.personalised(uid: Self.uid, keys: .master(Self.master), url: Self.url, quirks: quirks))
            }
        }
    }

    @Test("personalise: a fresh tag gets its keys, SUN mirroring and the URL, and reads back verified; a second time it is refused")
    func personalise() throws {
        let tag = VirtualNTAG424(uid: Self.uid)
        let personaliser = try TagPersonaliser(keys: .master(Self.master), url: Self.url)
        let result = try personaliser.personalise(VirtualTagChannel(tag))
        #expect(result == TagPersonaliser.Result(uid: Self.uid, counter: 1))
        let expected = try SUNKeys.master(Self.master).applicationKeys(uid: Self.uid)
        #expect(tag.keys == (0..<5).map { expected[UInt8($0)]! })
        #expect(try Self.read(tag).secure == SecureTap(uid: "04C10E2A6B1290", counter: 2))
        #expect(throws: TagPersonaliser.Failure.notFresh("key 0 is not the factory key (already personalised?)")) {
            try personaliser.personalise(VirtualTagChannel(tag))
        }
        // Refused before anything was written: the file and keys are as they were.
        #expect(tag.keys == (0..<5).map { expected[UInt8($0)]! })
    }

    @Test("personalise names the step that failed and what was already done")
    func personaliseFailure() throws {
        var quirks = VirtualNTAG424.Quirks()
        quirks.liftAtCommand = 9  // after the URL is written and the file settings changed
        let tag = VirtualNTAG424(uid: Self.uid, quirks: quirks)
        do {
            _ = try TagPersonaliser(keys: .master(Self.master), url: Self.url).personalise(VirtualTagChannel(tag))
            Issue.record("a tag lifted mid-way cannot be personalised")
        } catch let error as TagPersonaliser.Failure {
            guard case .step(let step, let done, _) = error else { Issue.record("got \(error)"); return }
            #expect(step.hasPrefix("ChangeKey") || step.hasPrefix("ChangeFileSettings") || step.hasPrefix("writing"))
            #expect(error.description.contains(step) && (done.isEmpty || error.description.contains(done[0])))
        } catch {
            Issue.record("got \(error)")
        }
    }
}
