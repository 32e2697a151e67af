import ArgumentParser
import Foundation
import MotionBench
import MotionSensors

/// `motionbench trace`: look at recordings and turn them into motionbench's own trace format.
struct TraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract: "Inspect recordings and convert them to motionbench's trace format (traces/FORMAT.md).",
        discussion:
            "Formats read: tyrex iPhone trial folders, Oxford step-counter CSV, BROAD CSV, x-io Fusion sensor_data.csv, Sensor Logger folders or zips, phyphox exports (folder, zip or Raw Data.csv), SensorLog CSV, and motionbench traces.",
        subcommands: [TraceInfoCommand.self, TraceConvertCommand.self]
    )
}

/// `motionbench trace info`: sensors, rates, duration, gaps and ground truth of a recording.
struct TraceInfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info", abstract: "Describe a recording: sensors, rates, duration, gaps, ground truth, calibration.")

    @Argument(help: ArgumentHelp("A recording file or trial folder.", valueName: "file-or-folder"))
    var path: String

    func run() throws {
        try CommandFailure.reporting {
            let imported = try TraceFile.load(path)
            TerminalOutput.print(TraceInfo(imported.trace).description)
        }
    }
}

/// `motionbench trace convert`: any recording into the canonical format, units and axes Core Motion's.
struct TraceConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "convert", abstract: "Convert a recording to a motionbench trace (CSV).")

    @Argument(help: ArgumentHelp("A recording file or trial folder.", valueName: "in"))
    var input: String

    @Argument(help: ArgumentHelp("The motionbench trace to write (replaced atomically).", valueName: "out"))
    var output: String

    func validate() throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: output, isDirectory: &isFolder), isFolder.boolValue {
            throw ValidationError("out: \(output) is a folder; name the trace file to write")
        }
    }

    func run() throws {
        try CommandFailure.reporting {
            let imported = try TraceFile.load(input)
            do {
                try TraceWriter.write(imported.trace, to: URL(literalPath: output))
            } catch let error as TraceError {
                throw CommandFailure(String(describing: error))
            }
            let info = TraceInfo(imported.trace)
            TerminalOutput.line(
                "Wrote \(output): \(imported.trace.sensors.map(\.rawValue).joined(separator: ", ")), \(String(format: "%.3f", info.duration)) s")
        }
    }
}
