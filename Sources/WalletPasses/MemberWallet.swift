import DeskSettings
import Foundation
import MemberKit

/// Members' wallet passes from the store: the one home of finding a member for a pass and of
/// writing a .pkpass, for the CLI and the front desk alike.
public struct MemberWallet: Sendable {
    public let club: Club
    public let wallet: DeskConfig.Wallet
    public let look: WalletLook

    public init(club: Club, wallet: DeskConfig.Wallet, terminalName: String, databasePath: String) {
        self.club = club
        self.wallet = wallet
        look = WalletLook(wallet, terminalName: terminalName, databasePath: databasePath)
    }

    /// MEMBER as the commands take it: a member id (a deleted member's too: its pass is then
    /// voided), or a live member's pass. A deleted member is not found by pass: the pass may be another's now.
    /// `issuing`: the pass about to be issued for that wallet, with its own credential
    /// (`Club.credentialForIssue`); nil: the member's card as its pass id (nothing issued).
    public func member(_ idOrPass: String, issuing: WalletKind? = nil) throws -> WalletMember {
        let record: MemberRecord
        if let byId = try club.member(id: idOrPass) {
            record = byId
        } else if let byPass = try club.member(idOrPass: idOrPass) {
            record = byPass
        } else {
            throw WalletError(.member, "no member with id or pass '\(idOrPass)' (a deleted member is found by its member id only)")
        }
        return try walletMember(record, issuing: issuing)
    }

    /// `issuing`: as `member(_:issuing:)`. A pass is its own credential, never the card's UID.
    public func walletMember(_ record: MemberRecord, issuing: WalletKind? = nil) throws -> WalletMember {
        let standing = record.plan == .open ? nil : try club.planStanding(record)
        var member = WalletMember(record, standing: standing, now: club.clock.now(), catalogue: club.settings.plans.catalogue)
        if let issuing { member.passId = try club.credentialForIssue(memberId: record.memberId, wallet: issuing).credential }
        return member
    }

    public func appleIssuer() throws -> ApplePassIssuer {
        try ApplePassIssuer(wallet, look: look, now: club.clock.now())
    }

    public func googleIssuer() throws -> GoogleWalletIssuer {
        try GoogleWalletIssuer(wallet, look: look)
    }

    /// `<out_folder>/<memberId>.pkpass`, the folder made (0700) when missing.
    public func defaultPath(for member: WalletMember) throws -> String {
        try Self.makeFolder(look.outFolder)
        return URL(fileURLWithPath: look.outFolder).appendingPathComponent(ApplePassIssuer.fileName(for: member)).path
    }

    /// Writes the member's pass whole or not at all. `durable`: fsync before the rename (one pass);
    /// `--all` syncs its folder once at the end instead of 10,000 times.
    /// With a web service URL, the pass gets a new token of its own, kept only as a digest.
    public func writeApplePass(_ member: WalletMember, with issuer: ApplePassIssuer, to path: String, durable: Bool = true) throws {
        var token: String?
        if issuer.hasWebService {
            let minted = PassWebToken.mint()
            try club.recordWebPass(passTypeId: issuer.passTypeId, serialNumber: member.memberId, tokenDigest: PassWebToken.digest(minted),
                                   contentDigest: try issuer.contentDigest(for: member))
            token = minted
        }
        let bytes = try issuer.pkpass(for: member, token: token, at: club.clock.now())
        try AtomicFileWriter.write(path: path, durable: durable) { try $0(bytes) }
    }

    /// Every live member, a page at a time (keyset, so a large club costs the same per page).
    public func forEachLiveMember(_ body: (MemberRecord) throws -> Void) throws {
        var cursor: MemberRow?
        while true {
            let page = try club.memberPage(sort: .added, cursor: cursor, limit: 500)
            for row in page { try body(row.member) }
            guard page.count == 500 else { return }
            cursor = page.last
        }
    }

    /// Flushes the folder's file system once (after `--all` wrote its passes without fsync each).
    public static func syncFolder(_ path: String) throws {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw WalletError(.io, "cannot open '\(path)': \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        guard Self.syncFileSystem(fd) == 0 else { throw WalletError(.io, "cannot sync '\(path)': \(String(cString: strerror(errno)))") }
    }

    /// syncfs(2), which Swift's Glibc module does not declare (it is a GNU extension); sync(2) where it is missing.
    private static let syncFileSystem: @Sendable (Int32) -> Int32 = {
        typealias SyncFS = @convention(c) (Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syncfs") else { return { _ in sync(); return 0 } }
        let function = unsafeBitCast(symbol, to: SyncFS.self)
        return { function($0) }
    }()

    public static func makeFolder(_ path: String) throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw WalletError(.io, "cannot write passes into '\(path)': it is not a folder") }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw WalletError(.io, "cannot make the folder '\(path)': \((error as NSError).localizedDescription)")
        }
    }
}
