import Foundation
import ZIPFoundation

/// A .pkpass is a zip with its files at the root. ZIPFoundation writes it in memory; the caller
/// writes the bytes atomically, so a reader never sees half a pass.
enum PKPassArchive {
    /// `files` in order; PNGs are stored (already compressed), JSON is deflated.
    static func zip(_ files: [(name: String, bytes: [UInt8])], modified: Date) throws -> [UInt8] {
        do {
            let archive = try Archive(data: Data(), accessMode: .create)
            for file in files {
                let data = Data(file.bytes)
                try archive.addEntry(with: file.name, type: .file, uncompressedSize: Int64(data.count), modificationDate: modified,
                                     compressionMethod: file.name.hasSuffix(".png") ? .none : .deflate) { position, size in
                    data.subdata(in: Int(position)..<Int(position) + size)
                }
            }
            guard let data = archive.data else { throw WalletError(.io, "the pass's zip was not made") }
            return Array(data)
        } catch let error as WalletError {
            throw error
        } catch {
            throw WalletError(.io, "cannot make the pass's zip: \(error)")
        }
    }
}
