/// The member's photo at the banner's left, a 3:4 picture as high as the band (cells are about
/// twice as high as wide): block art into the cells, or a picture over blank cells.
enum BannerPhoto {
    /// Draws the photo; returns the part of `rect` left for the lines (all of it when none shows).
    static func draw(_ hash: String?, from source: (any PhotoArtSource)?, into grid: inout CellGrid, rect: Rect) -> Rect {
        guard let hash, let source, rect.width >= 40, rect.height >= 2 else { return rect }
        let rows = rect.height
        let columns = columns(forRows: rows)
        guard let art = source.art(photo: hash, columns: columns, rows: rows) else { return rect }
        let x = rect.x + 1
        switch art {
        case .cells(let cells):
            for (dy, row) in cells.prefix(rows).enumerated() {
                for (dx, cell) in row.prefix(columns).enumerated() where x + dx < rect.maxX { grid[x + dx, rect.y + dy] = cell }
            }
        case .image(let image):
            for dy in 0..<min(rows, image.rows) {
                for dx in 0..<min(columns, image.columns) where x + dx < rect.maxX { grid[x + dx, rect.y + dy] = .blank }
            }
            grid.images.append(PlacedImage(x: x, y: rect.y, image: image))
        }
        let used = 1 + min(columns, art.columns) + 1
        return Rect(x: rect.x + used, y: rect.y, width: rect.width - used, height: rect.height)
    }

    static func columns(forRows rows: Int) -> Int { max(2, (rows * 3 + 1) / 2) }
}
