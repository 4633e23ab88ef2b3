/// A .musrl file's table of the desks its stamps name (sync format 3): a desk's id is written once,
/// in the extras' `desks` of the first member whose stamps name it, and after that as its index
/// in the file. One table per file, filled as members are written or read in the file's order;
/// a file is merged whole or not at all, so every index read was defined by a line read before it.
final class StampDesks {
    static let key = "desks"
    private var names: [String] = []
    private var indices: [String: Int] = [:]

    /// The index of `desk`, adding it to the table (and to `added`, the member's `desks`) when new.
    func index(of desk: String, adding added: inout [String]) -> Int {
        if let index = indices[desk] { return index }
        indices[desk] = names.count
        names.append(desk)
        added.append(desk)
        return names.count - 1
    }

    /// Reads a member's `desks` (absent or null: none) onto the end of the table.
    func read(_ value: JSONValue?) throws(FieldError) {
        switch value {
        case .array(let values)?:
            for value in values {
                guard case .string(let desk) = value, !desk.isEmpty, desk.utf8.count <= MemberExtras.maximumEventText else {
                    throw FieldError("\(Self.key) must list desk ids of 1 to \(MemberExtras.maximumEventText) bytes")
                }
                names.append(desk)
            }
        case nil, .null?: break
        default: throw FieldError("\(Self.key) must be an array of desk ids")
        }
    }

    /// The desk at `index`, which an earlier `desks` in this file must have named.
    func desk(at index: Int, _ name: String) throws(FieldError) -> String {
        guard names.indices.contains(index) else {
            throw FieldError("\(name) names desk \(index) of the file's \(Self.key), which lists \(names.count)")
        }
        return names[index]
    }
}
