// RegionKit: see docs/architecture.md
