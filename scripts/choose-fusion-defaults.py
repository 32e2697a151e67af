#!/usr/bin/env python3
"""Leave-one-recording-out choice of the Laidig-Seel filter's defaults on the shared recordings: the
five tyrex iPhone trials, each folder copied alone (no calibration recordings beside it, as a user's
own recording would be), and BROAD's trial 07 (a research IMU turned fast).

For each grid point (tau-acc, tau-mag, field-gate) every recording is run once (`run heading --filter
laidig-seel --mode virtual`, 50 Hz) and scored by its median total error over the competitor's: Core
Motion's on a tyrex trial, VQF's published online 1.73 deg on BROAD. For each recording held out, the
point with the lowest geometric mean of the ratios on the other five (ties: the worst ratio) is
chosen and its ratio on the held-out one reported. The defaults are the point chosen most often. (The
worst ratio alone as the criterion is ruled by BROAD, where no point reaches VQF.)

    scripts/choose-fusion-defaults.py [--binary .build/release/motionbench]
"""
import argparse, csv, itertools, math, os, shutil, subprocess, sys, tempfile

TRIALS = ["NoDist_Texting", "NoDist_FrontPocket", "NoDist_Swinging", "NoDist_RunningHand", "Dist_Texting", "BROAD_07"]
BROAD = "traces/broad-imu-orientation/full/07_undisturbed_fast_rotation_B_first100s.csv"
VQF_ONLINE_BROAD_07 = 1.73
GRID = {"tau-acc": [1.5, 3, 6], "tau-mag": [4.5, 9, 18], "field-gate": [0, 3, 6]}

def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=".build/release/motionbench")
    args = parser.parse_args()
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    scratch = tempfile.mkdtemp(prefix="motionbench-defaults-")
    try:
        for trial in TRIALS[:-1]:
            shutil.copytree(os.path.join(root, "traces/tyrex-attitude-iphone/full", f"Thibaud_iPhone5_{trial}"), os.path.join(scratch, trial))
        points = [dict(zip(GRID, values)) for values in itertools.product(*GRID.values())]
        ratios, errors = {}, {}
        for point in points:
            key = tuple(point.values())
            for trial in TRIALS:
                out = os.path.join(scratch, "run")
                params = sum((["--param", f"{name}={value}"] for name, value in point.items()), [])
                source = os.path.join(root, BROAD) if trial == "BROAD_07" else os.path.join(scratch, trial)
                subprocess.run([args.binary, "run", "heading", "--filter", "laidig-seel", "--source", f"trace:{source}",
                                "--mode", "virtual", "--samples", "200", "--quiet", "--out", out] + params, check=True, stdout=subprocess.DEVNULL)
                with open(os.path.join(out, "accuracy.csv")) as file:
                    rows = {row["filter"]: float(row["total_median_deg"]) for row in csv.DictReader(file)}
                shutil.rmtree(out)
                errors[key, trial] = rows["laidig-seel"]
                ratios[key, trial] = rows["laidig-seel"] / rows.get("core-motion", VQF_ONLINE_BROAD_07)
            print(" ".join(f"{n}={v}" for n, v in point.items()), " ".join(f"{errors[key, t]:.2f}" for t in TRIALS), file=sys.stderr)
        chosen = {}
        print("| held out | chosen on the other five (tau-acc, tau-mag, field-gate) | its error there | over the competitor's |")
        print("|---|---|---:|---:|")
        for held in TRIALS:
            others = [t for t in TRIALS if t != held]
            def score(key):
                values = [ratios[key, t] for t in others]
                return (math.exp(sum(map(math.log, values)) / len(values)), max(values))
            best = min((tuple(p.values()) for p in points), key=score)
            chosen[best] = chosen.get(best, 0) + 1
            print(f"| {held} | {best} | {errors[best, held]:.2f}° | {ratios[best, held]:.2f} |")
        print()
        for key, count in sorted(chosen.items(), key=lambda item: -item[1]):
            print(f"chosen {count} of {len(TRIALS)} times: " + ", ".join(f"{n}={v}" for n, v in zip(GRID, key)))
    finally:
        shutil.rmtree(scratch)

if __name__ == "__main__":
    main()
