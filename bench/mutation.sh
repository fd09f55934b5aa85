#!/usr/bin/env bash
# Mutation testing with gremlins (github.com/go-gremlins/gremlins): it
# changes one operator at a time in a package's code (a < for a <=, a +
# for a -, a negated condition) and runs that package's own tests; a
# mutant that no test notices "lived". Unlike bench/mutate, whose list is
# kept by hand, gremlins finds every mutant itself, so it also finds the
# bugs nobody thought of planting. Slow (minutes per package), so it is
# not part of CI: run it after changing the logic of a core package.
#
#   bench/mutation.sh                               # every core package
#   bench/mutation.sh compiler/family lint/secret   # only these, all their files
#   bench/mutation.sh "compiler/costs session.go"   # only this file of the package
#   MUT_WORKERS=2 bench/mutation.sh compiler/claim
#
# Needs gremlins v0.6.0 on PATH or in ~/go/bin:
#   go install github.com/go-gremlins/gremlins/cmd/gremlins@v0.6.0
#
# Packages run one after another, each with MUT_WORKERS workers (default
# 1: the machine is usually shared). A mutant whose tests run longer than
# MUT_COEFF (default 5) times the package's coverage run is "timed out"
# (most are loops that no longer end; on a busy machine, some are slow
# builds). Each package's report is written to MUT_OUT (default a
# temporary directory): <pkg>.txt, the console output with every lived and
# not-covered mutant and its position, and <pkg>.json. The last lines are
# a table: killed, lived, not covered, timed out, not viable, efficacy
# (killed / (killed + lived)) and mutant coverage ((killed + lived) /
# (killed + lived + not covered)).
set -euo pipefail

cd "$(dirname "$0")/.."
gremlins=$(command -v gremlins || echo "$HOME/go/bin/gremlins")
workers=${MUT_WORKERS:-1}
coeff=${MUT_COEFF:-5}
out=${MUT_OUT:-$(mktemp -d "${TMPDIR:-/tmp}/promptc-mutation.XXXXXX")}
mkdir -p "$out"

# The core packages, each whole, except where files are named: of package
# compiler only the budgets, of package lint only the character and
# credential rules (the rest of them is the business of bench/mutate and
# the testscripts).
core=(
	compiler/include
	compiler/genruntime
	compiler/family
	compiler/tokens
	compiler/claim
	compiler/costs
	lint/secret
	internal/regular
	"compiler budget.go"
	"lint text.go"
	compiler/jsregex
	compiler/emit
)
if [ $# -gt 0 ]; then
	core=("$@")
fi

# gremlins times its coverage run to set each mutant's timeout: a cached
# test result would make that run take no time and every mutant time out.
export GOFLAGS="${GOFLAGS:-} -count=1"

rows=()
for entry in "${core[@]}"; do
	read -r pkg keep <<<"$entry"
	name=${pkg//\//_}
	# One package at a time: no sub-package's files; with files named,
	# none of the package's other files.
	extra=(--exclude-files '/')
	if [ -n "${keep:-}" ]; then
		for f in "$pkg"/*.go; do
			f=${f##*/}
			case " $keep " in *" $f "*) ;; *) extra+=(--exclude-files "^${f//./\\.}\$") ;; esac
		done
	fi
	echo "== $pkg" >&2
	start=$(date +%s)
	"$gremlins" unleash --workers "$workers" --timeout-coefficient "$coeff" \
		-o "$out/$name.json" "${extra[@]}" "./$pkg" >"$out/$name.txt" 2>&1 || true
	secs=$(($(date +%s) - start))
	k=$(sed -n 's/.*Killed: \([0-9]*\).*/\1/p' "$out/$name.txt" | tail -1)
	l=$(sed -n 's/.*Lived: \([0-9]*\).*/\1/p' "$out/$name.txt" | tail -1)
	nc=$(sed -n 's/.*Not covered: \([0-9]*\).*/\1/p' "$out/$name.txt" | tail -1)
	to=$(sed -n 's/.*Timed out: \([0-9]*\).*/\1/p' "$out/$name.txt" | tail -1)
	nv=$(sed -n 's/.*Not viable: \([0-9]*\).*/\1/p' "$out/$name.txt" | tail -1)
	eff=$(sed -n 's/.*Test efficacy: \([0-9.]*%\).*/\1/p' "$out/$name.txt" | tail -1)
	cov=$(sed -n 's/.*Mutator coverage: \([0-9.]*%\).*/\1/p' "$out/$name.txt" | tail -1)
	rows+=("$(printf '| %s | %s | %s | %s | %s | %s | %s | %s | %ss |' "$pkg" "${k:-?}" "${l:-?}" "${nc:-?}" "${to:-?}" "${nv:-?}" "${eff:-?}" "${cov:-?}" "$secs")")
	echo "${rows[-1]}" >&2
done

echo "reports in $out"
echo "| package | killed | lived | not covered | timed out | not viable | efficacy | coverage | time |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"
printf '%s\n' "${rows[@]}"
