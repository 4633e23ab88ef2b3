/// How this terminal shows a photo: as a picture it draws (sixel, kitty's graphics protocol), as
/// block characters, or not at all. `ui.photo` chooses, or `auto` reads the environment.
public enum PhotoArtMode: String, Sendable, CaseIterable {
    case sixel, kitty, symbols, none

    /// `setting`: "auto" or a mode's name. Auto looks only at the environment (no query to the
    /// terminal, whose answer would arrive among the keys): kitty and the terminals known to draw
    /// sixel get pictures, tmux and screen (which pass neither through) and the Linux console get
    /// block art, and a terminal without colours gets none. An xterm draws sixel only when started
    /// as a VT340 (`xterm -ti vt340`); one that was not shows nothing there: `ui.photo = "symbols"`.
    public static func detect(setting: String, environment: [String: String]) -> PhotoArtMode {
        if let chosen = PhotoArtMode(rawValue: setting) { return chosen }
        let term = environment["TERM"] ?? ""
        let program = environment["TERM_PROGRAM"] ?? ""
        if environment["TMUX"] != nil || term.hasPrefix("tmux") || term.hasPrefix("screen") { return .symbols }
        if environment["KITTY_WINDOW_ID"] != nil || term == "xterm-kitty" || program == "ghostty" || term == "xterm-ghostty" { return .kitty }
        if ["WezTerm", "mlterm", "contour"].contains(program) || ["foot", "mlterm", "contour", "yaft"].contains(where: term.hasPrefix) {
            return .sixel
        }
        if environment["XTERM_VERSION"] != nil { return .sixel }
        if term.isEmpty || term == "dumb" || ["vt100", "vt102", "vt220"].contains(term) || !(environment["NO_COLOR"] ?? "").isEmpty {
            return .none
        }
        return .symbols
    }
}
