import ArgumentParser
import MotionReports
import MotionWorkloads

/// `motionbench list`: the workloads, what they read, and what `run --all` measures.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List workloads with their sensors, default rates and filters."
    )

    func run() {
        var table = TextTable(header: ["workload", "sensors", "default Hz", "display Hz", "filters (default first)", "what it computes"])
        for workload in CommandContext.catalogue.descriptors {
            let filters = workload.filters.map { workload.defaultFilters.contains($0) ? "\($0)*" : $0 }
            table.append([
                workload.name, (workload.sensors.map(\.rawValue) + workload.optionalSensors.map { "(\($0.rawValue))" }).joined(separator: ","),
                workload.defaultRates.map(Format.hertz).joined(separator: ","),
                workload.displayRate.map(Format.hertz) ?? "-", filters.joined(separator: ","), workload.summary,
            ])
        }
        print(table.render(), terminator: "")
        print("* measured by run --all; (sensor): read when the source has it")
        let parameters = CommandContext.catalogue.descriptors.flatMap { workload in workload.parameters.map { (workload.name, $0) } }
        if !parameters.isEmpty {
            print("\nParameters (--param name=v1,v2,…):")
            var table = TextTable(header: ["workload", "parameter", "filters", "default", "run --all sweeps", "range", "meaning"])
            for (workload, parameter) in parameters {
                table.append([
                    workload, parameter.name, parameter.filters?.joined(separator: ",") ?? "all", Format.hertz(parameter.defaultValue),
                    parameter.defaultSweep.count > 1 ? parameter.defaultSweep.map(Format.hertz).joined(separator: ",") : "-",
                    "\(Format.hertz(parameter.range.lowerBound))…\(Format.hertz(parameter.range.upperBound))", parameter.summary,
                ])
            }
            print(table.render(), terminator: "")
        }
        let events = CommandContext.catalogue.descriptors.flatMap { workload in workload.events.map { (workload.name, $0) } }
        if !events.isEmpty {
            print("\nEvents detected, scored against a source's labelled truth (--event-tolerance label=seconds):")
            var table = TextTable(header: ["workload", "event", "kind", "window s (ahead / past)"])
            for (workload, event) in events {
                table.append([
                    workload, event.label, event.isState ? "state" : "instant",
                    event.isState ? "overlap" : "\(Format.hertz(event.tolerance.before)) / \(Format.hertz(event.tolerance.after))",
                ])
            }
            print(table.render(), terminator: "")
        }
    }
}
