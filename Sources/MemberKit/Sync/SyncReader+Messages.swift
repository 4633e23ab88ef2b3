import Foundation

extension Club {
    /// The MQTT hook as it is now, for the sync reader's merges (`SyncReader.eventMessages`).
    public var currentEventMessages: EventMessages? { eventMessages.withLock { $0 } }
}

extension OutboxWrite {
    /// After the last commit: the notice says whether its messages are already queued, and the
    /// hook hears how many old rows the outbox's bound dropped.
    func queued(_ notice: OccupancyNotice) -> OccupancyNotice {
        guard let hook else { return notice }
        var notice = notice
        notice.messagesQueued = true
        hook.queued(dropped)
        return notice
    }
}
