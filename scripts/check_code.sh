#!/usr/bin/env bash
# Code checks (run by scripts/test.sh; needs universal-ctags, see scripts/setup.sh):
#  1. no function longer than 80 lines, counted from the line of its name to its closing brace
#     (a lambda counts inside the function that holds it);
#  2. RocksDB headers included only in db/ (a rocksdb::Status becomes a damdb error there) and
#     in the tests of db (tests/db_*.cpp: fault injection through a RocksDB Env);
#  3. no include against the order of the rooms (`levels` below): a file includes files of its
#     own room and of lower rooms only;
#  4. no two modules (a header and its .cpp) that include each other;
#  5. every file of the checkout that README.md or CONTRIBUTING.md names exists.
#   bash scripts/check_code.sh            # exit 1 and the offenders when a check fails
#   bash scripts/check_code.sh --list 50  # every function longer than 50 lines, longest first
set -euo pipefail
cd "$(dirname "$0")/.."
max=80
if [[ "${1:-}" == "--list" ]]; then max=${2:-50}; fi
sources=(cli db engine indexer json pdn rules server tests)

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

# The rooms from the lowest up: the folders, and the sub-folders of indexer/ (each a library of
# its own). A file may include files of its own room and of rooms on an earlier line; rooms on
# one line include nothing of each other. tests/ may include every room.
levels=(
  "rules db"
  "pdn engine"
  "indexer/text indexer/analysis"
  "indexer/records"
  "indexer/names"
  "indexer/games"
  "indexer/duplicates"
  "indexer/explorer"
  "indexer/search indexer/stats"
  "indexer/import indexer/export"
  "json"
  "server"
  "cli"
)
# Includes allowed against the order (and the modules they make include each other), as
# "file -> included file". Remove a line when its include is gone; add none.
include_exceptions=(
)
# Modules outside indexer/ that include each other, found when this check was written, as
# "module module" (a module is a header and its .cpp): allowed until they are untangled. Remove
# a line when its pair is gone; add none.
mutual_exceptions=(
  # Database's private implementation (the RocksDB state its .cpp files share) names Database.
  "db/database db/detail/database_rocksdb"
)
# Every include of ours as "file included" (the included file as written).
includes=$(grep -rHE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "${sources[@]}" \
             --include='*.cpp' --include='*.hpp' |
           sed -E 's/^([^:]+):[[:space:]]*#[[:space:]]*include[[:space:]]*"([^"]+)".*/\1 \2/')
problems=$(
  { find "${sources[@]}" -name '*.cpp' -o -name '*.hpp'; echo "--"; echo "$includes"; } |
  awk -v levels="$(printf '%s\n' "${levels[@]}")" \
      -v exceptions="$(printf '%s\n' "${include_exceptions[@]}")" \
      -v mutual="$(printf '%s\n' "${mutual_exceptions[@]}")" '
    function room(path,   parts) {
      split(path, parts, "/")
      return (parts[1] == "indexer" && 3 in parts) ? "indexer/" parts[2] : parts[1]
    }
    function module(path) { sub(/\.[^.\/]*$/, "", path); return path }
    BEGIN {
      n = split(levels, line, "\n")
      for (i = 1; i <= n; ++i) {
        m = split(line[i], rooms, " ")
        for (j = 1; j <= m; ++j) level[rooms[j]] = i
      }
      n = split(exceptions, e, "\n")
      for (i = 1; i <= n; ++i) if (e[i] != "") allowed[e[i]] = 1
      n = split(mutual, e, "\n")
      for (i = 1; i <= n; ++i) if (split(e[i], ab, " ") == 2) mutual_allowed[ab[1] SUBSEP ab[2]] = 1
    }
    !listed && $0 == "--" { listed = 1; next }
    !listed { exists[$0] = 1; next }
    {
      file = $1; inc = $2
      if (!(inc in exists)) {
        dir = file; sub(/\/[^\/]*$/, "", dir)
        inc = dir "/" inc
        if (!(inc in exists)) next  # a generated or system header
      }
      if ((file " -> " inc) in allowed) next
      from = room(file); to = room(inc)
      if (from != "tests" && from != to) {
        if (!(from in level) || !(to in level))
          printf "%s includes %s: %s or %s is in no level of check_code.sh\n", file, inc, from, to
        else if (level[from] <= level[to])
          printf "%s includes %s, a room not below %s\n", file, inc, from
      }
      a = module(file); b = module(inc)
      if (a != b) uses[a SUBSEP b] = file
    }
    END {
      for (k in uses) {
        split(k, ab, SUBSEP)
        if (ab[1] < ab[2] && ((ab[2] SUBSEP ab[1]) in uses) && !(k in mutual_allowed))
          printf "%s and %s include each other (%s, %s)\n", ab[1], ab[2], uses[k],
                 uses[ab[2] SUBSEP ab[1]]
      }
    }' | sort)
if [[ -n "$problems" ]]; then
  while read -r p; do echo "check_code: $p" >&2; done <<< "$problems"
  failed=1
fi

# The documents name files as "folder/.../name.ext" (a "*" stands for any name); each must exist.
folders=$(IFS='|'; echo "${sources[*]}|web|scripts|docs|samples")
for doc in README.md CONTRIBUTING.md; do
  while read -r named; do
    if ! compgen -G "$named" >/dev/null; then
      echo "check_code: $doc names $named, which does not exist" >&2
      failed=1
    fi
  done < <(grep -oE "\b($folders)/[A-Za-z0-9_./*-]+\.(hpp|cpp|js|sh|md|html|txt|pdn|json|py|cmake)\b" "$doc" |
           sort -u)
done
exit "$failed"
