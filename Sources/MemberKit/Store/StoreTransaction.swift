import GRDB

/// The store inside one open transaction, for the rules that read and write in several steps
/// (a member edit, an import): they call its methods, never SQL. Only `AppDatabase.read` and
/// `AppDatabase.write` make one; its statements live in the `AppDatabase+Topic.swift` files.
struct StoreTransaction {
    let db: Database
}
