#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder's image
# (Ubuntu). It installs the system packages and Rust, downloads the crates,
# builds `grade` and warms its shared target folder, so that grading a
# submission later needs no network and recompiles only the lab's crate.
# The autograder zip (make-autograder.sh) holds this file, run_autograder,
# `lab` (the lab this assignment grades) and `course/` (the pristine course).
set -euo pipefail
kit=$(cd "$(dirname "$0")" && pwd)
course=$kit/course
lab=$(cat "$kit/lab")

export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq build-essential ca-certificates curl pkg-config python3 \
  libassimp-dev libclang-dev assimp-testmodels libegl1 libegl-mesa0 libgl1-mesa-dri >/dev/null

if ! command -v cargo >/dev/null; then
  curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --profile minimal --default-toolchain stable
fi
# shellcheck disable=SC1091
[ -f "$HOME/.cargo/env" ] && . "$HOME/.cargo/env"

cd "$course"
cargo fetch --locked
cargo build --release --locked -p classroom --bin grade
# Grade the course's own stub once: builds every dependency into the shared
# target folder (course/target/grading) and proves the grader runs here.
./target/release/grade --lab "$lab" --one --out /tmp/warm-up "$course/$lab"
