// The reporter Google Benchmark would have made for the command line.
#pragma once

#include <memory>

#include <benchmark/benchmark.h>

/// The console, JSON or CSV reporter that `--benchmark_format=` in `argv` asks for (console when
/// absent). Read before benchmark::Initialize consumes the flag: a program that passes its own
/// display reporter, as this one does to add the ratio table, must make that choice itself.
std::unique_ptr<benchmark::BenchmarkReporter> makeDisplayReporter(int argc, char **argv);

/// Whether that reporter is the console one, whose output a table may follow on stdout.
bool isConsoleFormat(int argc, char **argv);
