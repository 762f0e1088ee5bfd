package monitoring

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/opgen-dev/opgen/generator/manifests"
	"github.com/prometheus/prometheus/model/labels"
	"github.com/prometheus/prometheus/promql/parser"
	"github.com/prometheus/prometheus/promql/promqltest"
	"github.com/prometheus/prometheus/rules"
)

// The alerts are evaluated as Prometheus evaluates them, with its rule engine
// (rules.AlertingRule, its pending and for), on series loaded into its test storage,
// once a minute over two hours from time 0. The series are shaped like what the
// operator's registry serves in each situation: counters that start at 0 when the
// process starts (the guards' series, pre-set), and client-go's, which appear at their
// first increment.

const project = "memcached-operator"

// target is the labels Prometheus adds to every series it scrapes from the operator.
var target = fmt.Sprintf(`job=%q,namespace="memcached-operator-system",pod="memcached-operator-controller-manager-1"`, manifests.Job(project))

// series is one series in promqltest's load notation: name{labels} and a value per
// minute, from minute 0.
func series(name, labels string, values []float64) string {
	var b strings.Builder
	b.WriteString("  " + name + "{" + target)
	if labels != "" {
		b.WriteString("," + labels)
	}
	b.WriteString("}")
	for _, v := range values {
		if v < 0 {
			b.WriteString(" _") // no sample: the series is not there yet
			continue
		}
		fmt.Fprintf(&b, " %g", v)
	}
	return b.String() + "\n"
}

const minutes = 120

// counter is a counter that rises by perMinute(m) in minute m: absent before minute
// from, and first at value first (0 for the guards' series, which start with the
// process; 1 for client-go's and the take-backs', which appear at their first count).
func counter(from int, first float64, perMinute func(m int) float64) []float64 {
	out := make([]float64, minutes+1)
	v := first
	for m := range out {
		if m < from {
			out[m] = -1
			continue
		}
		if m > from {
			v += perMinute(m)
		}
		out[m] = v
	}
	return out
}

func steady(rate float64) func(int) float64 { return func(int) float64 { return rate } }

// every rises by one every n minutes.
func every(n int) func(int) float64 {
	return func(m int) float64 {
		if m%n == 0 {
			return 1
		}
		return 0
	}
}

// gauge is a gauge of value f(m) at minute m.
func gauge(f func(m int) float64) []float64 {
	out := make([]float64, minutes+1)
	for m := range out {
		out[m] = f(m)
	}
	return out
}

// firing evaluates the alert named name on the series and returns the minutes at which
// it fired.
func firing(t *testing.T, name, load string) []int {
	t.Helper()
	var alert *manifests.Alert
	for i := range manifests.Alerts {
		if manifests.Alerts[i].Name == name {
			alert = &manifests.Alerts[i]
		}
	}
	if alert == nil {
		t.Fatalf("no alert %s", name)
	}
	expr, err := parser.NewParser(parser.Options{}).ParseExpr(alert.Query(project))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	storage := promqltest.LoadedStorage(t, "load 1m\n"+load)
	engine := promqltest.NewTestEngine(t, false, 0, promqltest.DefaultMaxSamplesPerQuery)
	r := rules.NewAlertingRule(name, expr, alert.For, 0, labels.FromStrings("severity", alert.Severity),
		labels.EmptyLabels(), labels.EmptyLabels(), "", true, slog.New(slog.DiscardHandler))
	query := rules.EngineQueryFunc(engine, storage)
	var fired []int
	for m := 0; m <= minutes; m++ {
		if _, err := r.Eval(context.Background(), 0, time.Unix(0, 0).Add(time.Duration(m)*time.Minute), query, nil, 0); err != nil {
			t.Fatalf("%s at minute %d: %v", name, m, err)
		}
		for _, a := range r.ActiveAlerts() {
			if a.State == rules.StateFiring {
				fired = append(fired, m)
				break
			}
		}
	}
	return fired
}

// TestAlerts: each alert fires on its incident, from a minute in a window, and stays
// silent on healthy series, including those that look like it (a spec rollout writes as
// much as a loop; a queue that fills and drains; one take-back).
func TestAlerts(t *testing.T) {
	status := func(writes, generations, skipped func(int) float64) string {
		return series("opguard_status_writes_total", `kind="Memcached"`, counter(0, 0, writes)) +
			series("opguard_status_generation_writes_total", `kind="Memcached"`, counter(0, 0, generations)) +
			series("opguard_status_writes_skipped_total", `kind="Memcached",reason="unchanged"`, counter(0, 0, skipped)) +
			series("opguard_status_writes_skipped_total", `kind="Memcached",reason="cache_behind"`, counter(0, 0, steady(0)))
	}
	owned := func(applies, skipped, generations func(int) float64) string {
		return series("opguard_owned_applies_total", `kind="Memcached",owned_kind="Deployment"`, counter(0, 0, applies)) +
			series("opguard_owned_applies_skipped_total", `kind="Memcached",owned_kind="Deployment",reason="unchanged"`, counter(0, 0, skipped)) +
			series("opguard_status_generation_writes_total", `kind="Memcached"`, counter(0, 0, generations))
	}
	after := func(start int, rate float64) func(int) float64 {
		return func(m int) float64 {
			if m >= start {
				return rate
			}
			return 0
		}
	}
	// Requests that wait in the rate limiter: 600 a minute, each waiting about wait.
	throttle := func(wait float64) string {
		var b strings.Builder
		for _, le := range []string{"0.005", "0.025", "0.1", "0.25", "0.5", "1", "2", "4", "8", "15", "30", "60", "+Inf"} {
			var rate float64
			if le == "+Inf" || parseFloat(le) >= wait {
				rate = 600
			}
			b.WriteString(series("rest_client_rate_limiter_duration_seconds_bucket", `verb="PATCH",host="10.0.0.1:443",le="`+le+`"`, counter(0, 0, steady(rate))))
		}
		return b.String()
	}
	requests := func(code string, from int, perMinute func(int) float64) string {
		return series("rest_client_requests_total", `code="`+code+`",method="PATCH",host="10.0.0.1:443"`, counter(from, 1, perMinute))
	}
	conflicts := series("opguard_write_conflicts_total", `kind="Memcached",write="status"`, counter(0, 0, steady(0)))
	depth := func(f func(int) float64) string {
		return series("workqueue_depth", `name="memcached",controller="memcached"`, gauge(f))
	}
	takebacks := func(from int, f func(int) float64) string {
		return series("opguard_status_takebacks_total", `kind="Memcached",manager="intruder"`, counter(from, 1, f))
	}

	// Every alert needs an incident it fires on and a healthy case it stays silent on.
	tested := map[string]bool{}
	defer func() {
		for _, a := range manifests.Alerts {
			if !tested[a.Name+"true"] || !tested[a.Name+"false"] {
				t.Errorf("%s lacks an incident or a healthy case", a.Name)
			}
		}
	}()
	for _, c := range []struct {
		alert, name, load string
		fires             bool
	}{
		// An update-watch-update loop: from minute 30, every reconcile writes (60 a
		// minute), no generation moves.
		{"OpguardStatusWriteLoop", "loop", status(after(30, 60), steady(0), steady(2)), true},
		{"OpguardStatusWriteLoop", "at rest: resyncs skipped", status(steady(0), steady(0), steady(5)), false},
		{"OpguardStatusWriteLoop", "a rollout: 30 spec changes a minute, one write each", status(steady(30), steady(30), steady(90)), false},
		{"OpguardStatusWriteLoop", "a fight now and then: one write in ten minutes", status(every(10), steady(0), steady(1)), false},

		{"OpguardOwnedWriteLoop", "applies undone after each apply", owned(after(30, 30), steady(0), steady(0)), true},
		{"OpguardOwnedWriteLoop", "a rollout of spec changes", owned(steady(30), steady(10), steady(30)), false},
		{"OpguardOwnedWriteLoop", "at rest", owned(steady(0), steady(20), steady(0)), false},

		{"OpguardConflicts", "a first 409", requests("200", 0, steady(100)) + requests("409", 50, steady(0)) + conflicts, true},
		{"OpguardConflicts", "409s from minute 50", requests("200", 0, steady(100)) + requests("409", 50, steady(3)) + conflicts, true},
		{"OpguardConflicts", "a guard's 409", requests("200", 0, steady(100)) + series("opguard_write_conflicts_total", `kind="Memcached",write="status"`, counter(0, 0, after(60, 1))), true},
		{"OpguardConflicts", "no 409", requests("200", 0, steady(100)) + requests("404", 0, steady(1)) + conflicts, false},

		{"OpguardClientThrottled", "requests wait about 3 s", throttle(3), true},
		{"OpguardClientThrottled", "requests wait under 5 ms", throttle(0.001), false},
		{"OpguardClientThrottled", "requests wait half a second", throttle(0.4), false},

		{"OpguardWorkqueueBacklog", "depth grows 20 a minute from minute 30", depth(func(m int) float64 { return float64(max(0, m-30) * 20) }), true},
		{"OpguardWorkqueueBacklog", "bursts that drain", depth(func(m int) float64 { return float64(m % 5 * 100) }), false},
		{"OpguardWorkqueueBacklog", "a steady backlog that does not grow", depth(func(int) float64 { return 500 }), false},

		{"OpguardFieldFight", "a take-back every 5 minutes", takebacks(20, every(5)), true},
		{"OpguardFieldFight", "one take-back (a person's kubectl)", takebacks(20, steady(0)), false},
		{"OpguardFieldFight", "a take-back an hour", takebacks(10, every(60)), false},
	} {
		tested[c.alert+fmt.Sprint(c.fires)] = true
		t.Run(c.alert+"/"+c.name, func(t *testing.T) {
			fired := firing(t, c.alert, c.load)
			if c.fires && len(fired) == 0 {
				t.Errorf("%s did not fire on %s", c.alert, c.name)
			}
			if c.fires && len(fired) > 0 {
				t.Logf("fires from minute %d", fired[0])
			}
			if !c.fires && len(fired) > 0 {
				t.Errorf("%s fired on %s at minutes %v", c.alert, c.name, fired)
			}
		})
	}
}

func parseFloat(s string) float64 {
	var f float64
	fmt.Sscanf(s, "%g", &f)
	return f
}
