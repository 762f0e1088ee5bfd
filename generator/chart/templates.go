package chart

import "strings"

// The templates of what config/ scaffolds for the user (templates/project/config):
// with the default values they render the objects config/default builds from those
// files. CHART. stands for the helpers' prefix.

// helpers are the chart's named templates: its name, the prefix of every object's
// name, and the labels every object carries.
const helpers = `
{{/*
The chart's name, in the app.kubernetes.io/name label and the selectors: nameOverride,
else the chart's.
*/}}
{{- define "CHART.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
The prefix of every object's name, as config/default's namePrefix: fullnameOverride,
else the release's name when it holds the chart's name, else <release>-<name>.
*/}}
{{- define "CHART.fullname" -}}
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

{{/*
The Services' names: a Service's name is a DNS label of at most 63 characters.
*/}}
{{- define "CHART.metricsServiceName" -}}
{{- printf "%s-controller-manager-metrics-service" (include "CHART.fullname" .) | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "CHART.webhookServiceName" -}}
{{- printf "%s-webhook-service" (include "CHART.fullname" .) | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
The labels Helm's charts carry, and the values' extra labels, on every object.
*/}}
{{- define "CHART.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- with .Chart.AppVersion }}
app.kubernetes.io/version: {{ . | quote }}
{{- end }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- with .Values.labels }}
{{ toYaml . }}
{{- end }}
{{- end }}
`

// deployment is config/manager/manager.yaml's Deployment, with config/webhook's
// serving port and certificate when the project has webhooks.
func deployment(webhooks bool) string {
	src := `apiVersion: apps/v1
kind: Deployment
` + metadata(fullname+"-controller-manager", true, []string{planeLabel, nameLabel}, "") + `spec:
  replicas: {{ .Values.replicas }}
  selector:
    matchLabels:
      control-plane: controller-manager
      app.kubernetes.io/name: {{ include "CHART.name" . }}
  template:
    metadata:
      {{- with .Values.podAnnotations }}
      annotations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      labels:
        control-plane: controller-manager
        app.kubernetes.io/name: {{ include "CHART.name" . }}
        {{- include "CHART.labels" . | nindent 8 }}
        {{- with .Values.podLabels }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
    spec:
      serviceAccountName: ` + fullname + `-controller-manager
      terminationGracePeriodSeconds: 10
      {{- with .Values.podSecurityContext }}
      securityContext:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with .Values.imagePullSecrets }}
      imagePullSecrets:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with .Values.priorityClassName }}
      priorityClassName: {{ . }}
      {{- end }}
      {{- with .Values.nodeSelector }}
      nodeSelector:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with .Values.tolerations }}
      tolerations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with .Values.affinity }}
      affinity:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      containers:
      - name: manager
        image: "{{ .Values.image.repository }}:{{ .Values.image.tag | default .Chart.AppVersion }}"
        {{- with .Values.image.pullPolicy }}
        imagePullPolicy: {{ . }}
        {{- end }}
        command:
        - /manager
        args:
        {{- if .Values.leaderElection.enable }}
        - --leader-elect
        {{- end }}
        - --health-probe-bind-address=:8081
        {{- if .Values.metrics.enable }}
        - --metrics-bind-address=:{{ .Values.metrics.port }}
        {{- if not .Values.metrics.secure }}
        - --metrics-secure=false
        {{- end }}
        {{- else }}
        - --metrics-bind-address=0
        {{- end }}
        {{- with .Values.kubeAPI.qps }}
        - --kube-api-qps={{ . }}
        {{- end }}
        {{- with .Values.kubeAPI.burst }}
        - --kube-api-burst={{ . }}
        {{- end }}
        {{- range .Values.extraArgs }}
        - {{ . | quote }}
        {{- end }}
        {{- if or .Values.env WEBHOOKS_OFF }}
        env:
        WEBHOOKS_ENV
        {{- with .Values.env }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
        {{- end }}
        {{- if or WEBHOOKS_ON .Values.metrics.enable }}
        ports:
        WEBHOOK_PORT
        {{- if .Values.metrics.enable }}
        - name: metrics
          containerPort: {{ .Values.metrics.port }}
          protocol: TCP
        {{- end }}
        {{- end }}
        {{- with .Values.securityContext }}
        securityContext:
          {{- toYaml . | nindent 10 }}
        {{- end }}
        livenessProbe:
          httpGet:
            path: /healthz
            port: 8081
          initialDelaySeconds: 15
          periodSeconds: 20
        readinessProbe:
          httpGet:
            path: /readyz
            port: 8081
          initialDelaySeconds: 5
          periodSeconds: 10
        {{- with .Values.resources }}
        resources:
          {{- toYaml . | nindent 10 }}
        {{- end }}
        WEBHOOK_MOUNT
`
	if !webhooks {
		return strings.NewReplacer(
			"WEBHOOKS_OFF", "false", "WEBHOOKS_ON", "false",
			"        WEBHOOKS_ENV\n", "", "        WEBHOOK_PORT\n", "", "        WEBHOOK_MOUNT\n", "",
		).Replace(src)
	}
	return strings.NewReplacer(
		"WEBHOOKS_OFF", "(not .Values.webhook.enable)", "WEBHOOKS_ON", ".Values.webhook.enable",
		"        WEBHOOKS_ENV\n", `        {{- if not .Values.webhook.enable }}
        - name: ENABLE_WEBHOOKS
          value: "false"
        {{- end }}
`,
		"        WEBHOOK_PORT\n", `        {{- if .Values.webhook.enable }}
        - name: webhook-server
          containerPort: 9443
          protocol: TCP
        {{- end }}
`,
		"        WEBHOOK_MOUNT\n", `        {{- if .Values.webhook.enable }}
        volumeMounts:
        - name: webhook-certs
          mountPath: /tmp/k8s-webhook-server/serving-certs
          readOnly: true
        {{- end }}
      {{- if .Values.webhook.enable }}
      volumes:
      - name: webhook-certs
        secret:
          secretName: webhook-server-cert
      {{- end }}
`,
	).Replace(src)
}

// metricsService is config/default/metrics_service.yaml's Service.
var metricsService = `{{- if .Values.metrics.enable }}
apiVersion: v1
kind: Service
` + metadata(metricsServiceName, true, []string{planeLabel, nameLabel}, "") + `spec:
  ports:
  - name: {{ if .Values.metrics.secure }}https{{ else }}http{{ end }}
    port: {{ .Values.metrics.port }}
    protocol: TCP
    targetPort: {{ .Values.metrics.port }}
  selector:
    control-plane: controller-manager
    app.kubernetes.io/name: {{ include "CHART.name" . }}
{{- end }}
`

// leaderElectionRole is config/rbac/leader_election_role.yaml's Role.
var leaderElectionRole = `apiVersion: rbac.authorization.k8s.io/v1
kind: Role
` + metadata(fullname+"-leader-election-role", true, []string{nameLabel}, "") + `rules:
- apiGroups:
  - coordination.k8s.io
  resources:
  - leases
  verbs:
  - get
  - list
  - watch
  - create
  - update
  - patch
  - delete
- apiGroups:
  - ""
  resources:
  - events
  verbs:
  - create
  - patch
`

// metricsAuthRole is config/rbac/metrics_auth_role.yaml's ClusterRole.
var metricsAuthRole = `apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
` + metadata(fullname+"-metrics-auth-role", false, []string{nameLabel}, "") + `rules:
- apiGroups:
  - authentication.k8s.io
  resources:
  - tokenreviews
  verbs:
  - create
- apiGroups:
  - authorization.k8s.io
  resources:
  - subjectaccessreviews
  verbs:
  - create
`

// metricsReaderRole is config/rbac/metrics_reader_role.yaml's ClusterRole.
var metricsReaderRole = `apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
` + metadata(fullname+"-metrics-reader", false, []string{nameLabel}, "") + `rules:
- nonResourceURLs:
  - /metrics
  verbs:
  - get
`

// webhookService is config/webhook/service.yaml's Service.
var webhookService = `apiVersion: v1
kind: Service
` + metadata(webhookServiceName, true, []string{nameLabel}, "") + `spec:
  ports:
  - port: 443
    protocol: TCP
    targetPort: 9443
  selector:
    control-plane: controller-manager
    app.kubernetes.io/name: {{ include "CHART.name" . }}
`

// issuer and certificate are config/certmanager's.
var issuer = `apiVersion: cert-manager.io/v1
kind: Issuer
` + metadata(fullname+"-selfsigned-issuer", true, []string{nameLabel}, "") + `spec:
  selfSigned: {}
`

var certificate = `apiVersion: cert-manager.io/v1
kind: Certificate
` + metadata(fullname+"-serving-cert", true, []string{nameLabel}, "") + `spec:
  dnsNames:
  - ` + webhookServiceName + `.{{ .Release.Namespace }}.svc
  - ` + webhookServiceName + `.{{ .Release.Namespace }}.svc.cluster.local
  issuerRef:
    kind: Issuer
    name: ` + fullname + `-selfsigned-issuer
  secretName: webhook-server-cert
`
