import MotionWorkloads

/// What every command works over, set once before the command line is parsed (commands are made by
/// the parser, so they cannot be handed it).
enum CommandContext {
    /// The workloads `list` shows and `run` plans from.
    static var catalogue = WorkloadCatalogue.builtIn

    /// The name this executable was run by: `motionbench`, or a package's own executable, for the
    /// usage lines and the commands messages suggest.
    static var executableName = "motionbench"
}
