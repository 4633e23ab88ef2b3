import MemberKit

/// Feeds arbitrary bytes to the RFC 4180 reader through both CSV layouts (.mucsv and the
/// spreadsheet .csv): members or an error, never a crash. A spreadsheet row is also reviewed
/// against a member the desk has (`SheetRow.review`: which edits it takes, which it refuses).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for format in [ExchangeFormat.mucsv, .csv] {
        let decoder = format.decoder(bytes: bytes, name: "fuzz.\(format.rawValue)")
        while let member = try? decoder.next() {
            _ = member.record.displayName
            if let sheet = member.sheetRow {
                var stored = member.record
                stored.passId = "0012"
                stored.username = "Anna"
                _ = sheet.review(member, stored: stored, editor: ("T1", 1_767_268_800))
                stored.deletedAt = 1
                _ = sheet.review(member, stored: stored, editor: ("T1", 1_767_268_800))
            }
        }
    }
    return 0
}
