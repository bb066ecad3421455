#!/bin/sh
# scale.sh: how bao copes with a large archive, measured through the CLI as a user runs it.
#
#   sh testdata/scale.sh BAO WORKDIR [SIZE...]      (make scale: sizes 10000 and 100000)
#
# For each SIZE it generates SIZE self-played Bao la Kiswahili games with `bao selfplay`
# (files of 1,000 games, ten files to a folder) under WORKDIR/SIZE, then times each command
# with /usr/bin/time -v and prints one line per command: wall seconds, peak RSS and CPU
# seconds (user + system: on a shared machine wall time says more about the others).
#   index         bao index, from nothing
#   site build    bao site build, from nothing, then again with nothing changed
#   serve         bao serve: seconds until the first page answers, and its peak RSS then
#   search        bao search with a player and facets
#   explore       bao explore of the start position
# SCALE_COMMANDS picks the commands (default "index site serve search explore"). It is not
# part of make test: at 100,000 games it runs for many minutes. Generated archives are kept in
# WORKDIR and reused by later runs.
set -eu

bao=${1:?usage: scale.sh BAO WORKDIR [SIZE...]}
work=${2:?usage: scale.sh BAO WORKDIR [SIZE...]}
shift 2
[ $# -gt 0 ] || set -- 10000 100000
case $bao in /*) ;; *) bao=$(pwd)/$bao ;; esac
command -v curl >/dev/null || { echo "scale.sh: needs curl" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "scale.sh: needs /usr/bin/time (GNU time)" >&2; exit 2; }

# measure NAME CMD...: runs CMD under /usr/bin/time -v and prints NAME, seconds and peak RSS.
measure() {
	name=$1
	shift
	log=$work/time.log
	if ! /usr/bin/time -v -o "$log" "$@" >"$work/out.log" 2>&1; then
		echo "scale.sh: $name failed:" >&2
		tail -5 "$work/out.log" >&2
	fi
	secs=$(sed -n 's/.*Elapsed (wall clock) time.*: //p' "$log" |
		awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = 60 * s + $i; printf "%.2f", s }')
	kb=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$log")
	cpu=$(awk -F': ' '/User time|System time/ { s += $2 } END { printf "%.2f", s }' "$log")
	printf '%-8s %-22s %9s s %8d MB %9s s\n' "$size" "$name" "$secs" $((kb / 1024)) "$cpu"
}

# serve_first: seconds from starting bao serve to its first page, and its peak RSS then.
serve_first() {
	port=$((20000 + $$ % 20000))
	start=$(date +%s.%N)
	"$bao" serve "$root" --addr "127.0.0.1:$port" >"$work/serve.log" 2>&1 &
	pid=$!
	ok=
	for _ in $(seq 1 3000); do
		if curl -fs -o /dev/null "http://127.0.0.1:$port/"; then
			ok=1
			break
		fi
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.1
	done
	end=$(date +%s.%N)
	kb=$(sed -n 's/^VmHWM:[^0-9]*\([0-9]*\).*/\1/p' "/proc/$pid/status" 2>/dev/null || echo 0)
	kill "$pid" 2>/dev/null || true
	wait "$pid" 2>/dev/null || true
	if [ -z "$ok" ]; then
		echo "scale.sh: bao serve gave no page:" >&2
		tail -5 "$work/serve.log" >&2
	fi
	printf '%-8s %-22s %9.2f s %8d MB %11s\n' "$size" "serve (first page)" \
		"$(awk "BEGIN { print $end - $start }")" $((${kb:-0} / 1024)) -
}

mkdir -p "$work"
echo "bao at scale: $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GB", $2 / 1048576 }' /proc/meminfo)"
printf '%-8s %-22s %11s %11s %11s\n' games command time "peak RSS" "CPU time"
for size in "$@"; do
	root=$work/$size
	if [ ! -f "$root/.generated" ]; then
		rm -rf "$root"
		files=$(((size + 999) / 1000))
		i=0
		while [ $i -lt $files ]; do
			dir=$root/part$((i / 10))
			mkdir -p "$dir"
			n=$((size - 1000 * i))
			[ $n -gt 1000 ] && n=1000
			"$bao" selfplay --variant kiswahili --games $n --seed $((i + 1)) >"$dir/games$i.bgn"
			i=$((i + 1))
		done
		touch "$root/.generated"
	fi
	rm -rf "$root/.bao" "$work/site-$size"
	for c in ${SCALE_COMMANDS:-index site serve search explore}; do
		case $c in
		index) measure "index" "$bao" index "$root" ;;
		site)
			measure "site build" "$bao" site build "$root" --out "$work/site-$size"
			measure "site build (again)" "$bao" site build "$root" --out "$work/site-$size"
			;;
		serve) serve_first ;;
		search) measure "search" "$bao" search "$root" --player "bao random player" --facets ;;
		explore) measure "explore" "$bao" explore "$root" --variant kiswahili ;;
		*) echo "scale.sh: unknown command $c" >&2 && exit 2 ;;
		esac
	done
done
