#!/usr/bin/env bash
# Writes what damdb prints for the corpus and the samples (parse, validate, import, export, games,
# show, query, stats, search, duplicates, clean) into one folder, so that two builds can be
# compared byte for byte after a change that must not change any output:
#   bash scripts/output_snapshot.sh build/cli/damdb /tmp/before    # on the old commit
#   bash scripts/output_snapshot.sh build/cli/damdb /tmp/after     # on the new one
#   diff -r /tmp/before /tmp/after && echo identical
# The corpus is ../shared/corpus (or $DAMDB_CORPUS). Timings and paths are left out of the files.
set -uo pipefail
damdb=$(realpath "$1")
out=$(realpath -m "$2")
root=$(cd "$(dirname "$0")/.." && pwd)
corpus=${DAMDB_CORPUS:-$root/../shared/corpus}
rm -rf "$out" && mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mapfile -t files < <(find "$corpus" "$root/samples" -name '*.pdn' | LC_ALL=C sort)

# Runs one damdb command; its standard output, error and exit code go to $out/NAME.
run() {
  local name=$1; shift
  (cd "$work" && "$damdb" "$@" >"$out/$name.out" 2>"$out/$name.err"; echo "exit $?" >"$out/$name.rc")
  sed -i -e "s|$work|WORK|g" -e "s|$root|ROOT|g" -e "s|$corpus|CORPUS|g" \
    -e 's/[0-9.]\+ \(ms\|s\|MB\/s\|games\/s\)\b/TIME/g' "$out/$name.out" "$out/$name.err"
}

run parse parse "${files[@]}"
run parse_json parse --json "${files[@]}"
run validate validate "${files[@]}"
run validate_json validate --json "${files[@]}"
run import import --db db "${files[@]}"
run info info --db db
run export export --db db -o "$work/all.pdn"
cp "$work/all.pdn" "$out/export.pdn" 2>/dev/null
run games games --db db --limit 100000
run games_json games --db db --json --limit 100000
run show_1 show --db db 1
run show_500 show --db db 500
run query_start query opening --db db
run query_start_json query opening --db db --json
run query_position query position --db db --fen 'W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20'
run stats_players stats players --db db
run stats_events stats events --db db
run stats_results stats results --db db
run stats_openings stats openings --db db
run stats_players_json stats players --db db --json
run search_1 search --db db "must W:W27,28:B22,23"
run search_2 search --db db --white-kings 1- --plies 40-60
run search_json search --db db --json "must W:W27,28:B22,23; empty 33"
run duplicates duplicates --db db
for f in "$root"/samples/*.pdn; do
  n=$(basename "$f" .pdn)
  run "clean_$n" clean "$f" -o "$work/clean_$n.pdn" --report "$work/report_$n.txt"
  cp "$work/clean_$n.pdn" "$out/clean_$n.pdn" 2>/dev/null
  cp "$work/report_$n.txt" "$out/report_$n.txt" 2>/dev/null
done
echo "output_snapshot: $(ls "$out" | wc -l) files in $out"
