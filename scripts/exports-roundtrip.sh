#!/usr/bin/env bash
# The exports for existing stores, checked against the real servers: a short run writes run.json,
# influx.lp, openmetrics.txt and bmf.json; VictoriaMetrics (which ingests InfluxDB's line protocol)
# and a Prometheus Pushgateway are started on 127.0.0.1 only, on free ports, with their data in a
# temporary folder; the exports are posted with curl, read back through each server's own API, and
# every value, label and timestamp is compared with run.json. bmf.json has no server here (Bencher
# is not packaged): its values are compared with run.json as Bencher's json adapter reads them.
# The servers are stopped at the end, whatever happened. motionbench itself opens no connection.
#
#   scripts/exports-roundtrip.sh [MOTIONBENCH]     (default .build/release/motionbench)
#
# Needs Debian's victoria-metrics, prometheus-pushgateway, curl and python3.
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-.build/release/motionbench}
for tool in victoria-metrics prometheus-pushgateway curl python3; do
    command -v "$tool" >/dev/null || { echo "exports-roundtrip: $tool is missing (apt-get install victoria-metrics prometheus-pushgateway curl python3)" >&2; exit 69; }
done

work=$(mktemp -d)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
vm_port=$(free_port)
pg_port=$(free_port)
# Retention of a month: the run's timestamps are now, well inside it.
victoria-metrics -httpListenAddr="127.0.0.1:$vm_port" -storageDataPath="$work/vm" -retentionPeriod=1 \
    -search.latencyOffset=0s -loggerLevel=ERROR >"$work/vm.log" 2>&1 &
pids+=($!)
prometheus-pushgateway --web.listen-address="127.0.0.1:$pg_port" --log.level=error >"$work/pushgateway.log" 2>&1 &
pids+=($!)
for url in "http://127.0.0.1:$vm_port/health" "http://127.0.0.1:$pg_port/-/ready"; do
    for _ in $(seq 100); do curl -sf "$url" >/dev/null && break; sleep 0.1; done
    curl -sf "$url" >/dev/null || { echo "exports-roundtrip: no answer from $url" >&2; cat "$work"/*.log >&2; exit 1; }
done

# The heading workload (scored against the virtual device's truth), two filters, one of them at two gains, two
# repetitions: medians, accuracy entries, and labels with and without parameters.
"$binary" run heading --filter madgwick,mahony --param kp=0.2,0.5 --mode virtual --samples 2000 --repetitions 2 \
    --format json,influx,openmetrics,bmf --out "$work/run" --quiet >/dev/null
curl -sf --data-binary @"$work/run/influx.lp" "http://127.0.0.1:$vm_port/write"
curl -sf --data-binary @"$work/run/openmetrics.txt" "http://127.0.0.1:$pg_port/metrics/job/motionbench"
curl -sf "http://127.0.0.1:$vm_port/internal/force_flush" >/dev/null
curl -sf "http://127.0.0.1:$vm_port/api/v1/export" --data-urlencode 'match[]={__name__=~"motionbench.*"}' >"$work/vm.jsonl"
curl -sf "http://127.0.0.1:$pg_port/api/v1/metrics" >"$work/pushgateway.json"

python3 - "$work" <<'PY'
import json, statistics, sys, calendar, time
work = sys.argv[1]
run = json.load(open(f"{work}/run/run.json"))
env = run["environment"]
start = calendar.timegm(time.strptime(run["startedAt"], "%Y-%m-%dT%H:%M:%SZ"))

def spell(x):
    return str(int(x)) if x == int(x) else repr(x)

def labels(workload, rate, timing, filt, params, mode):
    out = {"workload": workload, "rate": "native" if timing else spell(rate), "filter": filt,
           "parameters": ";".join(f"{k}={spell(params[k])}" for k in sorted(params)), "mode": mode or "",
           "commit": env.get("gitCommit") or "", "host": env["host"]}
    return {k: v for k, v in out.items() if v}

metrics = {"cpu_ns_per_sample": "cpuNsPerSample", "instructions_per_sample": "instructionsPerSample",
           "allocs_per_sample": "allocationsPerSample", "alloc_bytes_per_sample": "allocationBytesPerSample",
           "peak_rss_mib": "peakRssMiB", "heap_held_bytes": "heapHeldBytes", "heap_peak_bytes": "heapPeakBytes",
           "heap_transient_bytes": "heapTransientBytes", "heap_leaked_bytes": "heapLeakedBytes",
           "peak_rss_delta_bytes": "peakRssDeltaBytes"}
expected = {}   # (name, frozen labels) -> value
groups = {}
for case in run["cases"]:
    s = case["spec"]
    key = (s["workload"], s["rateHz"], s.get("recordedTiming", False), s["filter"], tuple(sorted(s["parameters"].items())), s["mode"])
    groups.setdefault(key, []).append(case)
for (w, r, t, f, p, m), cases in groups.items():
    lab = labels(w, r, t, f, dict(p), m)
    for name, field in metrics.items():
        values = [c[field] for c in cases if c.get(field) is not None]
        if values:
            expected[(name, frozenset(lab.items()))] = statistics.median(values)
accuracy = 0
for entry in run["accuracy"]:
    lab = labels(entry["workload"], entry["rateHz"], entry.get("recordedTiming", False), entry["filter"], entry["parameters"], None)
    att = entry["measures"].get("attitude")
    if att:
        for part in ("total", "tilt", "heading"):
            for stat in ("median", "p95", "rms"):
                expected[(f"accuracy_{part}_{stat}_deg", frozenset(lab.items()))] = att[part][stat]
                accuracy += 1
assert accuracy > 0, "the run scored nothing: the accuracy figures are not exercised"

def check(store, found):
    missing = [k for k in expected if k not in found]
    assert not missing, f"{store}: {len(missing)} figures missing, e.g. {missing[0]}"
    extra = [k for k in found if k not in expected]
    assert not extra, f"{store}: figures not in run.json, e.g. {extra[0]}"
    for key, value in expected.items():
        got = found[key]
        assert abs(got - value) <= 1e-9 * max(1, abs(value)), f"{store}: {key[0]} {dict(key[1])}: {got} against run.json's {value}"

# VictoriaMetrics names a line-protocol field MEASUREMENT_FIELD: motionbench_cpu_ns_per_sample,
# motionbench_accuracy_total_median_deg.
found = {}
for line in open(f"{work}/vm.jsonl"):
    series = json.loads(line)
    metric = dict(series["metric"])
    name = metric.pop("__name__")
    if name == "motionbench_repetitions":
        assert series["values"] == [2], f"VictoriaMetrics: repetitions {series['values']}"
        continue
    assert series["timestamps"] == [start * 1000], f"VictoriaMetrics: {name} at {series['timestamps']}, the run started at {start * 1000}"
    found[(name.removeprefix("motionbench_"), frozenset(metric.items()))] = series["values"][0]
check("VictoriaMetrics (influx.lp)", found)

found = {}
for group in json.load(open(f"{work}/pushgateway.json"))["data"]:
    for name, family in group.items():
        # The Pushgateway's own push_time_seconds and push_failure_time_seconds are not ours.
        if not name.startswith("motionbench_") or not isinstance(family, dict):
            continue
        for sample in family["metrics"]:
            metric = {k: v for k, v in sample["labels"].items() if k not in ("job", "instance")}
            if name == "motionbench_run_start_timestamp_seconds":
                assert float(sample["value"]) == start, f"Pushgateway: run start {sample['value']}"
                continue
            found[(name.removeprefix("motionbench_"), frozenset(metric.items()))] = float(sample["value"])
check("Pushgateway (openmetrics.txt)", found)

bmf = json.load(open(f"{work}/run/bmf.json"))
count = 0
for (name, lab), value in expected.items():
    lab = dict(lab)
    if name.startswith("accuracy_"):
        if lab["filter"] in ("core-motion",):
            continue
        bench = "/".join([lab["workload"], lab["rate"] + "Hz", lab["filter"]] + [p.replace("=", ":") for p in lab.get("parameters", "").split(";") if p])
        measure = name.removeprefix("accuracy_").replace("_", "-")
    else:
        bench = "/".join([lab["workload"], lab["rate"] + "Hz", lab["filter"]] + [p.replace("=", ":") for p in lab.get("parameters", "").split(";") if p] + [lab["mode"]])
        measure = name.replace("_", "-")
    got = bmf[bench][measure]["value"]
    assert got == value, f"bmf.json: {bench} {measure}: {got} against {value}"
    count += 1
print(f"exports-roundtrip: {len(expected)} figures of {len(groups)} cases and {len(run['accuracy'])} accuracy entries "
      f"read back from VictoriaMetrics and the Pushgateway equal to run.json, timestamps the run's start; bmf.json's {count} equal too")
PY
