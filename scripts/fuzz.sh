#!/usr/bin/env bash
# Fuzzes the trace importers and the canonical reader with libFuzzer (the nested package Fuzz/).
#
#   scripts/fuzz.sh TARGET [SECONDS]   TARGET: canonical, oxford, broad, xio, tyrex, sensorlogger,
#                                      phyphox, sensorlog, detect, or all (each in turn); SECONDS per
#                                      target, default 600
#   scripts/fuzz.sh replay             runs every target once over its seeds and the committed
#                                      regressions in traces/fuzz-regressions/ (a quick smoke check)
#
# Builds Fuzz/ in release with -sanitize=fuzzer,address into .build-fuzz/, seeds a working corpus in
# .build-fuzz/work/TARGET/corpus from the real recordings under traces/ (their first lines: short
# inputs mutate faster), runs, and prints executions, speed and findings. Crashes, leaks, hangs
# (timeout-*) and out-of-memory inputs (oom-*) are saved in .build-fuzz/work/TARGET/findings/,
# outside git; the corpus grows across runs. Exits 1 when anything was found.
set -euo pipefail
cd "$(dirname "$0")/.."
targets=(canonical oxford broad xio tyrex sensorlogger phyphox sensorlog detect)

usage() {
    echo "usage: scripts/fuzz.sh {${targets[*]// /|}|all} [SECONDS] | scripts/fuzz.sh replay" >&2
    exit 64
}
[[ $# -ge 1 ]] || usage
case $1 in
    all|replay) selected=("${targets[@]}") ;;
    *) [[ " ${targets[*]} " == *" $1 "* ]] || usage; selected=("$1") ;;
esac
seconds=${2:-600}
[[ $seconds =~ ^[0-9]+$ ]] || usage

# libFuzzer supplies main; -parse-as-library keeps Swift from emitting one. AddressSanitizer too,
# because CSVScanner works on raw buffers, where Swift's own checks do not reach.
build_started=$SECONDS
swift build -c release --package-path Fuzz --scratch-path .build-fuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library >&2
bin=$(swift build -c release --package-path Fuzz --scratch-path .build-fuzz --show-bin-path)
echo "fuzz build: $((SECONDS - build_started)) s" >&2

# Writes the seeds of target $1 into folder $2: a header and 60 rows of each real recording of the
# format (and the hand-made bad inputs of it), never the whole file.
seed() {
    local target=$1 corpus=$2 file index
    head_of() { head -n 61 "$1" > "$corpus/$2"; }
    case $target in
        canonical)
            cp Fuzz/Seeds/canonical-*.csv "$corpus/"
            for file in traces/bad-input/*.csv; do
                if [[ $(head -c 17 "$file" | tr -d '\0') == motionbench-trace ]]; then cp "$file" "$corpus/"; fi
            done ;;
        oxford)
            for file in traces/oxford-step-counter/*.csv traces/oxford-step-counter/full/*.csv; do head_of "$file" "${file##*/}"; done
            cp traces/bad-input/oxford-*.csv "$corpus/" ;;
        broad)
            head_of traces/broad-imu-orientation/*.csv broad.csv
            cp traces/bad-input/broad-*.csv "$corpus/" ;;
        xio)
            head_of traces/xio-fusion/sensor_data.csv xio.csv
            cp traces/bad-input/xio-*.csv "$corpus/" ;;
        tyrex)
            # The first byte picks the file the rest replaces, in FuzzedTrial.files' order.
            local trial=traces/tyrex-attitude-iphone/full/Thibaud_iPhone5_NoDist_Texting
            local files=("$trial/trial.json" "$trial/accelerometer.csv" "$trial/gyroscope.csv" "$trial/magnetometer.csv"
                "$trial/magnetometer_calibrated.csv" "$trial/attitude.csv" "$trial/groundtruth_qualisys.csv"
                "$trial/../calib_gyr_iPhone5_d3/gyroscope.csv" "$trial/../calib_mag_iPhone5_d3/magnetometer.csv")
            prefixed "$corpus" "${files[@]}" ;;
        sensorlogger)
            # As tyrex, in the order of fuzz-sensorlogger's recording.files; a first byte of 255 makes
            # the rest a zip.
            local export=traces/own-recordings/sensor-logger/ios-walk
            local files=(Metadata AccelerometerUncalibrated Accelerometer Gravity GyroscopeUncalibrated Gyroscope
                MagnetometerUncalibrated Magnetometer Barometer Orientation)
            files=("${files[@]/#/$export/}")
            prefixed "$corpus" "${files[@]/%/.csv}"
            for file in traces/own-recordings/sensor-logger/*.zip traces/bad-input/zip-*.zip; do
                { printf '\xff'; cat "$file"; } > "$corpus/${file##*/}"
            done ;;
        phyphox)
            # As tyrex, in the order of fuzz-phyphox's export.files; the other experiments' Raw Data.csv
            # as replacements of the first.
            local export=traces/own-recordings/phyphox/acceleration-with-g
            prefixed "$corpus" "$export/Raw Data.csv" "$export/meta/device.csv" "$export/meta/time.csv"
            for file in traces/own-recordings/phyphox/{magnetometer,pressure}/"Raw Data.csv"; do
                local folder=${file%/*}
                { printf '\x00'; head -n 61 "$file"; } > "$corpus/raw-data-${folder##*/}"
            done ;;
        sensorlog)
            head_of traces/own-recordings/sensorlog/walk.csv sensorlog.csv ;;
        detect)
            for file in canonical oxford broad xio sensorlog; do seed "$file" "$corpus"; done
            for file in traces/own-recordings/phyphox/*/"Raw Data.csv"; do
                local folder=${file%/*}
                head_of "$file" "phyphox-${folder##*/}.csv"
            done
            cp traces/bad-input/*.csv traces/bad-input/zip-*.zip traces/own-recordings/*/*.zip "$corpus/" ;;
    esac
}

# Writes into folder $1 one seed per file $2…: its index as a first byte (which picks the file the
# rest replaces), then a header and 60 rows of it.
prefixed() {
    local corpus=$1 index
    shift
    local files=("$@")
    for index in "${!files[@]}"; do
        { printf "\\x$(printf %02x "$index")"; head -n 61 "${files[$index]}"; } > "$corpus/file-$index"
    done
}

# The committed single-file regression inputs of target $1 (named TARGET-*; detect takes them all),
# for replay. The tyrex ones are trial folders, which FuzzRegressionTests imports instead.
regressions() {
    local pattern="$1-*"
    [[ $1 == detect ]] && pattern="*.csv"
    find traces/fuzz-regressions -maxdepth 1 -type f -name "$pattern"
}

# Swift's own crash handler would race libFuzzer's and trip AddressSanitizer; libFuzzer reports.
export SWIFT_BACKTRACE=enable=no
found=0
for target in "${selected[@]}"; do
    work=.build-fuzz/work/$target
    mkdir -p "$work/corpus" "$work/findings" "$work/seeds"
    seed "$target" "$work/seeds"
    if [[ $1 == replay ]]; then
        # Runs each input once: a crash on any of them fails.
        mapfile -t inputs < <(find "$work/seeds" -type f; regressions "$target")
        "$bin/fuzz-$target" -rss_limit_mb=1024 -timeout=10 "${inputs[@]}" > "$work/replay.log" 2>&1 \
            || { echo "$target: FAILED on replay, see $work/replay.log"; tail -n 30 "$work/replay.log"; found=1; continue; }
        echo "$target: ${#inputs[@]} inputs replayed, no crash"
        continue
    fi
    before=$(find "$work/findings" -type f | wc -l)
    # max_len 8 KiB: a header and a hundred rows, room for every path through a line parser; the
    # 64 KiB line cap is tested directly. A run over 10 s or 1 GiB is a finding, not a slow input:
    # these inputs import in well under a millisecond in a few MiB.
    status=0
    started=$SECONDS
    "$bin/fuzz-$target" "$work/corpus" "$work/seeds" \
        -max_total_time="$seconds" -max_len=8192 -timeout=10 -rss_limit_mb=1024 -dict=Fuzz/fuzz.dict \
        -artifact_prefix="$work/findings/" -print_final_stats=1 > "$work/fuzz.log" 2>&1 || status=$?
    executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/fuzz.log" | tail -n 1)
    speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$work/fuzz.log" | tail -n 1)
    new=$(find "$work/findings" -type f | wc -l)
    echo "$target: ${executions:-?} executions in $((SECONDS - started)) s (${speed:-?}/s), corpus $(find "$work/corpus" -type f | wc -l) inputs, $((new - before)) new findings, libFuzzer exit $status"
    if [[ $status -ne 0 || $new -gt $before ]]; then
        found=1
        find "$work/findings" -type f -newer "$work/seeds" | sed 's/^/  /'
        grep -m 3 -E 'ERROR|Fatal error|deadly signal|timeout|out-of-memory' "$work/fuzz.log" | sed 's/^/  /' || true
        echo "  log: $work/fuzz.log"
    fi
done
exit "$found"
