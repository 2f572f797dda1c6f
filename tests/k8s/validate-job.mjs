// Validates a Kubernetes Job manifest against Kubernetes' published API schema (the batch/v1 Job
// definition of its OpenAPI document, compiled into the kubernetes-models package): types,
// enums, required fields, all offline. Prints what the shards need as one JSON line:
// completionMode, completions, parallelism, the container's env, command and args.
//   node tests/k8s/validate-job.mjs MODULES MANIFEST.yaml   (exit 2 with one line naming the error)
// MODULES is the folder scripts/setup-cluster.sh installed this folder's package-lock.json into
// (.cache/k8s), outside the source tree.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve as absolute } from "node:path";

const [modules, file] = process.argv.slice(2);
const require = createRequire(absolute(modules, "package.json"));
const { parseAllDocuments } = require("yaml");
const { Job } = require("kubernetes-models/batch/v1/Job");

const refuse = (reason) => {
  console.error(`${file}: ${String(reason).split("\n")[0]}`);
  process.exit(2);
};
let documents;
try {
  documents = parseAllDocuments(readFileSync(file, "utf8"));
} catch (error) {
  refuse(error.message);
}
if (documents.length !== 1) refuse(`want one YAML document, found ${documents.length}`);
if (documents[0].errors.length) refuse(documents[0].errors[0].message);
const manifest = documents[0].toJS();
if (!Job.is(manifest)) refuse(`not a batch/v1 Job (apiVersion ${manifest?.apiVersion}, kind ${manifest?.kind})`);
try {
  new Job(manifest).validate();
} catch (error) {
  refuse(error.message);
}
const spec = manifest.spec;
const containers = spec.template.spec.containers;
if (containers.length !== 1) refuse(`want one container, found ${containers.length}`);
const [container] = containers;
console.log(JSON.stringify({
  completionMode: spec.completionMode ?? "NonIndexed",
  completions: spec.completions,
  parallelism: spec.parallelism,
  env: Object.fromEntries((container.env ?? []).map((v) => [v.name, v.value])),
  command: container.command ?? [],
  args: container.args ?? [],
}));
