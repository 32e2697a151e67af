import KernelABI
import MotionFilters

/// `LaidigSeelFilter.update` with its standard settings on every sample: the filter with its bias
/// Kalman filter. The field goes in as the virtual phone reads it, since the online calibration is
/// a stage of its own before the filter (`GyroAidedMagnetometerCalibrator`), as is the disturbance
/// test that decides which readings reach it.
@_cdecl("mb_swift_laidig_seel_run")
public func laidigSeelRun(_ samples: UnsafePointer<mb_sample>, _ count: Int32, _ dt: Double, _ out: UnsafeMutablePointer<Double>) {
    runAttitudeFilter(LaidigSeelFilter(), samples, count, dt, out)
}
