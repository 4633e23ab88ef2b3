import MemberKit

/// The clock a command runs by: the system's, or a test's. Tests run commands in-process at a
/// fixed time with `CommandClock.$current.withValue(FakeClock(...))`.
public enum CommandClock {
    @TaskLocal public static var current: any DeskClock = SystemClock()
}
