import ArgumentParser
import Foundation
import Logging
import MemberKit

// Set-up that every command shares, then one line per error and never a stack trace.
setlocale(LC_ALL, "")
let logSink = LogSink(path: DeskPaths().logFile)
LoggingSystem.bootstrap { FileLogHandler(label: $0, sink: logSink) }
signal(SIGPIPE, SIG_IGN)

do {
    var command = try MemberDesk.parseAsRoot()
    if var asyncCommand = command as? AsyncParsableCommand {
        try await asyncCommand.run()
    } else {
        try command.run()
    }
} catch {
    exit(CommandLineFailure.report(error))
}
