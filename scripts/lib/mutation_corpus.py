"""The mutation corpus's driver and scorer (scripts/mutation-corpus.sh says what it measures)."""
import collections
import json
import os
import re
import shutil
import subprocess
import sys
import time

tilegrade, per_source, seed, jobs, only, json_out, want_assert, work, rescore = sys.argv[1:10]
rescore = rescore == "1"
per_source, seed, want_assert = int(per_source), int(seed), want_assert == "1"
EPS = 1e-6

sources = json.load(open("tests/mutation/sources.json"))["sources"]
table = json.load(open("tests/mutation/codes.json"))
neutral = set(table["neutral"])
line_roles = {role: re.compile(pattern) for role, pattern in table["line_roles"].items()}
if only:
    sources = [s for s in sources if only in s["script"] or only == s["assignment"]]
if not sources:
    sys.exit(f"mutation-corpus: no source matches {only!r}")

TASK_KINDS = {}  # assignment -> task -> kind ("search", "heuristic", "function")
for name in {s["assignment"] for s in sources}:
    spec = json.load(open(f"assignments/{name}/assignment.json"))
    TASK_KINDS[name] = {t["name"]: t.get("kind", "search") for t in spec["tasks"]}


def row_of(code):
    """The codes.json row of one code (a family by its prefix), or None."""
    if code in table["codes"]:
        return table["codes"][code]
    best = None
    for key in table["codes"]:
        if key.endswith("-") and code.startswith(key) and (best is None or len(key) > len(best)):
            best = key
    return table["codes"][best] if best else None


FUNCTION_LINE = re.compile(r"function\s+([\w.:]+)\s*\(|([\w.]+)\s*=\s*function\s*\(")


def roles_of_edit(source_text, mutant, kinds):
    """The roles of the line(s) the edit touched, as written before it, with two pieces of
    context a line alone lacks: the name of the function it is in (a line of `less` or
    `sift_down` is the frontier's, one of `path_to` the path's), and for a line that returns or
    breaks, the line above it, whose condition decides when it runs."""
    lines = source_text.split("\n")
    first = mutant["line"]
    touched = mutant["original"].count("\n") + 1
    edited = lines[first - 1:first - 1 + max(touched, 1)]
    context = list(edited)
    for line in reversed(lines[:first - 1]):
        found = FUNCTION_LINE.search(line)
        if found:
            context.append(found.group(1) or found.group(2))
            break
    # A line that returns or breaks: the condition it is under (the nearest line above it that
    # is indented less, the block's opener), and a return's value is what the search returns.
    if edited and re.match(r"\s*(return|break)\b", edited[0]):
        indent = len(edited[0]) - len(edited[0].lstrip())
        for line in reversed(lines[:first - 1]):
            if line.strip() and len(line) - len(line.lstrip()) < indent:
                context.append(line)
                break
    if any(re.search(r"\breturn\b", line) for line in edited):
        context.append("path")
    text = "\n".join(context).lower()
    roles = {role for role, pattern in line_roles.items() if pattern.search(text)}
    # A heuristic's or a slide function's source is that function whole (a source of such tasks
    # alone: a search's source may define a heuristic too, and its other lines are no heuristic).
    if kinds and all(k == "heuristic" for k in kinds):
        roles.add("heuristic")
    if kinds and all(k == "function" for k in kinds):
        roles.add("function")
    return roles


def judge_claim(code, proof, edit_roles):
    """(proof, verdict) of one code, claimed with `proof` (the report's), against the edit:
    neutral, consistent, unchecked, contradicted, or unknown (a code codes.json does not list)."""
    if not code or code in neutral or not proof:
        return "none", "neutral"
    row = row_of(code)
    if row is None:
        return "unknown", "unknown"
    if not edit_roles:
        return proof, "unchecked"
    return proof, "consistent" if edit_roles & set(row["roles"]) else "contradicted"


def run(command, **kw):
    return subprocess.run(command, capture_output=True, text=True, **kw)


started = time.time()
records = []
totals = collections.Counter()
per_code = collections.defaultdict(collections.Counter)
per_kind = collections.defaultdict(collections.Counter)
per_proof = collections.defaultdict(collections.Counter)
problems = []
for index, source in enumerate(sources):
    folder = os.path.join(work, f"{index:02d}")
    mutants_dir, subs, graded = (os.path.join(folder, x) for x in ("mutants", "subs", "graded"))
    batch_started = time.time()
    if not (rescore and os.path.exists(os.path.join(graded, "gradebook.csv"))):
        shutil.rmtree(folder, ignore_errors=True)
        made = run([tilegrade, "mutate", source["script"], "--out", mutants_dir, "--count",
                    str(per_source), "--seed", str(seed + index), "--json"])
        if made.returncode != 0:
            problems.append(f"{source['script']}: mutate failed: {made.stderr.strip()}")
            continue
        manifest = json.load(open(os.path.join(mutants_dir, "mutants.json")))
        os.makedirs(subs)
        shutil.copy(source["script"], os.path.join(subs, "original.lua"))
        for mutant in manifest["mutants"]:
            shutil.copy(os.path.join(mutants_dir, mutant["file"]),
                        os.path.join(subs, mutant["file"]))
        command = [tilegrade, "batch", f"assignments/{source['assignment']}", subs, "--out",
                   graded, "--jobs", jobs, "--class-report", "off", "--no-repair"]
        if len(source["tasks"]) == 1:
            command += ["--task", source["tasks"][0]]
        done = run(command)
        if done.returncode not in (0, 1):
            problems.append(f"{source['script']}: batch exit {done.returncode}: "
                            f"{done.stderr[-400:]}")
            continue
    manifest = json.load(open(os.path.join(mutants_dir, "mutants.json")))
    source_text = open(source["script"]).read()
    kinds = [TASK_KINDS[source["assignment"]].get(t, "search") for t in source["tasks"]]

    def tests_of(name):
        path = os.path.join(graded, "reports", name + ".json")
        if not os.path.exists(path):
            return None
        report = json.load(open(path))
        return [t for t in report.get("tests", [])
                if t.get("extra_data", {}).get("task") in source["tasks"]]

    original = tests_of("original")
    if not original or any(t["score"] < t["max_score"] - EPS for t in original):
        problems.append(f"{source['script']}: the source itself loses points")
    counts = collections.Counter()
    for mutant in manifest["mutants"]:
        name = mutant["file"][:-len(".lua")]
        tests = tests_of(name)
        kind = mutant["kind"]
        record = {"source": source["script"], "mutant": mutant, "tests": []}
        if tests is None:
            record["outcome"] = "no-report"
            counts["no-report"] += 1
            records.append(record)
            continue
        failing = [t for t in tests if t["score"] < t["max_score"] - EPS]
        edit_roles = roles_of_edit(source_text, mutant, kinds)
        record["roles"] = sorted(edit_roles)
        if not failing:
            record["outcome"] = "undetected"
            counts["undetected"] += 1
            per_kind[kind]["undetected"] += 1
            records.append(record)
            continue
        record["outcome"] = "detected"
        counts["detected"] += 1
        per_kind[kind]["detected"] += 1
        # What the proofs promise, checked: a variant's or an identity's code holds on every
        # failing test of its task (it reproduces them all, or the identity holds on them all).
        codes_of_task = collections.defaultdict(list)
        for t in failing:
            # A test whose script did not run has no run to compare: no evidence either way.
            if (t["extra_data"].get("diagnosis") or {}).get("code") == "did-not-run":
                continue
            diagnosis = t["extra_data"].get("diagnosis") or {}
            claimed = set(p for p in diagnosis.get("code", "").split("+") if p)
            claimed |= {diagnosis["heuristic_source"]} if diagnosis.get("heuristic_source") else set()
            codes_of_task[t["extra_data"].get("task")].append(claimed)
        verdicts = collections.Counter()
        for t in failing:
            diagnosis = t["extra_data"].get("diagnosis") or {}
            code = diagnosis.get("code", "")
            # Each part with the proof the report gives the whole (a joined code is proved as
            # its weaker part); a heuristic's source is an identity of the values it gave.
            parts = [(p, diagnosis.get("proof", "")) for p in code.split("+") if p] or [("", "")]
            source_claim = diagnosis.get("heuristic_source", "")
            if source_claim and source_claim != code:
                parts.append((source_claim, "identity"))
            test_verdicts = []
            for part, claimed_proof in parts:
                proof, verdict = judge_claim(part, claimed_proof, edit_roles)
                task_codes = codes_of_task[t["extra_data"].get("task")]
                # A function task's identities are the answers' own pattern (a row or column of
                # the blank, function_patterns.h), which other tests of the task may not show.
                row = row_of(part)
                whole_function = row is not None and \
                    set(row["roles"]) <= {"function", "heuristic"}
                if proof in ("variant", "identity") and verdict != "neutral" and \
                        not whole_function and not all(part in each for each in task_codes):
                    verdict = "unproven"
                test_verdicts.append(verdict)
                if verdict != "neutral":
                    per_code[part][verdict] += 1
                    per_proof[proof][verdict] += 1
            # A test's claim is contradicted if any part is; consistent if every claimed part is.
            if "contradicted" in test_verdicts:
                test_verdict = "contradicted"
            elif "unproven" in test_verdicts:
                test_verdict = "unproven"
            elif "unknown" in test_verdicts:
                test_verdict = "unknown"
            elif all(v == "neutral" for v in test_verdicts):
                test_verdict = "neutral"
            elif "unchecked" in test_verdicts:
                test_verdict = "unchecked"
            else:
                test_verdict = "consistent"
            verdicts[test_verdict] += 1
            record["tests"].append({"test": t["name"], "code": code, "verdict": test_verdict,
                                    "sentence": diagnosis.get("sentence", "")})
        # The mutant's claim: the worst of its tests'.
        for worst in ("contradicted", "unproven", "unknown", "unchecked", "consistent",
                      "neutral"):
            if verdicts[worst]:
                record["claim"] = worst
                break
        counts["claim " + record["claim"]] += 1
        per_kind[kind]["claim " + record["claim"]] += 1
        records.append(record)
    totals.update(counts)
    took = time.time() - batch_started
    print(f"{source['script']}: {len(manifest['mutants'])} mutants of "
          f"{manifest['candidates']} candidates, {counts['detected']} detected, "
          f"{counts['undetected']} undetected; claims: {counts['claim consistent']} consistent, "
          f"{counts['claim contradicted']} contradicted, {counts['claim unproven']} unproven, "
          f"{counts['claim neutral']} fact only, "
          f"{counts['claim unchecked']} unchecked ({took:.0f} s)", flush=True)

print()
mutants = totals["detected"] + totals["undetected"] + totals["no-report"]
print(f"mutants {mutants}: detected {totals['detected']}, undetected {totals['undetected']} "
      f"(equivalent or missed by the tests), no report {totals['no-report']}")
detected = max(totals["detected"], 1)
print(f"detected mutants by their worst claim: consistent {totals['claim consistent']}, "
      f"contradicted {totals['claim contradicted']}, unproven (a variant or identity not held "
      f"on every failing test of its task) {totals['claim unproven']}, "
      f"unchecked (edited line has no role) "
      f"{totals['claim unchecked']}, fact only (no cause) {totals['claim neutral']}, "
      f"code not in codes.json {totals['claim unknown']}")
caused = sum(totals["claim " + v] for v in ("consistent", "contradicted", "unproven", "unchecked"))
print(f"share of detected mutants given a cause: {caused / detected:.1%}; "
      f"contradicted: {totals['claim contradicted'] / detected:.1%}; "
      f"unproven: {totals['claim unproven'] / detected:.1%}")
print("\nclaims per proof kind (tests): consistent / unchecked / unproven / contradicted")
for proof in sorted(per_proof):
    c = per_proof[proof]
    print(f"  {proof:10s} {c['consistent']:6d} {c['unchecked']:6d} {c['unproven']:6d} "
          f"{c['contradicted']:6d}")
print("\nper code (tests): consistent / unchecked / unproven / contradicted")
for code in sorted(per_code, key=lambda k: -per_code[k]["contradicted"] - per_code[k]["unproven"]):
    c = per_code[code]
    print(f"  {code:34s} {c['consistent']:6d} {c['unchecked']:6d} {c['unproven']:6d} "
          f"{c['contradicted']:6d}")
print("\nper edit kind (mutants): detected / undetected / contradicted")
for kind in sorted(per_kind):
    c = per_kind[kind]
    print(f"  {kind:26s} {c['detected']:6d} {c['undetected']:6d} {c['claim contradicted']:6d}")
print(f"\n{time.time() - started:.0f} s")
if json_out:
    with open(json_out, "w") as out:
        json.dump(records, out, indent=1)
if want_assert:
    # The ceilings are the figures of one sample (the CI's, tests/e2e/mutation_corpus.sh): held
    # only on that sample, where a rise means the judge now claims a cause it did not before.
    sample = table.get("ceiling_sample", {})
    on_sample = sample.get("per_source") == per_source and sample.get("seed") == seed
    ceilings = table.get("contradicted_ceiling", {}) if on_sample else {}
    for code, c in per_code.items():
        if not on_sample:
            break
        ceiling = ceilings.get(code, 0)
        if c["contradicted"] + c["unproven"] > ceiling:
            problems.append(f"{code}: {c['contradicted']} contradicted and {c['unproven']} "
                            f"unproven claims, ceiling {ceiling}")
    for code, c in per_code.items():
        if c["unknown"]:
            problems.append(f"{code}: not in tests/mutation/codes.json")
    if mutants == 0:
        problems.append("no mutant was graded")
if problems:
    print("\nFAIL:\n  " + "\n  ".join(problems), file=sys.stderr)
    sys.exit(1)
