import Foundation
import SecureCards

/// Personalises a factory-fresh NTAG 424 DNA for SUN (NXP AN12196 §6): in the NDEF application,
/// AuthenticateEV2First with the factory key 0 (a tag whose key 0 is not the factory's is
/// refused before anything is written), the NDEF file written with the URL template (ISO UPDATE
/// BINARY), ChangeFileSettings for SDM mirroring, ChangeKey for keys 1–4 and last key 0; then the
/// tag is read back as a desk reads it and its SUN message verified. Each step is named, so a
/// failure says how far the tag got.
public struct TagPersonaliser: Sendable {
    public let keys: SUNKeys
    public let template: SUNTemplate
    public let names: SUNMessage.ParameterNames
    /// Random numbers (RndA), injectable for tests.
    public let random: @Sendable (Int) -> [UInt8]

    public init(keys: SUNKeys, url: String, names: SUNMessage.ParameterNames = SUNMessage.ParameterNames(),
                random: @escaping @Sendable (Int) -> [UInt8] = { count in (0..<count).map { _ in UInt8.random(in: 0...255) } }) throws(SecureCardError) {
        self.keys = keys
        self.names = names
        self.template = try SUNTemplate(url: url, names: names)
        self.random = random
    }

    public struct Result: Sendable, Equatable {
        public var uid: [UInt8]
        /// The read-back's verified counter.
        public var counter: UInt32
        public init(uid: [UInt8], counter: UInt32) {
            self.uid = uid
            self.counter = counter
        }
        public var passId: String { "SUN:" + HexBytes.string(uid) }
    }

    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// Refused before anything was written.
        case notFresh(String)
        /// `step` failed after `done` (the steps that changed the tag).
        case step(String, done: [String], reason: String)

        public var description: String {
            switch self {
            case .notFresh(let why): return "the tag is not factory-fresh: \(why); nothing was written"
            case .step(let step, let done, let reason):
                let written = done.isEmpty ? "nothing was written" : "already done: \(done.joined(separator: ", "))"
                return "\(step) failed: \(reason); \(written)"
            }
        }
    }

    public func personalise(_ card: any CardChannel) throws(Failure) -> Result {
        var done: [String] = []
        func run<T>(_ step: String, _ body: () throws -> T) throws(Failure) -> T {
            do { return try body() } catch let failure as Failure { throw failure } catch {
                throw .step(step, done: done, reason: "\(error)")
            }
        }
        let uid = try run("GET UID") { try CardReading.send(card, APDU.getUID, "GET UID").payload(command: "GET UID") }
        guard uid.count == 7 else { throw .notFresh("its UID has \(uid.count) bytes (an NTAG 424 DNA has 7; random UID on?)") }
        let newKeys = try run("deriving keys") { try keys.applicationKeys(uid: uid) }
        try run("SELECT NDEF application") {
            _ = try CardReading.send(card, APDU.select(application: Type4NDEFReader.applicationId), "SELECT NDEF application")
                .payload(command: "SELECT NDEF application")
        }
        try run("SELECT NDEF file") { try Type4NDEFReader.select(card, file: [0xE1, 0x04], "SELECT NDEF file") }
        let factory = [UInt8](repeating: 0, count: 16)
        var session = try authenticate(card, keyNumber: 0, key: factory, done: done)

        try run("writing the URL template") {
            var offset = 0
            while offset < template.file.count {
                let chunk = Array(template.file[offset..<min(template.file.count, offset + 48)])
                _ = try CardReading.send(card, APDU.updateBinary(offset: offset, data: chunk), "UPDATE BINARY at \(offset)")
                    .payload(command: "UPDATE BINARY at \(offset)")
                offset += chunk.count
            }
        }
        done.append("URL template written")
        try run("ChangeFileSettings (SDM mirroring)") {
            try fullModeCommand(card, &session, NTAG424Commands.changeFileSettings, header: [NTAG424Commands.ndefFile],
                                data: template.settings.bytes, name: "ChangeFileSettings")
        }
        done.append("SDM mirroring on")
        for number: UInt8 in [1, 2, 3, 4] where newKeys[number]! != factory {
            try run("ChangeKey \(number)") {
                let data = NTAG424Commands.changeKeyData(newKey: newKeys[number]!, oldKey: factory, version: 1, isAuthenticationKey: false)
                try fullModeCommand(card, &session, NTAG424Commands.changeKey, header: [number], data: data, name: "ChangeKey \(number)")
            }
            done.append("key \(number) changed")
        }
        if newKeys[0]! != factory {
            try run("ChangeKey 0") {
                let data = NTAG424Commands.changeKeyData(newKey: newKeys[0]!, oldKey: factory, version: 1, isAuthenticationKey: true)
                let command = NTAG424Commands.wrap(NTAG424Commands.changeKey, try session.sealCommand(NTAG424Commands.changeKey, header: [0], data: data))
                // Changing the key in use ends the session: the answer carries no MAC.
                _ = try native(card, command, name: "ChangeKey 0")
            }
            done.append("key 0 changed")
        }
        let read = try run("reading the tag back") { () throws -> CardRead? in
            try Type4NDEFReader(verifier: SUNVerifier(keys: keys, names: names)).read(card, base: CardRead(uid: uid))
        }
        guard let secure = read?.secure else { throw .step("reading the tag back", done: done, reason: "no SUN message in its NDEF file") }
        guard secure.uid == HexBytes.string(uid) else {
            throw .step("reading the tag back", done: done, reason: "the SUN message names UID \(secure.uid), not \(HexBytes.string(uid))")
        }
        return Result(uid: uid, counter: secure.counter)
    }

    private func authenticate(_ card: any CardChannel, keyNumber: UInt8, key: [UInt8], done: [String]) throws(Failure) -> EV2Session {
        let name = "AuthenticateEV2First with key \(keyNumber)"
        do {
            let first = try CardReading.send(card, NTAG424Commands.wrap(NTAG424Commands.authenticateEV2First, [keyNumber, 0x00]), name)
            guard first.sw1 == 0x91, first.sw2 == 0xAF else { throw CardReadError.status(command: name, sw1: first.sw1, sw2: first.sw2) }
            let rndA = random(16)
            let (part2, rndB) = try EV2Authentication.answer(challenge: first.data, key: key, rndA: rndA)
            let second = try CardReading.send(card, NTAG424Commands.wrap(NTAG424Commands.additionalFrame, part2), name)
            if second.sw1 == 0x91, second.sw2 == 0xAE {
                throw Failure.notFresh("key \(keyNumber) is not the factory key (already personalised?)")
            }
            guard second.sw1 == 0x91, second.sw2 == 0x00 else { throw CardReadError.status(command: name, sw1: second.sw1, sw2: second.sw2) }
            return try EV2Authentication.finish(second.data, key: key, rndA: rndA, rndB: rndB)
        } catch let failure as Failure {
            throw failure
        } catch {
            throw .step(name, done: done, reason: "\(error)")
        }
    }

    /// A CommMode.Full command and its MACed answer.
    private func fullModeCommand(_ card: any CardChannel, _ session: inout EV2Session, _ command: UInt8, header: [UInt8],
                                 data: [UInt8], name: String) throws {
        let apdu = NTAG424Commands.wrap(command, try session.sealCommand(command, header: header, data: data))
        let response = try native(card, apdu, name: name)
        _ = try session.openResponse(response, code: 0x00)
    }

    /// A native command's answer data; anything but 91 00 is an error naming the command.
    private func native(_ card: any CardChannel, _ apdu: [UInt8], name: String) throws -> [UInt8] {
        let response = try CardReading.send(card, apdu, name)
        guard response.sw1 == 0x91, response.sw2 == 0x00 else {
            throw CardReadError.status(command: name, sw1: response.sw1, sw2: response.sw2)
        }
        return response.data
    }
}
