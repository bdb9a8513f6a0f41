/**
 * The Kubernetes tools the Helm chart (infra/k8s/askflow) is checked with, built once from their
 * pinned Go modules into the machine cache like the Temporal binaries (see goBinaries.ts):
 * `helm` renders and lints the chart, `kubeconform` validates what it renders against the
 * schemas of infra/k8sSchemas.ts, offline.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { goBinaries } from './goBinaries.js';

const run = promisify(execFile);

/** Helm 3 (its go.mod has no `replace`, so `go install …@version` builds it as released). */
export const HELM_VERSION = 'v3.21.4';
export const KUBECONFORM_VERSION = 'v0.6.7';

export async function helmBinary(log: (m: string) => void): Promise<string> {
  const { helm } = await goBinaries({ what: 'Helm', cacheName: 'helm', version: HELM_VERSION, packages: ['helm.sh/helm/v3/cmd/helm'] }, log);
  return helm!;
}

export async function kubeconformBinary(log: (m: string) => void): Promise<string> {
  const { kubeconform } = await goBinaries(
    { what: 'kubeconform', cacheName: 'kubeconform', version: KUBECONFORM_VERSION, packages: ['github.com/yannh/kubeconform/cmd/kubeconform'] },
    log,
  );
  return kubeconform!;
}

/** A Kubernetes object as parsed from a manifest. */
export type Manifest = Record<string, unknown>;

/**
 * The documents of a multi-document YAML stream (a rendered chart, a CRD file), parsed by Helm's
 * `fromYaml`: sigs.k8s.io/yaml, the parser kubectl and the API server use, so a value means here
 * what it means to the cluster (YAML 1.1: `on` and `yes` are booleans). Empty documents are dropped.
 */
export async function yamlDocuments(helm: string, yaml: string): Promise<Manifest[]> {
  const chart = mkdtempSync(join(tmpdir(), 'askflow-yaml-'));
  try {
    mkdirSync(join(chart, 'templates'));
    writeFileSync(join(chart, 'Chart.yaml'), 'apiVersion: v2\nname: yaml-documents\nversion: 0.0.0\n');
    writeFileSync(join(chart, 'input.yaml'), yaml);
    // Any file beside templates/ is in .Files; a JSON object is a manifest Helm passes through as is.
    writeFileSync(
      join(chart, 'templates', 'documents.yaml'),
      [
        '{{- $docs := list }}',
        '{{- range regexSplit "(?m)^---[ \\t]*(#.*)?$" (.Files.Get "input.yaml") -1 }}',
        '{{- $doc := fromYaml . }}',
        '{{- if hasKey $doc "Error" }}{{ fail (printf "not a YAML mapping: %s" $doc.Error) }}{{ end }}',
        '{{- if $doc }}{{ $docs = append $docs $doc }}{{ end }}',
        '{{- end }}',
        'documents: {{ toJson $docs }}',
        '',
      ].join('\n'),
    );
    const { stdout } = await run(helm, ['template', 'yaml', chart], { maxBuffer: 256 * 1024 * 1024 });
    const line = stdout.split('\n').find((l) => l.startsWith('documents: '));
    if (!line) throw new Error(`helm printed no documents:\n${stdout.slice(0, 500)}`);
    return JSON.parse(line.slice('documents: '.length)) as Manifest[];
  } finally {
    rmSync(chart, { recursive: true, force: true });
  }
}
