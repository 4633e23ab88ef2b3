import Foundation
import MemberKit

/// The front desk as the loop drives it: a `DeskState`, the reducer that changes it, and the
/// runner that does the reducer's effects on the worker. It never touches the terminal (the
/// loop draws the grid it renders) and never waits on the database. Only the UI thread uses it.
public final class FrontDesk {
    public let services: DeskServices
    /// Read-only: only the reducer changes it, through `send`.
    public private(set) var state: DeskState
    public let inbox: DeskInbox
    /// Wakes the loop when the bus delivers or a job finishes.
    public let wakeUp = DeskWakeUp()
    let runner: DeskEffectRunner
    let subscription: EventSubscription

    /// `clients`: what the effects reach the core through (nil: the live clients over `services`).
    public init(services: DeskServices, worker: DeskWorker = DeskWorker(), subscription: EventSubscription? = nil,
                clients: DeskClients? = nil) {
        self.services = services
        state = DeskState(setup: DeskSetup(services), now: services.clock.now())
        inbox = DeskInbox(wakeUp: wakeUp)
        runner = DeskEffectRunner(clients: clients ?? .live(services), worker: worker, inbox: inbox)
        self.subscription = subscription ?? services.club.bus.subscribe()
        let pacer = DeskWakePacer(wakeUp)
        self.subscription.onDelivery { pacer.delivered($0) }
    }

    var now: Date { services.clock.now() }

    public var wantsQuit: Bool { state.wantsQuit }

    /// Sizes the screen and asks for the first rows and the member count.
    public func start(width: Int, height: Int) {
        send(.resize(width: width, height: height))
    }

    public func resize(width: Int, height: Int) {
        send(.resize(width: width, height: height))
    }

    /// Runs one input through the reducer, then its effects.
    public func send(_ input: DeskInput) {
        let effects = DeskReducer.reduce(&state, input, now: now)
        runner.listing(generation: state.list.generation)
        for effect in effects { runner.run(effect) }
    }

    /// A key from the terminal, at the time it arrived (for the wedge detector).
    public func key(_ key: Key, at time: Date) {
        send(.key(key, at: time))
    }

    /// One turn of the loop, never blocking: bus events, finished jobs, then the clock.
    public func tick() {
        for event in subscription.drain(limit: 500) { send(.event(event)) }
        for result in inbox.drain() { send(.finished(result)) }
        send(.tick)
    }

    /// When the loop must look again even without input.
    public var nextDeadline: Date { state.nextDeadline(after: now) }

    /// Checks a pass in as the worker does for F4 (tests and the bench tap through here).
    public func checkIn(_ pass: String, source: CheckInSource) {
        runner.run(.checkIn(.pass(pass, source: source, operator: state.lock.operatorName)))
    }

    public func render() -> CellGrid {
        send(.drawn)
        return state.render(now: now, photos: services.photos)
    }

    /// Stops listening to the bus.
    public func stop() {
        subscription.onDelivery(nil)
        subscription.cancel()
    }
}
