/// The desk's own keys (the function bar and its letters), when no dialog is open and no text
/// field has the focus. Movement keys are left to the focused pane.
enum DeskKeymap {
    static func command(for key: Key) -> DeskCommand? {
        switch key {
        case .function(1), .character("?"): .showHelp
        case .function(2): .editSelected
        case .function(3), .character("/"): .startSearch
        case .function(4), .character("c"): .openCheckIn
        case .function(5): .openExport
        case .function(6): .openImport
        case .function(7), .character("n"): .newMember
        case .function(8), .delete: .confirmDeleteSelected
        case .function(9): .toggleRegions
        case .function(10), .character("q"): .quit
        case .character("o"): .cycleSort
        case .character("s"): .toggleStats
        case .character("b"): .swapSidePane
        case .tab, .backTab: .switchFocus
        case .enter: .enter
        case .escape: .escape
        default: nil
        }
    }
}
