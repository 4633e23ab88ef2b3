import DeskPhotos
import DeskUI
import Foundation
import MemberKit

/// Issue 48's figure for the banner's photo: the full 120×40 frame with a member's photo beside
/// the same frame without one (goal p99 < 20 ms), as block art and as a sixel picture, each made
/// once per photo and size and then kept (`ChafaPhotoArt`); and the first frame of a photo not
/// drawn before, which decodes the stored JPEG and runs libchafa.
func runPhotoBannerBench(_ arguments: [String]) throws {
    let rounds = arguments.first.flatMap(Int.init) ?? 300
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("photo-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = try AppDatabase.open(path: directory.appendingPathComponent("members.sqlite").path)
    let club = Club(database: database, terminal: try database.terminalIdentity(name: "bench"))
    let photos = PhotoFolder(path: directory.appendingPathComponent("photos").path)
    // A camera's photo: 1200 × 1600, a gradient with some texture.
    var rgb: [UInt8] = []
    rgb.reserveCapacity(1200 * 1600 * 3)
    for y in 0..<1600 { for x in 0..<1200 { rgb += [UInt8(x * 255 / 1199), UInt8(y * 255 / 1599), UInt8((x * y) & 0xFF)] } }
    guard let jpeg = PhotoEncoding.jpeg(width: 1200, height: 1600, rgb: rgb) else { throw DeskError.io("no bench photo") }
    let stored = ContinuousClock.now
    let hash = try photos.store(image: jpeg)
    let storing = seconds(since: stored) * 1000
    var member = try club.addMember(passId: "06PHOTO1", username: "Bench Photo")
    member = try club.setMemberPhoto(id: member.memberId, photo: hash)

    var state = DeskState(setup: DeskSetup(terminalName: "bench"), now: SystemClock().now())
    _ = DeskReducer.reduce(&state, .resize(width: 120, height: 40), now: SystemClock().now())
    _ = DeskReducer.reduce(&state, .event(.checkIn(CheckInReport(time: SystemClock().now(), source: .nfc, passId: member.passId,
                                                                 outcome: .checkedIn(member, visitNumber: 1), terminalId: "bench"))),
                           now: SystemClock().now())
    func frames(_ source: (any PhotoArtSource)?) -> (first: Double, p50: Double, p99: Double) {
        var times: [Double] = []
        for _ in 0...rounds {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = state.render(now: SystemClock().now(), photos: source)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        let first = times.removeFirst()
        return (first, TUIBenchData.percentile(times, 0.5), TUIBenchData.percentile(times, 0.99))
    }
    let plain = frames(nil)
    print(String(format: "photo: a 1200×1600 JPEG stored (checked, scaled, written) in %.1f ms", storing))
    print(String(format: "banner frame without a photo  p50 %.2f ms  p99 %.2f ms", plain.p50, plain.p99))
    for mode in [PhotoArtMode.symbols, .sixel, .kitty] {
        let drawn = frames(ChafaPhotoArt(library: photos, mode: mode, cellPixels: (10, 20)))
        print(String(format: "banner frame with the photo as %@  p50 %.2f ms  p99 %.2f ms (goal p99 < 20 ms)  ratio of p99s %.2f;  first frame %.1f ms",
                     mode.rawValue, drawn.p50, drawn.p99, drawn.p99 / max(plain.p99, 0.001), drawn.first))
    }
}
