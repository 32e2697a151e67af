# shellcheck shell=bash
# What the measuring scripts share: their options and their work folder. Source it after
# `set -euo pipefail`:  source "$(dirname "$0")/lib/options.sh"

# Reads `--NAME VALUE` options into the variables of those names, each NAME one of `names`
# (e.g. `read_options "runs keep" "$@"`). -h or --help prints the script's header (its comment lines
# from the second to `set -euo`) and exits 0; anything else, or an option without its value, exits 64.
read_options() {
    local names=" $1 " script
    script=$(basename "$0")
    shift
    while [[ $# -gt 0 ]]; do
        if [[ $1 == -h || $1 == --help ]]; then
            sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'
            exit 0
        elif [[ $1 == --* && $names == *" ${1#--} "* ]]; then
            [[ $# -ge 2 ]] || { echo "$script: $1 needs a value" >&2; exit 64; }
            printf -v "${1#--}" '%s' "$2"
            shift 2
        else
            echo "$script: unknown option '$1' (see --help)" >&2
            exit 64
        fi
    done
}

# Sets `work` to the folder `keep` names (made if needed, kept), or, when `keep` is empty, to a new
# temporary folder removed when the script exits.
use_work_folder() {
    if [[ -n "$1" ]]; then
        mkdir -p "$1"
        work=$(cd "$1" && pwd)
    else
        work=$(mktemp -d)
        trap 'rm -rf "$work"' EXIT
    fi
}

# Sets `binary` to the absolute path of the executable `binary` names, or, when it is empty, of the
# product given (motionbench when none is) built now in release; exits 64 when it names nothing
# executable. Run from the root.
use_motionbench_binary() {
    local product=${1:-motionbench}
    if [[ -z "$binary" ]]; then
        swift build -c release --product "$product" >&2
        binary=.build/release/$product
    fi
    [[ -x "$binary" ]] || { echo "$(basename "$0"): --binary: '$binary' is not an executable" >&2; exit 64; }
    binary=$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")
}
