{{/*
Names, labels, image and per-service values of the reelsmith chart.
*/}}

{{/* Chart name, or nameOverride. */}}
{{- define "reelsmith.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/*
Fully qualified app name: <release>-<chart>, or the release name alone when it already contains
the chart name, or fullnameOverride. Truncated to 63 characters (DNS label).
*/}}
{{- define "reelsmith.fullname" -}}
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

{{/* Name of a service's resources: <fullname>-<service>. Call with (dict "root" $ "name" "gateway"). */}}
{{- define "reelsmith.componentName" -}}
{{- printf "%s-%s" (include "reelsmith.fullname" .root | trunc 32 | trimSuffix "-") .name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Chart label value. */}}
{{- define "reelsmith.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Labels that select the release's pods (never change them: selectors are immutable). */}}
{{- define "reelsmith.selectorLabels" -}}
app.kubernetes.io/name: {{ include "reelsmith.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{/* Common labels of every resource. */}}
{{- define "reelsmith.labels" -}}
helm.sh/chart: {{ include "reelsmith.chart" . }}
{{ include "reelsmith.selectorLabels" . }}
app.kubernetes.io/version: {{ (default .Chart.AppVersion .Values.image.tag) | trunc 63 | trimSuffix "-" | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: reelsmith
{{- with .Values.commonLabels }}
{{ toYaml . }}
{{- end }}
{{- end -}}

{{/* Selector labels of one service. Call with (dict "root" $ "name" "gateway"). */}}
{{- define "reelsmith.componentSelectorLabels" -}}
{{ include "reelsmith.selectorLabels" .root }}
app.kubernetes.io/component: {{ .name }}
{{- end -}}

{{/* Labels of one service's resources. Call with (dict "root" $ "name" "gateway"). */}}
{{- define "reelsmith.componentLabels" -}}
{{ include "reelsmith.labels" .root }}
app.kubernetes.io/component: {{ .name }}
{{- end -}}

{{/* metadata.annotations from commonAnnotations plus extra ones. Call with (dict "root" $ "extra" $map). */}}
{{- define "reelsmith.annotations" -}}
{{- $all := merge (dict) (.extra | default dict) .root.Values.commonAnnotations -}}
{{- if $all }}
annotations:
  {{- toYaml $all | nindent 2 }}
{{- end }}
{{- end -}}

{{/* The one image of every service: registry/repository@digest or :tag (default appVersion). */}}
{{- define "reelsmith.image" -}}
{{- $img := .Values.image -}}
{{- $repo := $img.repository -}}
{{- if $img.registry }}{{ $repo = printf "%s/%s" $img.registry $img.repository }}{{ end -}}
{{- if $img.digest -}}
{{- printf "%s@%s" $repo $img.digest -}}
{{- else -}}
{{- printf "%s:%s" $repo (default .Chart.AppVersion $img.tag | toString) -}}
{{- end -}}
{{- end -}}

{{/* ServiceAccount name. */}}
{{- define "reelsmith.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "reelsmith.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{/*
Deep merge: writes .src into .dst (a map, changed in place). Maps are merged key by key,
everything else in .src replaces the value in .dst, including false, 0 and "" (unlike sprig's
merge helpers, which skip "empty" values).
*/}}
{{- define "reelsmith.deepMerge" -}}
{{- $dst := .dst -}}
{{- range $key, $value := .src -}}
{{- if and (kindIs "map" $value) (kindIs "map" (get $dst $key)) -}}
{{- include "reelsmith.deepMerge" (dict "dst" (get $dst $key) "src" $value) -}}
{{- else -}}
{{- $_ := set $dst $key $value -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/*
The effective settings of one service as YAML: serviceDefaults with the service's entry merged
over it. Call with (dict "root" $ "name" "gateway"); use with fromYaml.
*/}}
{{- define "reelsmith.serviceValues" -}}
{{- $merged := deepCopy .root.Values.serviceDefaults -}}
{{- include "reelsmith.deepMerge" (dict "dst" $merged "src" (deepCopy (get .root.Values.services .name))) -}}
{{- toYaml $merged -}}
{{- end -}}

{{/* Names of the enabled services, sorted, as a JSON list. */}}
{{- define "reelsmith.enabledServices" -}}
{{- $names := list -}}
{{- range $name := keys .Values.services | sortAlpha -}}
{{- $svc := include "reelsmith.serviceValues" (dict "root" $ "name" $name) | fromYaml -}}
{{- if $svc.enabled }}{{ $names = append $names $name }}{{ end -}}
{{- end -}}
{{- toJson $names -}}
{{- end -}}

{{/* Whether any enabled service uses a connection ("true" or ""). Call with (dict "root" $ "use" "jwt"). */}}
{{- define "reelsmith.anyUses" -}}
{{- $root := .root -}}
{{- $use := .use -}}
{{- $found := false -}}
{{- range $name := include "reelsmith.enabledServices" $root | fromJsonArray -}}
{{- $svc := include "reelsmith.serviceValues" (dict "root" $root "name" $name) | fromYaml -}}
{{- if has $use $svc.uses }}{{ $found = true }}{{ end -}}
{{- end -}}
{{- if $found }}true{{ end -}}
{{- end -}}

{{/*
Checks that values cannot express in values.schema.json; fails the render with every problem.
*/}}
{{- define "reelsmith.validateValues" -}}
{{- $messages := list -}}
{{- if and (include "reelsmith.anyUses" (dict "root" . "use" "jwt")) (not .Values.auth.jwt.existingSecret) -}}
{{- $messages = append $messages (printf `auth.jwt.existingSecret is required: the JWT signing key must come from an existing Secret (at least 32 characters). Create one and name it, e.g.
    kubectl create secret generic %s-jwt --from-literal=%s="$(openssl rand -hex 32)"
    helm install ... --set auth.jwt.existingSecret=%s-jwt` .Release.Name .Values.auth.jwt.existingSecretKey .Release.Name) -}}
{{- end -}}
{{- if and (include "reelsmith.anyUses" (dict "root" . "use" "mediaUrl")) (not .Values.mediaUrl.existingSecret) -}}
{{- $messages = append $messages (printf `mediaUrl.existingSecret is required: the key that signs media URLs must come from an existing Secret (at least 32 characters), e.g.
    kubectl create secret generic %s-media-url --from-literal=%s="$(openssl rand -hex 32)"
    helm install ... --set mediaUrl.existingSecret=%s-media-url` .Release.Name .Values.mediaUrl.existingSecretKey .Release.Name) -}}
{{- end -}}
{{- if and (include "reelsmith.anyUses" (dict "root" . "use" "mail")) (not .Values.mail.existingSecret) -}}
{{- $messages = append $messages (printf `mail.existingSecret is required: the SMTP URL and the key that signs unsubscribe links must come from an existing Secret, e.g.
    kubectl create secret generic %s-mail --from-literal=%s='smtp://USER:PASSWORD@smtp.example.com:587' --from-literal=%s="$(openssl rand -hex 32)"
    helm install ... --set mail.existingSecret=%s-mail` .Release.Name .Values.mail.smtpUrlKey .Values.mail.unsubscribeSecretKey .Release.Name) -}}
{{- end -}}
{{- if and (include "reelsmith.anyUses" (dict "root" . "use" "stripe")) (not .Values.stripe.existingSecret) -}}
{{- $messages = append $messages (printf `stripe.existingSecret is required: the Stripe secret key and webhook signing secret must come from an existing Secret, e.g.
    kubectl create secret generic %s-stripe --from-literal=%s=sk_live_... --from-literal=%s=whsec_...
    helm install ... --set stripe.existingSecret=%s-stripe` .Release.Name .Values.stripe.secretKeyKey .Values.stripe.webhookSecretKey .Release.Name) -}}
{{- end -}}
{{- if and (include "reelsmith.anyUses" (dict "root" . "use" "database")) (not .Values.externalDatabase.existingSecret) -}}
{{- $messages = append $messages (printf `externalDatabase.existingSecret is required: the PostgreSQL URL must come from an existing Secret, e.g.
    kubectl create secret generic %s-db --from-literal=%s='postgres://USER:PASSWORD@HOST:5432/reelsmith'
    helm install ... --set externalDatabase.existingSecret=%s-db` .Release.Name .Values.externalDatabase.existingSecretKey .Release.Name) -}}
{{- end -}}
{{- if include "reelsmith.anyUses" (dict "root" . "use" "s3") -}}
{{- if not .Values.externalS3.endpoint -}}
{{- $messages = append $messages "externalS3.endpoint is required by the services that use s3 (e.g. http://minio.storage:9000)" -}}
{{- end -}}
{{- if not .Values.externalS3.existingSecret -}}
{{- $messages = append $messages (printf `externalS3.existingSecret is required by the services that use s3: a Secret with the keys %s and %s, e.g.
    kubectl create secret generic %s-s3 --from-literal=%s=ACCESS_KEY --from-literal=%s=SECRET_KEY
    helm install ... --set externalS3.existingSecret=%s-s3` .Values.externalS3.accessKeyKey .Values.externalS3.secretKeyKey .Release.Name .Values.externalS3.accessKeyKey .Values.externalS3.secretKeyKey .Release.Name) -}}
{{- end -}}
{{- end -}}
{{- range $name := include "reelsmith.enabledServices" . | fromJsonArray -}}
{{- $svc := include "reelsmith.serviceValues" (dict "root" $ "name" $name) | fromYaml -}}
{{- if lt (int $svc.autoscaling.maxReplicas) (int $svc.autoscaling.minReplicas) -}}
{{- $messages = append $messages (printf "services.%s.autoscaling.maxReplicas (%d) is below minReplicas (%d)" $name (int $svc.autoscaling.maxReplicas) (int $svc.autoscaling.minReplicas)) -}}
{{- end -}}
{{- if and $svc.autoscaling.enabled (not $svc.autoscaling.targetCPUUtilizationPercentage) (not $svc.autoscaling.targetMemoryUtilizationPercentage) -}}
{{- $messages = append $messages (printf "services.%s.autoscaling needs targetCPUUtilizationPercentage or targetMemoryUtilizationPercentage" $name) -}}
{{- end -}}
{{- if and $svc.autoscaling.enabled $svc.keda.enabled -}}
{{- $messages = append $messages (printf "services.%s: autoscaling (HPA) and keda cannot both be enabled: KEDA makes its own HPA for the Deployment" $name) -}}
{{- end -}}
{{- if $svc.keda.enabled -}}
{{- if not $.Values.externalNats.monitoringEndpoint -}}
{{- $messages = append $messages (printf "services.%s.keda needs externalNats.monitoringEndpoint (host:port of the NATS monitoring port, e.g. nats.messaging.svc:8222)" $name) -}}
{{- end -}}
{{- if not $svc.keda.consumers -}}
{{- $messages = append $messages (printf "services.%s.keda.consumers is empty: name the durable JOBS consumers the service pulls from" $name) -}}
{{- end -}}
{{- if lt (int $svc.keda.maxReplicas) (int $svc.keda.minReplicas) -}}
{{- $messages = append $messages (printf "services.%s.keda.maxReplicas (%d) is below minReplicas (%d)" $name (int $svc.keda.maxReplicas) (int $svc.keda.minReplicas)) -}}
{{- end -}}
{{- end -}}
{{- if le (int $svc.terminationGracePeriodSeconds) (add (int $svc.preStopSeconds) 15 | int) -}}
{{- $messages = append $messages (printf "services.%s.terminationGracePeriodSeconds (%d) must exceed preStopSeconds + 15 (%d): the pause, then 10 s to hand a running job back and close" $name (int $svc.terminationGracePeriodSeconds) (add (int $svc.preStopSeconds) 15 | int)) -}}
{{- end -}}
{{- if and $svc.pdb.enabled (not $svc.autoscaling.enabled) (not $svc.keda.enabled) (kindIs "invalid" $svc.pdb.maxUnavailable) (not (kindIs "string" $svc.pdb.minAvailable)) (not (kindIs "invalid" $svc.pdb.minAvailable)) (ge (int $svc.pdb.minAvailable) (int $svc.replicaCount)) -}}
{{- $messages = append $messages (printf "services.%s.pdb.minAvailable (%d) is not below replicaCount (%d): no pod could ever be evicted and node drains would hang" $name (int $svc.pdb.minAvailable) (int $svc.replicaCount)) -}}
{{- end -}}
{{- if and $svc.pdb.enabled $svc.keda.enabled (lt (int $svc.keda.minReplicas) 1) -}}
{{- $messages = append $messages (printf "services.%s: a pdb with keda.minReplicas 0 protects nothing; set keda.minReplicas >= 1 or disable the pdb" $name) -}}
{{- end -}}
{{- if and $svc.pdb.enabled (kindIs "invalid" $svc.pdb.minAvailable) (kindIs "invalid" $svc.pdb.maxUnavailable) -}}
{{- $messages = append $messages (printf "services.%s.pdb needs minAvailable or maxUnavailable" $name) -}}
{{- end -}}
{{- end -}}
{{- if .Values.ingress.enabled -}}
{{- $target := .Values.ingress.service -}}
{{- if not (has $target (include "reelsmith.enabledServices" . | fromJsonArray)) -}}
{{- $messages = append $messages (printf "ingress.service %q is not an enabled entry of services" $target) -}}
{{- else -}}
{{- $svc := include "reelsmith.serviceValues" (dict "root" . "name" $target) | fromYaml -}}
{{- if not $svc.port -}}
{{- $messages = append $messages (printf "ingress.service %q has no HTTP port (services.%s.port)" $target $target) -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- if $messages -}}
{{- fail (printf "\n\nVALUES VALIDATION:\n  - %s\n" (join "\n  - " $messages)) -}}
{{- end -}}
{{- end -}}

{{/* Timing fields of a probe (the values under serviceDefaults.probes.<kind>). */}}
{{- define "reelsmith.probeTiming" -}}
{{- if .initialDelaySeconds }}
initialDelaySeconds: {{ int .initialDelaySeconds }}
{{- end }}
periodSeconds: {{ int .periodSeconds }}
timeoutSeconds: {{ int .timeoutSeconds }}
failureThreshold: {{ int .failureThreshold }}
{{- end -}}

{{/*
The env of a service's container (Deployment, migration Job): chart-managed connections, the
service's env, then secrets by reference. Call with (dict "root" $ "name" "gateway" "svc" $svc
"extra" (dict "KEY" "value")); extra keys with an empty value are left out.
*/}}
{{- define "reelsmith.containerEnv" -}}
{{- $root := .root -}}
{{- $name := .name -}}
{{- $svc := .svc -}}
{{- $healthPortName := include "reelsmith.healthPortName" $svc -}}
{{- $plain := dict }}
{{- if has "nats" $svc.uses }}
{{- $_ := set $plain "NATS_URL" $root.Values.externalNats.url }}
{{- $_ := set $plain "JETSTREAM_REPLICAS" (toString (int $root.Values.externalNats.jetstreamReplicas)) }}
{{- end }}
{{- if has "s3" $svc.uses }}
{{- $_ := set $plain "S3_ENDPOINT" $root.Values.externalS3.endpoint }}
{{- $_ := set $plain "S3_BUCKET" $root.Values.externalS3.bucket }}
{{- $_ := set $plain "S3_REGION" $root.Values.externalS3.region }}
{{- with $root.Values.externalS3.publicEndpoint }}{{ $_ := set $plain "S3_PUBLIC_ENDPOINT" . }}{{ end }}
{{- end }}
{{- if has "mail" $svc.uses }}
{{- $_ := set $plain "MAIL_FROM" $root.Values.mail.from }}
{{- if $root.Values.mail.publicUrl }}{{ $_ := set $plain "PUBLIC_URL" $root.Values.mail.publicUrl }}
{{- else if $root.Values.ingress.enabled }}{{ $_ := set $plain "PUBLIC_URL" (printf "%s://%s" (ternary "https" "http" (and $root.Values.ingress.tls $root.Values.ingress.tls.enabled | default false)) $root.Values.ingress.host) }}
{{- end }}
{{- end }}
{{- if $svc.port }}{{ $_ := set $plain "PORT" (toString (int $svc.port)) }}{{ end }}
{{- if $healthPortName | eq "health" }}{{ $_ := set $plain "HEALTH_PORT" (toString (int $svc.healthPort)) }}{{ end }}
{{- if and $root.Values.ingress.enabled (eq $root.Values.ingress.service $name) }}{{ $_ := set $plain "TRUST_PROXY" "true" }}{{ end }}
{{- range $key, $value := $svc.env }}{{ $_ := set $plain $key $value }}{{ end }}
{{- range $key, $value := .extra }}{{ if $value }}{{ $_ := set $plain $key $value }}{{ end }}{{ end }}
{{- range $key := keys $plain | sortAlpha }}
- name: {{ $key }}
  value: {{ get $plain $key | toString | quote }}
{{- end }}
{{- if has "jwt" $svc.uses }}
- name: JWT_SECRET
  valueFrom:
    secretKeyRef:
      name: {{ $root.Values.auth.jwt.existingSecret }}
      key: {{ $root.Values.auth.jwt.existingSecretKey }}
{{- end }}
{{- if has "mediaUrl" $svc.uses }}
- name: MEDIA_URL_SECRET
  valueFrom:
    secretKeyRef:
      name: {{ $root.Values.mediaUrl.existingSecret }}
      key: {{ $root.Values.mediaUrl.existingSecretKey }}
{{- end }}
{{- if has "mail" $svc.uses }}
- name: SMTP_URL
  valueFrom:
    secretKeyRef:
      name: {{ $root.Values.mail.existingSecret }}
      key: {{ $root.Values.mail.smtpUrlKey }}
- name: UNSUBSCRIBE_SECRET
  valueFrom:
    secretKeyRef:
      name: {{ $root.Values.mail.existingSecret }}
      key: {{ $root.Values.mail.unsubscribeSecretKey }}
{{- end }}
{{- if has "stripe" $svc.uses }}
- name: STRIPE_SECRET_KEY
  valueFrom:
    secretKeyRef:
      name: {{ $root.Values.stripe.existingSecret }}
      key: {{ $root.Values.stripe.secretKeyKey }}
- name: STRIPE_WEBHOOK_SECRET
  valueFrom:
    secretKeyRef:
      name: {{ $root.Values.stripe.existingSecret }}
      key: {{ $root.Values.stripe.webhookSecretKey }}
{{- end }}
{{- if has "database" $svc.uses }}
- name: DATABASE_URL
  valueFrom:
    secretKeyRef:
      name: {{ $root.Values.externalDatabase.existingSecret }}
      key: {{ $root.Values.externalDatabase.existingSecretKey }}
{{- end }}
{{- if has "s3" $svc.uses }}
- name: S3_ACCESS_KEY
  valueFrom:
    secretKeyRef:
      name: {{ $root.Values.externalS3.existingSecret }}
      key: {{ $root.Values.externalS3.accessKeyKey }}
- name: S3_SECRET_KEY
  valueFrom:
    secretKeyRef:
      name: {{ $root.Values.externalS3.existingSecret }}
      key: {{ $root.Values.externalS3.secretKeyKey }}
{{- end }}
{{- range $key := keys $svc.secretEnv | sortAlpha }}
{{- $ref := get $svc.secretEnv $key }}
- name: {{ $key }}
  valueFrom:
    secretKeyRef:
      name: {{ $ref.secretName }}
      key: {{ $ref.key }}
      {{- if hasKey $ref "optional" }}
      optional: {{ $ref.optional }}
      {{- end }}
{{- end }}
{{- end -}}

{{/* "http" when the service serves health on its HTTP port, else "health". Call with the service values. */}}
{{- define "reelsmith.healthPortName" -}}
{{- if and .port (eq (int .port) (int .healthPort)) }}http{{ else }}health{{ end -}}
{{- end -}}

{{/* A container of the migration Job: the service's entrypoint and env, DATABASE_MIGRATIONS=only. Call with (dict "root" $ "name" "auth"). */}}
{{- define "reelsmith.migrationContainer" -}}
{{- $root := .root -}}
{{- $svc := include "reelsmith.serviceValues" (dict "root" $root "name" .name) | fromYaml -}}
- name: migrate-{{ .name }}
  image: {{ include "reelsmith.image" $root | quote }}
  imagePullPolicy: {{ $root.Values.image.pullPolicy }}
  args: [{{ .name | quote }}]
  env:
    {{- include "reelsmith.containerEnv" (dict "root" $root "name" .name "svc" $svc "extra" (dict "DATABASE_MIGRATIONS" "only")) | trim | nindent 4 }}
  resources:
    requests:
      cpu: {{ $root.Values.migrations.resources.requests.cpu | quote }}
      memory: {{ $root.Values.migrations.resources.requests.memory | quote }}
    limits:
      cpu: {{ $root.Values.migrations.resources.limits.cpu | quote }}
      memory: {{ $root.Values.migrations.resources.limits.memory | quote }}
  securityContext:
    {{- include "reelsmith.containerSecurityContext" $root | nindent 4 }}
  volumeMounts:
    - name: tmp
      mountPath: /tmp
{{- end -}}

{{/* The restricted container securityContext. Call with the root context. */}}
{{- define "reelsmith.containerSecurityContext" -}}
runAsNonRoot: true
runAsUser: {{ int .Values.podSecurityContext.runAsUser }}
runAsGroup: {{ int .Values.podSecurityContext.runAsGroup }}
allowPrivilegeEscalation: false
privileged: false
readOnlyRootFilesystem: true
capabilities:
  drop: ["ALL"]
seccompProfile:
  type: RuntimeDefault
{{- end -}}
