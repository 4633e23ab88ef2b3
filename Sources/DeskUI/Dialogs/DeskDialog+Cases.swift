/// Each dialog's case as an optional property, read and written in place (`state.dialog?.form?.saving = true`),
/// the way swift-case-paths' `@CasePathable` names them: writing one changes the open dialog only when it
/// is that dialog, so no reducer takes a dialog out of the state and puts it back.
extension DeskDialog {
    var help: NoticeDialog? {
        get { if case .help(let d) = self { d } else { nil } }
        set { if case .help = self, let newValue { self = .help(newValue) } }
    }

    var notice: NoticeDialog? {
        get { if case .notice(let d) = self { d } else { nil } }
        set { if case .notice = self, let newValue { self = .notice(newValue) } }
    }

    var form: MemberFormModel? {
        get { if case .form(let d) = self { d } else { nil } }
        set { if case .form = self, let newValue { self = .form(newValue) } }
    }

    var confirmDelete: ConfirmDeleteDialog? {
        get { if case .confirmDelete(let d) = self { d } else { nil } }
        set { if case .confirmDelete = self, let newValue { self = .confirmDelete(newValue) } }
    }

    var prompt: PromptDialog? {
        get { if case .prompt(let d) = self { d } else { nil } }
        set { if case .prompt = self, let newValue { self = .prompt(newValue) } }
    }

    var importReview: ImportReviewDialog? {
        get { if case .importReview(let d) = self { d } else { nil } }
        set { if case .importReview = self, let newValue { self = .importReview(newValue) } }
    }

    var export: ExportDialog? {
        get { if case .export(let d) = self { d } else { nil } }
        set { if case .export = self, let newValue { self = .export(newValue) } }
    }

    var confirmQuit: ConfirmQuitDialog? {
        get { if case .confirmQuit(let d) = self { d } else { nil } }
        set { if case .confirmQuit = self, let newValue { self = .confirmQuit(newValue) } }
    }

    var signIn: SignInDialog? {
        get { if case .signIn(let d) = self { d } else { nil } }
        set { if case .signIn = self, let newValue { self = .signIn(newValue) } }
    }
}

extension DeskDialog {
    /// A key, to the open dialog's own reducer. The sign-in and the quit question close back to
    /// the dialog they were opened over.
    mutating func onKey(_ key: Key, screen: Rect) -> DialogReply {
        if let reply = help?.onKey(key, screen: screen) ?? notice?.onKey(key, screen: screen) ?? form?.onKey(key)
            ?? confirmDelete?.onKey(key) ?? prompt?.onKey(key) ?? importReview?.onKey(key, screen: screen) ?? export?.onKey(key) {
            return reply
        }
        if let reply = signIn?.onKey(key) {
            if case .close = reply, let resume = signIn?.resume {
                self = resume
                return .stay
            }
            return reply
        }
        if let reply = confirmQuit?.onKey(key) {
            if case .close = reply, let resume = confirmQuit?.resume {
                self = resume
                return .stay
            }
            return reply
        }
        return .stay
    }

    /// A job's result, to the open dialog's own reducer.
    mutating func receive(_ result: JobResult) -> DialogUpdate {
        form?.receive(result) ?? prompt?.receive(result) ?? export?.receive(result) ?? signIn?.receive(result) ?? .ignored
    }
}
