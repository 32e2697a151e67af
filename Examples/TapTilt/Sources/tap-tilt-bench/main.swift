import MotionBenchCLI
import MotionWorkloads

// The whole motionbench command line over this package's workload. To measure it beside the nine
// built-in workloads, pass `try WorkloadCatalogue.builtIn.adding([TapTiltWorkload.self])` instead.
MotionbenchCommand.main(catalogue: try WorkloadCatalogue([TapTiltWorkload.self]))
