// MemberKit re-exports the pure core (model, rules, decisions), so adapters and tests that import
// MemberKit see it as before and need no second import: the split is the core's business, and the
// import table (docs/architecture.md) stays one edge per adapter.
@_exported import MemberCore
