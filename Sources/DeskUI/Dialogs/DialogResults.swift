import MemberKit

// Each dialog's reducer for the jobs it started: it changes only itself. `DeskDialog.receive`
// composes them; a new dialog adds its own `receive` here or in its file, and one line there.

extension MemberFormModel {
    /// The member's visits (for this member only), and its save.
    mutating func receive(_ result: JobResult) -> DialogUpdate {
        switch result {
        case .visits(let visits, let memberId, let left) where original?.memberId == memberId:
            self.visits = visits
            visitsLeft = left
            return .updated()
        case .saved:
            return .close
        case .saveFailed(let error):
            saving = false
            self.error = error
            return .updated()
        default:
            return .ignored
        }
    }
}

extension PromptDialog {
    /// The import's file prompt: its review replaces it, or the prompt says why not.
    mutating func receive(_ result: JobResult) -> DialogUpdate {
        guard purpose == .importFile else { return .ignored }
        switch result {
        case .importPreviewed(let preview):
            return .becomes(.importReview(ImportReviewDialog(preview: preview)))
        case .importPreviewFailed(let error):
            self.error = error
            return .updated()
        default:
            return .ignored
        }
    }
}

extension ExportDialog {
    /// The export's progress, its summary (also logged) or its failure.
    mutating func receive(_ result: JobResult) -> DialogUpdate {
        switch result {
        case .exportProgress(let fraction):
            guard case .running = phase else { return .ignored }
            phase = .running(fraction)
            return .updated()
        case .exported(let summary):
            phase = .done(summary)
            return .updated(note: DeskNote(text: "export: \(summary)", tone: .success))
        case .exportFailed(let error):
            phase = .failed(error)
            return .updated()
        default:
            return .ignored
        }
    }
}

extension SignInDialog {
    /// The operators it offers (the PIN's answer goes to the lock's reducer, which owns the lockout).
    mutating func receive(_ result: JobResult) -> DialogUpdate {
        guard case .operators(let operators) = result else { return .ignored }
        self.operators = operators
        return .updated()
    }
}
