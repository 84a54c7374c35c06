#!/usr/bin/env python3
"""Source files and modules a tick enters (bench/tick-files.sh runs it), from a callgrind profile collected
only inside the tick (--toggle-collect): each Swift function executed is
demangled, and placed in the file of its module that declares (or extends)
its type and names the member. Closures and specializations count as their
enclosing function. Usage: tickfiles.py ROOT CALLGRIND_OUT"""
import os, re, subprocess, sys
root, profile = sys.argv[1], sys.argv[2]
ann = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", profile], capture_output=True, text=True).stdout
syms = sorted(set(re.findall(r"\$s[A-Za-z0-9_]+", ann)))
dem = subprocess.run(["swift", "demangle"], input="\n".join(syms), capture_output=True, text=True).stdout.splitlines()
# Modules sit one or two levels down, in their layer's folder (Sources/Core/SwivelCore,
# Sources/Backends/Sim/SwivelSim); an older revision measured has them flat.
module_dirs = {}
for dirpath, dirs, _ in os.walk(os.path.join(root, "Sources")):
    for d in list(dirs):
        if d.startswith(("Swivel", "swivel")):
            module_dirs[d] = os.path.join(dirpath, d)
            dirs.remove(d)
ours = set(module_dirs)
decl = {}
for module in ours:
    for dirpath, _, files in os.walk(module_dirs[module]):
        for f in files:
            if f.endswith(".swift"):
                p = os.path.join(dirpath, f)
                decl[p] = (module, open(p, errors="replace").read())
files, modules, unplaced = set(), set(), set()
pattern = re.compile(r"\b(Swivel\w+|swivel\w*)\.((?:[A-Z]\w*\.)*)(?:\((\w+) in _[0-9A-F]+\)|([a-z_]\w*|init)\b)")
for line in dem:
    line = line.split(" ---> ")[-1]
    if line.startswith("one-time initialization"): continue
    m = pattern.search(line)
    if not m or m.group(1) not in ours: continue
    module, chain, member = m.group(1), m.group(2).rstrip("."), m.group(3) or m.group(4)
    typ = chain.split(".")[-1] if chain else None
    cands = [p for p, (mod, text) in decl.items() if mod == module and (typ is None or re.search(r"\b(struct|class|enum|protocol|extension|actor)\s+(\w+\.)*%s\b" % re.escape(typ), text))]
    named = [p for p in cands if re.search(r"\b(func|var|let|case|subscript)\s+%s\b" % re.escape(member), decl[p][1])]
    if member == "init":
        named = [p for p in cands if re.search(r"\binit\s*[(<?]", decl[p][1])]
    pick = named[:1] if named else cands[:1]
    if len(named) > 1:
        # Prefer the file that declares the type over one that extends it.
        declaring = [p for p in named if re.search(r"\b(struct|class|enum|protocol|actor)\s+%s\b" % re.escape(typ or ""), decl[p][1])]
        pick = declaring[:1] or named[:1]
    if not pick:
        unplaced.add(line); continue
    for p in pick:
        files.add(os.path.relpath(p, root)); modules.add(module)
for f in sorted(files): print(f)
print(f"{len(files)} files in {len(modules)} modules: {', '.join(sorted(modules))}")
if unplaced: print(f"({len(unplaced)} functions not placed: {sorted(unplaced)[:5]})", file=sys.stderr)
