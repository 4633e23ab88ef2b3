import Foundation

extension MergeCounts {
    mutating func add(_ other: MergeCounts) {
        new += other.new
        updated += other.updated
        unchanged += other.unchanged
        unified += other.unified
        deleted += other.deleted
        visitEvents += other.visitEvents
        futureEvents += other.futureEvents
        householdsRefused += other.householdsRefused
        overdrawnPacks += other.overdrawnPacks
        refused += other.refused
        conflicts += other.conflicts
    }

    /// Members that changed (anything but unchanged).
    package var changed: Int { new + updated + unified + deleted }
}
