#!/usr/bin/env bash
# bench.sh [N] [LAB]: seconds per submission for a class of N (default 40)
# submissions of LAB (default lab04_keyframes), a mix of the solution, the
# stub and half the steps, each one different (so each one recompiles). Not a
# test: it prints figures. Three runs on one scratch folder of its own:
#   cold    a fresh scratch folder: every dependency builds first, sequential
#   warm    the same folder again, sequential (--jobs 1)
#   jobs2   the same folder again, --jobs 2 (one builds while one tests)
# BENCH_DIR keeps the class and the scratch folder (default: a temp folder).
set -euo pipefail
cd "$(dirname "$0")/../.."
n=${1:-40}
lab=${2:-lab04_keyframes}
dir=${BENCH_DIR:-$(mktemp -d)}
mkdir -p "$dir"
python3 tools/classroom/testclass.py make . "$lab" "$dir/kinds" >/dev/null
rm -rf "$dir/class"
kinds=(solution stub half)
for i in $(seq 1 "$n"); do
  kind=${kinds[$(( (i - 1) % 3 ))]}
  src=$(find "$dir/kinds/class/$kind" -name exercise.rs | head -1)
  mkdir -p "$dir/class/s$i-$kind"
  { cat "$src"; printf '\n// submission %s (%s)\n' "$i" "$kind"; } >"$dir/class/s$i-$kind/exercise.rs"
done
cargo build -q --release --locked -p classroom --bin grade
echo "bench: $n submissions of $lab on $(nproc) cores; $(uptime | sed 's/.*load/load/')"
run() {
  local label=$1; shift
  local line
  line=$(target/release/grade --lab "$lab" --out "$dir/out-$label" --scratch "$dir/scratch" "$@" "$dir/class" 2>/dev/null | tail -1)
  echo "$label ($*): $line"
}
rm -rf "$dir/scratch"
run cold --jobs 1
run warm --jobs 1
run jobs2 --jobs 2
echo "bench: done; $(uptime | sed 's/.*load/load/')"
