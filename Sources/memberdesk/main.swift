import DeskLanguage
import DeskSettings
import Foundation
import Logging
import MemberDeskCLI
import MemberKit

// Set-up that every command shares, then one line per error and never a stack trace.
setlocale(LC_ALL, "")
DeskLanguage.start()
let logSink = LogSink(path: DeskPaths().logFile)
LoggingSystem.bootstrap { FileLogHandler(label: $0, sink: logSink) }
signal(SIGPIPE, SIG_IGN)

exit(await MemberDesk.runParsed())
