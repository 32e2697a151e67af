#include "RatioReporter.h"

#include <cstdio>

RatioReporter::RatioReporter(std::unique_ptr<benchmark::BenchmarkReporter> display,
    const std::vector<KernelPair> &pairs, int updatesPerIteration, std::ostream &tableStream)
    : display(std::move(display)), updatesPerIteration(updatesPerIteration), tableStream(tableStream) {
    for (const KernelPair &pair : pairs) {
        kernels.emplace_back(pair.name);
    }
}

bool RatioReporter::ReportContext(const Context &context) {
    return display->ReportContext(context);
}

void RatioReporter::ReportRuns(const std::vector<Run> &runs) {
    display->ReportRuns(runs);
    for (const Run &run : runs) {
        record(run);
    }
}

void RatioReporter::Finalize() {
    display->Finalize();
    printTable();
}

void RatioReporter::record(const Run &run) {
    // With repetitions keep only the median aggregate; a single run is its own figure.
    const bool repeated = run.repetitions > 1;
    const bool wanted = repeated ? run.run_type == Run::RT_Aggregate && run.aggregate_name == "median"
                                 : run.run_type == Run::RT_Iteration;
    if (!wanted || run.error_occurred) {
        return;
    }
    if (repeated) {
        statistic = "median of " + std::to_string(run.repetitions) + " repetitions";
    }
    // Benchmarks are named KERNEL/LANGUAGE (KernelBenchmarks.cpp).
    const std::string &name = run.run_name.function_name;
    const size_t slash = name.rfind('/');
    if (slash == std::string::npos) {
        return;
    }
    const std::string kernel = name.substr(0, slash);
    const std::string language = name.substr(slash + 1);
    const double nanosecondsPerUpdate =
        run.GetAdjustedCPUTime() / benchmark::GetTimeUnitMultiplier(run.time_unit) * 1e9 / updatesPerIteration;
    (language == "swift" ? timings[kernel].swift : timings[kernel].c) = nanosecondsPerUpdate;
}

void RatioReporter::printTable() const {
    if (timings.empty()) {
        return;  // Nothing ran: --benchmark_list_tests, or a filter that matched nothing.
    }
    char line[160];
    tableStream << "\nSwift against C, CPU ns per update (" << statistic << "):\n";
    char within[32];
    std::snprintf(within, sizeof within, "within %.1fx", targetRatio);
    std::snprintf(line, sizeof line, "%-16s %10s %10s %8s  %s\n", "kernel", "C", "Swift", "Swift/C", within);
    tableStream << line;
    for (const std::string &kernel : kernels) {
        const auto found = timings.find(kernel);
        if (found == timings.end() || found->second.c == 0 || found->second.swift == 0) {
            continue;  // The filter left out this kernel, or one of its pair.
        }
        const Timings &timing = found->second;
        const double ratio = timing.swift / timing.c;
        std::snprintf(line, sizeof line, "%-16s %10.2f %10.2f %8.2f  %s\n", kernel.c_str(), timing.c, timing.swift, ratio,
            ratio <= targetRatio ? "yes" : "no");
        tableStream << line;
    }
    tableStream.flush();
}
