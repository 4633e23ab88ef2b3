import ArgumentParser
import CardReader
import DeskSettings
import Foundation
import MemberKit

struct ReadersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "readers",
        abstract: "List the card readers pcscd sees, whether a card is present, and its ATR."
    )

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Print one JSON object per reader.") var json = false

    func run() throws {
        let readers = try ReaderSnapshot.all(PCSCLiteContext())
        // Phones' passes are read on every reader alike.
        let (_, apple, google) = WalletSetup.load(try DeskConfig.load(DeskPaths().configFile(override: global.config)).wallet)
        if json {
            for reader in readers {
                JSONOutput.print([
                    "reader": .string(reader.name),
                    "cardPresent": .bool(reader.cardPresent),
                    "atr": reader.cardPresent ? .string(hex(reader.atr)) : .null,
                    "card": reader.cardName.map(JSONValue.string) ?? .null,
                    "apple": .object(["state": .string(apple.name), "detail": .string(apple.detail)]),
                    "google": .object(["state": .string(google.name), "detail": .string(google.detail)]),
                ])
            }
            return
        }
        print("Wallet: \(apple.detail)")
        print("Wallet: \(google.detail)")
        if readers.isEmpty { print("(no readers)") }
        for reader in readers {
            if reader.cardPresent {
                print("\(reader.name): card present (\(reader.cardName ?? "card")), ATR \(hex(reader.atr, separator: " "))")
            } else {
                print("\(reader.name): no card")
            }
        }
    }
}
