import MemberKit

/// What a key asks the desk to do, once the pane or dialog that took it has done its own part
/// (htop's panels return a result to the screen manager the same way).
public enum DeskCommand: Sendable, Equatable {
    /// Opens a dialog the way its opener says (help, check-in, export, the form, …): each dialog
    /// declares its openers in its own file, so no dialog has a command or a reducer line of its own.
    case open(DialogOpener)
    // The function bar and the desk's own keys.
    case startSearch, toggleRegions, quit, cycleSort, toggleStats, swapSidePane, switchFocus
    /// The member list: only members expiring within `plans.warn_days` days, or everyone again.
    case toggleExpiring
    /// The main pane: the member list, or "Inside now".
    case toggleInside
    /// A staff check-out of the member selected in the main pane.
    case checkOutSelected
    /// A check-in by hand of the member selected in the list (a forgotten card): the rules of a tap.
    case checkInSelected
    /// `g`'s prompt answered: a check-in by hand of the member holding `pass`, with guests.
    case checkInWithGuests(pass: String, guests: Int)
    /// Esc on the desk: dismiss the banner, or clear the search.
    case escape
    // From dialogs.
    /// F4's text: a pass, or a name that offers the members it matches.
    case checkIn(String)
    /// A member chosen among those F4's text (`typed`) named.
    case checkInNamed(MemberRecord, typed: String)
    case enrol(pass: String, name: String?)
    /// An unknown pass given to the member who holds it but for leading zeros, then checked in.
    case givePass(String, to: MemberRecord)
    /// The enrol prompt for a pass after all (a near holder's card it was not).
    case askEnrol(pass: String)
    case save(original: MemberRecord?, changes: MemberChanges)
    case delete(MemberRecord)
    case previewImport(file: String)
    case applyImport(ImportPreview)
    case export(format: String, path: String)
    // The lock (see DeskReducer+Lock).
    /// Ctrl-L: lock the desk now, or sign in when it is locked.
    case lock
    /// The refused member on the banner comes in anyway (recorded as an override).
    case letInAnyway
    /// The sign-in dialog's name or card and PIN, to check on the worker.
    case verifyPIN(StaffCredential, PIN)
    // From the member list.
    /// The search text or the sort changed: the listing starts again, and its count is stale.
    case listingChanged(searchEdited: Bool)
}
