#!/usr/bin/env bash
# Installs missing packages and builds damdb (Release) into build/. Used by demo.sh and test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release ${DAMDB_CMAKE_ARGS:-} >/dev/null
cmake --build build -j "$(nproc)"
