import MotionSensors
import MotionWorkloads

/// A closure workload whose state holds a 256 KiB buffer it writes on every sample, with every reader
/// of its state set (summary, events, outputs): the state must be updated where it lies, so the case
/// holds one buffer from creation to release and allocates nothing a sample.
let bufferedClosure = ClosureWorkload(
    name: "buffered-closure", summary: "writes a 256 KiB buffer in its state on every sample, written as closures",
    sensors: [.accelerometer], rates: [100], events: [EventKind("sample")],
    outputColumns: [.number("next_byte", decimals: 0, "the buffer's byte to be written next")]
) { configuration in
    SampleHandler((buffer: [UInt8](repeating: 0, count: bufferedClosureBytes), next: 0, log: EventLog(for: configuration))) { state, sample in
        state.buffer[state.next] = UInt8(truncatingIfNeeded: Int(sample.value.z))
        state.next = (state.next + 1) % bufferedClosureBytes
    }
    .summary { state in ["next": Double(state.next)] }
    .events { state in state.log.events }
    .outputs { state, rows in rows.add(Int(state.buffer[state.next])) }
}

/// The bytes of `bufferedClosure`'s buffer.
let bufferedClosureBytes = 256 << 10
