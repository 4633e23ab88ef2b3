import ArgumentParser
import MemberKit

extension MembersCommand {
    /// `members purge`: the right to erasure, for a member already deleted (deleting stays a step
    /// of its own, with its household's release and its warning; a purge cannot be undone).
    struct Purge: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Erase a deleted member's personal data, here and at every desk it syncs with.",
            discussion: """
                The member must be deleted first (members delete). Its name, pass, note, e-mail and other fields, \
                birthday and household link are erased, and so are the details of its audit entries; its visits \
                and the figures stay. The erasure travels in the next sync files and wins over every copy. \
                Asks first on a terminal; a script gives --yes.
                """)
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The deleted member's id (members delete printed it).") var id: String
        @Flag(name: [.customShort("y"), .long], help: "Erase without asking.") var yes = false

        func run() throws {
            let context = try DeskContext.open(global)
            // A live member found by its pass is named, so the refusal says whom to delete.
            let memberId = try context.club.member(idOrPass: id)?.memberId ?? id
            if !yes {
                switch CommandOutput.current.confirm("Erase member \(memberId)'s personal data? This cannot be undone.") {
                case nil:
                    throw DeskError.conflict("nothing erased: no terminal to ask, run with --yes to erase member \(memberId)")
                case false?:
                    print("nothing erased (not confirmed)")
                    return
                case true?:
                    break
                }
            }
            let photo = try context.club.member(id: memberId)?.photo
            let erased = try context.club.purgeMember(id: memberId, by: context.actor)
            try context.forgetPhoto(photo)
            print("erased member \(erased.memberId)'s personal data")
        }
    }
}
