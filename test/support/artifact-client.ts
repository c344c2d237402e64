/**
 * One call of the artifact client as a step makes it, in a process of its own (the toolkit reads the service from
 * the environment and logs to stdout): `upload <json>` runs perf-gate's uploadFiles, `download <json>` the
 * client's downloadArtifact. Prints the result as its last line, `result <json>`; fails with the error otherwise.
 */
import { DefaultArtifactClient } from '@actions/artifact';
import { uploadFiles } from '../../src/publish/artifact.ts';

const [op, json] = process.argv.slice(2);
const input = JSON.parse(json ?? '{}');
const result =
  op === 'upload'
    ? await uploadFiles(input.name, input.files, input.root, input.retentionDays ?? 30)
    : await new DefaultArtifactClient().downloadArtifact(input.id, input.options);
process.stdout.write(`\nresult ${JSON.stringify(result)}\n`);
