package main

import (
	"context"
	"encoding/xml"
	"errors"
	"io"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/opgen-dev/opgen/generator/monitoring"
)

// counterWithReset is a counter rising by 10 a second, sampled every second for 30 s,
// whose process restarts after 15 s: its next sample starts again from 0 (10, since it
// counted one second of writes).
func counterWithReset() RecordedSeries {
	s := RecordedSeries{Labels: map[string]string{"__name__": "opguard_status_writes_total", "kind": "Cache"}}
	for t := 0; t <= 30; t++ {
		v := float64(10 * t)
		if t > 15 {
			v = float64(10 * (t - 15))
		}
		s.T, s.V = append(s.T, int64(t)*1000), append(s.V, v)
	}
	return s
}

// testRecording is a recording of the status writer sending 10 writes a second, its
// counter reset once, skipping none for "unchanged" and two a second for a kind named
// to need escaping, and a workqueue whose depth rises and falls.
func testRecording() *Recording {
	rec := &Recording{Interval: Duration(time.Second), Series: []RecordedSeries{counterWithReset()}}
	skipped := RecordedSeries{Labels: map[string]string{"__name__": "opguard_status_writes_skipped_total", "kind": "Cache", "reason": "unchanged"}}
	odd := RecordedSeries{Labels: map[string]string{"__name__": "opguard_status_writes_skipped_total", "kind": `A<&"B>`, "reason": "cache_behind"}}
	depth := RecordedSeries{Labels: map[string]string{"__name__": "workqueue_depth", "name": "cache", "controller": "cache"}}
	for t := 0; t <= 30; t++ {
		skipped.T, skipped.V = append(skipped.T, int64(t)*1000), append(skipped.V, 7)
		odd.T, odd.V = append(odd.T, int64(t)*1000), append(odd.V, float64(2*t))
		depth.T, depth.V = append(depth.T, int64(t)*1000), append(depth.V, float64(15-abs(15-t)))
	}
	rec.Series = append(rec.Series, skipped, odd, depth)
	return rec
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

func lineOf(t *testing.T, panels []panelLines, title, legend string) plotLine {
	t.Helper()
	for _, p := range panels {
		if p.panel.Title != title {
			continue
		}
		for _, l := range p.lines {
			if l.legend == legend {
				return l
			}
		}
		var have []string
		for _, l := range p.lines {
			have = append(have, l.legend)
		}
		t.Fatalf("panel %q has no line %q (have %q)", title, legend, have)
	}
	t.Fatalf("no panel %q", title)
	return plotLine{}
}

// TestDashboardRates: the panels' rates are Prometheus' rate() over the recorded
// counter: 10 a second throughout, across the counter's reset (a plain difference of
// the samples would go negative there), and 0 for a counter that does not move; a
// gauge is its recorded value at each step.
func TestDashboardRates(t *testing.T) {
	panels, secs, err := evaluatePanels(testRecording())
	if err != nil {
		t.Fatal(err)
	}
	if len(secs) != 31 || secs[30] != 30 {
		t.Fatalf("steps: %v, want every second from 0 to 30", secs)
	}
	if len(panels) != len(monitoring.Panels) {
		t.Fatalf("%d panels evaluated, the dashboard has %d", len(panels), len(monitoring.Panels))
	}
	const status = "Status writes: sent and skipped"
	sent := lineOf(t, panels, status, "Cache sent")
	// The rate window is 4 s: from the fourth second on, a full window of samples.
	for i := 4; i <= 30; i++ {
		if math.Abs(sent.v[i]-10) > 1e-9 {
			t.Errorf("Cache sent at %ds: %g/s, want 10 (the counter's reset at 16s must not show)", i, sent.v[i])
		}
	}
	still := lineOf(t, panels, status, "Cache skipped: unchanged")
	for i := 1; i <= 30; i++ {
		if still.v[i] != 0 {
			t.Errorf("Cache skipped at %ds: %g/s, want 0 for a counter that does not move", i, still.v[i])
		}
	}
	odd := lineOf(t, panels, status, `A<&"B> skipped: cache_behind`)
	if math.Abs(odd.v[20]-2) > 1e-9 {
		t.Errorf("the second kind's skips at 20s: %g/s, want 2", odd.v[20])
	}
	depth := lineOf(t, panels, "Workqueue depth", "cache")
	for i := 0; i <= 30; i++ {
		if want := float64(15 - abs(15-i)); depth.v[i] != want {
			t.Errorf("queue depth at %ds: %g, want %g", i, depth.v[i], want)
		}
	}
	// No series recorded for the owned applies: a panel without lines, not an error.
	for _, p := range panels {
		if p.panel.Title == "Owned applies: sent and skipped" && len(p.lines) != 0 {
			t.Errorf("owned applies: %d lines from no series", len(p.lines))
		}
	}
}

func TestNiceScale(t *testing.T) {
	for _, c := range []struct{ in, want float64 }{
		{0, 1}, {math.NaN(), 1}, {0.003, 0.005}, {1, 1}, {1.2, 2}, {2.2, 2.5}, {3, 5}, {7, 10}, {10, 10}, {10.5, 20}, {240, 250}, {251, 500},
	} {
		if got := niceCeil(c.in); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("niceCeil(%g) = %g, want %g", c.in, got, c.want)
		}
	}
	for _, c := range []struct {
		span float64
		want float64
	}{{60, 10}, {30, 5}, {95, 20}, {7, 2}, {0, 1}} {
		if got := niceStep(c.span, 6); got != c.want {
			t.Errorf("niceStep(%g, 6) = %g, want %g", c.span, got, c.want)
		}
	}
	for _, c := range []struct {
		v          float64
		unit, want string
	}{{12.5, "ops", "12.5/s"}, {0.0042, "s", "4.2 ms"}, {2, "s", "2 s"}, {0, "s", "0 s"}, {3, "short", "3"}} {
		if got := formatValue(c.v, c.unit); got != c.want {
			t.Errorf("formatValue(%g, %q) = %q, want %q", c.v, c.unit, got, c.want)
		}
	}
}

// TestDashboardChart: the picture is well-formed XML with one panel per dashboard
// panel, in the dashboard's order; a label value that needs escaping is escaped; every
// line lies inside its panel's plot, and the status panel's scale tops at 10/s, the
// rate's nice ceiling.
func TestDashboardChart(t *testing.T) {
	r := &Report{Params: Params{Load: Duration(12 * time.Second), Quiet: Duration(10 * time.Second)},
		Runs: []Run{
			{Scenario: "noise", Controller: "naive"}, // not recorded: not drawn
			{Scenario: "mixed", Controller: "guarded", Objects: 40, Load1: 0.8, Dashboard: testRecording(),
				Phases: map[string]float64{"created": 1, "converged": 4, "load": 5, "drain": 17, "quiet": 19}},
		}}
	svg, err := dashboardChart(r)
	if err != nil {
		t.Fatal(err)
	}
	type polyline struct {
		Points string `xml:"points,attr"`
	}
	type text struct {
		Class string `xml:"class,attr"`
		Value string `xml:",chardata"`
	}
	type group struct {
		Class     string     `xml:"class,attr"`
		Title     string     `xml:"data-title,attr"`
		Polylines []polyline `xml:"polyline"`
		Texts     []text     `xml:"text"`
	}
	var doc struct {
		XMLName xml.Name
		Groups  []group `xml:"g"`
	}
	dec := xml.NewDecoder(strings.NewReader(svg))
	if err := dec.Decode(&doc); err != nil {
		t.Fatalf("not well-formed XML: %v", err)
	}
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if cd, ok := tok.(xml.CharData); err != nil || !ok || strings.TrimSpace(string(cd)) != "" {
			t.Fatalf("after the svg element: %v %v", tok, err)
		}
	}
	if doc.XMLName.Local != "svg" || doc.XMLName.Space != "http://www.w3.org/2000/svg" {
		t.Errorf("root element %v", doc.XMLName)
	}
	if len(doc.Groups) != len(monitoring.Panels) {
		t.Fatalf("%d panels drawn, the dashboard has %d", len(doc.Groups), len(monitoring.Panels))
	}
	for i, g := range doc.Groups {
		if g.Class != "panel" || g.Title != monitoring.Panels[i].Title {
			t.Errorf("panel %d: %q, want %q", i, g.Title, monitoring.Panels[i].Title)
		}
	}
	status := doc.Groups[0]
	var ticks, legends []string
	for _, tx := range status.Texts {
		switch tx.Class {
		case "tick":
			ticks = append(ticks, tx.Value)
		case "legend":
			legends = append(legends, tx.Value)
		}
	}
	if len(ticks) != 3 || ticks[2] != "10/s" {
		t.Errorf("status panel's scale: %q, want 0/s, 5/s, 10/s", ticks)
	}
	if !strings.Contains(strings.Join(legends, "\n"), `A<&"B> skipped: cache_behind — peak 2/s`) {
		t.Errorf("the escaped label value did not come back: %q", legends)
	}
	if len(status.Polylines) != 3 {
		t.Errorf("status panel: %d lines, want 3 (sent, two skipped series)", len(status.Polylines))
	}
	// Panel 0 is at the first row's left; its plot spans x 74..524 and, below the
	// heading of 60 px, y 104..254.
	const left, right, plotTop, plotBottom = 74, 524, 104, 254
	sentAtTop := false
	for _, pl := range status.Polylines {
		for _, pt := range strings.Fields(pl.Points) {
			xs, ys, _ := strings.Cut(pt, ",")
			x, _ := strconv.ParseFloat(xs, 64)
			y, _ := strconv.ParseFloat(ys, 64)
			if x < left-0.1 || x > right+0.1 || y < plotTop-0.1 || y > plotBottom+0.1 {
				t.Errorf("point %s outside the plot [%d,%d]×[%d,%d]", pt, left, right, plotTop, plotBottom)
			}
			sentAtTop = sentAtTop || y == plotTop
		}
	}
	if !sentAtTop {
		t.Error("no point at the top of the scale: 10/s should reach it")
	}
	if !strings.Contains(svg, "machine&#39;s 1-minute load 0.80") && !strings.Contains(svg, "machine's 1-minute load 0.80") {
		t.Error("the run's load average is not in the picture")
	}

	if _, err := dashboardChart(&Report{Runs: []Run{{Scenario: "mixed", Controller: "guarded"}}}); err == nil {
		t.Error("no recorded run: want an error, got a picture")
	}
}

// TestRecorder: the recorder reads a registry over HTTP, as a scrape does, keeps only
// the series asked for, flattens a histogram into its _bucket (with +Inf) and _count
// series, and samples once at its start and once at its stop.
func TestRecorder(t *testing.T) {
	reg := prometheus.NewRegistry()
	c := prometheus.NewCounterVec(prometheus.CounterOpts{Name: "x_total", Help: "x"}, []string{"kind"})
	h := prometheus.NewHistogram(prometheus.HistogramOpts{Name: "h_seconds", Help: "h", Buckets: []float64{0.1, 1}})
	g := prometheus.NewGauge(prometheus.GaugeOpts{Name: "unasked", Help: "u"})
	reg.MustRegister(c, h, g)
	c.WithLabelValues("Cache").Add(1)
	ep, err := serve(reg)
	if err != nil {
		t.Fatal(err)
	}
	defer ep.close()
	want := map[string]bool{"x_total": true, "h_seconds_bucket": true, "h_seconds_count": true}
	r, err := startRecorder(context.Background(), ep, time.Now(), time.Hour, want)
	if err != nil {
		t.Fatal(err)
	}
	c.WithLabelValues("Cache").Add(2)
	h.Observe(0.5)
	rec, err := r.stop()
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := r.stop(); again != rec {
		t.Error("a second stop returned another recording")
	}
	got := map[string][]float64{}
	for _, s := range rec.Series {
		got[s.Labels["__name__"]+"{"+s.Labels["kind"]+s.Labels["le"]+"}"] = s.V
		if len(s.T) != len(s.V) {
			t.Errorf("%v: %d times, %d values", s.Labels, len(s.T), len(s.V))
		}
	}
	for k, v := range map[string][]float64{
		"x_total{Cache}": {1, 3}, "h_seconds_bucket{0.1}": {0, 0}, "h_seconds_bucket{1}": {0, 1},
		"h_seconds_bucket{+Inf}": {0, 1}, "h_seconds_count{}": {0, 1},
	} {
		if g := got[k]; len(g) != 2 || g[0] != v[0] || g[1] != v[1] {
			t.Errorf("%s: %v, want %v", k, g, v)
		}
	}
	if len(got) != 5 {
		t.Errorf("recorded %d series, want the 5 asked for: %v", len(got), got)
	}
}

// TestPanelMetrics: the recording asks for exactly the series the panels name, and
// every panel's query parses once Grafana's variables are filled in.
func TestPanelMetrics(t *testing.T) {
	want := panelMetrics()
	for _, name := range []string{"opguard_status_writes_total", "opguard_owned_applies_skipped_total", "workqueue_depth",
		"workqueue_queue_duration_seconds_bucket", "rest_client_rate_limiter_duration_seconds_sum", "opguard_status_takebacks_total"} {
		if !want[name] {
			t.Errorf("%s is not recorded", name)
		}
	}
	for name := range want {
		if strings.Contains(name, "$") || name == "" {
			t.Errorf("recorded name %q", name)
		}
	}
	if _, _, err := evaluatePanels(&Recording{Interval: Duration(time.Second)}); err != nil {
		t.Errorf("the panels' queries on an empty recording: %v", err)
	}
}
