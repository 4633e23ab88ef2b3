import ArgumentParser

extension MemberDesk {
    /// Parses the arguments (default: the process's) and runs the command; the exit status.
    /// Async commands get their async `run()`: called on the existential from top-level code,
    /// the synchronous requirement was chosen, which prints help.
    public static func runParsed(_ arguments: [String]? = nil) async -> Int32 {
        do {
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await runAsync(&asyncCommand)
            } else {
                try command.run()
            }
            return 0
        } catch {
            return CommandLineFailure.report(error)
        }
    }

    private static func runAsync<Command: AsyncParsableCommand>(_ command: inout Command) async throws {
        try await command.run()
    }
}
