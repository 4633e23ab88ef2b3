/// Who is signing in: a name typed or chosen, or a staff card tapped.
public enum StaffCredential: Sendable, Equatable {
    case name(String)
    case card(String)
}
