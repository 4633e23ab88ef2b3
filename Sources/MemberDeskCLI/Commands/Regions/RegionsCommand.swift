import ArgumentParser
import BeaconKit
import Foundation
import MemberKit
import RegionKit

extension ScriptKind: ExpressibleByArgument {}

struct RegionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "regions",
        abstract: "Region lists and their scripts (RegionFramework-compatible).",
        subcommands: [List.self, Load.self, Refresh.self, On.self, Off.self, Run.self, Simulate.self]
    )

    /// The key under which `regions load` remembers its source, for `regions refresh`.
    static let loadedSourceKey = RegionWatcher.loadedSourceKey

    static func listSource(_ context: DeskContext) -> RegionListSource {
        RegionListSource(cachePath: context.paths.regionCache, ttl: context.config.regions.ttl,
                         timeout: context.config.regions.httpTimeout)
    }

    static func cachedRegions(_ context: DeskContext) throws -> [Region] {
        guard let regions = try listSource(context).cached() else {
            throw DeskError.notFound("no region list yet (use 'memberdesk regions load FILE-OR-URL')")
        }
        return regions
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the cached regions, with their state.")
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print JSON, one object per region.") var json = false

        func run() throws {
            let context = try DeskContext.open(global)
            let source = RegionsCommand.listSource(context)
            let regions = try source.cached() ?? []
            let statuses = RegionStatus.of(regions, states: try context.database.regionStates(), at: context.club.clock.now())
            if !json {
                let updated = source.cacheDate().map { " (updated \(ISO8601Formatters.string(from: $0)))" } ?? ""
                print("Regions are \(RegionSwitch.isOn(context.database) ? "on" : "off"); \(CountText.of(regions.count, "region")) in \(context.paths.regionCache)\(updated)")
            }
            for (region, status) in zip(regions, statuses) {
                let state = status.rawValue
                if json {
                    JSONOutput.print(RegionsCommand.object(region, state: state))
                } else {
                    let name = region.name.isEmpty ? "" : " \"\(region.name)\""
                    print("\(region.identifier)\(name)  \(RegionsCommand.geometry(region))  \(state)  \(region.triggerLimit.name)")
                }
            }
        }
    }

    struct Load: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Validate a region list and make it the cached list.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "A region list file, or an http(s) URL.") var source: String
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let context = try DeskContext.open(global)
            let regions = try RegionsCommand.listSource(context).refreshBlocking(from: source)
            try context.database.setSetting(RegionsCommand.loadedSourceKey, source)
            RegionsCommand.printLoaded(regions.count, source: source, json: json)
        }
    }

    struct Refresh: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Fetch the region list again now.",
            discussion: "From regions.source in the config, else from the last 'regions load'. A list that fails validation leaves the cache as it was.")
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let context = try DeskContext.open(global)
            let configured = context.config.regions.source
            guard let source = configured.isEmpty ? try context.database.setting(RegionsCommand.loadedSourceKey) : configured else {
                throw DeskError.config("no region list source (set regions.source or use 'memberdesk regions load')")
            }
            let regions = try RegionsCommand.listSource(context).refreshBlocking(from: source)
            RegionsCommand.printLoaded(regions.count, source: source, json: json)
        }
    }

    struct On: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Turn region monitoring and scripts on (the default).")
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print JSON.") var json = false
        func run() throws { try RegionsCommand.switchRegions(true, global, json: json) }
    }

    struct Off: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Turn region monitoring and scripts off.")
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print JSON.") var json = false
        func run() throws { try RegionsCommand.switchRegions(false, global, json: json) }
    }

    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run one region's script once and print its output.",
            discussion: "The script runs for real: files, stored values and check-ins it makes are kept. Waits for its HTTP callbacks. Exits 1 when the script fails.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The region's identifier.") var id: String
        @Argument(help: "Which script: enter, exit or checkin.") var kind: ScriptKind
        @Flag(help: "Print JSON lines (output, error, notification).") var json = false

        func run() throws {
            let context = try DeskContext.open(global)
            guard let region = try RegionsCommand.cachedRegions(context).first(where: { $0.identifier == id }) else {
                throw DeskError.notFound("no region '\(id)' in the region list")
            }
            let source = region.script(for: kind)
            let subscription = context.bus.subscribe()
            let environment = ScriptEnvironment(config: context.config, paths: context.paths, club: context.club,
                                                database: context.database)
            let engine = ScriptEngine(environment: environment)
            let result = engine.runAndWait(source, activity: ScriptActivity(identifier: region.identifier, regionName: region.name,
                                                                             kind: kind, event: ["time": .double(CommandClock.current.now().timeIntervalSince1970)]))
            engine.waitUntilIdle(timeout: context.config.regions.httpTimeout + 2)
            var failed = result.error != nil
            for event in subscription.drain() {
                if json {
                    if let line = RegionSimulation.line(event) { JSONOutput.print(line) }
                    continue
                }
                switch event {
                case .region(.scriptOutput(_, let text)): print(text)
                case .region(.scriptError(_, let message)):
                    failed = true
                    CommandLineFailure.printError(message)
                case .notification(let notification): print("[notification] \(notification.alert)")
                default: break
                }
            }
            fflush(nil)
            if failed { throw ExitCode(1) }
        }
    }

    struct Simulate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Drive the region monitor from a btsnoop capture; print enters, exits and script output as JSON lines.",
            discussion: "Uses the cached region list. Scripts run for real (as with 'regions run'); the monitor's state is kept in memory only. After the capture ends, time runs on until beacon regions exit.")
        @OptionGroup var global: GlobalOptions
        @Option(help: ArgumentHelp("The btsnoop capture (btmon -w or an H4 sniffer).", valueName: "file")) var replay: String
        @Option(help: ArgumentHelp("A fixed position for circular regions.", valueName: "lat,lng")) var location: String?

        func validate() throws {
            if let location, LocationFix.parse(location, time: CommandClock.current.now()) == nil {
                throw ValidationError("--location must be LAT,LNG (for example 35.6595,139.7005)")
            }
        }

        func run() throws {
            let context = try DeskContext.open(global)
            let regions = try RegionsCommand.cachedRegions(context)
            let fix = location.flatMap { LocationFix.parse($0, time: CommandClock.current.now()) }
            let simulation = RegionSimulation(
                regions: regions, environment: ScriptEnvironment(config: context.config, paths: context.paths, club: context.club,
                                                                 database: context.database),
                location: fix.map { ($0.latitude, $0.longitude) }, exitDelay: context.config.regions.exitDelay,
                presence: context.config.beacons.presence, settleTimeout: context.config.regions.httpTimeout + 2)
            do {
                try simulation.run(capture: replay) { JSONOutput.print($0) }
            } catch let error as BtsnoopError {
                throw DeskError.invalidInput(error.description)
            }
        }
    }

    static func switchRegions(_ on: Bool, _ global: GlobalOptions, json: Bool) throws {
        let context = try DeskContext.open(global)
        try RegionSwitch.set(on, context.database)
        if json { JSONOutput.print(["on": .bool(on)]) } else { print("Regions are \(on ? "on" : "off")") }
    }

    static func printLoaded(_ count: Int, source: String, json: Bool) {
        if json {
            JSONOutput.print(["loaded": .int(count), "source": .string(source)])
        } else {
            print("Loaded \(CountText.of(count, "region")) from \(source)")
        }
    }

    static func geometry(_ region: Region) -> String {
        var parts: [String] = []
        if let uuid = region.uuid {
            var beacon = "beacon \(uuid)"
            if let major = region.major { beacon += " major \(major)" }
            if let minor = region.minor { beacon += " minor \(minor)" }
            if let proximity = region.proximity { beacon += " (\(proximity.rawValue))" }
            parts.append(beacon)
        }
        if region.isCircularRegion { parts.append("circle \(region.latitude),\(region.longitude) r=\(region.radius)m") }
        return parts.joined(separator: " + ")
    }

    /// "beacon", "circle", or "beacon+circle" for a region with both parts.
    static func kind(_ region: Region) -> String {
        [region.isBeaconRegion ? "beacon" : nil, region.isCircularRegion ? "circle" : nil].compactMap { $0 }.joined(separator: "+")
    }

    static func object(_ region: Region, state: String) -> [String: JSONValue] {
        [
            "identifier": .string(region.identifier),
            "kind": .string(kind(region)),
            "region_name": .string(region.name),
            "uuid": .string(region.uuid ?? ""),
            "major": .string(region.major.map(String.init) ?? ""),
            "minor": .string(region.minor.map(String.init) ?? ""),
            "center_lat": .double(region.latitude),
            "center_lng": .double(region.longitude),
            "center_radius": .double(region.radius),
            "expire_at": .double(region.expireAt ?? 0),
            "proximity": region.proximity.map { .string($0.rawValue) } ?? .null,
            "trigger_limit": .string(region.triggerLimit.name),
            "state": .string(state),
        ]
    }
}
