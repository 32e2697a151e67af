import ArgumentParser
import MotionBench
import MotionWorkloads

/// `motionbench list`: the workloads, what they read, and what `run --all` measures.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List workloads with their sensors, default rates and filters."
    )

    func run() {
        var table = TextTable(header: ["workload", "sensors", "default Hz", "display Hz", "filters (default first)", "what it computes"])
        for type in WorkloadRegistry.all {
            let workload = type.descriptor
            let filters = workload.filters.map { workload.defaultFilters.contains($0) ? "\($0)*" : $0 }
            table.append([
                workload.name, workload.sensors.map(\.rawValue).joined(separator: ","),
                workload.defaultRates.map(Format.hertz).joined(separator: ","),
                workload.displayRate.map(Format.hertz) ?? "-", filters.joined(separator: ","), workload.summary,
            ])
        }
        print(table.render(), terminator: "")
        print("* measured by run --all")
    }
}
