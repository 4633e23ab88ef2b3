import Foundation
import MemberKit

/// Files in and out: an import's review and merge, an export, a member's wallet pass, and the
/// region watcher's switch. Each is a part the executable may leave out: then it says so.
public struct ExchangeClient: Sendable {
    public var previewImport: @Sendable (_ file: String, AuditActor) throws -> ImportPreview
    public var applyImport: @Sendable (ImportPreview) throws -> ImportNotice
    /// Returns the summary line; `progress` is called on the worker as rows are written.
    public var export: @Sendable (_ format: String, _ path: String, AuditActor, _ progress: @escaping @Sendable (Double) -> Void) throws -> String
    public var writeWalletPass: @Sendable (_ memberId: String) throws -> WalletPassNotice
    /// Turns regions the other way; returns whether they are now on.
    public var switchRegions: @Sendable () throws -> Bool

    public init(previewImport: @escaping @Sendable (String, AuditActor) throws -> ImportPreview,
                applyImport: @escaping @Sendable (ImportPreview) throws -> ImportNotice,
                export: @escaping @Sendable (String, String, AuditActor, @escaping @Sendable (Double) -> Void) throws -> String,
                writeWalletPass: @escaping @Sendable (String) throws -> WalletPassNotice,
                switchRegions: @escaping @Sendable () throws -> Bool) {
        self.previewImport = previewImport
        self.applyImport = applyImport
        self.export = export
        self.writeWalletPass = writeWalletPass
        self.switchRegions = switchRegions
    }
}

extension ExchangeClient {
    public static func live(importer: (any ImportService)?, exporter: (any ExportService)?,
                            wallet: (any WalletPassService)?, regions: (any RegionToggle)?) -> ExchangeClient {
        ExchangeClient(
            previewImport: { file, actor in
                guard let importer else { throw ClientUnavailable("import is not available in this build") }
                return try importer.preview(file: file, by: actor)
            },
            applyImport: { preview in
                guard let importer else { throw ClientUnavailable("import is not available in this build") }
                return try importer.apply(preview)
            },
            export: { format, path, actor, progress in
                guard let exporter else { throw ClientUnavailable("export is not available in this build") }
                return try exporter.export(format: format, to: path, by: actor, progress: progress)
            },
            writeWalletPass: { memberId in
                guard let wallet else { throw ClientUnavailable("wallet passes are not available in this build") }
                return try wallet.writePass(memberId: memberId)
            },
            switchRegions: {
                guard let regions else { throw ClientUnavailable("not available in this build") }
                let target = !regions.isOn
                try regions.set(on: target)
                return target
            })
    }

    public static let unimplemented = ExchangeClient(
        previewImport: { _, _ in throw ClientUnavailable.unset("exchange.previewImport") },
        applyImport: { _ in throw ClientUnavailable.unset("exchange.applyImport") },
        export: { _, _, _, _ in throw ClientUnavailable.unset("exchange.export") },
        writeWalletPass: { _ in throw ClientUnavailable.unset("exchange.writeWalletPass") },
        switchRegions: { throw ClientUnavailable.unset("exchange.switchRegions") })
}
