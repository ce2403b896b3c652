#!/usr/bin/env bash
# make-autograder.sh LAB [ZIP]: the Gradescope autograder zip for one lab:
# setup.sh and run_autograder at its root, `lab`, and the course as committed
# (git archive HEAD: no local edits, no target/) under course/.
set -euo pipefail
lab=${1:?usage: make-autograder.sh LAB [ZIP], e.g. make-autograder.sh lab04_keyframes}
here=$(cd "$(dirname "$0")" && pwd)
top=$(git -C "$here" rev-parse --show-toplevel)
[ -d "$top/$lab" ] || { echo "make-autograder.sh: no lab folder $top/$lab (the labs: $(cd "$top" && ls -d lab[0-9]*_* | tr '\n' ' '))"; exit 1; }
zip=${2:-$PWD/autograder-$lab.zip}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/course"
git -C "$top" archive HEAD | tar -x -C "$work/course"
cp "$here/setup.sh" "$here/run_autograder" "$work/"
printf '%s\n' "$lab" >"$work/lab"
python3 - "$work" "$zip" <<'PY'
import os, sys, zipfile
work, out = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
    for root, _, files in os.walk(work):
        for f in sorted(files):
            path = os.path.join(root, f)
            info = zipfile.ZipInfo(os.path.relpath(path, work))
            info.external_attr = (os.stat(path).st_mode & 0o777) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, open(path, "rb").read())
PY
echo "make-autograder.sh: $zip (upload it as the assignment's autograder on Gradescope)"
