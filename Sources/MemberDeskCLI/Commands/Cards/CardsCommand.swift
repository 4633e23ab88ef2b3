import ArgumentParser

struct CardsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cards",
        abstract: "Secure cards (NTAG 424 DNA with Secure Unique NFC).",
        subcommands: [PersonaliseCommand.self]
    )
}
