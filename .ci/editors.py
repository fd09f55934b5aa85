#!/usr/bin/env python3
"""Fetch the editors lsp's real-editor tests run, beyond the machine's own.

Debian 12's package manager installs Neovim 0.7.2 only; docs/editors.md
also gives set-ups for Neovim 0.10, Neovim 0.11 and later, and Helix.
This script takes Neovim from Debian 13 (0.10) and Debian unstable (0.11
or later), and Helix from Debian 13, out of Debian's archive, unpacks
each with the libraries it depends on (its own C library included) into
DIR, and writes a wrapper per editor that starts it through that C
library's loader. It prints shell assignments of PROMPTC_NVIM (the
Neovims, joined by ':') and PROMPTC_HX. Anything that fails is said on
stderr and leaves that editor out: the tests then run the editors there
are.

usage: editors.py DIR
"""
import lzma
import os
import re
import shlex
import subprocess
import sys
import urllib.request

ARCHIVE = "http://deb.debian.org/debian/"
# (suite, package, the program inside the package, its environment,
# extra arguments before the user's).
EDITORS = [
    ("trixie", "neovim", "usr/bin/nvim", {"VIMRUNTIME": "usr/share/nvim/runtime"}, "--cmd 'set rtp+={root}/usr/lib/nvim'"),
    ("sid", "neovim", "usr/bin/nvim", {"VIMRUNTIME": "usr/share/nvim/runtime"}, "--cmd 'set rtp+={root}/usr/lib/nvim'"),
    ("trixie", "hx", "usr/lib/hx/hx", {"HELIX_RUNTIME": "usr/lib/hx/runtime"}, ""),
]
# Packages the unpacked Neovim never loads.
SKIP = {"debconf", "dpkg", "perl-base", "tzdata"}


def packages(suite):
    url = f"{ARCHIVE}dists/{suite}/main/binary-amd64/Packages.xz"
    with urllib.request.urlopen(url, timeout=120) as r:
        text = lzma.decompress(r.read()).decode()
    index, provides = {}, {}
    for block in text.split("\n\n"):
        fields = dict(re.findall(r"^([A-Za-z-]+): (.*)$", block, re.M))
        name = fields.get("Package")
        if name and name not in index:
            index[name] = fields
            for p in fields.get("Provides", "").split(","):
                p = p.strip().split(" ")[0]
                if p:
                    provides.setdefault(p, name)
    return index, provides


def closure(index, provides, package):
    seen, todo = set(), [package]
    while todo:
        name = todo.pop()
        name = name if name in index else provides.get(name, name)
        if name in seen or name in SKIP or name not in index:
            continue
        seen.add(name)
        deps = index[name].get("Depends", "") + "," + index[name].get("Pre-Depends", "")
        for dep in deps.split(","):
            dep = dep.strip()
            if dep:
                todo.append(dep.split("|")[0].strip().split(" ")[0].split(":")[0])
    return sorted(seen)


def fetch(indexes, top, suite, package, program, env, args):
    if suite not in indexes:
        indexes[suite] = packages(suite)
    index, provides = indexes[suite]
    root = os.path.join(top, suite + "-" + package)
    os.makedirs(root, exist_ok=True)
    for name in closure(index, provides, package):
        filename = index[name]["Filename"]
        deb = os.path.join(top, os.path.basename(filename))
        urllib.request.urlretrieve(ARCHIVE + filename, deb)
        subprocess.run(["dpkg-deb", "-x", deb, root], check=True)
        os.remove(deb)
    libs = os.path.join(root, "usr/lib/x86_64-linux-gnu")
    wrapper = os.path.join(root, os.path.basename(program))
    with open(wrapper, "w") as f:
        f.write("#!/bin/sh\n")
        for k, v in env.items():
            f.write(f"export {k}='{root}/{v}'\n")
        f.write(f"exec '{libs}/ld-linux-x86-64.so.2' --library-path '{libs}' '{root}/{program}' {args.format(root=root)} \"$@\"\n")
    os.chmod(wrapper, 0o755)
    version = subprocess.run([wrapper, "--version"], capture_output=True, text=True, check=True)
    print(f"editors.py: {suite} {package}: {version.stdout.splitlines()[0]}", file=sys.stderr)
    return wrapper


def main():
    top = os.path.abspath(sys.argv[1])
    indexes, found = {}, {"neovim": [], "hx": []}
    for suite, package, program, env, args in EDITORS:
        try:
            found[package].append(fetch(indexes, top, suite, package, program, env, args))
        except Exception as e:  # an editor that cannot be had is left out, not an error
            print(f"editors.py: {suite} {package}: left out: {e}", file=sys.stderr)
    print("PROMPTC_NVIM=" + shlex.quote(":".join(found["neovim"])))
    print("PROMPTC_HX=" + shlex.quote(":".join(found["hx"])))


if __name__ == "__main__":
    main()
