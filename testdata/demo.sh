#!/bin/sh
# make demo: run bao on the bundled example archive. Usage: demo.sh BAO OUTDIR
set -eu
bao=$1
out=$2
mkdir -p "$out"
echo "== the games bao knows"
"$bao" variants
echo
echo "== Bao Kingulu: the opening, explained lap by lap"
"$bao" play --variant kingulu --trace A3
echo
echo "== Bao la Kimasai: ten seeded random games"
"$bao" selfplay --variant kimasai --games 10 --seed 7 > "$out/kimasai-selfplay.jsonl"
echo "wrote $out/kimasai-selfplay.jsonl"
