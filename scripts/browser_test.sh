#!/usr/bin/env bash
# Browser test of `damdb serve`'s page (tests/browser/explorer.test.js): imports the samples into
# a fresh database (game 1 analysed by tests/fake_hub_engine.py, which the server also runs), installs playwright-core from tests/browser/package-lock.json (npm ci; no
# browser download: Debian's /usr/bin/chromium is used), and drives chromium headless against
# the server on a loopback port at 1280x800 and 390x844. Screenshots: build/browser-screenshots/. Needs build/ (run
# scripts/build.sh first); run by scripts/test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
damdb=build/cli/damdb
db=build/browser-test-db
rm -rf "$db"
"$damdb" import --db "$db" samples/wk2003.pdn samples/nk2003-amsterdam.pdn \
  samples/wk2009-match/*.pdn samples/blindfold-2009-round1-board2.pdn >/dev/null
# Game 1 analysed by the fake Hub engine: the page's evaluation graph and marks.
"$damdb" analyze --db "$db" 1 --depth 2 --engine "python3 $PWD/tests/fake_hub_engine.py" >/dev/null
(cd tests/browser && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)
timeout 180 node tests/browser/explorer.test.js "$damdb" "$db" build/browser-screenshots
rm -rf "$db"
