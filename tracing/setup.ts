// The process's tracer provider, set up from the standard OTEL_* environment variables and only
// when they ask for export: without an OTLP endpoint (or OTEL_TRACES_EXPORTER=console) no SDK
// is installed, the OpenTelemetry API stays a no-op and an ask costs nothing extra.
// The SDK and the exporters are imported only then (~30 MB a process that does not trace saves).
import { diag, DiagConsoleLogger, DiagLogLevel } from '@opentelemetry/api';
import type { Resource } from '@opentelemetry/resources';
import type { SpanExporter, SpanProcessor } from '@opentelemetry/sdk-trace-base';

type OtelEnv = Record<string, string | undefined>;

export interface Tracing {
  /** Ends and exports whatever is buffered; call before the process exits. */
  shutdown(): Promise<void>;
  /** Where finished spans go: the Temporal workflow sink hands the workflow's spans to it too. */
  readonly spanProcessor: SpanProcessor;
  readonly resource: Resource;
}

/** Which exporters OTEL_TRACES_EXPORTER names (the spec's comma list); `otlp` when an endpoint is set and it is not. */
function exportersWanted(env: OtelEnv): string[] {
  const named = (env.OTEL_TRACES_EXPORTER ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  if (named.length) return named.filter((n) => n !== 'none');
  return env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT ? ['otlp'] : [];
}

/** Whether this environment turns trace export on (and so the SDK and the interceptors). */
export function tracingWanted(env: OtelEnv = process.env): boolean {
  return env.OTEL_SDK_DISABLED?.toLowerCase() !== 'true' && exportersWanted(env).length > 0;
}

/** The OTLP exporter in the protocol asked for (http/protobuf, the spec's default, http/json or grpc); it reads its endpoint, headers, timeout and compression from the same variables. */
async function otlpExporter(env: OtelEnv): Promise<SpanExporter> {
  const protocol = (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf').trim();
  if (protocol === 'http/protobuf') return new (await import('@opentelemetry/exporter-trace-otlp-proto')).OTLPTraceExporter();
  if (protocol === 'http/json') return new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter();
  if (protocol === 'grpc') return new (await import('@opentelemetry/exporter-trace-otlp-grpc')).OTLPTraceExporter();
  throw new Error(`OTEL_EXPORTER_OTLP_PROTOCOL "${protocol}" is not one of http/protobuf, http/json, grpc`);
}

async function processorFor(name: string, env: OtelEnv): Promise<SpanProcessor> {
  const sdk = await import('@opentelemetry/sdk-trace-base');
  if (name === 'otlp') return new sdk.BatchSpanProcessor(await otlpExporter(env));
  if (name === 'console') return new sdk.SimpleSpanProcessor(new sdk.ConsoleSpanExporter());
  throw new Error(`OTEL_TRACES_EXPORTER "${name}" is not one of otlp, console, none`);
}

/** Fans finished spans out to every configured processor (the workflow sink takes exactly one). */
class Processors implements SpanProcessor {
  constructor(private readonly all: SpanProcessor[]) {}
  onStart(...args: Parameters<SpanProcessor['onStart']>): void {
    for (const p of this.all) p.onStart(...args);
  }
  onEnd(...args: Parameters<SpanProcessor['onEnd']>): void {
    for (const p of this.all) p.onEnd(...args);
  }
  async forceFlush(): Promise<void> {
    await Promise.all(this.all.map((p) => p.forceFlush()));
  }
  async shutdown(): Promise<void> {
    await Promise.all(this.all.map((p) => p.shutdown()));
  }
}

/**
 * Installs the global tracer provider (AsyncLocalStorage context, W3C trace context and baggage
 * propagation) for `service` (`api` or `worker`; `version`, the worker's build id, becomes service.version) when the environment asks for export; null when
 * it does not. OTEL_SERVICE_NAME overrides `askflow-<service>`; OTEL_RESOURCE_ATTRIBUTES,
 * OTEL_TRACES_SAMPLER(_ARG) and OTEL_BSP_* are read as the specification says.
 */
export async function startTracing(service: string, version?: string, env: OtelEnv = process.env): Promise<Tracing | null> {
  if (!tracingWanted(env)) return null;
  const [{ detectResourcesSync, envDetectorSync, Resource }, { NodeTracerProvider }, { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION }] = await Promise.all([
    import('@opentelemetry/resources'),
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/semantic-conventions'),
  ]);
  if (env.OTEL_LOG_LEVEL) diag.setLogger(new DiagConsoleLogger(), DiagLogLevel[env.OTEL_LOG_LEVEL.toUpperCase() as keyof typeof DiagLogLevel] ?? DiagLogLevel.INFO);
  const resource = Resource.default()
    .merge(new Resource({ [ATTR_SERVICE_NAME]: `askflow-${service}`, ...(version ? { [ATTR_SERVICE_VERSION]: version } : {}) }))
    // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES win over our defaults.
    .merge(detectResourcesSync({ detectors: [envDetectorSync] }));
  const spanProcessor = new Processors(await Promise.all(exportersWanted(env).map((name) => processorFor(name, env))));
  const provider = new NodeTracerProvider({ resource, spanProcessors: [spanProcessor] });
  provider.register();
  return { spanProcessor, resource, shutdown: () => provider.shutdown() };
}
