import DeskLanguage
import Foundation
import MemberKit

/// The plans of the catalogue, with their prices, to sell one to a member: ↑↓ choose, Enter
/// sells (the sale runs as its own opener, so the lock asks for the role a sale needs), Esc cancels.
public struct SellDialog: Sendable, Equatable {
    public var memberId: String
    public var memberName: String
    public var products: [PlanProduct]
    public var currency: String
    public var choice = 0

    public init(memberId: String, memberName: String, catalogue: PlanCatalogue) {
        self.memberId = memberId
        self.memberName = memberName
        // `day` is always on sale: the built-in free pass when the catalogue has none.
        products = catalogue.products + (catalogue.product(named: "day") == nil ? [.builtInDayPass] : [])
        currency = catalogue.currency
    }

    public var chosen: PlanProduct? { products.indices.contains(choice) ? products[choice] : nil }

    /// "ten-pack · 10 visits, 365 days · 120.00 EUR"
    static func line(_ product: PlanProduct, currency: String) -> String {
        var terms: [String] = []
        if let visits = product.visits { terms.append(trn("%d visit", "%d visits", visits)) }
        let days = product.validDays ?? (product.kind == .day ? 1 : 0)
        if product.kind == .day, days == 1 { terms.append(tr("until closing")) } else if days > 0 { terms.append(trn("%d day", "%d days", days)) }
        return "\(product.name) · \(product.kind.rawValue)" + (terms.isEmpty ? "" : ", " + terms.joined(separator: ", "))
            + " · \(amount(product.price, currency))"
    }

    static func amount(_ price: PlanPrice, _ currency: String) -> String { currency.isEmpty ? "\(price)" : "\(price) \(currency)" }

    public func render(into grid: inout CellGrid) {
        let frame = DialogFrame.centred(in: grid.bounds, width: 64, height: products.count + 6)
        let inner = DialogFrame.draw(&grid, frame, title: tr("Sell a plan to %@", memberName))
        for (i, product) in products.enumerated() where inner.y + 1 + i < inner.maxY - 1 {
            let isChosen = i == choice
            grid.putField((isChosen ? "▸ " : "  ") + Self.line(product, currency: currency), x: inner.x, y: inner.y + 1 + i, width: inner.width,
                          style: isChosen ? CellStyle(.selected, bold: true, reverse: true) : .plain)
        }
        grid.putField(tr("↑↓ choose · Enter sell (no payment is taken) · Esc cancel"), x: inner.x, y: inner.maxY - 1, width: inner.width,
                      style: CellStyle(.dim))
    }

    public mutating func onKey(_ key: Key) -> DialogReply {
        switch key {
        case .up: choice = max(0, choice - 1)
        case .down: choice = min(products.count - 1, choice + 1)
        case .enter:
            guard let product = chosen else { return .close }
            return .closeAnd(.open(.selling(product.name, to: memberId)))
        case .escape: return .close
        default: break
        }
        return .stay
    }
}

extension SellDialog: DeskDialogFeature {
    mutating func onKey(_ key: Key, screen: Rect) -> DialogReply { onKey(key) }
    func render(into grid: inout CellGrid, now: Date) { render(into: &grid) }
}

extension DialogOpener {
    /// `$`: the catalogue's plans for the member selected in the list (managers: a sale changes a plan and an expiry).
    static let sellPlan = DialogOpener(permission: .changeExpiry) { state, _ in
        guard !state.showInside, !state.showStats, let member = state.list.selectedMember else { return nil }
        return DialogOpening(.sell(SellDialog(memberId: member.memberId, memberName: member.displayName, catalogue: state.setup.plans.catalogue)))
    }

    /// Enter in `SellDialog`: the sale, as an opener of its own so that the lock checks its role
    /// (a PIN first where the operator's is not enough) and names who sold it.
    static func selling(_ plan: String, to memberId: String) -> DialogOpener {
        DialogOpener("selling \(plan) to \(memberId)", permission: .changeExpiry) { state, _ in
            DialogOpening(nil, effects: [.sell(.sell(plan: plan, memberId: memberId, operator: state.lock.operatorName))])
        }
    }
}
