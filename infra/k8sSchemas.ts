/**
 * JSON schemas for kubeconform, made offline from official sources instead of downloaded: the
 * Kubernetes OpenAPI v2 spec (`api/openapi-spec/swagger.json` of the Go module k8s.io/kubernetes)
 * and KEDA's CustomResourceDefinitions (`config/crd/bases/` of github.com/kedacore/keda/v2), both
 * fetched with `go mod download` into a throw-away module cache. The output follows the layout of
 * kubeconform's default registry (openapi2jsonschema `--kubernetes --expanded --stand-alone
 * --strict`): one file per kind and API version, `<kind>-<group>-<version>.json` (core group:
 * `<kind>-<version>.json`; group = its first DNS label, as kubeconform's `{{.KindSuffix}}`), every
 * `$ref` inlined, and `additionalProperties: false` on every object the spec lists the fields of.
 * Cached in `~/.cache/askflow/k8s-schemas/<kubernetes version>/`, outside the clone.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { yamlDocuments } from './k8sTools.js';
import { CACHE_DIR } from './paths.js';

const run = promisify(execFile);

/** The oldest minor the Kubernetes project still supports when this was pinned: what the chart must fit. */
export const KUBERNETES_VERSION = 'v1.35.4';
export const KEDA_VERSION = 'v2.21.0';
/** KEDA's resources the chart renders. */
const KEDA_CRDS = ['keda.sh_scaledobjects.yaml', 'keda.sh_triggerauthentications.yaml'];
/** Bumped when the conversion below changes, so cached folders made by an older one are remade. */
const CONVERTER_REVISION = 1;

/** kubeconform's `-schema-location` for a folder made by `kubernetesSchemas`. */
export const schemaLocation = (dir: string) => join(dir, '{{.ResourceKind}}{{.KindSuffix}}.json');

export type JsonSchema = { [key: string]: unknown };
interface GroupVersionKind {
  group: string;
  version: string;
  kind: string;
}

/**
 * The schema folder for KUBERNETES_VERSION plus KEDA's kinds: made once (seconds: two module
 * downloads, ~19 MB and ~3 MB, and the conversion), then reused.
 */
export async function kubernetesSchemas(log: (m: string) => void): Promise<string> {
  const dir = join(CACHE_DIR, 'k8s-schemas', KUBERNETES_VERSION);
  const stamp = JSON.stringify({ kubernetes: KUBERNETES_VERSION, keda: KEDA_VERSION, converter: CONVERTER_REVISION });
  const stampFile = join(dir, 'sources.json');
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return dir;

  log(`Making Kubernetes ${KUBERNETES_VERSION} and KEDA ${KEDA_VERSION} JSON schemas (once; cached in ${dir})…`);
  const started = Date.now();
  const work = mkdtempSync(join(tmpdir(), 'askflow-k8s-schemas-'));
  const staging = `${dir}.staging-${process.pid}`;
  try {
    const kubernetes = await goModule('k8s.io/kubernetes', KUBERNETES_VERSION, work);
    const keda = await goModule('github.com/kedacore/keda/v2', KEDA_VERSION, work);
    const swagger = JSON.parse(readFileSync(join(kubernetes, 'api', 'openapi-spec', 'swagger.json'), 'utf8')) as { definitions: Record<string, JsonSchema> };
    const files = kubernetesSchemaFiles(swagger.definitions);
    const objectMeta = files.objectMeta;
    for (const crd of KEDA_CRDS) {
      const documents = yamlDocuments(readFileSync(join(keda, 'config', 'crd', 'bases', crd), 'utf8'));
      for (const document of documents) for (const [name, schema] of crdSchemaFiles(document, objectMeta)) files.schemas.set(name, schema);
    }
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging, { recursive: true });
    for (const [name, schema] of files.schemas) writeFileSync(join(staging, name), JSON.stringify(schema));
    writeFileSync(join(staging, 'sources.json'), stamp);
    rmSync(dir, { recursive: true, force: true });
    renameSync(staging, dir);
    log(`Made ${files.schemas.size} schemas in ${((Date.now() - started) / 1000).toFixed(1)} s (${files.skipped.length} self-referencing kinds left out: ${files.skipped.join(', ')}).`);
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(staging, { recursive: true, force: true });
  }
  return dir;
}

/** A Go module's source, downloaded by the Go toolchain into `work` (a module cache of its own). */
async function goModule(path: string, version: string, work: string): Promise<string> {
  const { stdout } = await run('go', ['mod', 'download', '-json', `${path}@${version}`], {
    cwd: work,
    // -modcacherw: the throw-away cache must be removable afterwards.
    env: { ...process.env, GOMODCACHE: join(work, 'mod'), GOFLAGS: `${process.env.GOFLAGS ?? ''} -modcacherw`.trim() },
    maxBuffer: 16 * 1024 * 1024,
  }).catch((e: { stdout?: string; message: string }) => ({ stdout: e.stdout ?? JSON.stringify({ Error: e.message }) }));
  const info = JSON.parse(stdout) as { Dir?: string; Error?: string };
  if (!info.Dir) throw new Error(`go mod download ${path}@${version}: ${info.Error ?? 'no directory'}`);
  return info.Dir;
}

/** `apps` for `apps`, `networking` for `networking.k8s.io`, `keda` for `keda.sh`: kubeconform's KindSuffix. */
export function schemaFileName({ group, version, kind }: GroupVersionKind): string {
  return `${[kind, group.split('.')[0], version].filter(Boolean).join('-')}.json`.toLowerCase();
}

class SelfReference extends Error {}

/**
 * One standalone strict schema per kind of the OpenAPI v2 definitions. Kinds whose types refer to
 * themselves (CustomResourceDefinition's JSONSchemaProps) cannot be inlined and are left out, as
 * openapi2jsonschema leaves them out.
 */
export function kubernetesSchemaFiles(source: Record<string, JsonSchema>): { schemas: Map<string, JsonSchema>; skipped: string[]; objectMeta: JsonSchema } {
  const definitions: Record<string, JsonSchema> = structuredClone(source);
  // Both are written as strings in the spec, but the API server takes a number too.
  definitions['io.k8s.apimachinery.pkg.util.intstr.IntOrString'] = { oneOf: [{ type: 'string' }, { type: 'integer' }] };
  definitions['io.k8s.apimachinery.pkg.api.resource.Quantity'] = { oneOf: [{ type: 'string' }, { type: 'number' }] };

  const expand = (schema: JsonSchema, stack: string[]): JsonSchema => {
    const ref = schema.$ref;
    if (typeof ref === 'string') {
      const name = ref.replace(/^#\/definitions\//, '');
      if (stack.includes(name)) throw new SelfReference(name);
      const target = definitions[name];
      if (!target) throw new Error(`unknown $ref ${ref}`);
      // Keys beside the $ref (its description here) describe this use of the type.
      const siblings = { ...schema };
      delete siblings.$ref;
      return { ...expand(target, [...stack, name]), ...siblings };
    }
    return strictObject(mapSubschemas(schema, (s) => expand(s, stack)));
  };

  const schemas = new Map<string, JsonSchema>();
  const skipped: string[] = [];
  for (const [name, definition] of Object.entries(definitions)) {
    const kinds = definition['x-kubernetes-group-version-kind'] as GroupVersionKind[] | undefined;
    if (!kinds) continue;
    let expanded: JsonSchema;
    try {
      expanded = expand(definition, [name]);
    } catch (e) {
      if (!(e instanceof SelfReference)) throw e;
      skipped.push(name.split('.').at(-1)!);
      continue;
    }
    for (const gvk of kinds) {
      const properties = { ...(expanded.properties as Record<string, JsonSchema> | undefined) };
      // Each file pins its own apiVersion and kind, so a typo there fails instead of passing.
      if (properties.apiVersion) properties.apiVersion = { ...properties.apiVersion, enum: [gvk.group ? `${gvk.group}/${gvk.version}` : gvk.version] };
      if (properties.kind) properties.kind = { ...properties.kind, enum: [gvk.kind] };
      schemas.set(schemaFileName(gvk), { $schema: 'http://json-schema.org/draft-04/schema#', ...expanded, type: 'object', properties, additionalProperties: false });
    }
  }
  const objectMeta = expand(definitions['io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta']!, []);
  return { schemas, skipped: [...new Set(skipped)], objectMeta };
}

/**
 * The schema of each version of a CustomResourceDefinition (its `openAPIV3Schema`), strict like the
 * built-in kinds, with `metadata` checked as the API server checks it (ObjectMeta).
 */
export function crdSchemaFiles(crd: JsonSchema, objectMeta: JsonSchema): Map<string, JsonSchema> {
  const files = new Map<string, JsonSchema>();
  if (crd.kind !== 'CustomResourceDefinition') return files;
  const spec = crd.spec as { group: string; names: { kind: string }; versions: { name: string; schema?: { openAPIV3Schema?: JsonSchema } }[] };
  for (const version of spec.versions) {
    const source = version.schema?.openAPIV3Schema;
    if (!source) continue;
    const gvk = { group: spec.group, version: version.name, kind: spec.names.kind };
    const schema = openApiV3ToJsonSchema(source);
    const properties = { ...(schema.properties as Record<string, JsonSchema>) };
    properties.apiVersion = { type: 'string', enum: [`${gvk.group}/${gvk.version}`] };
    properties.kind = { type: 'string', enum: [gvk.kind] };
    properties.metadata = objectMeta;
    files.set(schemaFileName(gvk), { $schema: 'http://json-schema.org/draft-04/schema#', ...schema, properties, additionalProperties: false });
  }
  return files;
}

/** A structural CRD schema as draft-04 JSON Schema: OpenAPI's Kubernetes extensions made explicit. */
function openApiV3ToJsonSchema(schema: JsonSchema): JsonSchema {
  const out = mapSubschemas(schema, openApiV3ToJsonSchema);
  if (out['x-kubernetes-int-or-string'] === true && !out.type && !out.anyOf && !out.oneOf) out.type = ['integer', 'string'];
  if (out.nullable === true && typeof out.type === 'string') out.type = [out.type, 'null'];
  return strictObject(out);
}

/** additionalProperties: false where the fields are listed and nothing says unknown ones are kept. */
function strictObject(schema: JsonSchema): JsonSchema {
  if (schema.properties && schema.additionalProperties === undefined && schema['x-kubernetes-preserve-unknown-fields'] !== true) {
    return { ...schema, additionalProperties: false };
  }
  return schema;
}

/** The schema with `f` applied to each of its direct subschemas (properties, items, maps, combinators). */
function mapSubschemas(schema: JsonSchema, f: (s: JsonSchema) => JsonSchema): JsonSchema {
  const out: JsonSchema = { ...schema };
  if (schema.format === 'int-or-string') {
    delete out.format;
    delete out.type;
    out.oneOf = [{ type: 'string' }, { type: 'integer' }];
  }
  if (isSchema(schema.properties)) out.properties = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, f(v as JsonSchema)]));
  if (isSchema(schema.items)) out.items = f(schema.items);
  if (isSchema(schema.additionalProperties)) out.additionalProperties = f(schema.additionalProperties);
  if (isSchema(schema.not)) out.not = f(schema.not);
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = out[key];
    if (Array.isArray(list)) out[key] = (list as JsonSchema[]).map(f);
  }
  return out;
}

const isSchema = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v);
