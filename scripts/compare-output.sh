#!/usr/bin/env bash
# Compares the behaviour of two builds of the `sudokit` command: runs the same commands
# (solve, count, generate with fixed seeds, canon, rate, explain, hint) over the shipped
# data/*.txt with both, and shows every difference in standard output, standard error
# or exit code. Exits 0 when every run matched, 1 on a difference, 2 on a usage error.
#
#   scripts/compare-output.sh OLD_BINARY [NEW_BINARY]
#
# NEW_BINARY defaults to this tree's target/release/sudokit
# (`cargo build --release -p sudokit-cli`). A typical use, against an older commit:
#
#   git worktree add /tmp/old COMMIT && cargo build --release -p sudokit-cli \
#       --manifest-path /tmp/old/Cargo.toml
#   scripts/compare-output.sh /tmp/old/target/release/sudokit
set -uo pipefail
cd "$(dirname "$0")/.."

if [[ $# -lt 1 || $# -gt 2 || $1 == -h || $1 == --help ]]; then
    sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
old=$(realpath "$1")
new=$(realpath "${2:-target/release/sudokit}")
for b in "$old" "$new"; do
    if [[ ! -x $b ]]; then
        echo "compare-output: $b is not an executable (build it first)" >&2
        exit 2
    fi
done

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

puzzles=(data/*.txt)
nine=(data/examples.txt data/17_clue.txt data/top1465.txt data/hardest_1106.txt
    data/hardest_11plus.txt data/serg_multi.txt)
engines=(auto fast generic norvig backtrack dlx bfs best-first triad)

# One command per line: the arguments after `sudokit`, split on blanks.
cases=()
for f in "${puzzles[@]}"; do
    cases+=("solve $f" "solve --unique $f" "count --limit 2 $f" "canon $f")
done
for f in "${nine[@]}"; do
    cases+=("rate $f" "canon --dedupe --automorphisms $f")
done
for e in "${engines[@]}"; do
    cases+=("solve --engine $e data/examples.txt" "count --limit 2 --engine $e data/4x4.txt")
done
cases+=(
    "solve --format pretty data/examples.txt"
    "solve --format block data/6x6.txt"
    "solve --size 16 data/16x16.txt"
    "explain data/examples.txt"
    "explain --grid data/examples.txt"
    "explain --json data/examples.txt"
    "explain --techniques singles,intersections data/top1465.txt"
    "hint data/examples.txt"
    "hint --json data/top1465.txt"
    "rate --json data/examples.txt"
    "rate --without uniqueness,fish data/hardest_1106.txt"
    "generate -n 20 --seed 7"
    "generate -n 20 --seed 8 --symmetry random --rate --with-solution"
    "generate -n 5 --seed 9 --strict-minimal --format pretty"
    "generate -n 5 --seed 10 --clues 26"
    "generate -n 5 --seed 11 --difficulty hard"
    "generate -n 5 --seed 12 --rating 2.0..4.5 --rate"
    "generate -n 10 --seed 13 --size 4"
    "generate -n 10 --seed 14 --size 6 --symmetry none"
    "generate -n 3 --seed 15 --size 12"
    "generate -n 2 --seed 16 --size 16"
    "solve data/missing-file.txt"
    "explain"
    "solve --engine no-such-engine data/examples.txt"
)

differ=0
for c in "${cases[@]}"; do
    read -r -a args <<<"$c"
    for side in old new; do
        bin=$old
        [[ $side == new ]] && bin=$new
        "$bin" "${args[@]}" </dev/null >"$out/$side.out" 2>"$out/$side.err"
        echo "$?" >"$out/$side.code"
    done
    same=1
    for part in out err code; do
        if ! cmp -s "$out/old.$part" "$out/new.$part"; then
            same=0
        fi
    done
    if ((same)); then
        echo "same       sudokit $c"
    else
        differ=1
        echo "DIFFERENT  sudokit $c"
        for part in code out err; do
            diff -u --label "old $part" --label "new $part" "$out/old.$part" "$out/new.$part" |
                head -n 40
        done
    fi
done

if ((differ)); then
    echo "compare-output: the two builds behave differently (see above)"
    exit 1
fi
echo "compare-output: ${#cases[@]} commands, identical output and exit codes"
