/// The workloads motionbench knows, in WORKLOADS.md's order.
public enum WorkloadRegistry {
    /// Every workload type.
    public static let all: [any Workload.Type] = [GyroTranslationWorkload.self, HapticCollisionWorkload.self, BarometerWorkload.self, AccelerometerWorkload.self, LevelerWorkload.self, HeadingWorkload.self, PedometerWorkload.self, MotionCubeWorkload.self, TiltBallWorkload.self]

    /// The workload whose descriptor is called `name`, if any.
    public static func named(_ name: String) -> (any Workload.Type)? {
        all.first { $0.descriptor.name == name }
    }
}
