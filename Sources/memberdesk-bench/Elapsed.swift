/// Seconds since `start` by the monotonic clock: a bench's waits and durations never read the
/// wall clock, which may be stepped while it runs.
func seconds(since start: ContinuousClock.Instant) -> Double {
    (ContinuousClock.now - start) / .seconds(1)
}
