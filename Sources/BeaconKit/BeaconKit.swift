// BeaconKit: see docs/architecture.md
