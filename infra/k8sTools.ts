/**
 * The Kubernetes tools the Helm chart (infra/k8s/askflow) is checked with, built once from their
 * pinned Go modules into the machine cache like the Temporal binaries (see goBinaries.ts):
 * `helm` renders and lints the chart, `kubeconform` validates what it renders against the
 * schemas of infra/k8sSchemas.ts, offline.
 */
import { parseAllDocuments } from 'yaml';
import { goBinaries } from './goBinaries.js';

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
 * The documents of a multi-document YAML stream (a rendered chart, a CRD file), read as YAML 1.1
 * as the API server's parser (sigs.k8s.io/yaml) reads them, so a value means here what it means to
 * the cluster (`on` and `yes` are booleans). Empty documents are dropped.
 */
export function yamlDocuments(text: string): Manifest[] {
  const documents = parseAllDocuments(text, { version: '1.1' });
  if (!Array.isArray(documents)) return [];
  const broken = documents.find((d) => d.errors.length);
  if (broken) throw new Error(`not valid YAML: ${broken.errors[0]!.message}`);
  const values = documents.map((d) => d.toJS({ maxAliasCount: 100 }) as unknown).filter((v) => v !== null && v !== undefined);
  const notMapping = values.find((v) => typeof v !== 'object' || Array.isArray(v));
  if (notMapping !== undefined) throw new Error(`not a YAML mapping: ${JSON.stringify(notMapping).slice(0, 80)}`);
  return values as Manifest[];
}
