// How much slower each Swift kernel is than its C reference: the figure this benchmark exists for.
#pragma once

#include <map>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "KernelPairs.h"

/// Passes every report on to the reporter it wraps, keeps each kernel's CPU time per update (the
/// median when repetitions are run, else the single run), and when the runs are over writes a table
/// of Swift against C per kernel to `tableStream`, in the order of `pairs` whatever order the
/// runs came in (--benchmark_enable_random_interleaving shuffles them).
class RatioReporter : public benchmark::BenchmarkReporter {
public:
    /// The Swift/C ratio a kernel should stay within.
    static constexpr double targetRatio = 1.2;

    RatioReporter(std::unique_ptr<benchmark::BenchmarkReporter> display, const std::vector<KernelPair> &pairs,
        int updatesPerIteration, std::ostream &tableStream);

    bool ReportContext(const Context &context) override;
    void ReportRuns(const std::vector<Run> &runs) override;
    void Finalize() override;

private:
    /// CPU ns per update of one kernel in each language; zero until measured.
    struct Timings {
        double c = 0;
        double swift = 0;
    };

    void record(const Run &run);
    void printTable() const;

    std::unique_ptr<benchmark::BenchmarkReporter> display;
    /// Kernel names in table order.
    std::vector<std::string> kernels;
    int updatesPerIteration;
    std::ostream &tableStream;
    /// What the kept figures are, for the table's title: "median of 5 repetitions" or "one run".
    std::string statistic = "one run";
    /// By kernel name.
    std::map<std::string, Timings> timings;
};
