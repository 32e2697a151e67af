// The check that makes the timings comparable: both languages compute the same numbers.
#pragma once

#include <vector>

#include "KernelInput.h"
#include "KernelPairs.h"

/// Runs every pair once on `input` and exits with status 1, naming the first difference, unless the
/// Swift and C outputs agree on every update to 1e-12 relative (they do the same operations in the
/// same order, so they normally agree to the bit). Prints a one-line confirmation to stderr.
void requireSameOutputs(const std::vector<KernelPair> &pairs, const KernelInput &input);
