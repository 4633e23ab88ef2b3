import ArgumentParser
import CardReader
import Foundation
import MemberKit
import SecureCards

struct PersonaliseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "personalise",
        abstract: "Make the factory-fresh NTAG 424 DNA on the reader a secure card (SUN).",
        discussion: """
            Authenticates with the factory key 0, writes cards.sun_url as the tag's NDEF URL with SUN \
            mirroring, changes its keys (derived from cards.sun_master_key_file, or the meta and file \
            keys), then reads it back and verifies it. A tag that is not factory-fresh is refused. \
            With --member, the card's pass id (SUN:<UID>) becomes that member's pass.
            """
    )

    @OptionGroup var global: GlobalOptions
    @Option(name: .long, help: ArgumentHelp("Give the card to this member (member id or pass).", valueName: "id-or-pass"))
    var member: String?
    @Option(name: .long, help: ArgumentHelp("The reader the tag lies on (default: config reader.name, else the one with a card).", valueName: "name"))
    var reader: String?

    func run() throws {
        let context = try DeskContext.open(global)
        let cards = context.config.cards
        guard let keys = try SUNKeyFiles.keys(cards) else {
            throw DeskError.config("no SUN keys: set cards.sun_master_key_file (or cards.sun_meta_key_file and cards.sun_file_key_file)")
        }
        guard !cards.sunURL.isEmpty else {
            throw DeskError.config("config key 'cards.sun_url' is empty: set the URL to write, e.g. https://club.example/c?picc_data=\(String(repeating: "0", count: 32))&cmac=\(String(repeating: "0", count: 16))")
        }
        let names = SUNMessage.ParameterNames(piccData: cards.sunPICCParam, mac: cards.sunCMACParam)
        let personaliser: TagPersonaliser
        do { personaliser = try TagPersonaliser(keys: keys, url: cards.sunURL, names: names) } catch {
            throw DeskError.config("config key 'cards.sun_url': \(error)")
        }
        // Whose card it becomes is checked before the tag is touched.
        let owner = try member.map { try context.member($0) }
        let pcsc = PCSCLiteContext()
        let result: TagPersonaliser.Result
        do {
            try pcsc.establish()
            defer { pcsc.release() }
            let name = try readerWithCard(pcsc, wanted: reader ?? context.config.reader.name)
            let card = try pcsc.connect(reader: name)
            defer { card.disconnect() }
            do { result = try personaliser.personalise(card) } catch { throw DeskError.io("\(name): \(error)") }
        } catch let error as PCSCError {
            throw DeskError.io(ReaderSnapshot.explain(error))
        }
        print("personalised NTAG 424 DNA \(HexBytes.string(result.uid)): pass \(result.passId), read back and verified (counter \(result.counter))")
        if let owner {
            let updated = try context.club.updateMember(id: owner.memberId, MemberChanges(passId: result.passId), by: context.actor)
            print("\(updated.displayName)'s pass is now \(updated.passId)")
        }
    }

    /// The reader to use: the named one, else the only one with a card on it.
    private func readerWithCard(_ pcsc: PCSCLiteContext, wanted: String) throws -> String {
        let all = try pcsc.listReaders().filter { $0 != ReaderState.plugAndPlay }
        let candidates = wanted.isEmpty ? all : all.filter { $0 == wanted || $0.localizedCaseInsensitiveContains(wanted) }
        guard !candidates.isEmpty else {
            throw DeskError.io(wanted.isEmpty ? "no card reader (pcscd sees none)" : "no reader matches '\(wanted)'; pcscd sees: \(all.joined(separator: ", "))")
        }
        var states = candidates.map { ReaderState(reader: $0) }
        _ = try pcsc.getStatusChange(&states, timeoutMilliseconds: 0)
        let withCard = states.filter(\.isCardPresent).map(\.reader)
        guard let first = withCard.first else { throw DeskError.io("no card on \(candidates.joined(separator: ", ")): put the tag on the reader") }
        guard withCard.count == 1 else { throw DeskError.io("cards on several readers (\(withCard.joined(separator: ", "))): name one with --reader") }
        return first
    }
}
