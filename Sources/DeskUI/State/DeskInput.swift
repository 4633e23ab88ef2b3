import Foundation
import MemberKit

/// Everything that can change the desk: the reducer's inputs.
public enum DeskInput: Sendable {
    /// A key, with the time it arrived (the wedge detector tells scans from typing by it).
    case key(Key, at: Date)
    case event(DeskEvent)
    case finished(JobResult)
    /// The clock moved: held wedge keys, the banner's fade, the status bar's clock, delayed counts.
    case tick
    case resize(width: Int, height: Int)
    /// The loop drew a frame of the state as it is: nothing to draw until something changes.
    case drawn
}
