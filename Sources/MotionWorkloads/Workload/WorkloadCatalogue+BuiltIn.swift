extension WorkloadCatalogue {
    /// The nine workloads of WORKLOADS.md, in its order.
    public static let builtIn = try! WorkloadCatalogue([
        GyroTranslationWorkload.self, HapticCollisionWorkload.self, BarometerWorkload.self, AccelerometerWorkload.self,
        LevelerWorkload.self, HeadingWorkload.self, PedometerWorkload.self, MotionCubeWorkload.self, TiltBallWorkload.self,
    ])
}
