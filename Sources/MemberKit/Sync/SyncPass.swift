/// One pass in progress (`DeskSync.pass`): what it was asked to do, and the report the kinds in
/// `SyncFileKinds.all` fill in, in order.
struct SyncPass {
    let writer: SyncWriter
    let reader: SyncReader
    let write: Bool
    let read: Bool
    /// Read just these subfolders, or just the files named in them (nil: all).
    let only: SyncNamedFiles?
    /// The desk's stored photos (nil: this pass carries none).
    let photos: (any PhotoLibrary)?
    /// The photo files refused before, said once (`PhotoFiles`).
    let refusedPhotos: RefusedPhotos
    /// The member files' slots; a pass that does not read reports the read it was given.
    var written = SyncWriteReport()
    var readReport: SyncReadReport
    private var sideFilesWrite: Bool?

    init(writer: SyncWriter, reader: SyncReader, write: Bool, read: Bool, only: SyncNamedFiles?, previousRead: SyncReadReport?,
         photos: (any PhotoLibrary)? = nil, refusedPhotos: RefusedPhotos = RefusedPhotos()) {
        self.photos = photos
        self.refusedPhotos = refusedPhotos
        self.writer = writer
        self.reader = reader
        self.write = write
        self.read = read
        self.only = only
        readReport = previousRead ?? SyncReadReport()
    }

    /// Whether the side files write their own: once writing stopped (another machine under this id,
    /// a restored backup), a reading pass writes none of them either: they would overwrite the other
    /// machine's. Settled at the first side file, after the member files (which may stop writing).
    mutating func writesSideFiles() throws -> Bool {
        if let settled = sideFilesWrite { return settled }
        try writer.folder.checkUsable()
        let settled = try write || writer.database.syncWriterState().stopped == nil
        sideFilesWrite = settled
        return settled
    }
}
