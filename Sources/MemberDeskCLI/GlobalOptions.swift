import ArgumentParser
import Foundation
import Logging
import MemberKit

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The member database (default: MEMBERDESK_DB, else $XDG_DATA_HOME/memberdesk/members.sqlite).", valueName: "path"))
    var db: String?

    @Option(name: .long, help: ArgumentHelp("The config file (default: MEMBERDESK_CONFIG, else $XDG_CONFIG_HOME/memberdesk/config.toml).", valueName: "path"))
    var config: String?
}
