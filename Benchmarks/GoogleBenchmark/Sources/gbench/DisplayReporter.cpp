#include "DisplayReporter.h"

#include <cstring>
#include <string>

#include <unistd.h>

namespace {

/// The value of the last --benchmark_format=VALUE, as Google Benchmark takes the last; "console" without one.
std::string requestedFormat(int argc, char **argv) {
    static const char prefix[] = "--benchmark_format=";
    std::string format = "console";
    for (int index = 1; index < argc; index++) {
        if (std::strncmp(argv[index], prefix, sizeof prefix - 1) == 0) {
            format = argv[index] + sizeof prefix - 1;
        }
    }
    return format;
}

}  // namespace

std::unique_ptr<benchmark::BenchmarkReporter> makeDisplayReporter(int argc, char **argv) {
    const std::string format = requestedFormat(argc, argv);
    if (format == "json") {
        return std::make_unique<benchmark::JSONReporter>();
    }
    if (format == "csv") {
        // Deprecated upstream but still what the flag selects in this version, so kept for it.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdeprecated-declarations"
        return std::make_unique<benchmark::CSVReporter>();
#pragma clang diagnostic pop
    }
    // Colour only on a terminal, as Google Benchmark's own default does; benchmark::Initialize
    // rejects any other format before this reporter is used.
    const auto options = isatty(STDOUT_FILENO) ? benchmark::ConsoleReporter::OO_ColorTabular
                                               : benchmark::ConsoleReporter::OO_Tabular;
    return std::make_unique<benchmark::ConsoleReporter>(options);
}

bool isConsoleFormat(int argc, char **argv) {
    return requestedFormat(argc, argv) == "console";
}
