import DeskLanguage
import Foundation
import MemberKit
import TerminalColumns

/// The check-in banner, the thing staff look at: the last outcome, large and coloured,
/// with the member's details, until it fades after `duration` seconds.
public struct BannerModel: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case welcome, duplicate, refused, unknown, error
        /// Let in, with a warning for staff (the club is full under `when_full = "warn"`).
        case warned
    }

    public struct Shown: Sendable, Equatable {
        public var kind: Kind
        /// Lines that name the member: on a narrow screen the name is cut, not the facts after it.
        public var headlineText: NamedText
        public var detailTexts: [NamedText]
        /// For `.unknown` under the prompt policy: the pass that Enter enrols.
        public var enrolPass: String?
        public var shownAt: Date
        /// For `.unknown` when members hold the pass but for leading zeros: the pass that Enter
        /// offers to give them (whatever the policy: giving a card is no enrolment), and they.
        public var givePass: String? = nil
        public var nearHolders: [MemberRecord] = []
        /// The member a refusal was for: F2 opens its form (a pack to top up, a membership to renew).
        public var refusedMember: MemberRecord? = nil
        /// The member's photo (its hash), shown beside the lines when the terminal can.
        public var photo: String? = nil

        public var headline: String { headlineText.text }
        public var details: [String] { detailTexts.map(\.text) }
    }

    public var duration: TimeInterval
    public private(set) var current: Shown?

    public init(duration: TimeInterval) {
        self.duration = duration
    }

    /// `letIn`: for a refused member, how staff let them in anyway (`l`), shown under the headline.
    public mutating func show(_ report: CheckInReport, policy: EnrolmentPolicy, plans: PlanSettings = PlanSettings(),
                              letIn: String? = nil, now: Date) {
        let outcome = report.outcome
        // Let in over a warning (a full club under `when_full = "warn"`): the warning's colour.
        let kind = report.warnings.isEmpty || !outcome.isAdmitted ? Kind(outcome) : .warned
        let parts = ShownOutcome.parts(report, sellPack: "F2")
        var headline = NamedText(before: parts.before, name: parts.name, after: parts.after)
        var enrolPass: String?
        if case .unknownPass(let pass) = outcome {
            if let holder = report.nearPassHolders.first {
                let others = report.nearPassHolders.count > 1 ? trn(" (and %d more)", " (and %d more)", report.nearPassHolders.count - 1) : ""
                headline = NamedText(before: tr("Unknown card — "), name: holder.displayName,
                                     after: tr(" holds %@%@: press Enter to give it to them", holder.passId, others))
            } else if policy == .prompt {
                headline = NamedText(before: tr("Unknown card — press Enter to enrol"))
                enrolPass = pass
            } else {
                headline = NamedText(before: tr("Unknown card — not enrolled"))
            }
        }
        var details = report.warnings.map { NamedText(before: tr($0)) }
        // What the member needs to know, right under the welcome: "3 visits left", "Happy birthday!".
        if let notice = ShownDoorNotice.line(for: report, settings: plans) { details.insert(NamedText(before: notice), at: 0) }
        // What staff must know of this member, on every tap until cleared (`members edit --alert`).
        if let alert = outcome.member?.alert { details.insert(NamedText(before: Self.alertMark + alert), at: 0) }
        // Right under the refusal, so it is never the line a short banner leaves out.
        if case .refused = outcome, let letIn { details.insert(NamedText(before: letIn), at: 0) }
        if let member = outcome.member {
            var facts = " · " + tr("pass %@", member.passId) + " · " + trn("%d visit", "%d visits", member.numVisits)
            if let expires = member.expiresAt {
                facts += " · " + tr("expires %@", ShownDate.day(expires, calendar: plans.calendar))
            }
            if member.status != .active { facts += " · " + ShownStatus.word(member.status) }
            details.append(NamedText(name: member.displayName, after: facts))
            if let email = member.fields["userEmailAddress"]?.displayText, !email.isEmpty { details.append(NamedText(name: email)) }
        } else {
            details.append(NamedText(before: tr("pass %@", report.passId)))
        }
        // A card that proves nothing (a plain UID, an NDEF pass) could be a copy: say so.
        let assurance = report.secure == false ? " · " + tr("low assurance") : report.secure == true ? " · " + tr("secure card") : ""
        details.append(NamedText(before: "\(ShownStatus.source(report.source))\(assurance) · \(RelativeTime.clock(report.time))"))
        current = Shown(kind: kind, headlineText: headline, detailTexts: details, enrolPass: enrolPass, shownAt: now)
        if case .unknownPass(let pass) = outcome, !report.nearPassHolders.isEmpty {
            current?.givePass = pass
            current?.nearHolders = report.nearPassHolders
        }
        if case .refused(let member, _) = outcome { current?.refusedMember = member }
        current?.photo = outcome.member?.photo
    }

    /// Before an alert on the banner and in the member list.
    public static let alertMark = "⚠ "

    public mutating func showError(_ message: String, now: Date) {
        current = Shown(kind: .error, headlineText: NamedText(before: message), detailTexts: [], enrolPass: nil, shownAt: now)
    }

    /// What shows at `now`: nil once faded.
    public func visible(at now: Date) -> Shown? {
        guard let current, now.timeIntervalSince(current.shownAt) < duration else { return nil }
        return current
    }

    /// Forgets a faded banner; true when that changed what shows.
    public mutating func expire(now: Date) -> Bool {
        guard current != nil, visible(at: now) == nil else { return false }
        current = nil
        return true
    }

    public mutating func dismiss() { current = nil }

    public static func tone(_ kind: Kind) -> Tone {
        switch kind {
        case .welcome: return .success
        case .duplicate, .warned: return .warning
        case .refused, .error: return .danger
        case .unknown: return .info
        }
    }

    public func render(into grid: inout CellGrid, rect: Rect, now: Date, photos: (any PhotoArtSource)? = nil) {
        guard !rect.isEmpty else { return }
        guard let shown = visible(at: now) else {
            grid.fill(rect)
            let idle = tr("Ready — tap a card, or press F4 to check in by pass id")
            grid.putField(idle, x: rect.x + 1, y: rect.y + rect.height / 2, width: rect.width - 2, style: CellStyle(.dim))
            return
        }
        // A solid band of colour (reverse video) that reads from across the room.
        let band = CellStyle(Self.tone(shown.kind), bold: true, reverse: true)
        grid.fill(rect, style: band)
        // The photo at the left, the lines centred in what is left of the band.
        let text = BannerPhoto.draw(shown.photo, from: photos, into: &grid, rect: rect)
        let lines = [shown.headlineText] + shown.detailTexts
        let top = rect.y + max(0, (rect.height - lines.count) / 2)
        for (i, line) in lines.enumerated() where top + i < rect.maxY {
            let cut = line.fitted(to: text.width - 2)
            let x = text.x + max(1, (text.width - TextWidth.of(cut)) / 2)
            grid.put(cut, x: x, y: top + i, style: i == 0 ? band : CellStyle(Self.tone(shown.kind), reverse: true),
                     clip: rect.maxX - 1)
        }
    }
}
