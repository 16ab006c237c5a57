#!/usr/bin/env python3
"""Lists the public symbols of the library modules that have no `///`
documentation, from the symbol graphs `swift package
generate-documentation` extracted, and fails when there is any.

Extension blocks themselves are skipped (their members are checked), and
so are symbols declared outside Sources/ (inherited defaults)."""
import glob
import json
import os
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sources = os.path.join(root, "Sources") + os.sep
graphs = glob.glob(os.path.join(root, ".build", "*", "extracted-symbols", "*", "*", "*.symbols.json"))
if not graphs:
    sys.exit("no symbol graphs under .build: run swift package generate-documentation first")
missing = set()
for path in graphs:
    with open(path) as file:
        for symbol in json.load(file)["symbols"]:
            location = symbol.get("location", {})
            uri = location.get("uri", "")
            if symbol["kind"]["identifier"] == "swift.extension" or sources not in uri:
                continue
            if symbol.get("accessLevel") in ("public", "open") and not symbol.get("docComment"):
                line = location.get("position", {}).get("line", 0) + 1
                missing.add(f"{uri.split(sources, 1)[1]}:{line}: {'.'.join(symbol['pathComponents'])}")
for entry in sorted(missing):
    print(f"undocumented public symbol: {entry}")
sys.exit(1 if missing else 0)
