#!/usr/bin/env python3
"""How well `motionbench history` finds steps, beside the published change-point detectors, on the same
numbers: a seeded suite of synthetic CPU-ns series written as run folders, `motionbench history
--format json` run on each, and Apache Otava, MongoDB's e-divisive and asv's step detection run on the
same per-commit medians, each scored for precision, recall, F1 and false alarms.

    scripts/history-steps.py [--seeds 1,2] [--binary PATH] [--anchors otava,edivisive,asv] [--venvs DIR] [--keep DIR]

The suite (per seed): 40 series of 60 to 120 commits, 30 with 50 true steps (20 with two, half of
those 8 to 15 commits apart, 10 with one), of +/-2, 5, 10 and 30 % in equal shares, and 10 with none.
The noise, one model per series: Gaussian 1 %, 3 % or 6 %; heavy-tailed (Student's t, 3 degrees of
freedom, scale 2 %); slow runs (Gaussian 2 %, 6 % of commits 15-50 % slower in every repetition, 3 % of
repetitions 10-40 % slower); slow drift (Gaussian 1.5 % on a level that drifts by 3-6 % over the series,
in a line or a hump). The step series share the models equally; the no-step ones are Gaussian 1, 3 and
6 %, heavy-tailed twice, slow runs twice and drift three times. Every other series repeats each commit
3 times, the rest once. Every value is a commit's `cpuNsPerSample` in a copy of one real run (the
accelerometer's raw filter at 10 Hz, 500 virtual-time samples), one folder of runs per series.

A detection counts when it is within 2 commits of a true step not already matched. Reported per tool:
precision, recall and F1 over all series; false alarms per 100 commits of the no-step series; F1 over
the heavy-tailed and slow-run series; and recall per step size.

The anchors install from PyPI into their own virtual environments under --venvs (default
.build/history-anchors, made on first use): apache-otava 0.8.0 (numpy 2.2.0), signal-processing-algorithms
2.1.6 (numpy < 2) and asv 0.6.6. Each runs with its defaults: Otava's `compute_change_points` (window
50, p < 0.001), e-divisive at p < 0.05 with 100 permutations (numpy seeded with 1 for each series), and
every level boundary of asv's `detect_steps`. They are given each commit's median; motionbench reads
the runs, every repetition.

Prints a Markdown table per seed; exits 64 on a bad command line, 1 when a tool fails.
"""
import argparse
import json
import math
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
NOISES = ["gauss1", "gauss3", "gauss6", "heavy", "slow", "drift"]
NO_STEP_NOISES = ["gauss1", "gauss3", "gauss6", "heavy", "heavy", "slow", "slow", "drift", "drift", "drift"]
SIZES = [0.02, 0.05, 0.10, 0.30]
TOLERANCE = 2
ANCHORS = {
    "otava": ("Apache Otava 0.8.0", ["apache-otava==0.8.0"]),
    "edivisive": ("MongoDB signal-processing-algorithms 2.1.6 (e-divisive)", ["signal-processing-algorithms==2.1.6"]),
    "asv": ("asv 0.6.6 step detection (every level boundary)", ["asv==0.6.6"]),
}


def student_t3(rng):
    z = rng.gauss(0, 1)
    chi2 = sum(rng.gauss(0, 1) ** 2 for _ in range(3))
    return z / math.sqrt(chi2 / 3)


def suite(seed):
    """The 40 series of `seed`: name, noise model, repetitions, true steps (first commit on the new
    level) with their sizes, and each commit's values."""
    rng = random.Random(seed)
    sizes = [SIZES[i % 4] for i in range(50)]
    rng.shuffle(sizes)
    step_noises = [NOISES[i % 6] for i in range(30)]
    rng.shuffle(step_noises)
    specs = [(step_noises[i], 2 if i < 20 else 1) for i in range(30)] + [(noise, 0) for noise in NO_STEP_NOISES]
    series, taken = [], 0
    for index, (noise, count) in enumerate(specs):
        n = rng.randint(60, 120)
        repetitions = 3 if index % 2 == 0 else 1
        positions = []
        if count == 1:
            positions = [rng.randint(10, n - 10)]
        elif count == 2:
            close = index % 2 == 1
            while True:
                first = rng.randint(10, n - 25)
                room = n - 10 - first
                gap = rng.randint(8, 15) if close else (rng.randint(16, room) if room >= 16 else None)
                if gap is not None and first + gap <= n - 10:
                    break
            positions = [first, first + gap]
        steps = [(at, sizes[taken + k] * rng.choice([-1, 1])) for k, at in enumerate(positions)]
        taken += count
        base = 1000 * math.exp(rng.uniform(-1, 1))
        drift_size = rng.uniform(0.03, 0.06) * rng.choice([-1, 1])
        drift_shape = rng.choice(["linear", "hump"])
        values = []
        for commit in range(n):
            level = base
            for at, size in steps:
                if commit >= at:
                    level *= 1 + size
            if noise == "drift":
                fraction = commit / (n - 1)
                level *= 1 + drift_size * (fraction if drift_shape == "linear" else math.sin(math.pi * fraction))
            slow_run = noise == "slow" and rng.random() < 0.06
            slow_factor = 1 + rng.uniform(0.15, 0.5)
            point = []
            for _ in range(repetitions):
                if noise.startswith("gauss"):
                    value = level * (1 + int(noise[5:]) / 100 * rng.gauss(0, 1))
                elif noise == "heavy":
                    value = level * max(0.2, 1 + 0.02 * student_t3(rng))
                elif noise == "slow":
                    value = level * (1 + 0.02 * rng.gauss(0, 1))
                    if slow_run:
                        value *= slow_factor
                    if rng.random() < 0.03:
                        value *= 1 + rng.uniform(0.1, 0.4)
                else:
                    value = level * (1 + 0.015 * rng.gauss(0, 1))
                point.append(value)
            values.append(point)
        series.append(dict(name=f"s{index:02d}-{noise}-{count}", noise=noise, repetitions=repetitions,
                           steps=[at for at, _ in steps], sizes=[size for _, size in steps], values=values))
    return series


def score(series, found):
    """(true positives, false positives, false negatives, indices of the true steps matched)."""
    truth, matched = series["steps"], set()
    for at in sorted(found):
        near = [k for k, t in enumerate(truth) if k not in matched and abs(t - at) <= TOLERANCE]
        if near:
            matched.add(min(near, key=lambda k: abs(truth[k] - at)))
    tp = len(matched)
    return tp, len(found) - tp, len(truth) - tp, matched


def f1(tp, fp, fn):
    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    return precision, recall, (2 * precision * recall / (precision + recall) if precision + recall else 0.0)


def table_row(series_list, results):
    total, heavy = [0, 0, 0], [0, 0, 0]
    alarms = quiet_commits = 0
    by_size = {size: [0, 0] for size in SIZES}
    for series, found in zip(series_list, results):
        counts = score(series, found)
        total = [a + b for a, b in zip(total, counts[:3])]
        if series["noise"] in ("heavy", "slow"):
            heavy = [a + b for a, b in zip(heavy, counts[:3])]
        if not series["steps"]:
            alarms += len(found)
            quiet_commits += len(series["values"])
        for k, size in enumerate(series["sizes"]):
            by_size[round(abs(size), 2)][1] += 1
            by_size[round(abs(size), 2)][0] += k in counts[3]
    precision, recall, total_f1 = f1(*total)
    return dict(precision=precision, recall=recall, f1=total_f1, alarms=100 * alarms / quiet_commits, alarm_count=alarms,
                heavy_f1=f1(*heavy)[2], recall_by_size={size: found / count for size, (found, count) in by_size.items()})


def commit_hash(seed, index, commit):
    return f"{seed:04x}{index:04x}{commit:08x}".ljust(40, "0")


def write_runs(series_list, seed, templates, folder):
    """Each series as a folder of runs, one per commit, its values the case's repetitions."""
    for index, series in enumerate(series_list):
        template = templates[series["repetitions"]]
        for commit, values in enumerate(series["values"]):
            run = json.loads(json.dumps(template))
            run["environment"]["gitCommit"] = commit_hash(seed, index, commit)
            run["environment"]["gitCommitTime"] = 1_700_000_000 + 3600 * commit
            cases = [case for case in run["cases"] if case["spec"]["mode"] == "virtual"]
            for case, value in zip(cases, values):
                case["cpuNsPerSample"] = value
            path = os.path.join(folder, series["name"], f"{commit:04d}")
            os.makedirs(path)
            with open(os.path.join(path, "run.json"), "w") as file:
                json.dump(run, file)


def motionbench_steps(binary, folder, series_list):
    """The positions of the CPU steps `history --format json` finds in each series' folder."""
    results = []
    for series in series_list:
        output = subprocess.run([binary, "history", os.path.join(folder, series["name"]), "--format", "json"],
                                capture_output=True, text=True)
        if output.returncode != 0:
            sys.exit(f"history-steps.py: motionbench history failed on {series['name']}: {output.stderr}")
        document = json.loads(output.stdout)
        found = [step["position"] for line in document["series"] if line["metric"] == "cpu_ns_per_sample" for step in line["steps"]]
        results.append(found)
    return results


def anchor_python(venvs, name):
    """The anchor's virtual environment's python, made and installed on first use."""
    folder = os.path.join(venvs, name)
    python = os.path.join(folder, "bin", "python")
    if not os.path.exists(python):
        print(f"history-steps.py: installing {ANCHORS[name][1][0]} into {folder}", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", folder], check=True)
        subprocess.run([python, "-m", "pip", "install", "--quiet"] + ANCHORS[name][1], check=True)
    return python


def anchor_steps(venvs, name, series_list):
    medians = [[statistics.median(point) for point in series["values"]] for series in series_list]
    output = subprocess.run([anchor_python(venvs, name), os.path.abspath(__file__), "--anchor", name],
                            input=json.dumps(medians), capture_output=True, text=True)
    if output.returncode != 0:
        sys.exit(f"history-steps.py: {name} failed: {output.stderr}")
    return json.loads(output.stdout)


def run_anchor(name, medians):
    """Runs inside the anchor's own environment: the change points of each series, as first indices of
    the new level."""
    if name == "otava":
        from otava.analysis import compute_change_points
        return [[int(point.index) for point in compute_change_points(series, window_len=50, max_pvalue=0.001, min_magnitude=0.0)[0]]
                for series in medians]
    if name == "edivisive":
        import numpy
        from signal_processing_algorithms.energy_statistics.energy_statistics import e_divisive
        found = []
        for series in medians:
            numpy.random.seed(1)
            found.append(sorted(int(index) for index in e_divisive(numpy.array(series, dtype=float), pvalue=0.05, permutations=100)))
        return found
    from asv.step_detect import detect_steps
    return [[int(left) for left, *_ in detect_steps(series)[1:]] for series in medians]


def markdown(seed, rows):
    sizes = " | ".join(f"{int(size * 100)} %" for size in SIZES)
    lines = [f"Seed {seed}:", "",
             f"| tool | precision | recall | F1 | false alarms / 100 commits, no-step series | F1, heavy-tailed and slow runs | recall at {sizes} |",
             "|---|---:|---:|---:|---:|---:|" + "---:|" * len(SIZES)]
    for name, row in rows:
        recalls = " | ".join(f"{row['recall_by_size'][size]:.2f}" for size in SIZES)
        lines.append(f"| {name} | {row['precision']:.2f} | {row['recall']:.2f} | {row['f1']:.2f} | {row['alarms']:.2f} ({row['alarm_count']}) "
                     f"| {row['heavy_f1']:.2f} | {recalls} |")
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", default="1,2")
    parser.add_argument("--binary", help="the motionbench to measure (default: build .build/release/motionbench)")
    parser.add_argument("--anchors", default="otava,edivisive,asv")
    parser.add_argument("--venvs", default=os.path.join(ROOT, ".build", "history-anchors"))
    parser.add_argument("--keep", help="write the run folders here and keep them (default: a temporary folder)")
    parser.add_argument("--anchor", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.anchor:
        print(json.dumps(run_anchor(args.anchor, json.load(sys.stdin))))
        return
    try:
        seeds = [int(seed) for seed in args.seeds.split(",")]
    except ValueError:
        print(f"history-steps.py: --seeds: '{args.seeds}' is not a comma-separated list of integers", file=sys.stderr)
        sys.exit(64)
    anchors = [name for name in args.anchors.split(",") if name]
    unknown = [name for name in anchors if name not in ANCHORS]
    if unknown:
        print(f"history-steps.py: --anchors: unknown {', '.join(unknown)}; choose from {', '.join(ANCHORS)}", file=sys.stderr)
        sys.exit(64)
    binary = args.binary
    if not binary:
        subprocess.run(["swift", "build", "-c", "release", "--product", "motionbench"], cwd=ROOT, check=True, stdout=sys.stderr)
        binary = os.path.join(ROOT, ".build", "release", "motionbench")
    binary = os.path.abspath(binary)
    if not os.access(binary, os.X_OK):
        print(f"history-steps.py: --binary: '{binary}' is not an executable", file=sys.stderr)
        sys.exit(64)

    work = os.path.abspath(args.keep) if args.keep else tempfile.mkdtemp(prefix="history-steps-")
    try:
        templates = {}
        for repetitions in (1, 3):
            out = os.path.join(work, f"template-{repetitions}")
            subprocess.run([binary, "run", "accelerometer", "--filter", "raw", "--rate", "10", "--mode", "virtual", "--samples", "500",
                            "--repetitions", str(repetitions), "--format", "json", "--quiet", "--out", out],
                           check=True, stdout=subprocess.DEVNULL)
            with open(os.path.join(out, "run.json")) as file:
                templates[repetitions] = json.load(file)
        for seed in seeds:
            series_list = suite(seed)
            folder = os.path.join(work, f"seed-{seed}")
            shutil.rmtree(folder, ignore_errors=True)
            write_runs(series_list, seed, templates, folder)
            commits = sum(len(series["values"]) for series in series_list)
            steps = sum(len(series["steps"]) for series in series_list)
            print(f"history-steps.py: seed {seed}: {len(series_list)} series, {commits} commits, {steps} steps", file=sys.stderr)
            started = time.monotonic()
            rows = [("motionbench history", table_row(series_list, motionbench_steps(binary, folder, series_list)))]
            print(f"history-steps.py: motionbench history on {len(series_list)} folders: {time.monotonic() - started:.1f} s", file=sys.stderr)
            for name in anchors:
                rows.append((ANCHORS[name][0], table_row(series_list, anchor_steps(args.venvs, name, series_list))))
            print(markdown(seed, rows))
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
