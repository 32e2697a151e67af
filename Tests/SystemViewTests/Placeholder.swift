// Replaced by this target's real tests.
