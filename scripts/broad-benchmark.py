#!/usr/bin/env python3
"""The heading workload's filters over every BROAD trial at hand, beside VQF, scored by motionbench's
own scorer, grouped as BROAD groups its trials.

    pip install h5py vqf==2.1.2
    scripts/broad-benchmark.py BROAD [--motionbench PATH] [--out DIR] [--traces DIR] [--param NAME=V ...]

BROAD is a folder holding the benchmark's `data_hdf5/*.hdf5` trials and `trials.json` (a clone of
https://github.com/dlaidig/broad, its `data_hdf5` folder, or the files taken out of a bare copy with
`git --git-dir REPO show HEAD:data_hdf5/NAME.hdf5 > NAME.hdf5`). The data is CC BY 4.0 (D. Laidig,
M. Caruso, A. Cereatti, T. Seel, "BROAD - A Benchmark for Robust Inertial Orientation Estimation",
Data 6(7), 2021, https://doi.org/10.3390/data6070072) and stays outside the repository.

For each trial the script writes the BROAD CSV that motionbench's importer reads (the HDF5's values
unrounded; `t_s` = sample / rate; empty optical cells where the markers dropped out), converts it with
`motionbench trace convert`, adds VQF 2.1.2's online and offline attitudes as recorded estimates
(`vqf-crosscheck.py`'s code, VQF's defaults), and runs `motionbench run heading --mode virtual` on it
at 50 Hz and at the native rate with the workload's defaults (or the `--param`s given). Every filter
and both VQF rows are scored the same way: median total error from 5 s to the end, after one fitted
heading offset and time shift.

Written to `--out` (default `results/accuracy`): `broad.csv` (every trial, filter and rate: total, tilt
and heading medians, the fitted offset and shift) and `broad.md` (the table: each trial's median total
error, 50 Hz / native for our filters, VQF online and offline, the best of ours over VQF online, and the
mean of each group). Converted traces go to `--traces` (kept, and reused when there) or a temporary
folder removed at the end.
"""
import argparse
import concurrent.futures
import csv
import importlib.util
import json
import os
import subprocess
import sys
import tempfile

import numpy as np

try:
    import h5py
except ImportError:
    sys.exit("broad-benchmark: the h5py package is missing: pip install h5py")

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("vqf_crosscheck", os.path.join(HERE, "vqf-crosscheck.py"))
crosscheck = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(crosscheck)

FILTERS = [("ecompass", "e-compass"), ("complementary", "complementary"), ("madgwick", "Madgwick"),
           ("mahony", "Mahony"), ("laidig-seel", "Laidig–Seel")]
VQF = [("vqf-online", "VQF online"), ("vqf-offline", "VQF offline")]
RATES = ["50", "native"]
# BROAD's groups (trials.json) in the paper's order, with the names the table shows.
GROUPS = [("rotation", "undisturbed rotation"), ("translation", "undisturbed translation"),
          ("combined", "undisturbed combined"), ("tapping", "tapping"), ("vibration", "vibration"),
          ("stationary_magnet", "stationary magnet"), ("attached_magnet", "attached magnet"),
          ("office_environment", "office"), ("mixed", "mixed")]
BROAD_HEADER = ["t_s", "gyr_x_rad_s", "gyr_y_rad_s", "gyr_z_rad_s", "acc_x_m_s2", "acc_y_m_s2", "acc_z_m_s2",
                "mag_x_uT", "mag_y_uT", "mag_z_uT", "opt_qw", "opt_qx", "opt_qy", "opt_qz",
                "opt_px_m", "opt_py_m", "opt_pz_m", "movement"]


def fail(message):
    sys.exit(f"broad-benchmark: {message}")


def find_trials(folder):
    """The trials at hand (name, HDF5 path, BROAD group) in BROAD's order, and the groups trials.json names."""
    for candidate in (folder, os.path.join(folder, "data_hdf5")):
        if os.path.isfile(os.path.join(candidate, "trials.json")):
            break
    else:
        fail(f"{folder}: no trials.json there nor in its data_hdf5 folder (BROAD's data_hdf5/trials.json)")
    try:
        with open(os.path.join(candidate, "trials.json")) as file:
            listed = json.load(file)["trials"]
    except (OSError, ValueError, KeyError, TypeError) as error:
        fail(f"{os.path.join(candidate, 'trials.json')}: not BROAD's trial list ({error})")
    known = {name for name, _ in GROUPS}
    trials, groups = [], set()
    for name, entry in sorted(listed.items()):
        path = os.path.join(candidate, name + ".hdf5")
        group = next((g for g in entry.get("groups", []) if g in known), None)
        groups.add(group)
        if os.path.isfile(path) and group:
            trials.append((name, path, group))
    if not trials:
        fail(f"{candidate}: none of the trials trials.json lists is there as NAME.hdf5")
    return trials, groups - {None}


def write_broad_csv(hdf5_path, csv_path):
    """The trial as the BROAD CSV motionbench's importer reads."""
    try:
        with h5py.File(hdf5_path, "r") as data:
            rate = float(data.attrs["sampling_rate"])
            gyr, acc, mag = (np.asarray(data[k], dtype=float) for k in ("imu_gyr", "imu_acc", "imu_mag"))
            quat, pos = np.asarray(data["opt_quat"], dtype=float), np.asarray(data["opt_pos"], dtype=float)
            movement = np.asarray(data["movement"], dtype=bool)
    except (OSError, KeyError, ValueError) as error:
        fail(f"{hdf5_path}: not a BROAD trial ({error})")
    with open(csv_path, "w") as out:
        out.write(",".join(BROAD_HEADER) + "\n")
        for i in range(len(gyr)):
            cells = [repr(i / rate)]
            cells += [repr(float(v)) for v in (*gyr[i], *acc[i], *mag[i])]
            cells += ["" if np.isnan(v) else repr(float(v)) for v in (*quat[i], *pos[i])]
            cells.append("1" if movement[i] else "0")
            out.write(",".join(cells) + "\n")


def make_trace(motionbench, name, hdf5_path, folder):
    """The trial as a motionbench trace with VQF's attitudes as recorded estimates (reused when there)."""
    trace = os.path.join(folder, name + ".csv")
    if os.path.isfile(trace):
        return trace
    broad_csv, converted = os.path.join(folder, name + ".broad.csv"), os.path.join(folder, name + ".converted.csv")
    write_broad_csv(hdf5_path, broad_csv)
    subprocess.run([motionbench, "trace", "convert", broad_csv, converted], check=True, stdout=subprocess.DEVNULL)
    os.remove(broad_csv)
    header, body, rates, calibration, streams = crosscheck.read_trace(converted)
    gyro, accel, field = crosscheck.corrected(streams, calibration)
    estimates = [("vqf-online", "VQF 2.1.2 online (PyPI vqf), its defaults", crosscheck.online(gyro, accel, field, rates)),
                 ("vqf-offline", "VQF 2.1.2 offline (PyPI vqf offlineVQF), its defaults", crosscheck.offline(gyro, accel, field, rates))]
    crosscheck.write_with_estimates(header, body, estimates, trace + ".part")
    os.remove(converted)
    os.replace(trace + ".part", trace)
    return trace


def score(motionbench, trace, rate, params, filters, run_folder):
    """accuracy.csv's rows of one heading run on the trace, keyed by filter or recorded estimate."""
    command = [motionbench, "run", "heading", "--source", f"trace:{trace}", "--mode", "virtual", "--rate", rate,
               "--samples", "200", "--out", run_folder, "--format", "csv", "--quiet"]
    command += sum((["--param", p] for p in params), [])
    if filters:
        command += ["--filter", ",".join(filters)]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    with open(os.path.join(run_folder, "accuracy.csv")) as file:
        return {row["recorded_estimate"] or row["filter"]: row for row in csv.DictReader(file)}


def run_trial(args, trial, traces, scratch):
    name, path, group = trial
    trace = make_trace(args.motionbench, name, path, traces)
    rows = {}
    for rate in RATES:
        scored = score(args.motionbench, trace, rate, args.param, args.filter, os.path.join(scratch, f"{name}-{rate}"))
        for key, row in scored.items():
            if key.startswith("vqf-"):
                rows[key, "recorded"] = row
            else:
                rows[key, rate] = row
    print(f"broad-benchmark: {name} done", file=sys.stderr)
    return name, group, rows


def mean(values):
    values = [v for v in values if v is not None]
    return sum(values) / len(values) if values else None


def figure(value):
    return "—" if value is None else f"{value:.2f}"


def write_results(results, out, params, missing_groups):
    os.makedirs(out, exist_ok=True)
    columns = ["trial", "group", "estimator", "rate", "total_median_deg", "tilt_median_deg", "heading_median_deg",
               "yaw_offset_deg", "time_shift_ms"]
    table_rows = []
    for name, group, rows in results:
        for (key, rate), row in sorted(rows.items()):
            table_rows.append([name, group, key, rate] + [row[c] for c in columns[4:]])
    with open(os.path.join(out, "broad.csv.part"), "w", newline="") as file:
        writer = csv.writer(file, lineterminator="\n")
        writer.writerow(columns)
        writer.writerows(table_rows)

    def total(rows, key, rate):
        row = rows.get((key, rate))
        return float(row["total_median_deg"]) if row and row["total_median_deg"] else None

    def best(rows):
        return min((v for v in (total(rows, k, r) for k, _ in FILTERS for r in RATES) if v is not None), default=None)

    used = [(k, label) for k, label in FILTERS if any((k, r) in rows for _, _, rows in results for r in RATES)]
    lines = ["| trial | " + " | ".join(label for _, label in used) + " | VQF online | VQF offline | best of ours / VQF online |",
             "|---|" + "---:|" * (len(used) + 3)]

    def line(label, cells, emphasis=False):
        text = f"**{label}**" if emphasis else label
        return "| " + text + " | " + " | ".join(f"**{c}**" if emphasis and c != "" else c for c in cells) + " |"

    for group, group_label in GROUPS:
        members = [(n, rows) for n, g, rows in results if g == group]
        if not members:
            if group in missing_groups:
                lines.append(line(group_label, ["no trial at hand"] + [""] * (len(used) + 2)))
            continue
        for name, rows in members:
            cells = [f"{figure(total(rows, k, '50'))} / {figure(total(rows, k, 'native'))}" for k, _ in used]
            vqf = total(rows, "vqf-online", "recorded")
            cells += [figure(vqf), figure(total(rows, "vqf-offline", "recorded"))]
            cells.append(figure(best(rows) / vqf) if vqf and best(rows) is not None else "—")
            lines.append(line(name, cells))
        cells = [f"{figure(mean(total(r, k, '50') for _, r in members))} / {figure(mean(total(r, k, 'native') for _, r in members))}"
                 for k, _ in used]
        vqf_mean = mean(total(r, "vqf-online", "recorded") for _, r in members)
        cells += [figure(vqf_mean), figure(mean(total(r, "vqf-offline", "recorded") for _, r in members))]
        best_mean = min((m for m in (mean(total(r, k, rate) for _, r in members) for k, _ in used for rate in RATES) if m is not None), default=None)
        cells.append(figure(best_mean / vqf_mean) if vqf_mean and best_mean is not None else "—")
        lines.append(line(f"mean, {group_label} ({len(members)})", cells, emphasis=True))
    setting = ", ".join(params) if params else "the heading workload's defaults"
    text = [
        "# BROAD: median total attitude error (°)",
        "",
        f"Every BROAD trial at hand ({len(results)}), {setting}; our filters at 50 Hz / at the native 285.7 Hz;",
        "VQF 2.1.2 (PyPI `vqf`, its defaults) fed every sample. All scored by motionbench's scorer: median",
        "total error from 5 s to the end, after one fitted heading offset and time shift. The last column",
        "divides the lowest of our cells in the row by VQF online's; a group's row is the mean of its trials",
        "(its last column: the lowest of our means over VQF online's mean).",
        "",
        *lines,
        "",
        "Made by `scripts/broad-benchmark.py BROAD` (BROAD: a folder with the benchmark's `data_hdf5` files).",
        "Data: BROAD, CC BY 4.0 (Laidig, Caruso, Cereatti, Seel, Data 6(7), 2021).",
    ]
    with open(os.path.join(out, "broad.md.part"), "w") as file:
        file.write("\n".join(text) + "\n")
    os.replace(os.path.join(out, "broad.csv.part"), os.path.join(out, "broad.csv"))
    os.replace(os.path.join(out, "broad.md.part"), os.path.join(out, "broad.md"))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("broad", help="a folder with BROAD's data_hdf5 files and trials.json")
    parser.add_argument("--motionbench", default=".build/release/motionbench")
    parser.add_argument("--out", default="results/accuracy", help="where broad.md and broad.csv go (default results/accuracy)")
    parser.add_argument("--traces", help="keep the converted traces here, and reuse those already there")
    parser.add_argument("--param", action="append", default=[], help="NAME=VALUE passed to run heading (repeatable)")
    parser.add_argument("--filter", action="append", default=[], help="only these of our filters (repeatable)")
    parser.add_argument("--trial", action="append", default=[], help="only trials whose name starts so (repeatable)")
    parser.add_argument("--jobs", type=int, default=2, help="trials run at once (default 2)")
    args = parser.parse_args()

    if not os.access(args.motionbench, os.X_OK):
        fail(f"--motionbench: {args.motionbench} is not an executable (build it: swift build -c release)")
    if args.jobs < 1:
        fail(f"--jobs: {args.jobs} is not a positive count")
    trials, listed_groups = find_trials(args.broad)
    # Groups BROAD lists without a trial at hand get a row saying so, unless only some trials were asked for.
    missing_groups = set() if args.trial else listed_groups - {g for _, _, g in trials}
    if args.trial:
        trials = [t for t in trials if any(t[0].startswith(p) for p in args.trial)]
        if not trials:
            fail("--trial: no trial at hand starts so")
    try:
        os.makedirs(args.out, exist_ok=True)
        if args.traces:
            os.makedirs(args.traces, exist_ok=True)
    except OSError as error:
        fail(f"{error.filename}: cannot make the folder ({error.strerror})")
    with tempfile.TemporaryDirectory(prefix="broad-benchmark-") as scratch:
        traces = args.traces or scratch
        try:
            with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
                results = list(pool.map(lambda t: run_trial(args, t, traces, scratch), trials))
        except subprocess.CalledProcessError as failure:
            # motionbench has printed what it refused.
            sys.exit(failure.returncode)
    write_results(results, args.out, args.param, missing_groups)
    print(os.path.join(args.out, "broad.md"))


if __name__ == "__main__":
    main()
