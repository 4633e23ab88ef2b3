/// Which way a keyset page runs from its cursor, in the listing's own order.
public enum PageDirection: Sendable {
    /// Rows after the cursor (or from the first row when there is none).
    case forward
    /// Rows before the cursor (or the last rows when there is none), returned in listing order.
    case backward
}
