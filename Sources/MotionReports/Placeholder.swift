// Placeholder until this target's first type lands.
