import Benchmark

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the allocation counter interposed in every motionbench executable (`CAllocationCounter`)
/// adds to each allocation: one iteration is one `malloc` and its `free`, through whichever
/// allocator the executable binds (the counter, forwarding to glibc's, in a Linux build without a
/// sanitizer), so the figure is glibc's own cost plus the counter's.
func allocatorBenchmarks() {
    for bytes in [64, 4096, 262_144] {
        Benchmark(
            "allocator: malloc and free, \(bytes) bytes",
            configuration: .init(metrics: [.wallClock], scalingFactor: .kilo, maxIterations: 100_000)
        ) { benchmark in
            for _ in benchmark.scaledIterations {
                let block = malloc(bytes)
                blackHole(block)
                free(block)
            }
        }
    }
}
