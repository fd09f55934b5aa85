#!/usr/bin/env bash
# Benchmarks promptc as whole processes, on the example assets and on
# generated projects of 100, 1,000 and 10,000 assets, against a hello-world
# Go program (start-up alone), a floor program that only reads the same
# files, and `cue vet` of the same configuration. Needs only Go: the tools
# and the cue command are built from the bench module (bench/go.mod), whose
# cue is the CUE version promptc links. Prints the commit, a table of min
# and median wall and CPU times and peak memory, the 10k/1k growth, the
# start-up cost of package initialisation, and the targets side by side.
#
#   bench/run.sh                      # all sizes
#   BENCH_SIZES="100 1000" bench/run.sh
#
# The commands of one project run interleaved (one run of each in turn), so
# that a change in the machine's load touches them alike. promptc lint and
# build --check run with promptc's configuration cache (filled by the
# warm-up run), as a pre-commit hook would after the first commit; "config
# cache off" rows evaluate promptc.cue with CUE every time. Each command
# runs once to warm the page cache, then BENCH_RUNS times (default 20; 5
# for 10,000 assets), fewer when the next round would take the project past
# BENCH_BUDGET seconds (default 60). CPU time (user + system) shows how much
# of the wall time was the process's own work when other processes compete
# for the CPUs.
set -euo pipefail

cd "$(dirname "$0")/.."
sizes=${BENCH_SIZES:-"100 1000 10000"}
budget=${BENCH_BUDGET:-60}
nruns=${BENCH_RUNS:-20}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/promptc-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
bin=$tmp/bin
mkdir -p "$bin"
# promptc keeps validated configurations in a cache (PROMPTC_CACHE, by
# default the user's cache directory); keep it in the temporary directory.
export PROMPTC_CACHE=$tmp/cache
# Evaluating the 10,000-asset configuration takes seconds on a busy
# machine; the default limit (5 s) is for hand-written configurations.
export PROMPTC_CUE_TIMEOUT=${PROMPTC_CUE_TIMEOUT:-120s}

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

# promptc as `go install` builds it here (cgo on when a C compiler is
# present, so dynamically linked), and as releases build it (CGO_ENABLED=0).
go build -o "$bin/promptc" ./cmd/promptc
CGO_ENABLED=0 go build -o "$bin/promptc-static" ./cmd/promptc
(
	cd bench
	for t in hello floor timeit gen inittrace; do
		go build -o "$bin/$t" "./$t"
	done
	go build -o "$bin/cue" cuelang.org/go/cmd/cue
)
echo "cue:     $("$bin/cue" version | head -n 1)"
echo

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
# (../generated) into the temporary directory, never into the repository;
# the output directory must stay inside the Go module that holds them, as
# it does in the repository, hence the go.mod.
cp -R assets "$tmp/assets"
printf 'module example.com/copy\n' >"$tmp/go.mod"
projects=("$tmp/assets")
for n in $sizes; do
	modes=$((n / 25 > 4 ? n / 25 : 4))
	"$bin/gen" -assets "$n" -families 12 -modes "$modes" -seed 1 -out "$tmp/p$n"
	projects+=("$tmp/p$n")
done

# Each line of $results: project label runs wall-min wall-med cpu-min cpu-med maxrss-kb
results=$tmp/results
: >"$results"
for dir in "${projects[@]}"; do
	name=$(basename "$dir")
	runs=$nruns
	[[ $name == p10000 ]] && runs=$((nruns < 5 ? nruns : 5))
	labels=(build)
	"$bin/timeit" -n 1 -budget 1s -- "$bin/promptc" build "$dir" >"$tmp/out"
	v=$(vetdir "$dir")
	labels+=(hello floor lint lint-nocache check cue-vet)
	cmds=("$bin/hello" ::: "$bin/floor" "$dir" ::: "$bin/promptc" lint "$dir"
		::: PROMPTC_CACHE=off "$bin/promptc" lint "$dir"
		::: "$bin/promptc" build --check "$dir"
		::: "$bin/cue" vet -c "$v/schema.cue" "$v/promptc.cue")
	case $name in
	assets)
		labels+=(lint-static version version-static)
		cmds+=(::: "$bin/promptc-static" lint "$dir" ::: "$bin/promptc" version ::: "$bin/promptc-static" version)
		;;
	p10000)
		labels+=(lint-gogc200 lint-gogc400 check-gogc400)
		cmds+=(::: GOGC=200 "$bin/promptc" lint "$dir" ::: GOGC=400 "$bin/promptc" lint "$dir"
			::: GOGC=400 "$bin/promptc" build --check "$dir")
		;;
	esac
	"$bin/timeit" -n "$runs" -budget "${budget}s" -- "${cmds[@]}" >>"$tmp/out"
	paste -d' ' <(printf '%s\n' "${labels[@]}") "$tmp/out" | sed "s|^|$name |" >>"$results"
done

# Start-up: what package initialisation costs when promptc starts.
"$bin/inittrace" -n 21 -total -- "$bin/promptc" version >"$tmp/init"
"$bin/inittrace" -n 21 -top 8 -- "$bin/promptc" version >"$tmp/inittop"

# Compose against strings.Join of the same sections, in-process.
go test -run '^$' -bench '^Benchmark(ComposeFull|JoinFull)$' -benchtime 300ms -count 5 ./generated >"$tmp/compose.txt"

echo "load:    $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown) (1, 5, 15 min) at end"
echo
awk -v files="$(for d in "${projects[@]}"; do printf '%s=%s ' "$(basename "$d")" "$(find "$d" -name '*.md' -not -path '*/generated/*' | wc -l)"; done)" -v initfile="$tmp/init" '
BEGIN {
	n = split(files, kv, " ")
	for (i = 1; i <= n; i++) { split(kv[i], pp, "="); md[pp[1]] = pp[2] }
	label["hello"] = "hello world (start-up only)"
	label["floor"] = "floor (read every file)"
	label["lint"] = "promptc lint"
	label["lint-nocache"] = "promptc lint, config cache off"
	label["check"] = "promptc build --check"
	label["cue-vet"] = "cue vet promptc.cue"
	label["build"] = "promptc build"
	label["lint-static"] = "promptc lint, CGO_ENABLED=0"
	label["version"] = "promptc version"
	label["version-static"] = "promptc version, CGO_ENABLED=0"
	label["lint-gogc200"] = "promptc lint, GOGC=200"
	label["lint-gogc400"] = "promptc lint, GOGC=400"
	label["check-gogc400"] = "promptc build --check, GOGC=400"
	getline initline < initfile
	split(initline, it, " ")
}
{
	p = $1; c = $2
	runs[p, c] = $3; wmin[p, c] = $4; wmed[p, c] = $5; cmin[p, c] = $6; cmed[p, c] = $7; rss[p, c] = $8 / 1024
	if (!(p in seen)) { seen[p] = 1; order[++np] = p }
}
function met(ok) { return ok ? "met" : "MISSED" }
END {
	printf "%-7s %6s  %-32s %4s %9s %9s %9s %9s %7s %7s\n", "project", "md", "command", "runs", "wall min", "wall med", "cpu min", "cpu med", "MB", "cpu/fl"
	nc = split("hello floor lint lint-nocache check cue-vet build lint-static version version-static lint-gogc200 lint-gogc400 check-gogc400", cmds, " ")
	for (i = 1; i <= np; i++) {
		p = order[i]
		for (j = 1; j <= nc; j++) {
			c = cmds[j]
			if (!((p, c) in runs)) continue
			printf "%-7s %6d  %-32s %4d %9.1f %9.1f %9.1f %9.1f %7.0f %7.2f\n", p, md[p], label[c], runs[p, c], wmin[p, c], wmed[p, c], cmin[p, c], cmed[p, c], rss[p, c], cmed[p, c] / cmed[p, "floor"]
		}
	}
	print "(ms; MB: median peak resident memory; cpu/fl: median CPU time over the floor'"'"'s)"
	if (("p1000", "lint") in runs && ("p10000", "lint") in runs) {
		print ""
		print "growth from 1,000 to 10,000 assets (median):          wall    cpu"
		for (j = 1; j <= nc; j++) {
			c = cmds[j]
			if (("p1000", c) in runs && ("p10000", c) in runs)
				printf "  %-48s %6.1f %6.1f\n", label[c], wmed["p10000", c] / wmed["p1000", c], cmed["p10000", c] / cmed["p1000", c]
		}
	}
	print ""
	printf "start-up: %d packages initialised by promptc version, %.1f ms min, %.1f ms median (sum over packages, GODEBUG=inittrace=1, 21 runs)\n", it[1], it[2], it[3]
	print ""
	print "targets (min / median):"
	a = "assets"
	printf "  lint on assets within 2 x hello world + 5 ms: wall %.1f / %.1f ms against %.1f / %.1f ms: %s\n", wmin[a, "lint"], wmed[a, "lint"], 2 * wmin[a, "hello"] + 5, 2 * wmed[a, "hello"] + 5, met(wmed[a, "lint"] <= 2 * wmed[a, "hello"] + 5)
	if ((a, "cue-vet") in runs)
		printf "  lint on assets at most 0.6 x cue vet (cpu): %.1f / %.1f ms against %.1f / %.1f ms, %.2fx / %.2fx: %s\n", cmin[a, "lint"], cmed[a, "lint"], cmin[a, "cue-vet"], cmed[a, "cue-vet"], cmin[a, "lint"] / cmin[a, "cue-vet"], cmed[a, "lint"] / cmed[a, "cue-vet"], met(cmed[a, "lint"] <= 0.6 * cmed[a, "cue-vet"])
	if (("p10000", "lint") in runs) {
		b = "p10000"
		printf "  lint, 10,000 assets, under 0.5 s wall: %.0f / %.0f ms: %s\n", wmin[b, "lint"], wmed[b, "lint"], met(wmed[b, "lint"] < 500)
		printf "  build --check, 10,000 assets, under 0.4 s wall: %.0f / %.0f ms: %s\n", wmin[b, "check"], wmed[b, "check"], met(wmed[b, "check"] < 400)
		g = cmed[b, "lint"] / cmed["p1000", "lint"]; g2 = cmed[b, "check"] / cmed["p1000", "check"]
		printf "  growth 1k -> 10k at most 10x (cpu, median): lint %.1fx, build --check %.1fx: %s\n", g, g2, met(g <= 10 && g2 <= 10)
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

echo
echo "package initialisation of promptc version, the largest (ms):"
sed 's/^/  /' "$tmp/inittop"
