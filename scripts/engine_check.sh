#!/usr/bin/env bash
# Runs `damdb analyze` with a real Hub engine (not part of CI: no engine is packaged):
#   DAMDB_HUB_ENGINE="./scan hub" DAMDB_HUB_ENGINE_DIR=~/scan bash scripts/engine_check.sh [DAMDB] [FILE.pdn]
# Analyses the first games of FILE (default samples/wk2003.pdn) at depth DAMDB_HUB_DEPTH (default
# 8) with DAMDB_HUB_ENGINES processes (default 2), then checks that every game was analysed, that
# every ply has a score and a best move, and that the annotated PDN reads back valid with one
# [%eval] comment per analysed ply.
set -euo pipefail
if [ -z "${DAMDB_HUB_ENGINE:-}" ]; then
  echo "engine_check: set DAMDB_HUB_ENGINE to a Hub engine's command line (e.g. \"./scan hub\")" >&2
  exit 2
fi
root=$(cd "$(dirname "$0")/.." && pwd)
damdb=${1:-$root/build/cli/damdb}
file=${2:-$root/samples/wk2003.pdn}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The first 4 games of the file.
awk 'BEGIN{n=0} /^\[Event /{n++} n<=4' "$file" > "$work/in.pdn"
dir_args=()
[ -n "${DAMDB_HUB_ENGINE_DIR:-}" ] && dir_args=(--engine-dir "$DAMDB_HUB_ENGINE_DIR")
start=$(date +%s.%N)
"$damdb" analyze "$work/in.pdn" --engine "$DAMDB_HUB_ENGINE" "${dir_args[@]}" \
  --depth "${DAMDB_HUB_DEPTH:-8}" --engines "${DAMDB_HUB_ENGINES:-2}" --json -o "$work/out.pdn" > "$work/out.json"
end=$(date +%s.%N)
python3 - "$work/out.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
plies = 0
for g in j["games"]:
    if not g["analysed"]:
        sys.exit("engine_check: game %d not analysed: %s" % (g["game"], g.get("error") or g.get("skipped")))
    for p in g["plies"]:
        assert "score" in p["before"] and (p["before"].get("best") or p["before"].get("terminal")), p
        plies += 1
print("engine_check: engine %s, %d games, %d plies analysed" % (j["engine"], len(j["games"]), plies))
PY
"$damdb" validate "$work/out.pdn" > /dev/null
evals=$(grep -o '\[%eval ' "$work/out.pdn" | wc -l)
echo "engine_check: $evals [%eval] comments written; $(awk "BEGIN{print $end - $start}") s"
