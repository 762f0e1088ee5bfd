package monitoring

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/generator/manifests"
)

// The dashboard's file, in GrafanaDir (beside the APF directory, in config/).
const (
	GrafanaDir    = "grafana"
	DashboardFile = "opguard-dashboard.json"
)

// Panel is one graph of the dashboard: what the guards decided, and what the
// controller, its queue and its client did.
type Panel struct {
	Title, Description string
	// Unit is Grafana's unit of the values: "ops" (per second), "s", "short".
	Unit    string
	Queries []Query
}

// Query is one PromQL query of a panel; $job stands for the operator's job matcher
// (see Alert.Expr) and Legend is Grafana's legend format.
type Query struct{ Expr, Legend string }

// Panels are the dashboard's graphs, two to a row.
var Panels = []Panel{
	{
		Title:       "Status writes: sent and skipped",
		Description: "Per kind, the status writer's decisions per second: sent (and of those, recording a new generation) and skipped, by reason. At rest nothing is sent.",
		Unit:        "ops",
		Queries: []Query{
			{`sum by (kind) (rate(opguard_status_writes_total{$job}[$__rate_interval]))`, "{{kind}} sent"},
			{`sum by (kind) (rate(opguard_status_generation_writes_total{$job}[$__rate_interval]))`, "{{kind}} sent, new generation"},
			{`sum by (kind, reason) (rate(opguard_status_writes_skipped_total{$job}[$__rate_interval]))`, "{{kind}} skipped: {{reason}}"},
		},
	},
	{
		Title:       "Owned applies: sent and skipped",
		Description: "Per owning kind and owned kind, the gated apply's decisions per second.",
		Unit:        "ops",
		Queries: []Query{
			{`sum by (kind, owned_kind) (rate(opguard_owned_applies_total{$job}[$__rate_interval]))`, "{{kind}} {{owned_kind}} sent"},
			{`sum by (kind, owned_kind, reason) (rate(opguard_owned_applies_skipped_total{$job}[$__rate_interval]))`, "{{kind}} {{owned_kind}} skipped: {{reason}}"},
		},
	},
	{
		Title:       "Reconciles",
		Description: "controller-runtime's reconciles per second, by controller and result.",
		Unit:        "ops",
		Queries: []Query{
			{`sum by (controller, result) (rate(controller_runtime_reconcile_total{$job}[$__rate_interval]))`, "{{controller}} {{result}}"},
		},
	},
	{
		Title:       "Workqueue depth",
		Description: "Items waiting per controller's queue. A queue that never drains is an alert (OpguardWorkqueueBacklog).",
		Unit:        "short",
		Queries: []Query{
			{`sum by (name) (workqueue_depth{$job})`, "{{name}}"},
		},
	},
	{
		Title:       "Queue wait and reconcile time (p99)",
		Description: "How long an item waits in the queue before a reconcile, and how long a reconcile takes.",
		Unit:        "s",
		Queries: []Query{
			{`histogram_quantile(0.99, sum by (name, le) (rate(workqueue_queue_duration_seconds_bucket{$job}[$__rate_interval])))`, "{{name}} queue wait"},
			{`histogram_quantile(0.99, sum by (controller, le) (rate(controller_runtime_reconcile_time_seconds_bucket{$job}[$__rate_interval])))`, "{{controller}} reconcile"},
		},
	},
	{
		Title:       "Client-side throttling",
		Description: "Time requests wait in client-go's rate limiter (--kube-api-qps, --kube-api-burst): the p99 wait, and seconds waited per second.",
		Unit:        "s",
		Queries: []Query{
			{`histogram_quantile(0.99, sum by (le) (rate(rest_client_rate_limiter_duration_seconds_bucket{$job}[$__rate_interval])))`, "p99 wait"},
			{`sum(rate(rest_client_rate_limiter_duration_seconds_sum{$job}[$__rate_interval]))`, "waited per second"},
		},
	},
	{
		Title:       "Requests by code",
		Description: "The operator's API requests per second by HTTP code; 409 should never appear.",
		Unit:        "ops",
		Queries: []Query{
			{`sum by (code) (rate(rest_client_requests_total{$job}[$__rate_interval]))`, "{{code}}"},
			{`sum by (kind, write) (rate(opguard_write_conflicts_total{$job}[$__rate_interval]))`, "{{kind}} {{write}} 409 (guards)"},
		},
	},
	{
		Title:       "Take-backs and write memory",
		Description: "Status fields taken back from other field managers per hour (a steady line is a field fight), and the entries of the guards' write memories.",
		Unit:        "short",
		Queries: []Query{
			{`sum by (kind, manager) (increase(opguard_status_takebacks_total{$job}[1h]))`, "{{kind}} from {{manager}} per hour"},
			{`sum by (memory) (opguard_write_memory_entries{$job})`, "{{memory}} memory entries"},
		},
	},
}

// The dashboard as Grafana's JSON model, in the fields' order: a small local type, as
// for the Prometheus Operator's objects.
type dashboard struct {
	Comment       string     `json:"$comment"`
	Title         string     `json:"title"`
	UID           string     `json:"uid"`
	Tags          []string   `json:"tags"`
	Timezone      string     `json:"timezone"`
	SchemaVersion int        `json:"schemaVersion"`
	Refresh       string     `json:"refresh"`
	Time          timeRange  `json:"time"`
	Templating    templating `json:"templating"`
	Panels        []panel    `json:"panels"`
}

type timeRange struct {
	From string `json:"from"`
	To   string `json:"to"`
}

type templating struct {
	List []variable `json:"list"`
}

type variable struct {
	Name  string `json:"name"`
	Label string `json:"label"`
	Type  string `json:"type"`
	Query string `json:"query"`
}

type panel struct {
	ID          int           `json:"id"`
	Type        string        `json:"type"`
	Title       string        `json:"title"`
	Description string        `json:"description"`
	GridPos     gridPos       `json:"gridPos"`
	Datasource  datasource    `json:"datasource"`
	FieldConfig fieldConfig   `json:"fieldConfig"`
	Targets     []panelTarget `json:"targets"`
}

type gridPos struct {
	H int `json:"h"`
	W int `json:"w"`
	X int `json:"x"`
	Y int `json:"y"`
}

type datasource struct {
	Type string `json:"type"`
	UID  string `json:"uid"`
}

type fieldConfig struct {
	Defaults fieldDefaults `json:"defaults"`
}

type fieldDefaults struct {
	Unit string `json:"unit"`
}

type panelTarget struct {
	RefID        string     `json:"refId"`
	Datasource   datasource `json:"datasource"`
	Expr         string     `json:"expr"`
	LegendFormat string     `json:"legendFormat"`
}

// Dashboard is the Grafana dashboard of [Panels] for the operator of project, as
// JSON whose first member is opgen's header.
func Dashboard(project string) ([]byte, error) {
	ds := datasource{Type: "prometheus", UID: "${datasource}"}
	d := dashboard{
		Comment: strings.TrimSuffix(strings.TrimPrefix(artifact.JSONHeader, `"$comment": "`), `",`),
		Title:   project + ": guards", UID: project + "-opguard", Tags: []string{"opguard", project},
		Timezone: "utc", SchemaVersion: 39, Refresh: "30s",
		Time:       timeRange{From: "now-1h", To: "now"},
		Templating: templating{List: []variable{{Name: "datasource", Label: "Prometheus", Type: "datasource", Query: "prometheus"}}},
	}
	job := `job="` + manifests.Job(project) + `"`
	for i, p := range Panels {
		pn := panel{
			ID: i + 1, Type: "timeseries", Title: p.Title, Description: p.Description,
			GridPos:     gridPos{H: 8, W: 12, X: 12 * (i % 2), Y: 8 * (i / 2)},
			Datasource:  ds,
			FieldConfig: fieldConfig{Defaults: fieldDefaults{Unit: p.Unit}},
		}
		for j, q := range p.Queries {
			pn.Targets = append(pn.Targets, panelTarget{
				RefID: string(rune('A' + j)), Datasource: ds,
				Expr: strings.ReplaceAll(q.Expr, "$job", job), LegendFormat: q.Legend,
			})
		}
		d.Panels = append(d.Panels, pn)
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(d); err != nil {
		return nil, fmt.Errorf("monitoring: dashboard: %w", err)
	}
	if !bytes.HasPrefix(b.Bytes(), []byte("{\n  "+artifact.JSONHeader+"\n")) {
		return nil, fmt.Errorf("monitoring: the dashboard does not start with opgen's header")
	}
	return b.Bytes(), nil
}
