extension RunResult {
    /// Sets the instructions per sample counted for each case (`perSample`, over `ticks`) on its
    /// virtual-time results; a real-time result has no instruction figure.
    public mutating func setInstructions(_ counts: [CaseIdentity: (perSample: Double, ticks: Int)]) {
        for index in cases.indices where cases[index].spec.mode == .virtual {
            guard let count = counts[cases[index].spec.identity] else { continue }
            cases[index].instructionsPerSample = count.perSample
            cases[index].instructionTicks = count.ticks
        }
    }
}
