import MotionWorkloads

extension WorkloadDescriptor {
    /// The descriptor of a tests' workload: accelerometer samples at 100 Hz, no filter but `raw`, no frames.
    static func fixture(name: String, summary: String) -> WorkloadDescriptor {
        WorkloadDescriptor(
            name: name, summary: summary, sensors: [.accelerometer], defaultRates: [100], filters: ["raw"], defaultFilters: ["raw"], displayRate: nil)
    }
}
