// DeskUI: see docs/architecture.md
