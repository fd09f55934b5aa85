#!/usr/bin/env bash
# Benchmarks promptc as whole processes, on the example assets and on
# generated projects of 100, 1,000 and 10,000 assets, against a floor
# program that only reads the same files, and against `cue vet` of the same
# configuration. Needs only Go (and network access for the cue command;
# without it the cue rows are skipped). Prints a table of medians, ratios
# to the floor, the 10k/1k growth, and the issue's targets.
#
#   bench/run.sh                      # all sizes
#   BENCH_SIZES="100 1000" bench/run.sh
#
# promptc lint and build --check run with promptc's configuration cache
# (filled by the warm-up run), as a pre-commit hook would after the first
# commit; "config cache off" rows evaluate promptc.cue with CUE every time.
# Each command runs once to warm the page cache, then up to 9 timed runs
# (5 for 10,000 assets), fewer when a command is so slow that the next run
# would take it past BENCH_BUDGET seconds (default 15) of runs. Times are
# medians of whole processes: wall time, and CPU time (user + system),
# which shows how much of the wall time was promptc's own work when other
# processes compete for the CPUs.
set -euo pipefail

cd "$(dirname "$0")/.."
sizes=${BENCH_SIZES:-"100 1000 10000"}
budget=${BENCH_BUDGET:-15}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/promptc-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
bin=$tmp/bin
mkdir -p "$bin"
# promptc keeps validated configurations in a cache (PROMPTC_CACHE, by
# default the user's cache directory); keep it in the temporary directory.
export PROMPTC_CACHE=$tmp/cache

echo "# promptc benchmarks"
if commit=$(git rev-parse --short HEAD 2>/dev/null); then
	git diff --quiet HEAD 2>/dev/null || commit+=" (with local changes)"
else
	commit=unknown
fi
echo "commit:  $commit"
echo "machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //' || uname -m)"
echo "go:      $(go version)"
echo "load:    $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown) (1, 5, 15 min) at start"
echo

go build -o "$bin/promptc" ./cmd/promptc
# The tools live in the bench module (bench/go.mod), which also pins the
# cue command: the same CUE version as promptc's go.mod.
(cd bench && go build -o "$bin/floor" ./floor && go build -o "$bin/timeit" ./timeit && go build -o "$bin/gen" ./gen)

cue=""
if GOBIN=$bin go install cuelang.org/go/cmd/cue@v0.17.1 >"$tmp/cue-install.log" 2>&1; then
	cue=$bin/cue
else
	echo "cue: unavailable (go install cuelang.org/go/cmd/cue@v0.17.1 failed: $(tail -n 1 "$tmp/cue-install.log")); skipping cue vet"
	echo
fi

# vetdir DIR: a directory for cue vet holding the schema and DIR's
# promptc.cue wrapped as `config: #Config & { ... }`, which is what promptc
# does (unify with #Config, require concrete values). A wrapper is needed
# because promptc.cue has no package clause and cue vet -d only applies to
# non-CUE files; inside the wrapper, parts.x still resolves lexically.
vetdir() {
	local v=$tmp/vet/$(basename "$1")
	mkdir -p "$v"
	cp cue/schema.cue "$v/schema.cue"
	{
		printf 'package promptc\n\nconfig: #Config & {\n'
		cat "$1/promptc.cue"
		printf '\n}\n'
	} >"$v/promptc.cue"
	echo "$v"
}

# The example assets are copied so that build writes their output
# (../generated) into the temporary directory, never into the repository.
cp -R assets "$tmp/assets"
projects=("$tmp/assets")
for n in $sizes; do
	modes=$((n / 25 > 4 ? n / 25 : 4))
	"$bin/gen" -assets "$n" -families 12 -modes "$modes" -seed 1 -out "$tmp/p$n"
	projects+=("$tmp/p$n")
done

results=$tmp/results
: >"$results"
# measure PROJECT COMMAND-LABEL RUNS [-env NAME=VALUE] ARGS...
measure() {
	local project=$1 label=$2 runs=$3
	shift 3
	local env=()
	if [[ $1 == -env ]]; then
		env=(-env "$2")
		shift 2
	fi
	local out
	out=$("$bin/timeit" -n "$runs" -budget "${budget}s" ${env[@]+"${env[@]}"} -- "$@")
	echo "$project $label $out" >>"$results"
}

for dir in "${projects[@]}"; do
	name=$(basename "$dir")
	runs=9
	[[ $name == p10000 ]] && runs=5
	measure "$name" build 1 "$bin/promptc" build "$dir"
	measure "$name" floor "$runs" "$bin/floor" "$dir"
	measure "$name" lint "$runs" "$bin/promptc" lint "$dir"
	measure "$name" lint-nocache "$runs" -env PROMPTC_CACHE=off "$bin/promptc" lint "$dir"
	measure "$name" check "$runs" "$bin/promptc" build --check "$dir"
	if [[ -n $cue ]]; then
		v=$(vetdir "$dir")
		measure "$name" cue-vet "$runs" "$cue" vet -c "$v/schema.cue" "$v/promptc.cue"
	fi
done

# Compose against strings.Join of the same sections, in-process.
go test -run '^$' -bench '^Benchmark(ComposeFull|JoinFull)$' -benchtime 300ms -count 5 ./generated >"$tmp/compose.txt"

echo "load:    $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown) (1, 5, 15 min) at end"
echo
awk -v files="$(for d in "${projects[@]}"; do printf '%s=%s ' "$(basename "$d")" "$(find "$d" -name '*.md' -not -path '*/generated/*' | wc -l)"; done)" '
BEGIN {
	n = split(files, kv, " ")
	for (i = 1; i <= n; i++) { split(kv[i], pp, "="); md[pp[1]] = pp[2] }
	label["floor"] = "floor (read every file)"
	label["lint"] = "promptc lint"
	label["lint-nocache"] = "promptc lint, config cache off"
	label["check"] = "promptc build --check"
	label["cue-vet"] = "cue vet promptc.cue"
	label["build"] = "promptc build"
}
{
	ms[$1, $2] = $3; runs[$1, $2] = $4; cpu[$1, $2] = $5
	if (!($1 in seen)) { seen[$1] = 1; order[++np] = $1 }
}
END {
	printf "%-7s %6s  %-30s %10s %10s %4s %8s %8s\n", "project", "md", "command", "wall ms", "cpu ms", "runs", "x floor", "cpu x fl"
	nc = split("floor lint lint-nocache check cue-vet build", cmds, " ")
	for (i = 1; i <= np; i++) {
		p = order[i]
		for (j = 1; j <= nc; j++) {
			c = cmds[j]
			if (!((p, c) in ms)) continue
			printf "%-7s %6d  %-30s %10.1f %10.1f %4d %8.2f %8.2f\n", p, md[p], label[c], ms[p, c], cpu[p, c], runs[p, c], ms[p, c] / ms[p, "floor"], cpu[p, c] / cpu[p, "floor"]
		}
	}
	if (("p1000", "floor") in ms && ("p10000", "floor") in ms) {
		print ""
		print "growth from 1,000 to 10,000 assets (target: at most 12):    wall    cpu"
		for (j = 1; j <= nc; j++) {
			c = cmds[j]
			if (("p1000", c) in ms && ("p10000", c) in ms)
				printf "  %-56s %6.1f %6.1f\n", label[c], ms["p10000", c] / ms["p1000", c], cpu["p10000", c] / cpu["p1000", c]
		}
	}
	print ""
	print "targets:"
	f = ms["assets", "floor"]; l = ms["assets", "lint"]
	printf "  lint on assets within 2 x floor + 5 ms: %.1f ms against %.1f ms: %s", l, 2 * f + 5, (l <= 2 * f + 5 ? "met" : "MISSED")
	printf " (cpu: %.1f ms against %.1f ms)\n", cpu["assets", "lint"], 2 * cpu["assets", "floor"] + 5
	if (("p10000", "lint") in ms) {
		printf "  10,000 assets under 1 s: lint %.0f ms, build --check %.0f ms: %s", ms["p10000", "lint"], ms["p10000", "check"], (ms["p10000", "lint"] < 1000 && ms["p10000", "check"] < 1000 ? "met" : "MISSED")
		printf " (cpu: %.0f ms, %.0f ms)\n", cpu["p10000", "lint"], cpu["p10000", "check"]
		g1 = ms["p10000", "lint"] / ms["p1000", "lint"]; g2 = ms["p10000", "check"] / ms["p1000", "check"]
		printf "  10k/1k growth at most 12: lint %.1f, build --check %.1f: %s\n", g1, g2, (g1 <= 12 && g2 <= 12 ? "met" : "MISSED")
	}
}' "$results"

awk '
/^BenchmarkComposeFull/ { c[++nc] = $3 }
/^BenchmarkJoinFull/ { j[++nj] = $3 }
function median(a, n,   i, k, t) {
	for (i = 1; i <= n; i++) for (k = i + 1; k <= n; k++) if (a[k] < a[i]) { t = a[i]; a[i] = a[k]; a[k] = t }
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
END {
	if (!nc || !nj) { print "  Compose within 2 x strings.Join: no benchmark output"; exit }
	mc = median(c, nc); mj = median(j, nj)
	printf "  Compose within 2 x strings.Join (generated/, full mode): %.0f ns against %.0f ns, %.2fx: %s\n", mc, mj, mc / mj, (mc <= 2 * mj ? "met" : "MISSED")
}' "$tmp/compose.txt"
