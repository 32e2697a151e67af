/// What the motionbench command line's exit codes mean, for the plugin's last line.
///
/// A copy of the table in `MotionBenchCLI` (`ExitCode+MotionBench.swift`): a plugin can import only
/// PackagePlugin and Foundation. Edit both together.
enum ExitMeaning {
    static func describe(_ status: Int32) -> String {
        switch status {
        case 1: "a failure while running (a file that could not be written, a self-test check out of bounds)"
        case 2: "compare, ab: a metric regressed"
        case 3: "compare, ab: a case, accuracy entry or figure is on one side only"
        case 64: "a bad command line"
        case 65: "a malformed or unreadable input file"
        case 69: "a tool it needs (or an executable given to ab) is missing"
        case 130: "stopped by SIGINT (Ctrl-C)"
        case 143: "stopped by SIGTERM"
        default: "its --help lists the exit codes"
        }
    }
}
