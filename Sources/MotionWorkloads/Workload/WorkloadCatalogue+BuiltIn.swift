extension WorkloadCatalogue {
    /// The nine built-in workloads, in the order `motionbench list` shows them.
    public static let builtIn = try! WorkloadCatalogue([
        GyroTranslationWorkload.self, HapticCollisionWorkload.self, BarometerWorkload.self, AccelerometerWorkload.self,
        LevelerWorkload.self, HeadingWorkload.self, PedometerWorkload.self, MotionCubeWorkload.self, TiltBallWorkload.self,
    ])
}
