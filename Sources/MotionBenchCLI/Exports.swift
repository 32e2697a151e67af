// What a package's benchmark executable writes its workloads with, so `import MotionBenchCLI` (and
// the one product in its manifest) is all it needs: the workload types, the samples and sources,
// and the vectors and quaternions they carry.
@_exported import MotionMath
@_exported import MotionSensors
@_exported import MotionWorkloads
