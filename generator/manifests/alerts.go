package manifests

import (
	"strings"
	"time"
)

// Alert is one alerting rule of config/prometheus/rules.yaml.
type Alert struct {
	Name string
	// Expr is the PromQL expression, where $job stands for the matcher of the
	// operator's metrics (job="<project>-controller-manager-metrics-service": the
	// Service the ServiceMonitor scrapes, as config/default names it); see Query.
	Expr     string
	For      time.Duration
	Severity string
	Summary  string
	// Description is the annotation that says what to look at; it may use the alert's
	// labels ({{ $labels.kind }}).
	Description string
}

// Alerts are the early signs of the incidents the guards prevent. Each is tested on a
// series shaped like its incident and on a healthy one (alerts_test.go).
var Alerts = []Alert{
	{
		Name: "OpguardStatusWriteLoop",
		// Status writes that record no new generation, as a share of the writer's
		// decisions: in a healthy operator the writer skips nearly every decision and
		// writes once per spec change (a new observedGeneration); in an
		// update-watch-update loop every reconcile writes and the generation stands
		// still. A kind without +opguard:observed-generation counts every write here.
		Expr: `(
  sum by (namespace, kind) (rate(opguard_status_writes_total{$job}[10m]))
  - sum by (namespace, kind) (rate(opguard_status_generation_writes_total{$job}[10m]))
) > 0.01
and
(
  sum by (namespace, kind) (rate(opguard_status_writes_total{$job}[10m]))
  - sum by (namespace, kind) (rate(opguard_status_generation_writes_total{$job}[10m]))
)
/ (
  sum by (namespace, kind) (rate(opguard_status_writes_total{$job}[10m]))
  + sum by (namespace, kind) (rate(opguard_status_writes_skipped_total{$job}[10m]))
) > 0.5`,
		For:      15 * time.Minute,
		Severity: "warning",
		Summary:  "Status writes of {{ $labels.kind }} without spec changes: a write loop is starting.",
		Description: "More than half of the status writer's decisions for {{ $labels.kind }} in {{ $labels.namespace }} " +
			"are writes that record no new generation ({{ $value | humanize }}/s). Look for a status field " +
			"that changes on every reconcile (a timestamp: mark it +opguard:volatile) or for another " +
			"writer of the same fields (opguard_status_takebacks_total).",
	},
	{
		Name: "OpguardOwnedWriteLoop",
		// Owned applies as a share of the gated apply's decisions, while no generation of
		// the owner moved: something changes the owned objects back after every apply
		// (another controller, a mutating webhook, a default the desired state fights).
		Expr: `sum by (namespace, kind, owned_kind) (rate(opguard_owned_applies_total{$job}[10m])) > 0.01
and
sum by (namespace, kind, owned_kind) (rate(opguard_owned_applies_total{$job}[10m]))
/ (
  sum by (namespace, kind, owned_kind) (rate(opguard_owned_applies_total{$job}[10m]))
  + sum by (namespace, kind, owned_kind) (rate(opguard_owned_applies_skipped_total{$job}[10m]))
) > 0.5
unless on (namespace, kind)
sum by (namespace, kind) (rate(opguard_status_generation_writes_total{$job}[10m])) > 0`,
		For:      15 * time.Minute,
		Severity: "warning",
		Summary:  "{{ $labels.kind }} keeps applying its {{ $labels.owned_kind }}s without spec changes.",
		Description: "More than half of the gated applies of {{ $labels.owned_kind }} owned by {{ $labels.kind }} in " +
			"{{ $labels.namespace }} are sent ({{ $value | humanize }}/s) while no {{ $labels.kind }} changed its spec: " +
			"something changes them back after every apply. Compare the object's managedFields with the desired state.",
	},
	{
		Name: "OpguardConflicts",
		// Any 409 the operator's clients received: the guards send no resourceVersion,
		// so one means hand-written code updates with a stale copy. A series that did
		// not exist ten minutes ago is a first 409, which increase() cannot see.
		Expr: `sum by (namespace) (increase(rest_client_requests_total{$job,code="409"}[10m])) > 0
or
sum by (namespace) (
  rest_client_requests_total{$job,code="409"}
  unless rest_client_requests_total{$job,code="409"} offset 10m
) > 0
or
sum by (namespace) (increase(opguard_write_conflicts_total{$job}[10m])) > 0`,
		Severity: "warning",
		Summary:  "The operator in {{ $labels.namespace }} received 409 Conflict.",
		Description: "The operator's requests were answered 409 Conflict ({{ $value }} in 10 minutes). Writes with a " +
			"resourceVersion from a stale cache retry and requeue: the start of a retry storm. Use Server-Side " +
			"Apply without a resourceVersion (the generated writers do) and run opgen vet.",
	},
	{
		Name: "OpguardClientThrottled",
		// client-go's rate limiter (--kube-api-qps, --kube-api-burst) holds requests back:
		// the client-side throttling that precedes a controller that looks dead.
		Expr: `histogram_quantile(0.99,
  sum by (namespace, le) (rate(rest_client_rate_limiter_duration_seconds_bucket{$job}[5m]))
) > 1`,
		For:      10 * time.Minute,
		Severity: "warning",
		Summary:  "The operator in {{ $labels.namespace }} waits in its client-side rate limiter.",
		Description: "1% of the operator's requests waited more than {{ $value | humanizeDuration }} for the client-side " +
			"rate limiter for 10 minutes. Either the load really needs more (raise --kube-api-qps and " +
			"--kube-api-burst) or it is writing in a loop (see the write alerts and the dashboard).",
	},
	{
		Name: "OpguardWorkqueueBacklog",
		// A queue that has not been empty for 15 minutes and still grows: reconciles do
		// not keep up (slow, failing, or requeued in a loop).
		Expr: `min_over_time(workqueue_depth{$job}[15m]) >= 10
and
deriv(workqueue_depth{$job}[15m]) > 0`,
		For:      5 * time.Minute,
		Severity: "warning",
		Summary:  "The workqueue of {{ $labels.name }} grows without draining.",
		Description: "The workqueue of controller {{ $labels.name }} in {{ $labels.namespace }} has held at least 10 " +
			"items for 15 minutes and still grows ({{ $value | humanize }} items/s). Check reconcile errors and " +
			"latency before raising MaxConcurrentReconciles.",
	},
	{
		Name: "OpguardFieldFight",
		// The status writer keeps taking fields back from the same manager: two writers
		// own one field. Each take-back is one write the operator would not make.
		Expr:     `sum by (namespace, kind, manager) (increase(opguard_status_takebacks_total{$job}[1h])) >= 3`,
		Severity: "warning",
		Summary:  "{{ $labels.manager }} and the operator fight over {{ $labels.kind }} status.",
		Description: "The status writer of {{ $labels.kind }} in {{ $labels.namespace }} took fields back from field " +
			"manager {{ $labels.manager }} {{ $value | humanize }} times in an hour. The StatusFieldTaken events on " +
			"the objects name the fields: let one of the two own them.",
	},
}

// Job is the job label Prometheus gives the operator's metrics: the name of the
// metrics Service the ServiceMonitor selects, after config/default's namePrefix.
func Job(project string) string { return project + "-controller-manager-metrics-service" }

// Query is the alert's expression for the operator of project.
func (a Alert) Query(project string) string {
	return strings.ReplaceAll(a.Expr, "$job", `job="`+Job(project)+`"`)
}
