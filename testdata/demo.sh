#!/bin/sh
# make demo: run bao on the bundled example archive. Usage: demo.sh BAO OUTDIR
set -eu
bao=$1
out=$2
archive=testdata/archive
mkdir -p "$out"

step() { printf '\n== %s\n' "$*"; }

step "the games bao knows"
"$bao" variants

step "validate every record of the example archive"
find "$archive" -name '*.bgn' | sort | xargs "$bao" validate

step "index the archive (incremental; the index is a cache in $archive/.bao)"
"$bao" index "$archive"

step "search: the Bao la Kete games, with facets"
"$bao" search "$archive" --variant kete --facets --limit 5

step "search: games that reached the Bao Kingulu position after A3"
"$bao" search "$archive" --variant kingulu --after "A3" --limit 5

step "explore: what was played from the Bao la Kiswahili start"
"$bao" explore "$archive" --variant kiswahili

step "a move explained lap by lap (Bao Kingulu, A3)"
"$bao" play --variant kingulu --trace A3

step "an event: the standings of Demo Club 2026 (generated games), with every tie-break and the crosstable"
"$bao" event standings "$archive/events/club-2026"

step "the players of the archive: one Elo list per family of games"
"$bao" players "$archive"

step "build the site"
"$bao" site build "$archive" --out "$out/site"

cat <<MSG

The site is in $out/site: open $out/site/index.html in a browser (the event's page is
$out/site/events/club-2026/event.html, the players' pages are under $out/site/players/),
or serve it (with live search) with:

    $bao serve $archive --addr 127.0.0.1:8080

and visit http://127.0.0.1:8080/.
MSG
