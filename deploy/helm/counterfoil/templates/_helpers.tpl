{{/* Names, labels and the pod parts every Counterfoil process shares (API, worker, hook Jobs). */}}

{{- define "counterfoil.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* Kubernetes names are at most 63 characters; a release named like the chart is not repeated. */}}
{{- define "counterfoil.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{/* "<fullname>-<suffix>", kept within 63 characters. Call with (list $ "suffix"). */}}
{{- define "counterfoil.componentName" -}}
{{- $root := index . 0 }}
{{- printf "%s-%s" (include "counterfoil.fullname" $root | trunc (int (sub 62 (len (index . 1))))) (index . 1) | trimSuffix "-" }}
{{- end }}

{{- define "counterfoil.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* Selector labels of one component (api, worker, migrate, temporal-setup). Call with (list $ "api"). */}}
{{- define "counterfoil.selectorLabels" -}}
{{- $root := index . 0 -}}
app.kubernetes.io/name: {{ include "counterfoil.name" $root }}
app.kubernetes.io/instance: {{ $root.Release.Name }}
app.kubernetes.io/component: {{ index . 1 }}
{{- end }}

{{/* Labels of every resource; (list $ "") for a resource of no single component. */}}
{{- define "counterfoil.labels" -}}
{{- $root := index . 0 -}}
helm.sh/chart: {{ include "counterfoil.chart" $root }}
app.kubernetes.io/name: {{ include "counterfoil.name" $root }}
app.kubernetes.io/instance: {{ $root.Release.Name }}
{{- with index . 1 }}
app.kubernetes.io/component: {{ . }}
{{- end }}
app.kubernetes.io/version: {{ default $root.Chart.AppVersion $root.Values.image.tag | trunc 63 | quote }}
app.kubernetes.io/managed-by: {{ $root.Release.Service }}
app.kubernetes.io/part-of: counterfoil
{{- end }}

{{- define "counterfoil.image" -}}
{{- if .Values.image.digest }}
{{- printf "%s@%s" .Values.image.repository .Values.image.digest }}
{{- else }}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) }}
{{- end }}
{{- end }}

{{/* Secret names: the operator's own Secret, or the one this chart creates from values. */}}
{{- define "counterfoil.databaseSecret" -}}
{{- default (include "counterfoil.componentName" (list . "database")) .Values.database.existingSecret }}
{{- end }}

{{- define "counterfoil.migrateSecret" -}}
{{- default (include "counterfoil.componentName" (list . "migrate-database")) .Values.migrate.existingSecret }}
{{- end }}

{{- define "counterfoil.sealingSecret" -}}
{{- default (include "counterfoil.componentName" (list . "sealing")) .Values.sealing.existingSecret }}
{{- end }}

{{- define "counterfoil.temporalTlsSecret" -}}
{{- default (include "counterfoil.componentName" (list . "temporal-tls")) .Values.temporal.tls.existingSecret }}
{{- end }}

{{/* The key names inside the Temporal TLS Secret: the chart's own Secret uses the kubernetes.io/tls names. */}}
{{- define "counterfoil.temporalTlsKeys" -}}
{{- $tls := .Values.temporal.tls }}
{{- if $tls.existingSecret }}
{{- dict "cert" $tls.clientCertKey "key" $tls.clientKeyKey "ca" $tls.serverCaCertKey | toJson }}
{{- else }}
{{- dict "cert" (ternary "tls.crt" "" (ne $tls.clientCert "")) "key" (ternary "tls.key" "" (ne $tls.clientKey "")) "ca" (ternary "ca.crt" "" (ne $tls.serverCaCert "")) | toJson }}
{{- end }}
{{- end }}

{{- define "counterfoil.sealingMountPath" -}}/etc/counterfoil/sealing{{- end }}
{{- define "counterfoil.temporalTlsMountPath" -}}/etc/counterfoil/temporal-tls{{- end }}
{{- define "counterfoil.dataDir" -}}/var/lib/counterfoil{{- end }}

{{/*
Environment of every Counterfoil container: the mode, the data folder, PostgreSQL, the sealing key ring,
Temporal, then the operator's own settings (which may override any of the above). The migrate Job gets
the DDL-rights URL when one is given. Call with (list $ "<component>").
*/}}
{{- define "counterfoil.env" -}}
{{- $component := index . 1 }}
{{- with index . 0 }}
{{- $dbSecret := include "counterfoil.databaseSecret" . }}
{{- $dbKey := .Values.database.existingSecretKey }}
{{- if and (eq $component "migrate") (or .Values.migrate.url .Values.migrate.existingSecret) }}
{{- $dbSecret = include "counterfoil.migrateSecret" . }}
{{- $dbKey = .Values.migrate.existingSecretKey }}
{{- end -}}
- name: COUNTERFOIL_MODE
  value: {{ .Values.mode | quote }}
- name: LOG_LEVEL
  value: {{ .Values.logLevel | quote }}
- name: COUNTERFOIL_DATA_DIR
  value: {{ include "counterfoil.dataDir" . | quote }}
- name: DATABASE_URL
  valueFrom:
    secretKeyRef:
      name: {{ $dbSecret }}
      key: {{ $dbKey }}
- name: COUNTERFOIL_SEALING_KEY_FILE
  value: {{ printf "%s/%s" (include "counterfoil.sealingMountPath" .) .Values.sealing.existingSecretKey | quote }}
{{- with .Values.providers }}
- name: COUNTERFOIL_PROVIDERS
  value: {{ toJson . | quote }}
{{- end }}
- name: TEMPORAL_ADDRESS
  value: {{ .Values.temporal.address | quote }}
- name: TEMPORAL_NAMESPACE
  value: {{ .Values.temporal.namespace | quote }}
- name: TEMPORAL_TASK_QUEUE
  value: {{ .Values.temporal.taskQueue | quote }}
{{- $root := . }}
{{- with .Values.temporal.apiKey.existingSecret }}
- name: TEMPORAL_API_KEY
  valueFrom:
    secretKeyRef:
      name: {{ . }}
      key: {{ $root.Values.temporal.apiKey.existingSecretKey }}
{{- end }}
{{- if .Values.temporal.tls.enabled }}
{{- $keys := include "counterfoil.temporalTlsKeys" . | fromJson }}
{{- $dir := include "counterfoil.temporalTlsMountPath" . }}
- name: TEMPORAL_TLS
  value: "true"
{{- with .Values.temporal.tls.serverName }}
- name: TEMPORAL_TLS_SERVER_NAME
  value: {{ . | quote }}
{{- end }}
{{- if and $keys.cert $keys.key }}
- name: TEMPORAL_TLS_CLIENT_CERT_PATH
  value: {{ printf "%s/%s" $dir $keys.cert | quote }}
- name: TEMPORAL_TLS_CLIENT_KEY_PATH
  value: {{ printf "%s/%s" $dir $keys.key | quote }}
{{- end }}
{{- with $keys.ca }}
- name: TEMPORAL_TLS_SERVER_CA_CERT_PATH
  value: {{ printf "%s/%s" $dir . | quote }}
{{- end }}
{{- end }}
{{- range $name, $value := .Values.env }}
- name: {{ $name }}
  value: {{ $value | quote }}
{{- end }}
{{- with .Values.extraEnv }}
{{ toYaml . }}
{{- end }}
{{- end }}
{{- end }}

{{/* Does the Temporal TLS Secret hold any file to mount? */}}
{{- define "counterfoil.temporalTlsMounted" -}}
{{- $keys := include "counterfoil.temporalTlsKeys" . | fromJson }}
{{- if and .Values.temporal.tls.enabled (or $keys.cert $keys.key $keys.ca) }}true{{ end }}
{{- end }}

{{/* Volumes: the writable paths of the read-only root filesystem, and the mounted Secrets (read-only). */}}
{{- define "counterfoil.volumes" -}}
- name: tmp
  emptyDir:
    sizeLimit: {{ .Values.writablePaths.tmpSizeLimit }}
- name: data
  emptyDir:
    sizeLimit: {{ .Values.writablePaths.dataSizeLimit }}
- name: sealing
  secret:
    secretName: {{ include "counterfoil.sealingSecret" . }}
    defaultMode: 0440
    items:
      - key: {{ .Values.sealing.existingSecretKey }}
        path: {{ .Values.sealing.existingSecretKey }}
{{- if include "counterfoil.temporalTlsMounted" . }}
{{- $keys := include "counterfoil.temporalTlsKeys" . | fromJson }}
- name: temporal-tls
  secret:
    secretName: {{ include "counterfoil.temporalTlsSecret" . }}
    defaultMode: 0440
    items:
      {{- range $file := list $keys.cert $keys.key $keys.ca }}
      {{- if $file }}
      - key: {{ $file }}
        path: {{ $file }}
      {{- end }}
      {{- end }}
{{- end }}
{{- end }}

{{- define "counterfoil.volumeMounts" -}}
- name: tmp
  mountPath: /tmp
- name: data
  mountPath: {{ include "counterfoil.dataDir" . }}
- name: sealing
  mountPath: {{ include "counterfoil.sealingMountPath" . }}
  readOnly: true
{{- if include "counterfoil.temporalTlsMounted" . }}
- name: temporal-tls
  mountPath: {{ include "counterfoil.temporalTlsMountPath" . }}
  readOnly: true
{{- end }}
{{- end }}

{{/* Pod-level settings shared by the Deployments and the hook Jobs. */}}
{{- define "counterfoil.podCommon" -}}
{{- with .Values.imagePullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{ end -}}
{{- with .Values.serviceAccountName }}
serviceAccountName: {{ . }}
{{ end -}}
automountServiceAccountToken: false
enableServiceLinks: false
securityContext:
  {{- toYaml .Values.podSecurityContext | nindent 2 }}
{{- end }}

{{/*
Rolls the pods when a Secret the chart creates changes (the processes read their settings once, at start-up).
Existing Secrets are the operator's: restart the Deployments after changing them.
*/}}
{{- define "counterfoil.secretChecksum" -}}
{{- dict "database" .Values.database.url "sealing" .Values.sealing.keys "tls" .Values.temporal.tls | toJson | sha256sum }}
{{- end }}

{{/* Seconds a stopping pod may take: the readiness drain, the in-flight grace, and a margin. Call with (list $ .Values.api). */}}
{{- define "counterfoil.terminationGracePeriodSeconds" -}}
{{- $role := index . 1 }}
{{- add (div (add (int $role.readinessDrainMs) (int $role.shutdownGraceMs) 999) 1000) (int $role.terminationMarginSeconds) }}
{{- end }}
