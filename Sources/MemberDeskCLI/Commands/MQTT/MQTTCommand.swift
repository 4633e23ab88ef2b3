import ArgumentParser
import DeskMQTT
import DeskSettings
import Foundation
import MemberKit

struct MQTTCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mqtt",
        abstract: "The desk's MQTT link: its state, and a test message.",
        subcommands: [Status.self, Test.self]
    )

    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Whether the broker answers (or why not), the broker, the events waiting in the outbox, and the desk's last MQTT error.")
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print one JSON object.") var json = false

        func run() throws {
            let context = try DeskContext.open(global, readOnly: true)
            let queued = try context.database.outboxCount()
            let lastError = try context.database.setting("mqtt.lastError")
            guard context.config.mqtt.isEnabled else {
                if json {
                    JSONOutput.print(["enabled": .bool(false), "connected": .bool(false), "queued": .int(queued)])
                } else {
                    print("MQTT is off (mqtt.url is empty)" + (queued > 0 ? "; \(queued) events wait in the outbox" : ""))
                }
                return
            }
            let settings = try MQTTCommand.settings(context)
            let failure = MQTTProbe.run(settings)
            if json {
                JSONOutput.print([
                    "enabled": .bool(true), "broker": .string(settings.broker.description), "connected": .bool(failure == nil),
                    "reason": failure.map { .string($0.description) } ?? .null, "queued": .int(queued),
                    "topicPrefix": .string(settings.prefix), "lastError": lastError.map(JSONValue.string) ?? .null,
                ])
            } else {
                print("broker:      \(settings.broker)")
                print("connected:   \(failure.map { "no: \($0)" } ?? "yes")")
                print("topics:      \(settings.prefix)/...")
                print("outbox:      \(queued) event\(queued == 1 ? "" : "s") waiting")
                print("last error:  \(lastError ?? "none")")
            }
        }
    }

    struct Test: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Publish a test event to <topic_prefix>/test and wait for the broker's acknowledgement (exit 1 with the reason otherwise).")
        @OptionGroup var global: GlobalOptions

        func run() throws {
            let context = try DeskContext.open(global, readOnly: true)
            guard context.config.mqtt.isEnabled else { throw DeskError.config("MQTT is off: set mqtt.url in \(context.configPath)") }
            let settings = try MQTTCommand.settings(context)
            // The event id a tap's MQTT event gets (`RandomId`), so a test event is one like them.
            let payload = #"{"desk":"\#(settings.terminal.name.replacingOccurrences(of: "\"", with: "'"))","eventId":"\#(RandomId.make())","#
                + #""test":true,"time":"\#(ISO8601Formatters.string(from: CommandClock.current.now()))"}"#
            let clock = ContinuousClock(), started = clock.now
            if let failure = MQTTProbe.run(settings, publishing: OutboxMessage(topic: settings.topic("test"), text: payload)) {
                CommandLineFailure.printError("MQTT test failed: \(failure)")
                throw ExitCode(1)
            }
            let milliseconds = Int((clock.now - started) / .milliseconds(1))
            print("published to \(settings.topic("test")) on \(settings.broker): acknowledged in \(milliseconds) ms")
        }
    }

    /// The doctor's question: nil when the broker accepts this desk, else why not (the terminal id from the database, when there is one).
    static func probe(_ config: DeskConfig, databasePath: String) -> String? {
        let id = (try? AppDatabase.open(path: databasePath, readOnly: true).setting("terminalId")) ?? nil
        let terminal = TerminalIdentity(id: id ?? "unknown", name: config.terminalName)
        do {
            return MQTTProbe.run(try MQTTSettings.resolve(config.mqtt, terminal: terminal))?.description
        } catch {
            return error.description
        }
    }

    static func settings(_ context: DeskContext) throws -> MQTTSettings {
        do { return try MQTTSettings.resolve(context.config.mqtt, terminal: context.terminal) } catch {
            throw DeskError.config(error.description)
        }
    }
}
