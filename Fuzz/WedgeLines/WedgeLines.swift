import CardReader

/// Any bytes a keyboard-wedge scanner could type, split at every point: lines never exceed
/// the limit, and splitting the input differently never changes the lines.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var whole = WedgeLineDecoder()
    let once = whole.feed(bytes) + whole.finish()
    var split = WedgeLineDecoder()
    let cut = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 1)
    let twice = split.feed(bytes[..<cut]) + split.feed(bytes[cut...]) + split.finish()
    precondition(once == twice, "line splitting depends on how the input arrives")
    for case .success(let line) in once {
        precondition(!line.isEmpty && line.utf8.count <= WedgeLineDecoder.maximumLineBytes)
    }
    return 0
}
