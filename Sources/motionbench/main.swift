import MotionBenchCLI
import MotionWorkloads

MotionbenchCommand.main(catalogue: .builtIn)
