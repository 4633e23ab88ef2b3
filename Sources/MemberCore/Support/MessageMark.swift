/// Marks a message people read for the translations' template (scripts/extract-messages.py) and
/// returns it as it is: the core does no I/O and speaks English; the adapter that shows the
/// message translates it there (`tr` in DeskLanguage). Only string literals.
@inline(__always)
package func N_(_ message: String) -> String { message }
