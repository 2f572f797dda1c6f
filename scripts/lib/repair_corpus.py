"""The repair search measured on the mutation corpus, or on the bundled mutants
(scripts/repair-corpus.sh says what)."""
import collections
import concurrent.futures
import difflib
import glob
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

tilegrade, per_source, seed, jobs, only, json_out, work = sys.argv[1:8]
mode = sys.argv[8] if len(sys.argv) > 8 else "drawn"
per_source, seed, jobs = int(per_source), int(seed), int(jobs)
EPS = 1e-6

def graded(command):
    """Runs one grading; returns its JSON report and the processor time it and its children
    (the grading children, the candidates' child) took, read with wait4, not the wall clock."""
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    out = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    try:
        report = json.loads(out)
    except ValueError:
        report = None
    return report, usage.ru_utime + usage.ru_stime


def percentile(values, share):
    values = sorted(values)
    return values[min(len(values) - 1, int(share * len(values)))] if values else 0.0


def differing_lines(reference, mutant):
    """The mutant's lines (1-based) where it differs from the reference solution, compared line
    by line with indentation ignored; where the mutant lacks lines the reference has, the two
    lines either side of the gap."""
    ours = [line.strip() for line in reference.splitlines()]
    theirs = [line.strip() for line in mutant.splitlines()]
    lines = set()
    matcher = difflib.SequenceMatcher(None, ours, theirs, autojunk=False)
    for tag, _, _, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        lines |= set(range(j1 + 1, j2 + 1)) if j2 > j1 else {j1, j1 + 1}
    return lines


def changed_lines(change):
    """The lines a repair's change spans: a swap or a moved statement spans more than one."""
    return set(range(change["line"], change["line"] + change["original"].count("\n") + 1))


def bundled():
    """Every bundled mutant of a search or function task, graded with repair on (the default):
    repaired, and whether each change lies on a line where the mutant differs from its
    assignment's reference solution. A bundled mutant is written whole by hand, not drawn from
    the solution, so it may differ from it on many lines; the count is printed beside each."""
    paths = sorted(p for p in glob.glob("reference/*/mutants/*.lua") if not only or only in p)
    if not paths:
        sys.exit(f"repair-corpus: no bundled mutant matches {only!r}")

    def study(path):
        assignment = path.split(os.sep)[1]
        spec = json.load(open(f"assignments/{assignment}/assignment.json"))
        kinds = {t["name"]: t.get("kind", "search") for t in spec["tasks"]}
        entry = {t["name"]: t.get("function", t["name"]) for t in spec["tasks"]}
        text = open(path).read()
        defined = set(re.findall(r"^\s*function\s+([A-Za-z_]\w*)\s*\(", text, re.M))
        # The tasks the mutant was written for: those whose function it defines (a mutant of one
        # task is graded on that task alone, as its student would submit it).
        tasks = [t for t in kinds if entry[t] in defined] or list(kinds)
        command = [tilegrade, "grade", f"assignments/{assignment}", path, "--format", "json"]
        if len(tasks) == 1:
            command += ["--task", tasks[0]]
        report, seconds = graded(command)
        record = {"mutant": path, "seconds": round(seconds, 3), "tasks": tasks}
        if report is None:
            record["outcome"] = "no-report"
            return record
        failing = sorted({t["extra_data"]["task"] for t in report["tests"]
                          if t["extra_data"]["task"] in tasks
                          and t["score"] < t["max_score"] - EPS})
        in_scope = [t for t in failing if kinds[t] != "heuristic"]
        record["failing_tasks"] = failing
        if not failing:
            record["outcome"] = "passes"
            return record
        if not in_scope:
            record["outcome"] = "excluded-heuristic"
            return record
        repairs = {r["task"]: r for r in report.get("extra_data", {}).get("repairs", [])}
        solutions = sorted(glob.glob(f"reference/{assignment}/*.lua"))
        differ = differing_lines(open(solutions[0]).read(), text) if solutions else set()
        record["differing_lines"] = len(differ)
        if not all(t in repairs for t in in_scope):
            record["outcome"] = "not-repaired"
            return record
        record["outcome"] = "repaired"
        record["changes"] = [c for t in in_scope for c in repairs[t]["changes"]]
        record["own_change"] = all(changed_lines(c) & differ for c in record["changes"])
        # Beside the catalogue, as for the drawn mutants: the code the repair names and the
        # claims said as observations it dropped.
        record["named"] = [repairs[t]["code"] for t in in_scope if repairs[t].get("code")]
        record["dropped"] = [code for t in in_scope for code in repairs[t].get("dropped", [])]
        return record

    started = time.time()
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        records = list(pool.map(study, paths))
    for r in records:
        where = ""
        if r["outcome"] == "repaired":
            where = ("own change " if r["own_change"] else "elsewhere ") + ", ".join(
                f"{c['kind']}@{c['line']}" for c in r["changes"])
        differ = r.get("differing_lines", "")
        print(f"  {r['mutant']:70s} {r['outcome']:18s} {r['seconds']:6.2f} s  "
              f"{differ!s:>4s} {where}")
    count = collections.Counter(r["outcome"] for r in records)
    failing = count["repaired"] + count["not-repaired"]
    repaired = [r for r in records if r["outcome"] == "repaired"]
    own = sum(1 for r in repaired if r["own_change"])
    seconds = [r["seconds"] for r in records if r["outcome"] in ("repaired", "not-repaired")]
    print()
    print(f"bundled mutants {len(records)}: excluded {count['excluded-heuristic']} (they fail "
          f"only a heuristic task, outside repair's scope), passing {count['passes']}, "
          f"no report {count['no-report']}")
    print(f"repaired {len(repaired)} of {failing} in scope ({len(repaired) / max(failing, 1):.1%});"
          f" at the mutant's own change {own} of {len(repaired)}")
    named = [r for r in repaired if r.get("named")]
    dropped = [r for r in repaired if r.get("dropped")]
    print(f"beside the catalogue: the repair names the diagnosis's code for {len(named)} of "
          f"{len(repaired)} repaired; a claim said as an observation was dropped for "
          f"{len(dropped)}")
    for r in dropped:
        print(f"  dropped {'+'.join(r['dropped'])} for a {r['changes'][0]['kind']} repair "
              f"in {r['mutant']}")
    print(f"processor time per in-scope mutant (the whole grading): median "
          f"{statistics.median(seconds) if seconds else 0:.2f} s, 95th percentile "
          f"{percentile(seconds, 0.95):.2f} s, total {sum(seconds):.0f} s")
    print(f"\n{time.time() - started:.0f} s")
    if json_out:
        with open(json_out, "w") as out:
            json.dump(records, out, indent=1)


if mode == "bundled":
    bundled()
    sys.exit(0)

all_sources = json.load(open("tests/mutation/sources.json"))["sources"]
# The same mutants as scripts/mutation-corpus.sh draws: each source's seed is seed + its index.
sources = [(i, s) for i, s in enumerate(all_sources)
           if not only or only in s["script"] or only == s["assignment"]]
if not sources:
    sys.exit(f"repair-corpus: no source matches {only!r}")


def grade_mutant(source, path):
    command = [tilegrade, "grade", f"assignments/{source['assignment']}", path, "--format", "json"]
    if len(source["tasks"]) == 1:
        command += ["--task", source["tasks"][0]]
    return graded(command)


records = []
started = time.time()
pool = concurrent.futures.ThreadPoolExecutor(max_workers=jobs)
for index, source in sources:
    folder = os.path.join(work, f"{index:02d}")
    shutil.rmtree(folder, ignore_errors=True)
    made = subprocess.run([tilegrade, "mutate", source["script"], "--out", folder, "--count",
                           str(per_source), "--seed", str(seed + index)],
                          capture_output=True, text=True)
    if made.returncode != 0:
        sys.exit(f"{source['script']}: mutate failed: {made.stderr.strip()}")
    manifest = json.load(open(os.path.join(folder, "mutants.json")))
    futures = [(m, pool.submit(grade_mutant, source, os.path.join(folder, m["file"])))
               for m in manifest["mutants"]]
    for mutant, future in futures:
        report, seconds = future.result()
        record = {"source": source["script"], "mutant": mutant, "seconds": round(seconds, 3)}
        if report is None:
            record["outcome"] = "no-report"
            records.append(record)
            continue
        tests = [t for t in report["tests"] if t["extra_data"]["task"] in source["tasks"]]
        failing_tasks = sorted({t["extra_data"]["task"] for t in tests
                                if t["score"] < t["max_score"] - EPS})
        repairs = {r["task"]: r for r in report.get("extra_data", {}).get("repairs", [])}
        if not failing_tasks:
            record["outcome"] = "undetected"
        elif all(task in repairs for task in failing_tasks):
            record["outcome"] = "repaired"
            lines = {c["line"] for task in failing_tasks for c in repairs[task]["changes"]}
            # A swap or a moved line touches the mutated line's neighbour too.
            span = {mutant["line"], mutant["line"] + 1} \
                if mutant["kind"] in ("statements-swapped", "break-return-moved") \
                else {mutant["line"]}
            record["at_mutated_line"] = bool(lines & span) or \
                any(c["line"] - 1 == mutant["line"] for task in failing_tasks
                    for c in repairs[task]["changes"]
                    if c["kind"] in ("statements-swapped", "break-return-moved"))
            record["changes"] = [c for task in failing_tasks for c in repairs[task]["changes"]]
            # Beside the catalogue (issue 49 part 4): the code a repair names (its edit is what
            # that code describes) and the claims said as observations it dropped.
            record["named"] = [repairs[t]["code"] for t in failing_tasks if repairs[t].get("code")]
            record["dropped"] = [code for t in failing_tasks for code in repairs[t].get("dropped", [])]
        else:
            record["outcome"] = "not-repaired"
        record["failing_tasks"] = failing_tasks
        records.append(record)
    done = [r for r in records if r["source"] == source["script"]]
    count = collections.Counter(r["outcome"] for r in done)
    print(f"{source['script']}: {len(done)} mutants, {count['repaired']} repaired, "
          f"{count['not-repaired']} not, {count['undetected']} undetected", flush=True)

count = collections.Counter(r["outcome"] for r in records)
failing = count["repaired"] + count["not-repaired"]
repaired = [r for r in records if r["outcome"] == "repaired"]
at_line = sum(1 for r in repaired if r["at_mutated_line"])


seconds = [r["seconds"] for r in repaired]
print()
print(f"mutants {len(records)}: failing {failing}, undetected {count['undetected']}, "
      f"no report {count['no-report']}")
print(f"repaired {len(repaired)} of {failing} failing ({len(repaired) / max(failing, 1):.1%}); "
      f"at the mutated line {at_line} of {len(repaired)} "
      f"({at_line / max(len(repaired), 1):.1%})")
print(f"processor time per repaired submission (the whole grading, repair included): median "
      f"{statistics.median(seconds) if seconds else 0:.2f} s, 95th percentile "
      f"{percentile(seconds, 0.95):.2f} s")
unrepaired = [r["seconds"] for r in records if r["outcome"] == "not-repaired"]
print(f"processor time per failing submission not repaired: median "
      f"{statistics.median(unrepaired) if unrepaired else 0:.2f} s, 95th percentile "
      f"{percentile(unrepaired, 0.95):.2f} s")
named = [r for r in repaired if r.get("named")]
dropped = [r for r in repaired if r.get("dropped")]
print(f"beside the catalogue: the repair names the diagnosis's code for {len(named)} of "
      f"{len(repaired)} repaired; a claim said as an observation disagreed and was dropped for "
      f"{len(dropped)} ({len(dropped) / max(len(repaired), 1):.1%})")
for r in dropped:
    print(f"  dropped {'+'.join(r['dropped'])} for a {r['changes'][0]['kind']} repair "
          f"(the mutant: {r['mutant']['kind']}, line {r['mutant']['line']}) in {r['source']}")
per_kind = collections.defaultdict(collections.Counter)
for r in records:
    per_kind[r["mutant"]["kind"]][r["outcome"]] += 1
print("\nper edit kind: repaired / not repaired / undetected")
for kind in sorted(per_kind):
    c = per_kind[kind]
    print(f"  {kind:26s} {c['repaired']:5d} {c['not-repaired']:5d} {c['undetected']:5d}")
print(f"\n{time.time() - started:.0f} s")
if json_out:
    with open(json_out, "w") as out:
        json.dump(records, out, indent=1)
