// CardReader: see docs/architecture.md
