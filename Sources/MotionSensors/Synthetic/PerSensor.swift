/// One value for each sensor, stored inline (no dictionary, no allocation), indexed by `SensorKind`.
struct PerSensor<Value> {
    var accelerometer: Value
    var gyroscope: Value
    var magnetometer: Value
    var barometer: Value

    /// Fills each slot from `make`.
    init(_ make: (SensorKind) -> Value) {
        accelerometer = make(.accelerometer)
        gyroscope = make(.gyroscope)
        magnetometer = make(.magnetometer)
        barometer = make(.barometer)
    }

    subscript(sensor: SensorKind) -> Value {
        get {
            switch sensor {
            case .accelerometer: accelerometer
            case .gyroscope: gyroscope
            case .magnetometer: magnetometer
            case .barometer: barometer
            }
        }
        set {
            switch sensor {
            case .accelerometer: accelerometer = newValue
            case .gyroscope: gyroscope = newValue
            case .magnetometer: magnetometer = newValue
            case .barometer: barometer = newValue
            }
        }
    }
}
