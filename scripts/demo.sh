#!/usr/bin/env bash
# The main job on the bundled samples: installs what is missing, builds, then shows damdb at work.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
damdb=build/cli/damdb
echo
echo "== The initial position =="
$damdb show
echo
echo "== Its legal moves =="
$damdb moves | tr '\n' ' '
echo
echo
echo "== perft(9) from the initial position (expected 41022423) =="
$damdb perft --depth 9
