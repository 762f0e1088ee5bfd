package main

import (
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/model"
	"github.com/prometheus/prometheus/model/histogram"
	"github.com/prometheus/prometheus/model/labels"
	"github.com/prometheus/prometheus/promql"
	"github.com/prometheus/prometheus/promql/parser"
	"github.com/prometheus/prometheus/storage"
	"github.com/prometheus/prometheus/tsdb/chunkenc"
	"github.com/prometheus/prometheus/tsdb/chunks"
	"github.com/prometheus/prometheus/util/annotations"

	"github.com/opgen-dev/opgen/generator/monitoring"
)

// The dashboard picture (-dashboard FILE.svg): the guarded operator's metrics endpoint
// is scraped every second through a run, from the first creation to the end of the
// quiet window, as a Prometheus would scrape it; after the run each panel of the
// generated Grafana dashboard (monitoring.Panels) is evaluated on those series with
// Prometheus' own query engine, its PromQL as written there ($job matching the run,
// $__rate_interval four scrape intervals, Grafana's floor for it), and drawn. So the
// picture shows what the dashboard would show of the run: rate() and increase() are
// Prometheus' (counter resets, extrapolation), histogram_quantile() too.

// Recording is what the endpoint served, every Interval, of the metrics the panels
// query: each series by its labels (__name__ included; histograms as their _bucket,
// _sum and _count series, as Prometheus stores them), its samples at T milliseconds
// since the first creation.
type Recording struct {
	Interval Duration         `json:"interval"`
	Series   []RecordedSeries `json:"series"`
}

// RecordedSeries is one series of a Recording.
type RecordedSeries struct {
	Labels map[string]string `json:"labels"`
	T      []int64           `json:"t"`
	V      []float64         `json:"v"`
}

// recordedJob is the job label the panels' $job matches: Prometheus adds a job label
// to every series it scrapes, the recording stands for one job.
const recordedJob = "storm"

// panelMetrics are the names of the series the panels query.
func panelMetrics() map[string]bool {
	want := map[string]bool{}
	for _, p := range monitoring.Panels {
		for _, q := range p.Queries {
			expr, err := parser.NewParser(parser.Options{}).ParseExpr(panelQuery(q.Expr, time.Second))
			if err != nil {
				continue // evaluate reports it
			}
			parser.Inspect(expr, func(n parser.Node, _ []parser.Node) error {
				if vs, ok := n.(*parser.VectorSelector); ok {
					want[vs.Name] = true
				}
				return nil
			})
		}
	}
	return want
}

// panelQuery is a panel's query as Grafana sends it for the recording.
func panelQuery(expr string, interval time.Duration) string {
	expr = strings.ReplaceAll(expr, "$job", `job="`+recordedJob+`"`)
	return strings.ReplaceAll(expr, "$__rate_interval", model.Duration(4*interval).String())
}

// recorder scrapes an endpoint every interval into a Recording.
type recorder struct {
	ep       *endpoint
	origin   time.Time
	interval time.Duration
	want     map[string]bool

	mu     sync.Mutex
	series map[string]*RecordedSeries
	err    error

	cancel context.CancelFunc
	done   chan struct{}
	once   sync.Once
	rec    *Recording
}

// startRecorder scrapes ep now and then every interval until stop; origin is the
// recording's time 0.
func startRecorder(ctx context.Context, ep *endpoint, origin time.Time, interval time.Duration, want map[string]bool) (*recorder, error) {
	r := &recorder{ep: ep, origin: origin, interval: interval, want: want, series: map[string]*RecordedSeries{}, done: make(chan struct{})}
	if err := r.sample(ctx); err != nil {
		return nil, err
	}
	rctx, cancel := context.WithCancel(ctx)
	r.cancel = cancel
	go func() {
		defer close(r.done)
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-rctx.Done():
				return
			case <-t.C:
				if err := r.sample(rctx); err != nil && rctx.Err() == nil {
					r.mu.Lock()
					r.err = cmpOr(r.err, err)
					r.mu.Unlock()
				}
			}
		}
	}()
	return r, nil
}

func cmpOr(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

// sample scrapes the endpoint once and appends what it served.
func (r *recorder) sample(ctx context.Context) error {
	// Stamped when the scrape starts, as Prometheus stamps its samples.
	t := time.Since(r.origin).Milliseconds()
	families, err := r.ep.scrape(ctx)
	if err != nil {
		return err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, mf := range families {
		for _, s := range flatten(mf) {
			if !r.want[s.labels[model.MetricNameLabel]] || math.IsNaN(s.v) {
				continue
			}
			key := labels.FromMap(s.labels).String()
			rs := r.series[key]
			if rs == nil {
				rs = &RecordedSeries{Labels: s.labels}
				r.series[key] = rs
			}
			rs.T, rs.V = append(rs.T, t), append(rs.V, s.v)
		}
	}
	return nil
}

// stop scrapes a last time and returns the recording (every call the same).
func (r *recorder) stop() (*Recording, error) {
	var err error
	r.once.Do(func() {
		r.cancel()
		<-r.done
		err = cmpOr(r.err, r.sample(context.Background()))
		rec := &Recording{Interval: Duration(r.interval)}
		keys := make([]string, 0, len(r.series))
		for k := range r.series {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			rec.Series = append(rec.Series, *r.series[k])
		}
		r.rec = rec
	})
	if err != nil {
		return nil, fmt.Errorf("recording the dashboard's series: %w", err)
	}
	return r.rec, nil
}

// flatSample is one sample of a scrape, in Prometheus' flat series.
type flatSample struct {
	labels map[string]string
	v      float64
}

// flatten turns a metric family into the series Prometheus stores of it: a counter,
// gauge or untyped metric one each; a histogram its cumulative _bucket series by le
// (+Inf included), _sum and _count; a summary its quantiles, _sum and _count.
func flatten(mf *dto.MetricFamily) []flatSample {
	var out []flatSample
	name := mf.GetName()
	for _, m := range mf.GetMetric() {
		add := func(suffix string, v float64, extra ...string) {
			l := map[string]string{model.MetricNameLabel: name + suffix}
			for _, lp := range m.GetLabel() {
				l[lp.GetName()] = lp.GetValue()
			}
			for i := 0; i+1 < len(extra); i += 2 {
				l[extra[i]] = extra[i+1]
			}
			out = append(out, flatSample{l, v})
		}
		switch mf.GetType() {
		case dto.MetricType_COUNTER:
			add("", m.GetCounter().GetValue())
		case dto.MetricType_GAUGE:
			add("", m.GetGauge().GetValue())
		case dto.MetricType_UNTYPED:
			add("", m.GetUntyped().GetValue())
		case dto.MetricType_HISTOGRAM, dto.MetricType_GAUGE_HISTOGRAM:
			h := m.GetHistogram()
			inf := false
			for _, b := range h.GetBucket() {
				inf = inf || math.IsInf(b.GetUpperBound(), 1)
				add("_bucket", float64(b.GetCumulativeCount()), model.BucketLabel, formatLe(b.GetUpperBound()))
			}
			if !inf {
				add("_bucket", float64(h.GetSampleCount()), model.BucketLabel, "+Inf")
			}
			add("_sum", h.GetSampleSum())
			add("_count", float64(h.GetSampleCount()))
		case dto.MetricType_SUMMARY:
			s := m.GetSummary()
			for _, q := range s.GetQuantile() {
				add("", q.GetValue(), model.QuantileLabel, strconv.FormatFloat(q.GetQuantile(), 'g', -1, 64))
			}
			add("_sum", s.GetSampleSum())
			add("_count", float64(s.GetSampleCount()))
		}
	}
	return out
}

func formatLe(f float64) string {
	if math.IsInf(f, 1) {
		return "+Inf"
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

// The recording as Prometheus storage, for its query engine.

// Querier implements storage.Queryable.
func (r *Recording) Querier(mint, maxt int64) (storage.Querier, error) {
	return recordingQuerier{r}, nil
}

type recordingQuerier struct{ r *Recording }

func (q recordingQuerier) Select(_ context.Context, sorted bool, _ *storage.SelectHints, ms ...*labels.Matcher) storage.SeriesSet {
	var out []storage.Series
	for _, s := range q.r.Series {
		m := map[string]string{"job": recordedJob}
		for k, v := range s.Labels {
			m[k] = v
		}
		lset := labels.FromMap(m)
		if !slices.ContainsFunc(ms, func(m *labels.Matcher) bool { return !m.Matches(lset.Get(m.Name)) }) {
			samples := make([]chunks.Sample, len(s.T))
			for i := range s.T {
				samples[i] = floatSample{s.T[i], s.V[i]}
			}
			out = append(out, storage.NewListSeries(lset, samples))
		}
	}
	if sorted {
		sort.Slice(out, func(i, j int) bool { return labels.Compare(out[i].Labels(), out[j].Labels()) < 0 })
	}
	return &seriesList{list: out, i: -1}
}

func (recordingQuerier) LabelValues(context.Context, string, *storage.LabelHints, ...*labels.Matcher) ([]string, annotations.Annotations, error) {
	return nil, nil, errors.New("not supported")
}

func (recordingQuerier) LabelNames(context.Context, *storage.LabelHints, ...*labels.Matcher) ([]string, annotations.Annotations, error) {
	return nil, nil, errors.New("not supported")
}

func (recordingQuerier) Close() error { return nil }

type seriesList struct {
	list []storage.Series
	i    int
}

func (s *seriesList) Next() bool                      { s.i++; return s.i < len(s.list) }
func (s *seriesList) At() storage.Series              { return s.list[s.i] }
func (*seriesList) Err() error                        { return nil }
func (*seriesList) Warnings() annotations.Annotations { return nil }

type floatSample struct {
	t int64
	f float64
}

func (s floatSample) T() int64                    { return s.t }
func (floatSample) ST() int64                     { return 0 }
func (s floatSample) F() float64                  { return s.f }
func (floatSample) H() *histogram.Histogram       { return nil }
func (floatSample) FH() *histogram.FloatHistogram { return nil }
func (floatSample) Type() chunkenc.ValueType      { return chunkenc.ValFloat }
func (s floatSample) Copy() chunks.Sample         { return s }

// panelLines is one panel evaluated on a recording: a line per series of its queries.
type panelLines struct {
	panel monitoring.Panel
	lines []plotLine
}

// plotLine is one series of a panel: its legend (Grafana's legend format filled in),
// and its value at each step, NaN where the query has none.
type plotLine struct {
	legend string
	v      []float64
}

// evaluatePanels evaluates every panel's queries at each scrape interval of rec from 0
// to its last sample; it returns the panels' lines and the steps' seconds.
func evaluatePanels(rec *Recording) ([]panelLines, []float64, error) {
	step := time.Duration(rec.Interval)
	if step <= 0 {
		return nil, nil, errors.New("the recording has no interval")
	}
	var end int64
	for _, s := range rec.Series {
		if n := len(s.T); n > 0 {
			end = max(end, s.T[n-1])
		}
	}
	n := int(time.Duration(end)*time.Millisecond/step) + 1
	secs := make([]float64, n)
	for i := range secs {
		secs[i] = (time.Duration(i) * step).Seconds()
	}
	engine := promql.NewEngine(promql.EngineOpts{MaxSamples: 50_000_000, Timeout: time.Minute, LookbackDelta: 4 * step})
	var out []panelLines
	for _, p := range monitoring.Panels {
		pl := panelLines{panel: p}
		for _, q := range p.Queries {
			qry, err := engine.NewRangeQuery(context.Background(), rec, nil, panelQuery(q.Expr, step),
				time.UnixMilli(0), time.UnixMilli(0).Add(time.Duration(n-1)*step), step)
			if err != nil {
				return nil, nil, fmt.Errorf("panel %q: %w", p.Title, err)
			}
			res := qry.Exec(context.Background())
			if res.Err != nil {
				qry.Close()
				return nil, nil, fmt.Errorf("panel %q: %s: %w", p.Title, q.Expr, res.Err)
			}
			m, err := res.Matrix()
			if err != nil {
				qry.Close()
				return nil, nil, fmt.Errorf("panel %q: %w", p.Title, err)
			}
			for _, s := range m {
				v := make([]float64, n)
				for i := range v {
					v[i] = math.NaN()
				}
				for _, pt := range s.Floats {
					if i := int(time.Duration(pt.T) * time.Millisecond / step); i >= 0 && i < n {
						v[i] = pt.F
					}
				}
				pl.lines = append(pl.lines, plotLine{legend: legendOf(q.Legend, s.Metric), v: v})
			}
			qry.Close()
		}
		out = append(out, pl)
	}
	return out, secs, nil
}

var legendLabel = regexp.MustCompile(`\{\{\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*\}\}`)

// legendOf fills Grafana's legend format with a series' labels.
func legendOf(format string, l labels.Labels) string {
	return legendLabel.ReplaceAllStringFunc(format, func(m string) string {
		return l.Get(legendLabel.FindStringSubmatch(m)[1])
	})
}

// niceCeil is the smallest of 1, 2, 2.5 and 5 times a power of ten at or above v (1
// for nothing above 0): the top of a panel's scale.
func niceCeil(v float64) float64 {
	if !(v > 0) || math.IsInf(v, 0) {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(v)))
	for _, m := range []float64{1, 2, 2.5, 5, 10} {
		// The tolerance keeps 3 from becoming 5 through 3/1e0's rounding.
		if v <= m*p*(1+1e-9) {
			return m * p
		}
	}
	return 10 * p
}

// niceStep is the spacing of about want ticks over span: 1, 2 or 5 times a power of ten.
func niceStep(span float64, want int) float64 {
	if span <= 0 || want < 1 {
		return 1
	}
	raw := span / float64(want)
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5} {
		if raw <= m*p {
			return m * p
		}
	}
	return 10 * p
}

// formatValue writes v in a panel's unit: per second for "ops", milliseconds below a
// second for "s".
func formatValue(v float64, unit string) string {
	g := func(f float64) string { return strconv.FormatFloat(f, 'g', 3, 64) }
	switch unit {
	case "ops":
		return g(v) + "/s"
	case "s":
		if v != 0 && math.Abs(v) < 1 {
			return g(v*1000) + " ms"
		}
		return g(v) + " s"
	}
	return g(v)
}

var lineColors = []string{"#1b7f3b", "#c0392b", "#2c6fbb", "#e67e22", "#7a3e9d", "#16a085", "#8e6c3a", "#d35400", "#555555", "#b03a7a"}

// Panel geometry, in pixels.
const (
	dashPanelW   = 540 // a panel's width, two to a row as in the dashboard
	dashPlotL    = 64  // plot's left edge within a panel (the scale's labels)
	dashPlotW    = 450
	dashPlotTop  = 44 // plot's top within a panel (title and its note)
	dashPlotH    = 150
	dashLegendLH = 14
	dashMargin   = 10
)

// dashboardChart draws, for each run with a recording, every panel of the dashboard
// from its recording, two to a row in the dashboard's order, the run's phases shaded.
func dashboardChart(r *Report) (string, error) {
	var b strings.Builder
	type drawn struct {
		run    Run
		panels []panelLines
		secs   []float64
	}
	var runs []drawn
	for _, run := range r.Runs {
		if run.Dashboard == nil {
			continue
		}
		panels, secs, err := evaluatePanels(run.Dashboard)
		if err != nil {
			return "", fmt.Errorf("%s/%s: %w", run.Scenario, run.Controller, err)
		}
		runs = append(runs, drawn{run, panels, secs})
	}
	if len(runs) == 0 {
		return "", errors.New("no run recorded the dashboard's series (-dashboard records guarded runs)")
	}
	width := 2*dashPanelW + 3*dashMargin
	var body strings.Builder
	y := 0
	for _, d := range runs {
		y = drawRunDashboard(&body, d.run, d.panels, d.secs, r.Params, y)
	}
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="11">`+"\n", width, y+dashMargin)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#ffffff"/>`+"\n", width, y+dashMargin)
	b.WriteString(body.String())
	b.WriteString("</svg>\n")
	return b.String(), nil
}

// drawRunDashboard draws one run's panels from y and returns the y below them.
func drawRunDashboard(b *strings.Builder, run Run, panels []panelLines, secs []float64, p Params, y int) int {
	end := 1.0
	if len(secs) > 1 {
		end = secs[len(secs)-1]
	}
	y += 20
	fmt.Fprintf(b, `<text x="%d" y="%d" font-size="14" font-weight="bold">%s</text>`+"\n", dashMargin, y,
		esc(fmt.Sprintf("The generated Grafana dashboard on a storm run: %s, %s operator, %d objects", run.Scenario, legend(run), run.Objects)))
	y += 16
	fmt.Fprintf(b, `<text x="%d" y="%d" fill="#555">%s</text>`+"\n", dashMargin, y,
		esc(fmt.Sprintf("its panels' PromQL evaluated by Prometheus' engine on its metrics endpoint, scraped every %v; load window %v, quiet %v; machine's 1-minute load %.2f at the start",
			durationOf(run.Dashboard.Interval), durationOf(p.Load), durationOf(p.Quiet), run.Load1)))
	y += 14
	fmt.Fprintf(b, `<text x="%d" y="%d" fill="#555">%s</text>`+"\n", dashMargin, y,
		esc("shaded: first sync (blue), load (amber), quiet (grey); rest_client_* count every client of the benchmark's process, its load writers' too"))
	y += 10
	rowY := y
	for i, pl := range panels {
		col := i % 2
		if col == 0 && i > 0 {
			rowY += panelHeight(panels[i-2 : i])
		}
		x := dashMargin + col*(dashPanelW+dashMargin)
		drawPanel(b, pl, secs, end, run.Phases, x, rowY)
	}
	if n := len(panels); n > 0 {
		rowY += panelHeight(panels[(n-1)/2*2:])
	}
	return rowY
}

// panelHeight is the height of a row of panels: the plot and the longest legend.
func panelHeight(row []panelLines) int {
	lines := 0
	for _, p := range row {
		lines = max(lines, len(p.lines))
	}
	return dashPlotTop + dashPlotH + 24 + max(lines, 1)*dashLegendLH + dashMargin
}

// drawPanel draws one panel at (x, y): its title, its scale from 0 to a nice top
// above its highest value, the phases, a polyline per series (broken where it has no
// value), and a legend with each series' peak.
func drawPanel(b *strings.Builder, pl panelLines, secs []float64, end float64, phases map[string]float64, x, y int) {
	top := 0.0
	for _, l := range pl.lines {
		for _, v := range l.v {
			if !math.IsNaN(v) && !math.IsInf(v, 0) {
				top = max(top, v)
			}
		}
	}
	top = niceCeil(top)
	px := func(sec float64) float64 { return float64(x+dashPlotL) + sec*dashPlotW/end }
	py := func(v float64) float64 { return float64(y+dashPlotTop+dashPlotH) - v*dashPlotH/top }
	fmt.Fprintf(b, `<g class="panel" data-title="%s">`+"\n", esc(pl.panel.Title))
	fmt.Fprintf(b, `<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#cccccc"/>`+"\n", x, y, dashPanelW, panelHeight([]panelLines{pl})-dashMargin)
	fmt.Fprintf(b, `<text x="%d" y="%d" font-size="12" font-weight="bold">%s</text>`+"\n", x+8, y+16, esc(pl.panel.Title))
	var exprs []string
	for _, q := range pl.panel.Queries {
		exprs = append(exprs, q.Expr)
	}
	fmt.Fprintf(b, `<title>%s</title>`+"\n", esc(pl.panel.Description+"\n"+strings.Join(exprs, "\n")))
	for _, band := range []struct{ from, to, fill string }{
		{"created", "converged", "#e3ecf7"}, {"load", "drain", "#f7ecd5"}, {"quiet", "", "#ececec"},
	} {
		from, ok := phases[band.from]
		if !ok {
			continue
		}
		to, ok := phases[band.to]
		if !ok {
			to = end
		}
		from, to = min(max(from, 0), end), min(max(to, 0), end)
		if to > from {
			fmt.Fprintf(b, `<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="%s"/>`+"\n", px(from), y+dashPlotTop, px(to)-px(from), dashPlotH, band.fill)
		}
	}
	// The scale: 0, half and the top; the time every few seconds.
	for _, f := range []float64{0, 0.5, 1} {
		v := f * top
		fmt.Fprintf(b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#dddddd"/>`+"\n", x+dashPlotL, py(v), x+dashPlotL+dashPlotW, py(v))
		fmt.Fprintf(b, `<text class="tick" x="%d" y="%.1f" text-anchor="end">%s</text>`+"\n", x+dashPlotL-4, py(v)+4, esc(formatValue(v, pl.panel.Unit)))
	}
	stepS := niceStep(end, 6)
	for s := 0.0; s <= end+1e-9; s += stepS {
		fmt.Fprintf(b, `<text x="%.1f" y="%d" text-anchor="middle" fill="#555">%gs</text>`+"\n", px(s), y+dashPlotTop+dashPlotH+13, s)
	}
	fmt.Fprintf(b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#333"/>`+"\n", x+dashPlotL, y+dashPlotTop+dashPlotH, x+dashPlotL+dashPlotW, y+dashPlotTop+dashPlotH)
	fmt.Fprintf(b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#333"/>`+"\n", x+dashPlotL, y+dashPlotTop, x+dashPlotL, y+dashPlotTop+dashPlotH)
	for i, l := range pl.lines {
		color := lineColors[i%len(lineColors)]
		var seg []string
		flush := func() {
			if len(seg) > 0 {
				fmt.Fprintf(b, `<polyline class="series" fill="none" stroke="%s" stroke-width="1.5" points="%s"/>`+"\n", color, strings.Join(seg, " "))
			}
			seg = nil
		}
		peak := math.NaN()
		for j, v := range l.v {
			if math.IsNaN(v) || math.IsInf(v, 0) || j >= len(secs) {
				flush()
				continue
			}
			if math.IsNaN(peak) || v > peak {
				peak = v
			}
			seg = append(seg, fmt.Sprintf("%.1f,%.1f", px(secs[j]), py(v)))
		}
		flush()
		ly := y + dashPlotTop + dashPlotH + 30 + i*dashLegendLH
		peakText := "no value"
		if !math.IsNaN(peak) {
			peakText = "peak " + formatValue(peak, pl.panel.Unit)
		}
		fmt.Fprintf(b, `<rect x="%d" y="%d" width="10" height="3" fill="%s"/>`+"\n", x+dashPlotL, ly-4, color)
		fmt.Fprintf(b, `<text class="legend" x="%d" y="%d">%s</text>`+"\n", x+dashPlotL+14, ly, esc(l.legend+" — "+peakText))
	}
	if len(pl.lines) == 0 {
		fmt.Fprintf(b, `<text class="legend" x="%d" y="%d" fill="#555">no series in this run</text>`+"\n", x+dashPlotL, y+dashPlotTop+dashPlotH+30)
	}
	b.WriteString("</g>\n")
}

// esc escapes s for XML text and attribute values.
func esc(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s))
	return b.String()
}
