@testable import DeskUI
import Foundation
import MemberKit
import Testing

/// `MemberChooser`: the rows and keys of every dialog that offers members (a typed name, a card
/// a member holds but for leading zeros), so both dialogs choose alike.
@Suite struct MemberChooserTests {
    static func member(_ name: String, pass: String) -> MemberRecord {
        MemberRecord(memberId: "M-\(pass)", passId: pass, username: name, timeStampAdded: 0, modifiedAt: 0, modifiedBy: "T")
    }

    static var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    let ann = Self.member("Ann Lee", pass: "0012"), anna = Self.member("Anna Lee", pass: "00012")

    @Test func arrowsMoveTheChoiceWithinTheListAndOtherKeysAreLeftToTheDialog() {
        var chooser = MemberChooser([ann, anna], calendar: Self.utc)
        #expect(chooser.chosen == ann)
        #expect(chooser.move(.up) && chooser.chosen == ann, "the first row stays first")
        #expect(chooser.move(.down) && chooser.chosen == anna)
        #expect(chooser.move(.down) && chooser.chosen == anna, "the last row stays last")
        #expect(!chooser.move(.enter) && !chooser.move(.character("n")) && chooser.chosen == anna)
        #expect(MemberChooser([], calendar: Self.utc).chosen == nil)
    }

    @Test func bothDialogsActOnTheChosenMember() {
        var names = TypedNamesDialog(typed: "lee", members: [ann, anna], calendar: Self.utc)
        #expect(names.onKey(.down) == .stay)
        #expect(names.onKey(.enter) == .closeAnd(.checkInNamed(anna, typed: "lee")))
        var card = GivePassDialog(pass: "12", holders: [ann, anna], canEnrol: false, calendar: Self.utc)
        #expect(card.onKey(.down) == .stay && card.onKey(.up) == .stay)
        #expect(card.onKey(.enter) == .closeAnd(.givePass("12", to: ann)))
        #expect(card.onKey(.character("n")) == .stay, "no enrolment where the desk does not enrol")
    }

    @Test func theChosenRowIsMarkedAndEveryRowSaysWhatTellsNamesakesApart() {
        var chooser = MemberChooser([ann, anna], calendar: Self.utc)
        _ = chooser.move(.down)
        var grid = CellGrid(width: 60, height: 5)
        chooser.render(into: &grid, x: 0, y: 1, width: 60, above: 3)
        #expect(grid.text(row: 1).hasPrefix("  Ann Lee · pass 0012"))
        #expect(grid.text(row: 2).hasPrefix("▸ Anna Lee · pass 00012"))
        #expect(grid.text(row: 3).trimmingCharacters(in: .whitespaces).isEmpty, "no row below the bottom")
    }
}
