#!/usr/bin/env python3
"""Replays SQL through `plume` and `sqlite3` and compares what they print:
the shell's SQL functions (decimal, ieee754, regexp, sha3) and `.parameter`
values (Fuzz/README.md).

    Fuzz/shell-differential.py PLUME [SQLITE3] [--cases N] [--seed S]

The cases are the lines of Fuzz/Corpus/shell-functions/*.sql and N cases
generated from the seed (default 2000, seed 1): the same run gives the same
cases. Each case runs as `SELECT quote(EXPR);` (or its dot-commands) in one
script fed to both shells; standard output is compared case by case,
standard error (the error messages, which name the line) as a whole.
Exit status 0 when both shells print the same, 1 with the differing cases.
"""
import argparse
import glob
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def number_text(rng):
    """Numeric text, often odd: signs, exponents, spaces, junk."""
    parts = [rng.choice(["", "", "-", "+", " "])]
    parts.append("".join(rng.choice("0123456789") for _ in range(rng.randint(0, 25))))
    if rng.random() < 0.5:
        parts.append("." + "".join(rng.choice("0123456789") for _ in range(rng.randint(0, 20))))
    if rng.random() < 0.3:
        parts.append(rng.choice("eE") + rng.choice(["", "+", "-"]) + str(rng.randint(0, 400)))
    if rng.random() < 0.1:
        parts.append(rng.choice(["x", " ", "e", ".", "--", "1e"]))
    return "".join(parts)


def sql_value(rng):
    kind = rng.random()
    if kind < 0.5:
        return "'" + number_text(rng).replace("'", "''") + "'"
    if kind < 0.7:
        return str(rng.choice([0, 1, -1, 2**53, -(2**63), 2**63 - 1, rng.randint(-10**18, 10**18)]))
    if kind < 0.85:
        return repr(rng.choice([0.5, -0.0, 1e308, 5e-324, 1.0 / 3, rng.uniform(-1e20, 1e20)]))
    if kind < 0.95:
        return "NULL"
    return "x'" + "".join(rng.choice("0123456789abcdef") for _ in range(2 * rng.randint(0, 9))) + "'"


def regex_pattern(rng):
    atoms = ["a", "b", "ab", ".", "\\d", "\\w", "\\s", "\\D", "\\W", "\\S", "[a-c]", "[^b]", "(a|b)", "\\.",
             "é", "x", "^", "$", "(", ")", "[", "]", "{2}", "{1,3}", "{,2}", "\\", "|", "\\b", "\\B", "\\u00e9", "\\x41"]
    quantifiers = ["", "", "*", "+", "?", "*?", "{2,}"]
    return "".join(rng.choice(atoms) + rng.choice(quantifiers) for _ in range(rng.randint(0, 6)))


def generated_cases(rng, count):
    cases = []
    for _ in range(count):
        family = rng.randrange(5)
        if family == 0:
            function = rng.choice(["decimal", "decimal_add", "decimal_sub", "decimal_mul", "decimal_cmp"])
            arity = 1 if function == "decimal" else 2
            cases.append(f"{function}({', '.join(sql_value(rng) for _ in range(arity))})")
        elif family == 1:
            choice = rng.randrange(5)
            if choice == 0:
                cases.append(f"ieee754({sql_value(rng)})")
            elif choice == 1:
                cases.append(f"ieee754({rng.randint(-2**60, 2**60)}, {rng.randint(-1200, 1200)})")
            elif choice == 2:
                cases.append(f"ieee754_{rng.choice(['mantissa', 'exponent'])}({sql_value(rng)})")
            elif choice == 3:
                cases.append(f"ieee754_to_blob({sql_value(rng)})")
            else:
                cases.append(f"ieee754_from_blob({sql_value(rng)})")
        elif family == 2:
            text = "".join(rng.choice("ab1 .xé\n") for _ in range(rng.randint(0, 8)))
            function = rng.choice(["regexp", "regexpi"])
            pattern = regex_pattern(rng).replace("'", "''")
            cases.append(f"{function}('{pattern}', '{text}')")
        elif family == 3:
            size = rng.choice(["", "", ", 224", ", 256", ", 384", ", 512", ", 100", ", NULL"])
            cases.append(f"sha3({sql_value(rng)}{size})")
        else:
            value = rng.choice([number_text(rng), "'" + number_text(rng) + "'", '"a b"', "x'00ff'", "NULL",
                                "abc", "1e999", "-", "' unterminated", "0x7fffffffffffffff"])
            cases.append(f".parameter set @p {value}\n.print [param]\nSELECT quote(@p), typeof(@p);")
    return cases


def corpus_cases():
    cases = []
    for path in sorted(glob.glob(os.path.join(HERE, "Corpus", "shell-functions", "*.sql"))):
        with open(path, encoding="utf-8") as file:
            cases += [line.rstrip("\n").replace("\\n", "\n") for line in file if line.strip() and not line.startswith("#")]
    return cases


def script(cases):
    lines = [".bail off", ".parameter init"]
    for index, case in enumerate(cases):
        lines.append(f".print case {index}")
        lines.append(case if case.startswith(".") else f"SELECT quote({case});")
    return "\n".join(lines) + "\n"


def run(shell, text):
    result = subprocess.run([shell, ":memory:"], input=text.encode(), capture_output=True, timeout=600)
    return result.stdout.decode("utf-8", "replace"), result.stderr.decode("utf-8", "replace")


def by_case(output):
    cases, current = {}, None
    for line in output.splitlines():
        if line.startswith("case ") and line[5:].isdigit():
            current = int(line[5:])
            cases[current] = []
        elif current is not None:
            cases[current].append(line)
    return cases


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("plume")
    parser.add_argument("sqlite3", nargs="?", default="sqlite3")
    parser.add_argument("--cases", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    cases = corpus_cases() + generated_cases(random.Random(arguments.seed), arguments.cases)
    text = script(cases)
    plume_out, plume_err = run(arguments.plume, text)
    sqlite_out, sqlite_err = run(arguments.sqlite3, text)
    plume_cases, sqlite_cases = by_case(plume_out), by_case(sqlite_out)
    differing = [index for index in range(len(cases)) if plume_cases.get(index) != sqlite_cases.get(index)]
    for index in differing[:20]:
        print(f"case {index}: {cases[index]!r}\n  plume:   {plume_cases.get(index)}\n  sqlite3: {sqlite_cases.get(index)}")
    error_lines = [(a, b) for a, b in zip(plume_err.splitlines(), sqlite_err.splitlines()) if a != b]
    if len(plume_err.splitlines()) != len(sqlite_err.splitlines()) or error_lines:
        print(f"standard error differs ({len(plume_err.splitlines())} lines vs {len(sqlite_err.splitlines())}):")
        for a, b in error_lines[:10]:
            print(f"  plume:   {a}\n  sqlite3: {b}")
    print(f"{len(cases)} cases, {len(differing)} differing on standard output, "
          f"{len(error_lines)} differing error lines")
    return 1 if differing or error_lines or len(plume_err.splitlines()) != len(sqlite_err.splitlines()) else 0


if __name__ == "__main__":
    sys.exit(main())
