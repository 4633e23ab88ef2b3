@testable import FolderSync
import MemberKit
import Testing

/// What inotify's events ask the next pass to read: the files they name, a new desk whole, or,
/// after an overflow, the full walk.
@Suite("Watched events")
struct WatchedEventsTests {
    @Test("a file landing in a desk's subfolder is named alone; temporary files, our own subfolder and the WAL name nothing")
    func filesAreNamed() {
        var events = WatchedEvents(folder: "/sync", ownId: "TA")
        for event: FolderNotifier.Event in [
            .named(folder: "/sync/TB", name: "changes-000000000003-000000000004.musrl"),
            .named(folder: "/sync/TB", name: ".syncthing.changes-000000000004-000000000005.musrl.tmp"),
            .named(folder: "/sync/TB", name: "~syncthing~x.tmp"),
            .named(folder: "/sync/TA", name: "changes-000000000001-000000000002.musrl"),
            .named(folder: "/db/members.sqlite-wal", name: ""),
            .named(folder: "/sync/TC", name: "staff.json"),
        ] { events.take(event) }
        #expect(!events.walk)
        #expect(events.named.desks.isEmpty)
        #expect(events.named.files == ["TB": ["changes-000000000003-000000000004.musrl"], "TC": ["staff.json"]])
        #expect(events.newSubfolders.isEmpty)
    }

    @Test("a new subfolder is watched and read whole, whatever was named in it before")
    func newDeskIsReadWhole() {
        var events = WatchedEvents(folder: "/sync", ownId: "TA")
        events.take(.named(folder: "/sync/TB", name: "desk.json"))
        events.take(.named(folder: "/sync", name: "TB"))
        events.take(.named(folder: "/sync/TB", name: "snapshot-000000000009.musrl"))
        events.take(.named(folder: "/sync", name: "TA"))
        events.take(.named(folder: "/sync", name: ".stfolder"))
        #expect(events.named.desks == ["TB"] && events.named.files.isEmpty)
        #expect(events.newSubfolders == ["/sync/TB", "/sync/TB/photos"])
    }

    @Test("a photo landing in another desk's photos/ asks for a pass (it names no file); our own photos name nothing")
    func aPhotoAsksForAPass() {
        var events = WatchedEvents(folder: "/sync", ownId: "TA")
        events.take(.named(folder: "/sync/TA/photos", name: String(repeating: "a", count: 64) + ".jpg"))
        events.take(.named(folder: "/sync/TB/photos", name: ".tmp-photo"))
        #expect(events.isEmpty)
        events.take(.named(folder: "/sync/TB/photos", name: String(repeating: "b", count: 64) + ".jpg"))
        #expect(!events.isEmpty && events.photoArrived && events.named.isEmpty && !events.walk)
        events.clear()
        #expect(events.isEmpty && !events.photoArrived)
        // The photos' subfolder made in a desk's subfolder: watched from now on, and read.
        events.take(.named(folder: "/sync/TB", name: "photos"))
        #expect(events.newSubfolders == ["/sync/TB/photos"] && events.photoArrived && events.named.files.isEmpty)
        events.clear()
        events.take(.named(folder: "/sync/TA", name: "photos"))
        #expect(events.isEmpty && events.newSubfolders.isEmpty)
    }

    @Test("an overflow (events lost) asks for the full walk, and a pass clears it")
    func overflowWalks() {
        var events = WatchedEvents(folder: "/sync", ownId: "TA")
        events.take(.named(folder: "/sync/TB", name: "changes-000000000003-000000000004.musrl"))
        events.take(.overflow)
        #expect(events.walk && !events.isEmpty)
        events.clear()
        #expect(!events.walk && events.isEmpty)
    }
}
