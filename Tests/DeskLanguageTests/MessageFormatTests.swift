@testable import DeskLanguage
import Testing

@Suite struct MessageFormatTests {
    @Test func placeholdersFillInOrderOrByNumber() {
        #expect(MessageFormat.fill("Welcome back, %@ — visit #%@", ["Ana", "3"]) == "Welcome back, Ana — visit #3")
        // A language that turns the sentence round numbers them.
        #expect(MessageFormat.fill("%2$@ visits for %1$@", ["Ana", "3"]) == "3 visits for Ana")
        // A name holding a placeholder stays as typed; a stray % stays a %.
        #expect(MessageFormat.fill("%@ is %@", ["100%@", "in"]) == "100%@ is in")
        #expect(MessageFormat.fill("50 % full: %@", ["Ana"]) == "50 % full: Ana")
        #expect(MessageFormat.fill("no arguments %@", []) == "no arguments %@")
    }
}
