import Foundation
import MemberKit
import Synchronization
import Testing

/// `RandomId` gives what `UUID().uuidString` gives, faster: the form, version 4 and the RFC 4122
/// variant, and no repeats, from one thread or many.
@Suite struct RandomIdTests {
    @Test func anIdIsAVersion4UUIDInUppercase() throws {
        for _ in 0..<1_000 {
            let id = RandomId.make()
            let parsed = try #require(UUID(uuidString: id), "\(id)")
            #expect(parsed.uuidString == id)  // uppercase, dashes where Foundation puts them
            #expect(parsed.uuid.6 >> 4 == 4, "version of \(id)")
            #expect(parsed.uuid.8 >> 6 == 0b10, "variant of \(id)")
        }
    }

    @Test func idsDoNotRepeatAcrossThreads() {
        let seen = Mutex(Set<String>())
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            var mine: [String] = []
            for _ in 0..<20_000 { mine.append(RandomId.make()) }
            seen.withLock { $0.formUnion(mine) }
        }
        #expect(seen.withLock { $0.count } == 160_000)
    }

    @Test func everyHexDigitTurnsUpInEveryRandomPlace() {
        // A generator stuck on a constant, or bytes put in the wrong place, leaves a column fixed.
        var digits = Array(repeating: Set<Character>(), count: 36)
        for _ in 0..<2_000 {
            for (index, character) in RandomId.make().enumerated() { digits[index].insert(character) }
        }
        for index in 0..<36 where ![8, 13, 14, 18, 19, 23].contains(index) {
            #expect(digits[index].count == 16, "position \(index): \(digits[index].sorted())")
        }
        #expect(digits[14] == ["4"])
        #expect(digits[19] == ["8", "9", "A", "B"])
    }
}
