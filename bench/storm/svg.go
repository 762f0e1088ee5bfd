package main

import (
	"fmt"
	"strings"
	"time"
)

func durationOf(d Duration) time.Duration { return time.Duration(d) }

var colors = map[string]string{"guarded": "#1b7f3b", "naive": "#c0392b", "naive-patch": "#e67e22"}

// chart draws, per scenario, the controllers' writes per second over the load and quiet
// windows, one line per controller, the quiet window shaded.
func chart(r *Report) string {
	const (
		w, h, left, top, gap = 760, 180, 60, 50, 40
	)
	var scen []string
	byScen := map[string][]Run{}
	for _, run := range r.Runs {
		if _, ok := byScen[run.Scenario]; !ok {
			scen = append(scen, run.Scenario)
		}
		byScen[run.Scenario] = append(byScen[run.Scenario], run)
	}
	height := top + len(scen)*(h+gap) + 20
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="12">`+"\n", w+left+300, height)
	fmt.Fprintf(&b, `<text x="%d" y="18" font-size="14" font-weight="bold">Controller writes per second: load window, then quiet window (shaded)</text>`+"\n", left)
	for i, s := range scen {
		runs := byScen[s]
		y0 := top + i*(h+gap)
		max, n := 1, 0
		for _, run := range runs {
			for _, v := range run.Timeline {
				if v > max {
					max = v
				}
			}
			if len(run.Timeline) > n {
				n = len(run.Timeline)
			}
		}
		if n < 2 {
			n = 2
		}
		x := func(sec float64) float64 { return float64(left) + sec*float64(w)/float64(n-1) }
		y := func(v int) float64 { return float64(y0+h) - float64(v)*float64(h)/float64(max) }
		load := durationOf(r.Params.Load).Seconds() + drain.Seconds()
		fmt.Fprintf(&b, `<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="#eeeeee"/>`+"\n", x(load), y0, x(float64(n-1))-x(load), h)
		fmt.Fprintf(&b, `<text x="%d" y="%d" font-weight="bold">%s</text>`+"\n", left, y0-6, s)
		fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#333"/>`+"\n", left, y0+h, left+w, y0+h)
		fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#333"/>`+"\n", left, y0, left, y0+h)
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="end">%d/s</text>`+"\n", left-4, y0+8, max)
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="end">0</text>`+"\n", left-4, y0+h)
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="end">%ds</text>`+"\n", left+w, y0+h+14, n-1)
		for j, run := range runs {
			var pts []string
			for sec, v := range run.Timeline {
				pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(float64(sec)), y(v)))
			}
			fmt.Fprintf(&b, `<polyline fill="none" stroke="%s" stroke-width="2" points="%s"/>`+"\n", colors[run.Controller], strings.Join(pts, " "))
			fmt.Fprintf(&b, `<text x="%d" y="%d" fill="%s">%s: %d writes, %d in quiet</text>`+"\n",
				left+w+10, y0+16+j*16, colors[run.Controller], legend(run), run.Load.Writes+run.Quiet.Writes, run.Quiet.Writes)
		}
	}
	b.WriteString("</svg>\n")
	return b.String()
}

// legend names a run's line: its controller, and the cache policy of a guarded run
// that is not the generated one.
func legend(run Run) string {
	if mf := managedFields(run); run.Controller == "guarded" && mf != "trimmed" && run.ManagedFields != "" {
		return run.Controller + " (managedFields " + mf + ")"
	}
	return run.Controller
}

// phaseChart draws, one panel per run, the controller's writes per second from the
// first creation to the end of the rollout, its phases shaded and named (creation,
// first sync until every object converged, load, quiet, rollout), and on a second
// scale the tenant's p99 per second against 1.5 times its idle p99 (dashed).
func phaseChart(r *Report) string {
	const (
		w, h, left, top, gap, right = 760, 160, 60, 66, 56, 70
	)
	var runs []Run
	for _, run := range r.Runs {
		if len(run.WritesPerSecond) > 1 && run.Phases != nil {
			runs = append(runs, run)
		}
	}
	height := top + len(runs)*(h+gap) + 20
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="12">`+"\n", w+left+right+10, height)
	fmt.Fprintf(&b, `<text x="%d" y="18" font-size="14" font-weight="bold">Controller writes per second (line) and the tenant's p99 (dots, right scale; dashed: 1.5 × idle)</text>`+"\n", left)
	fmt.Fprintf(&b, `<text x="%d" y="34" fill="#555">creation · first sync · load · quiet · rollout (a new process over the converged objects)</text>`+"\n", left)
	// One time scale for every panel, so the runs compare.
	n := 2
	maxW := 1
	for _, run := range runs {
		n = max(n, len(run.WritesPerSecond))
		for _, v := range run.WritesPerSecond {
			maxW = max(maxW, v)
		}
	}
	for i, run := range runs {
		y0 := top + i*(h+gap)
		x := func(sec float64) float64 { return float64(left) + sec*float64(w)/float64(n-1) }
		y := func(v float64) float64 { return float64(y0+h) - v*float64(h)/float64(maxW) }
		ph := run.Phases
		bands := []struct {
			name, from, to, fill string
		}{
			{"creation", "creation", "created", "#dde8f5"},
			{"first sync", "created", "converged", "#eef3fa"},
			{"load", "load", "drain", "#f5ecd9"},
			{"quiet", "quiet", "rollout", "#eeeeee"},
			{"rollout", "rollout", "end", "#e3f1e3"},
		}
		for _, bd := range bands {
			from, to := ph[bd.from], ph[bd.to]
			if bd.name == "first sync" {
				from = max(from, ph["sync"]) // -create before: from the controller's start
				if to < from {
					continue
				}
			}
			fmt.Fprintf(&b, `<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="%s"/>`+"\n", x(from), y0, max(x(to)-x(from), 1), h, bd.fill)
			fmt.Fprintf(&b, `<text x="%.1f" y="%d" font-size="10" fill="#555">%s</text>`+"\n", x(from)+2, y0+11, bd.name)
		}
		fmt.Fprintf(&b, `<text x="%d" y="%d" font-weight="bold">%s: converged in %.0f s, %d writes; rollout %d writes%s</text>`+"\n",
			left, y0-6, legend(run), run.ConvergedSeconds, run.Setup.Writes, run.Rollout.Writes, drainedNote(run))
		fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#333"/>`+"\n", left, y0+h, left+w, y0+h)
		fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#333"/>`+"\n", left, y0, left, y0+h)
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="end">%d/s</text>`+"\n", left-4, y0+8, maxW)
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="end">0</text>`+"\n", left-4, y0+h)
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="end">%ds</text>`+"\n", left+w, y0+h+14, n-1)
		var pts []string
		for sec, v := range run.WritesPerSecond {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(float64(sec)), y(float64(v))))
		}
		color := colors[run.Controller]
		fmt.Fprintf(&b, `<polyline fill="none" stroke="%s" stroke-width="1.5" points="%s"/>`+"\n", color, strings.Join(pts, " "))
		// The tenant, on its own scale: up to 4 times its idle p99.
		if idle := run.TenantIdleP99ms; idle > 0 {
			top := 4 * idle
			yl := func(ms float64) float64 { return float64(y0+h) - min(ms, top)*float64(h)/top }
			fmt.Fprintf(&b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#7a3e9d" stroke-dasharray="4,3"/>`+"\n", left, yl(1.5*idle), left+w, yl(1.5*idle))
			fmt.Fprintf(&b, `<text x="%d" y="%.1f" fill="#7a3e9d">%.0f ms</text>`+"\n", left+w+4, yl(1.5*idle)+4, 1.5*idle)
			fmt.Fprintf(&b, `<text x="%d" y="%d" fill="#7a3e9d">≥%.0f ms</text>`+"\n", left+w+4, y0+8, top)
			for sec, ms := range run.TenantP99PerSecond {
				if ms > 0 {
					fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="1.3" fill="#7a3e9d"/>`+"\n", x(float64(sec)+0.5), yl(ms))
				}
			}
		}
	}
	b.WriteString("</svg>\n")
	return b.String()
}

func drainedNote(run Run) string {
	if run.RolloutDrainedSeconds < 0 {
		return ", queue not drained"
	}
	return fmt.Sprintf(", drained in %.1f s", run.RolloutDrainedSeconds)
}
