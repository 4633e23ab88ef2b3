/// The property tests' desks type a pass in any case: as written, in capitals or in small letters
/// (a pass is one identity whatever its case; card UIDs come out of the normalizer uppercased).
enum PassCase {
    static func vary(_ pass: String, _ code: Int) -> String {
        switch (code / 7919) % 3 {
        case 0: return pass
        case 1: return pass.uppercased()
        default: return pass.lowercased()
        }
    }
}
