package main

import (
	"fmt"
	"strings"
	"text/tabwriter"
)

// table renders the runs for a terminal: the load window, then the quiet one.
func table(r *Report) string {
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "scenario\tcontroller\tspec changes\twrites\tstatus writes / effective\towned writes / changes\t409s\treconciles\tp50 ms\tp99 ms\tmax depth\tthrottled s\t| quiet writes\tquiet reconciles\tconverged\t")
	for _, run := range r.Runs {
		l, q := run.Load, run.Quiet
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d / %d\t%d / %d\t%d\t%d\t%.1f\t%.1f\t%d\t%.1f\t| %d\t%d\t%d/%d\t\n",
			run.Scenario, run.Controller, run.SpecChanges, l.Writes, l.StatusWrites, l.EffectiveWrites, l.OwnedWrites, l.OwnedChanges,
			l.Conflicts+q.Conflicts, l.Reconciles, l.P50ms, l.P99ms, l.MaxDepth, l.ThrottleSeconds,
			q.Writes, q.Reconciles, run.Converged, run.Objects)
	}
	tw.Flush()
	for _, run := range r.Runs {
		if run.SetupConverged < run.Objects {
			fmt.Fprintf(&b, "\n%s / %s: only %d of %d objects had converged %v after their creation; the load started regardless.",
				run.Scenario, run.Controller, run.SetupConverged, run.Objects, setupTimeout(run.Objects))
		}
	}
	p := r.Params
	fmt.Fprintf(&b, "\n%d objects (conflict: 5), %d writers every %v, load %v then quiet %v, %d workers (conflict: 10), seed %d.\n",
		p.Objects, p.Writers, p.Interval.String(), p.Load.String(), p.Quiet.String(), p.Workers, p.Seed)
	return b.String()
}

func (d Duration) String() string { return fmt.Sprint(durationOf(d)) }
