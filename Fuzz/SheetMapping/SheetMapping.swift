import MemberKit

/// Another system's spreadsheet, as `import` reads it: the input's first line is the options
/// (`--columns` text, a tab, `--date-format` text, a tab, `keep` to keep other columns), the
/// rest the CSV. Options are taken or refused, the sheet gives members or an error, never a crash;
/// every member read has a pass and an id, and a row read twice is the same member.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let newline = bytes.firstIndex(of: 0x0A) ?? bytes.count
    let settings = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: "\t", omittingEmptySubsequences: false)
    var options = SheetOptions(keepOtherColumns: settings.count > 2 && settings[2] == "keep")
    if let columns = settings.first, !columns.isEmpty {
        guard let parsed = try? SheetOptions.columns(String(columns)) else { return 0 }
        options.columns = parsed
    }
    if settings.count > 1, !settings[1].isEmpty {
        guard let layout = try? DayLayout(String(settings[1])) else { return 0 }
        options.dateLayout = layout
    }
    let sheet = Array(bytes[min(newline + 1, bytes.count)...])
    var ids: [String] = []
    let decoder = ExchangeFormat.csv.decoder(bytes: sheet, name: "fuzz.csv", sheet: options)
    while let member = try? decoder.next() {
        precondition(!member.record.passId.isEmpty && !member.record.memberId.isEmpty, "a member without a pass or an id")
        ids.append(member.record.memberId)
    }
    // The same bytes read again give the same members (ids are derived, never drawn).
    let again = ExchangeFormat.csv.decoder(bytes: sheet, name: "fuzz.csv", sheet: options)
    var index = 0
    while let member = try? again.next() {
        precondition(index < ids.count && ids[index] == member.record.memberId, "a derived id differs between two reads")
        index += 1
    }
    precondition(index == ids.count)
    return 0
}
