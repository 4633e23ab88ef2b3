import DeskUI
import Foundation
import MemberKit
import TerminalColumns

/// Text from outside (member names and notes from imported files, what staff type or paste, a
/// wedge's burst) through the front desk's grid, fields and input handling: never a crash, and
/// every drawn row keeps exactly the grid's width, whatever the characters.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let first = bytes.first else { return 0 }
    let text = String(decoding: bytes.dropFirst(), as: UTF8.self)

    // The grid: put, fields and boxes at odd places; every row stays exactly `width` columns.
    let width = Int(first % 40) + 1, height = Int(first / 40) + 1
    var grid = CellGrid(width: width, height: height)
    grid.put(text, x: Int(first % 7) - 3, y: 0)
    grid.putField(text, x: Int(first % 5), y: height - 1, width: Int(first % 13), alignRight: first & 1 == 1)
    grid.box(Rect(x: 0, y: 0, width: width, height: height), title: text)
    for y in 0..<height {
        let row = grid.row(y)
        precondition(row.allSatisfy { $0.width <= 2 }, "a cell wider than two columns")
        precondition(row.reduce(0) { $0 + Int($1.width) } == width, "row \(y) is not \(width) columns")
        precondition(TextWidth.of(grid.text(row: y)) == width, "row \(y) measures other than \(width) columns")
    }
    precondition(TextWidth.of(TextWidth.truncate(text, to: width)) <= width)

    // Typed into a field, then validated as the edit form does.
    var field = TextField(maxLength: 64)
    for character in text { field.handle(.character(character)) }
    field.handle(.left)
    field.handle(.backspace)
    field.render(into: &grid, x: 0, y: 0, width: width, focused: true)
    _ = try? MemberFieldRules.expiry(field.text, calendar: .current)
    _ = try? MemberFieldRules.validateEmail(field.text)

    // As a keyboard burst: the byte values are the gaps in milliseconds.
    var detector = WedgeBurstDetector()
    var time = Date(timeIntervalSince1970: 0)
    for (character, gap) in zip(text, bytes) {
        time += Double(gap) / 1000
        _ = detector.feed(character == "\n" ? .enter : .character(character), at: time)
    }
    _ = detector.flush(now: time + 1)
    return 0
}
