#!/usr/bin/env bash
# Installs what damdb needs to build and test, from Debian packages. Safe to run twice:
# it installs only the packages that are missing. Needs root (or sudo) when something is missing.
set -euo pipefail
packages=(build-essential cmake ninja-build pkg-config git
          librocksdb-dev libre2-dev libcli11-dev nlohmann-json3-dev
          libgtest-dev libgmock-dev libbenchmark-dev clang libcpp-httplib-dev)
# The code checks of scripts/check_code.sh: universal-ctags finds where each function ends.
packages+=(universal-ctags)
# The browser test of the served page: Debian's chromium, and npm for playwright-core.
packages+=(chromium)
# scripts/bench.sh times whole commands (50 runs each).
packages+=(hyperfine)
# tests/server_attack.py attacks a live server (ctest).
packages+=(python3)
command -v npm >/dev/null 2>&1 || packages+=(nodejs npm)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} packages present"
  exit 0
fi
echo "setup: installing ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
