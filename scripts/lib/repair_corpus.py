"""The repair search measured on the mutation corpus (scripts/repair-corpus.sh says what)."""
import collections
import concurrent.futures
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

tilegrade, per_source, seed, jobs, only, json_out, work = sys.argv[1:8]
per_source, seed, jobs = int(per_source), int(seed), int(jobs)
EPS = 1e-6

all_sources = json.load(open("tests/mutation/sources.json"))["sources"]
# The same mutants as scripts/mutation-corpus.sh draws: each source's seed is seed + its index.
sources = [(i, s) for i, s in enumerate(all_sources)
           if not only or only in s["script"] or only == s["assignment"]]
if not sources:
    sys.exit(f"repair-corpus: no source matches {only!r}")


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


def percentile(values, share):
    values = sorted(values)
    return values[min(len(values) - 1, int(share * len(values)))] if values else 0.0


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
