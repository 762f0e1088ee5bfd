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
