/// A member's photo as the banner draws it, made by a `PhotoArtSource` (DeskPhotos' over libchafa).
public enum PhotoArt: Sendable, Equatable {
    /// Block art: `columns` × rows cells of characters and colours, drawn like any other cell.
    case cells([[Cell]])
    /// A picture the terminal draws itself (sixel, kitty's graphics), written by the terminal driver
    /// after the screen's refresh over cells the grid leaves blank.
    case image(TerminalImage)

    public var columns: Int {
        switch self {
        case .cells(let rows): return rows.first?.count ?? 0
        case .image(let image): return image.columns
        }
    }

    public var rows: Int {
        switch self {
        case .cells(let rows): return rows.count
        case .image(let image): return image.rows
        }
    }
}

/// An escape sequence that draws a picture over `columns` × `rows` cells from the cursor.
public struct TerminalImage: Sendable, Hashable {
    /// What the sequence shows (a photo's hash and size): the driver writes it again only when this or its place changes.
    public var id: String
    public var sequence: String
    public var columns: Int
    public var rows: Int

    public init(id: String, sequence: String, columns: Int, rows: Int) {
        self.id = id
        self.sequence = sequence
        self.columns = columns
        self.rows = rows
    }
}

/// A picture placed on the grid at a cell (`CellGrid.images`).
public struct PlacedImage: Sendable, Hashable {
    public var x: Int
    public var y: Int
    public var image: TerminalImage

    public init(x: Int, y: Int, image: TerminalImage) {
        self.x = x
        self.y = y
        self.image = image
    }
}

/// Where the banner gets a member's photo from: nil when there is none, it cannot be read, or the
/// terminal shows none. Called as the screen is drawn, so a source keeps what it made.
public protocol PhotoArtSource: Sendable {
    func art(photo hash: String, columns: Int, rows: Int) -> PhotoArt?
}

/// Where the member form's photo file goes: stored small, its hash returned (DeskPhotos'
/// `PhotoFolder`), or a one-line error and nothing kept.
public protocol PhotoIntake: Sendable {
    func store(imageAt path: String) throws -> String
}

/// A source with fixed art for every photo it was given (tests, the bench).
public struct FixedPhotoArt: PhotoArtSource {
    public var art: [String: PhotoArt]

    public init(_ art: [String: PhotoArt]) {
        self.art = art
    }

    public func art(photo hash: String, columns: Int, rows: Int) -> PhotoArt? { art[hash] }
}
