/// `memberdesk doctor`: everything a desk needs, each with a status and, when something is
/// wrong, one line saying what to do.
public struct Doctor {
    public let environment: DoctorEnvironment

    public init(environment: DoctorEnvironment) {
        self.environment = environment
    }

    public func run() -> [DoctorCheck] {
        let settings = SettingsChecks(environment: environment)
        let (configCheck, config) = settings.config()
        return ReaderChecks(environment: environment).run()
            + DatabaseChecks(environment: environment).run()
            + [configCheck]
            + settings.bluetooth(config)
            + [settings.regions(config)]
            + SyncChecks(environment: environment).run(config)
            + [settings.backups(config)]
            + settings.mqtt(config)
            + WalletChecks(environment: environment).run(config)
    }
}
