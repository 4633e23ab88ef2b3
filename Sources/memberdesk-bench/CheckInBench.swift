import Foundation

func runCheckInBench(_ arguments: [String]) throws {
    print("checkin bench: not yet written")
}
