import DeskUI
import Foundation
import Testing

@Suite struct WedgeBurstDetectorTests {
    let start = Date(timeIntervalSince1970: 1000)

    func feed(_ detector: inout WedgeBurstDetector, _ text: String, gap: TimeInterval, enter: Bool = true)
        -> [WedgeBurstDetector.Verdict] {
        var verdicts: [WedgeBurstDetector.Verdict] = []
        var time = start
        for c in text {
            verdicts.append(detector.feed(.character(c), at: time))
            time += gap
        }
        if enter { verdicts.append(detector.feed(.enter, at: time)) }
        return verdicts
    }

    @Test func aFastBurstEndingInEnterIsAScan() {
        var detector = WedgeBurstDetector()
        let verdicts = feed(&detector, "04A1B2C3", gap: 0.005)
        #expect(verdicts.last == .scan("04A1B2C3"))
        #expect(verdicts.dropLast().allSatisfy { $0 == .holding })
    }

    @Test func slowTypingIsOrdinaryKeys() {
        var detector = WedgeBurstDetector()
        let verdicts = feed(&detector, "abcd", gap: 0.2)
        var keys: [Key] = []
        for verdict in verdicts { if case .keys(let k) = verdict { keys += k } }
        #expect(keys == [.character("a"), .character("b"), .character("c"), .character("d"), .enter])
    }

    @Test func aShortBurstIsNotAPass() {
        var detector = WedgeBurstDetector()
        #expect(feed(&detector, "ab", gap: 0.001).last == .keys([.character("a"), .character("b"), .enter]))
    }

    @Test func aPauseBeforeEnterIsNotAScan() {
        var detector = WedgeBurstDetector()
        _ = feed(&detector, "04A1B2C3", gap: 0.005, enter: false)
        let late = detector.feed(.enter, at: start + 0.04 + 0.5)
        #expect(late != .scan("04A1B2C3"))
    }

    @Test func heldKeysAreReleasedAfterTheGap() {
        var detector = WedgeBurstDetector()
        #expect(detector.feed(.character("/"), at: start) == .holding)
        #expect(detector.flush(now: start + 0.01).isEmpty)
        #expect(detector.flush(now: start + 0.031) == [.character("/")])
        #expect(!detector.isHolding)
    }
}
