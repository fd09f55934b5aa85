"""Measures compose against Python's own join of the same pieces, on a
generated package: python3 bench.py PACKAGE_PARENT_DIR MODE MODEL. Not a
test: numbers for BENCHMARKS.md."""

import sys
import timeit

sys.path.insert(0, sys.argv[1])
import prompts as p  # noqa: E402

mode, model = sys.argv[2], sys.argv[3]
request = p.Request(mode=mode, model=model, slots={"instructions": "Use tabs.", "memory": "m"})
secs = p.sections(request)
end = p._rt.data["modes"][p.modes().index(p.parse_mode(mode))]["end"]
pieces = [x for s in secs for x in (s.before, s.text)] + [end]
assert p.compose(request).text == "".join(pieces)
n = 20000
join = timeit.timeit(lambda: "".join(pieces), number=n) / n * 1e9
compose = timeit.timeit(lambda: p.compose(request), number=n) / n * 1e9
print("compose %.0f ns/op, join %.0f ns/op, %d pieces, %d chars" % (compose, join, len(pieces), len("".join(pieces))))
