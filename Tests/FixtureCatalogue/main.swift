import MotionBenchCLI
import MotionWorkloads

// The command line over the tests' own workloads (not a product): a user's executable in miniature.
MotionbenchCommand.main(
    catalogue: try WorkloadCatalogue([
        BurnerWorkload.self, IdleWorkload.self, HolderWorkload.self, LeakerWorkload.self, ChurnerWorkload.self, CountingWorkload.self,
        MarkingWorkload.self, ShakeSpotterWorkload.self, SpinnerWorkload.self,
    ]).adding([countingClosure, countingEventsClosure, bufferedClosure]))
