{{/* Names and labels. */}}
{{- define "askflow.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "askflow.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* Labels of every object; call with (dict "ctx" $ "component" "api"). */}}
{{- define "askflow.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .ctx.Chart.Name .ctx.Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{ include "askflow.selectorLabels" . }}
app.kubernetes.io/version: {{ .ctx.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .ctx.Release.Service }}
app.kubernetes.io/part-of: askflow
{{- end -}}

{{- define "askflow.selectorLabels" -}}
app.kubernetes.io/name: {{ include "askflow.name" .ctx }}
app.kubernetes.io/instance: {{ .ctx.Release.Name }}
{{- if .component }}
app.kubernetes.io/component: {{ .component }}
{{- end }}
{{- end -}}

{{- define "askflow.image" -}}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) -}}
{{- end -}}

{{- define "askflow.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "askflow.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{/* Secrets: the one holding the master key (and by default everything else), the database URL's, the API key's. */}}
{{- define "askflow.secretName" -}}
{{- default (include "askflow.fullname" .) .Values.secrets.existingSecret -}}
{{- end -}}

{{- define "askflow.databaseSecretName" -}}
{{- default (include "askflow.secretName" .) .Values.database.existingSecret -}}
{{- end -}}

{{- define "askflow.apiKeySecretName" -}}
{{- default (include "askflow.secretName" .) .Values.temporal.apiKey.existingSecret -}}
{{- end -}}

{{- define "askflow.mtlsSecretName" -}}
{{- default (printf "%s-temporal-tls" (include "askflow.fullname" .)) .Values.temporal.mtls.existingSecret -}}
{{- end -}}

{{- define "askflow.temporalTls" -}}
{{- if or .Values.temporal.tls.enabled .Values.temporal.apiKey.enabled .Values.temporal.mtls.enabled -}}true{{- else -}}false{{- end -}}
{{- end -}}

{{/* Settings checked before anything renders: a missing secret fails here, not in a crash-looping pod. */}}
{{- define "askflow.validate" -}}
{{- if not .Values.secrets.existingSecret -}}
{{- $_ := required "secrets.masterKey is required when secrets.existingSecret is empty (openssl rand -base64 32)" .Values.secrets.masterKey -}}
{{- if not .Values.database.existingSecret -}}
{{- $_ := required "database.url is required when neither secrets.existingSecret nor database.existingSecret is set" .Values.database.url -}}
{{- end -}}
{{- if and .Values.temporal.apiKey.enabled (not .Values.temporal.apiKey.existingSecret) -}}
{{- $_ := required "temporal.apiKey.value is required when temporal.apiKey.enabled and no Secret holds it" .Values.temporal.apiKey.value -}}
{{- end -}}
{{- end -}}
{{- if and .Values.temporal.mtls.enabled (not .Values.temporal.mtls.existingSecret) -}}
{{- $_ := required "temporal.mtls.cert (PEM) is required when temporal.mtls.enabled and temporal.mtls.existingSecret is empty" .Values.temporal.mtls.cert -}}
{{- $_ := required "temporal.mtls.key (PEM) is required when temporal.mtls.enabled and temporal.mtls.existingSecret is empty" .Values.temporal.mtls.key -}}
{{- end -}}
{{- if and .Values.codec.enabled .Values.secrets.codecToken (lt (len .Values.secrets.codecToken) 16) -}}
{{- fail "secrets.codecToken must be at least 16 characters" -}}
{{- end -}}
{{- if not (has (toString .Values.worker.versioning.mode) (list "off" "pinned" "auto-upgrade")) -}}
{{- fail (printf "worker.versioning.mode must be off, pinned or auto-upgrade (quote \"off\": YAML reads a bare off as false), not %v" .Values.worker.versioning.mode) -}}
{{- end -}}
{{- $versioning := .Values.worker.versioning -}}
{{- if ne (toString $versioning.mode) "off" -}}
{{- if not $versioning.buildId -}}
{{- fail (printf "worker.versioning.buildId is required with Worker Versioning (mode %s): each version runs in a Deployment of its own, named after it, which a new release adds beside the previous one instead of replacing its pods (see infra/k8s/askflow/README.md)" (toString $versioning.mode)) -}}
{{- end -}}
{{- $seen := list (include "askflow.buildIdLabel" $versioning.buildId) -}}
{{- $ids := list (toString $versioning.buildId) -}}
{{- range $i, $d := $versioning.draining -}}
{{- if not (kindIs "map" $d) -}}
{{- fail (printf "worker.versioning.draining[%d] must be a map {buildId, imageTag, replicas}" $i) -}}
{{- end -}}
{{- if not $d.buildId -}}
{{- fail (printf "worker.versioning.draining[%d].buildId is required: the build id that version's workers declared" $i) -}}
{{- end -}}
{{- if not $d.imageTag -}}
{{- fail (printf "worker.versioning.draining[%d].imageTag is required: the image tag that version was deployed with (its workflow code)" $i) -}}
{{- end -}}
{{- if has (toString $d.buildId) $ids -}}
{{- fail (printf "worker.versioning.draining[%d].buildId %s is the current buildId or listed twice" $i (toString $d.buildId)) -}}
{{- end -}}
{{- $label := include "askflow.buildIdLabel" $d.buildId -}}
{{- if has $label $seen -}}
{{- fail (printf "worker.versioning.draining[%d].buildId %s gives the same Deployment name as another version (%s)" $i (toString $d.buildId) $label) -}}
{{- end -}}
{{- if hasKey $d "replicas" -}}
{{- $r := $d.replicas -}}
{{- if not (and (or (kindIs "float64" $r) (kindIs "int64" $r) (kindIs "int" $r)) (ge (float64 $r) 0.0) (eq (float64 $r) (float64 (int64 $r)))) -}}
{{- fail (printf "worker.versioning.draining[%d].replicas must be a whole number >= 0, not %s" $i (toJson $r)) -}}
{{- end -}}
{{- end -}}
{{- $seen = append $seen $label -}}
{{- $ids = append $ids (toString $d.buildId) -}}
{{- end -}}
{{- else if $versioning.draining -}}
{{- fail "worker.versioning.draining needs worker.versioning.mode pinned or auto-upgrade: unversioned workers have no versions to drain" -}}
{{- end -}}
{{- end -}}

{{/* Worker Versioning. A build id as a DNS label (lower-case letters, digits, '-'; at most 40): itself when it
already is one, else a cleaned-up prefix plus 8 hex of its SHA-256, so two build ids never share a name. */}}
{{- define "askflow.buildIdLabel" -}}
{{- $id := toString . -}}
{{- if and (regexMatch "^[a-z0-9]([-a-z0-9]*[a-z0-9])?$" $id) (le (len $id) 40) -}}
{{- $id -}}
{{- else -}}
{{- printf "%s-%s" (regexReplaceAll "[^a-z0-9]+" (lower $id) "-" | trunc 31 | trimAll "-") (sha256sum $id | trunc 8) | trimPrefix "-" -}}
{{- end -}}
{{- end -}}

{{/* The label telling one worker version's pods from another's (in the selectors of its Deployment and PDB). */}}
{{- define "askflow.buildIdLabelKey" -}}askflow.dev/build-id{{- end -}}

{{/* A worker Deployment's name: `<fullname>-worker` unversioned, `<fullname>-worker-<build id label>` (63 at most: KEDA
puts a ScaledObject's name in a label) per version; call with (dict "ctx" $ "buildId" id), id empty when unversioned. */}}
{{- define "askflow.workerName" -}}
{{- if .buildId -}}
{{- $label := include "askflow.buildIdLabel" .buildId -}}
{{- printf "%s-worker-%s" (include "askflow.fullname" .ctx | trunc (int (sub 55 (len $label))) | trimSuffix "-") $label -}}
{{- else -}}
{{- printf "%s-worker" (include "askflow.fullname" .ctx) -}}
{{- end -}}
{{- end -}}

{{/* Selector labels and labels of a worker version's objects; call with (dict "ctx" $ "buildId" id). */}}
{{- define "askflow.workerSelectorLabels" -}}
{{ include "askflow.selectorLabels" (dict "ctx" .ctx "component" "worker") }}
{{- if .buildId }}
{{ include "askflow.buildIdLabelKey" . }}: {{ include "askflow.buildIdLabel" .buildId }}
{{- end }}
{{- end -}}

{{- define "askflow.workerLabels" -}}
{{ include "askflow.labels" (dict "ctx" .ctx "component" "worker") }}
{{- if .buildId }}
{{ include "askflow.buildIdLabelKey" . }}: {{ include "askflow.buildIdLabel" .buildId }}
{{- end }}
{{- end -}}

{{/* Pod-level settings shared by every role; call with (dict "ctx" $ "role" .Values.api). */}}
{{- define "askflow.podSpec" -}}
serviceAccountName: {{ include "askflow.serviceAccountName" .ctx }}
automountServiceAccountToken: false
{{- with .ctx.Values.imagePullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
securityContext:
  {{- toYaml .ctx.Values.podSecurityContext | nindent 2 }}
{{- with .role.nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .role.tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .role.affinity }}
affinity:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .role.topologySpreadConstraints }}
topologySpreadConstraints:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end -}}

{{/* A map of NAME: value as a list of EnvVars (values as strings: the environment holds strings). */}}
{{- define "askflow.envMap" -}}
{{- $vars := list -}}
{{- range $name, $value := . -}}
{{- $vars = append $vars (dict "name" $name "value" (toString $value)) -}}
{{- end -}}
{{- toYaml $vars -}}
{{- end -}}

{{/* The secrets every role reads: master key, payload keys. */}}
{{- define "askflow.keyEnv" -}}
- name: ASKFLOW_MASTER_KEY
  valueFrom:
    secretKeyRef:
      name: {{ include "askflow.secretName" . }}
      key: {{ .Values.secrets.keys.masterKey }}
- name: ASKFLOW_PAYLOAD_KEYS
  valueFrom:
    secretKeyRef:
      name: {{ include "askflow.secretName" . }}
      key: {{ .Values.secrets.keys.payloadKeys }}
      optional: true
{{- end -}}

{{- define "askflow.databaseEnv" -}}
- name: DATABASE_URL
  valueFrom:
    secretKeyRef:
      name: {{ include "askflow.databaseSecretName" . }}
      key: {{ .Values.database.key }}
{{- end -}}

{{/* How api and worker reach Temporal (config/env.ts, config/temporalConnection.ts). */}}
{{- define "askflow.temporalEnv" -}}
- name: TEMPORAL_ADDRESS
  value: {{ .Values.temporal.address | quote }}
- name: TEMPORAL_NAMESPACE
  value: {{ .Values.temporal.namespace | quote }}
- name: TEMPORAL_TASK_QUEUE
  value: {{ .Values.temporal.taskQueue | quote }}
- name: TEMPORAL_TLS
  value: {{ include "askflow.temporalTls" . | quote }}
{{- with .Values.temporal.tls.serverName }}
- name: TEMPORAL_TLS_SERVER_NAME
  value: {{ . | quote }}
{{- end }}
{{- if .Values.temporal.tls.caSecret }}
- name: TEMPORAL_TLS_CA_PATH
  value: /etc/askflow/temporal-ca/{{ .Values.temporal.tls.caKey }}
{{- end }}
{{- if .Values.temporal.apiKey.enabled }}
- name: TEMPORAL_API_KEY
  valueFrom:
    secretKeyRef:
      name: {{ include "askflow.apiKeySecretName" . }}
      key: {{ .Values.temporal.apiKey.key }}
{{- end }}
{{- if .Values.temporal.mtls.enabled }}
- name: TEMPORAL_TLS_CERT_PATH
  value: /etc/askflow/temporal-tls/tls.crt
- name: TEMPORAL_TLS_KEY_PATH
  value: /etc/askflow/temporal-tls/tls.key
{{- end }}
{{- with .Values.temporal.uiUrl }}
- name: TEMPORAL_UI_URL
  value: {{ . | quote }}
{{- end }}
{{- end -}}

{{/* Volumes for Temporal's client certificate and CA, and a writable /tmp (the root filesystem is read-only). */}}
{{- define "askflow.volumes" -}}
- name: tmp
  emptyDir: {}
{{- if .temporal }}
{{- if .ctx.Values.temporal.mtls.enabled }}
- name: temporal-tls
  secret:
    secretName: {{ include "askflow.mtlsSecretName" .ctx }}
    items:
      - {key: tls.crt, path: tls.crt}
      - {key: tls.key, path: tls.key}
{{- end }}
{{- if .ctx.Values.temporal.tls.caSecret }}
- name: temporal-ca
  secret:
    secretName: {{ .ctx.Values.temporal.tls.caSecret }}
    items:
      - {key: {{ .ctx.Values.temporal.tls.caKey }}, path: {{ .ctx.Values.temporal.tls.caKey }}}
{{- end }}
{{- end }}
{{- end -}}

{{- define "askflow.volumeMounts" -}}
- name: tmp
  mountPath: /tmp
{{- if .temporal }}
{{- if .ctx.Values.temporal.mtls.enabled }}
- name: temporal-tls
  mountPath: /etc/askflow/temporal-tls
  readOnly: true
{{- end }}
{{- if .ctx.Values.temporal.tls.caSecret }}
- name: temporal-ca
  mountPath: /etc/askflow/temporal-ca
  readOnly: true
{{- end }}
{{- end }}
{{- end -}}

{{/* Restart pods when the chart-created Secrets change (an existing Secret is the operator's to roll). */}}
{{- define "askflow.checksums" -}}
checksum/secret: {{ include (print .Template.BasePath "/secret.yaml") . | sha256sum }}
{{- end -}}

{{/* NetworkPolicy egress rules: DNS, the Temporal frontend, PostgreSQL. */}}
{{- define "askflow.egress.dns" -}}
- to:
    {{- toYaml .Values.networkPolicy.dns | nindent 4 }}
  ports:
    - {protocol: UDP, port: 53}
    - {protocol: TCP, port: 53}
{{- end -}}

{{- define "askflow.egress.temporal" -}}
- ports:
    - {protocol: TCP, port: {{ .Values.temporal.frontendPort }}}
  {{- with .Values.temporal.networkPolicyPeers }}
  to:
    {{- toYaml . | nindent 4 }}
  {{- end }}
{{- end -}}

{{- define "askflow.egress.database" -}}
- ports:
    - {protocol: TCP, port: {{ .Values.database.port }}}
  {{- with .Values.database.networkPolicyPeers }}
  to:
    {{- toYaml . | nindent 4 }}
  {{- end }}
{{- end -}}

{{/* The internet: any address but the cluster's own ranges; call with (dict "ctx" $ "ports" list). */}}
{{- define "askflow.egress.internet" -}}
- to:
    - ipBlock:
        cidr: {{ .ctx.Values.networkPolicy.internetCIDR }}
        except:
          {{- toYaml .ctx.Values.networkPolicy.clusterCIDRs | nindent 10 }}
  {{- with .ports }}
  ports:
    {{- range . }}
    - {protocol: TCP, port: {{ . }}}
    {{- end }}
  {{- end }}
{{- end -}}

{{/* Prometheus /metrics on a port of its own (metrics.port), for api and worker containers. */}}
{{- define "askflow.metricsEnv" -}}
{{- if .Values.metrics.enabled }}
- name: METRICS_HOST
  value: 0.0.0.0
- name: METRICS_PORT
  value: {{ .Values.metrics.port | quote }}
- name: METRICS_TENANT_LABELS
  value: {{ .Values.metrics.tenantLabels | quote }}
{{- end }}
{{- end }}

{{- define "askflow.metricsPort" -}}
{{- if .Values.metrics.enabled }}
- name: metrics
  containerPort: {{ .Values.metrics.port }}
  protocol: TCP
{{- end }}
{{- end }}

{{/* prometheus.io annotations, for Prometheus set up to discover pods by them. */}}
{{- define "askflow.metricsAnnotations" -}}
{{- if and .Values.metrics.enabled .Values.metrics.podAnnotations }}
prometheus.io/scrape: "true"
prometheus.io/port: {{ .Values.metrics.port | quote }}
prometheus.io/path: /metrics
{{- end }}
{{- end }}

{{/* NetworkPolicy ingress to the metrics port from metrics.scrapeFrom (empty: from anywhere). */}}
{{- define "askflow.ingress.metrics" -}}
{{- if .Values.metrics.enabled }}
- ports:
    - {protocol: TCP, port: {{ .Values.metrics.port }}}
  {{- with .Values.metrics.scrapeFrom }}
  from:
    {{- toYaml . | nindent 4 }}
  {{- end }}
{{- end }}
{{- end }}
