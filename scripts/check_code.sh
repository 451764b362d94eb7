#!/usr/bin/env bash
# Code checks (run by scripts/test.sh; needs universal-ctags, see scripts/setup.sh):
#  1. no function longer than 80 lines, counted from the line of its name to its closing brace
#     (a lambda counts inside the function that holds it);
#  2. RocksDB headers included only in db/ (a rocksdb::Status becomes a damdb error there) and
#     in the tests of db (tests/db_*.cpp: fault injection through a RocksDB Env).
#   bash scripts/check_code.sh            # exit 1 and the offenders when a check fails
#   bash scripts/check_code.sh --list 50  # every function longer than 50 lines, longest first
set -euo pipefail
cd "$(dirname "$0")/.."
max=80
if [[ "${1:-}" == "--list" ]]; then max=${2:-50}; fi
sources=(cli db indexer json pdn rules server tests)

# Functions still longer than 80 lines, allowed until they are split, as "path:name". Remove a
# line when its function is split; add none.
exceptions=(
)

failed=0
long=$(ctags -R --languages=C++ --kinds-C++=f --fields=+ne --output-format=u-ctags -f - \
         "${sources[@]}" |
  awk -F'\t' -v max="$max" '
    /^!_/ { next }
    {
      line = 0; end = 0; scope = ""
      for (i = 4; i <= NF; ++i) {
        if ($i ~ /^line:/) line = substr($i, 6)
        else if ($i ~ /^end:/) end = substr($i, 5)
      }
      if (line == 0 || end == 0 || $1 ~ /^__anon/) next
      n = end - line + 1
      if (n > max) printf "%d %s:%s\n", n, $2, $1
    }' | sort -rn)
if [[ "${1:-}" == "--list" ]]; then
  echo "$long"
  exit 0
fi
while read -r n where; do
  [[ -z "$where" ]] && continue
  allowed=0
  for e in "${exceptions[@]}"; do [[ "$where" == "$e" ]] && allowed=1; done
  if (( ! allowed )); then
    echo "check_code: $where is $n lines long (at most $max)" >&2
    failed=1
  fi
done <<< "$long"

if grep -rlE '#include[[:space:]]*[<"]rocksdb/' "${sources[@]}" --include='*.cpp' --include='*.hpp' |
     grep -vE '^(db/|tests/db_)' >/tmp/check_code.$$ ; then
  while read -r f; do echo "check_code: $f includes RocksDB (only db/ may)" >&2; done </tmp/check_code.$$
  failed=1
fi
rm -f /tmp/check_code.$$
exit "$failed"
