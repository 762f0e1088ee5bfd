package main

import (
	"fmt"
	"sort"
	"strings"
	"text/tabwriter"
)

// table renders the runs for a terminal: the load window, then the quiet one.
func table(r *Report) string {
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "scenario\tcontroller\tmanagedFields\tspec changes\twrites\tstatus writes / effective\towned writes / changes\t409s\treconciles\tp50 ms\tp99 ms\tmax depth\tthrottled s\t| quiet writes\tquiet reconciles\tconverged\t")
	for _, run := range r.Runs {
		l, q := run.Load, run.Quiet
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%d\t%d / %d\t%d / %d\t%d\t%d\t%.1f\t%.1f\t%d\t%.1f\t| %d\t%d\t%d/%d\t\n",
			run.Scenario, run.Controller, managedFields(run), run.SpecChanges, l.Writes, l.StatusWrites, l.EffectiveWrites, l.OwnedWrites, l.OwnedChanges,
			l.Conflicts+q.Conflicts, l.Reconciles, l.P50ms, l.P99ms, l.MaxDepth, l.ThrottleSeconds,
			q.Writes, q.Reconciles, run.Converged, run.Objects)
	}
	tw.Flush()

	// Scale and memory: the first sync, and what the process held.
	b.WriteString("\n")
	tw = tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "scenario\tcontroller\tmanagedFields\tobjects\tconverged in s\twrites per object at creation / in all\tmax depth at creation\tpeak RSS MiB\tpeak heap MiB\tpeak live heap MiB\tlive heap at end MiB\tcached managedFields: entries / MiB\t")
	for _, run := range r.Runs {
		all := run.Setup.Writes + run.Load.Writes + run.Drain.Writes + run.Quiet.Writes
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%.1f\t%.2f / %.2f\t%d\t%.0f\t%.0f\t%.0f\t%.0f\t%d / %.1f\t\n",
			run.Scenario, run.Controller, managedFields(run), run.Objects, run.ConvergedSeconds,
			perObject(run.Setup.Writes, run.Objects), perObject(all, run.Objects), run.Setup.MaxDepth,
			mib(run.PeakRSSBytes), mib(run.PeakHeapBytes), mib(run.PeakLiveHeapBytes), mib(run.LiveHeapBytes),
			run.CachedManagedFields, mib(uint64(run.CachedManagedFieldsBytes)))
	}
	tw.Flush()

	// The server's side: the controller's identity and classification, its throttling
	// and 429s, the tenant's latency per phase, and the rollout.
	b.WriteString("\n")
	tw = tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "scenario\tcontroller\tclient limit\tworkers\tsetup s / writes\tthrottled s\t429s / early retries\ttenant p50/p99 ms: idle\tsetup\tload\tquiet\trollout\t| rollout: drained s\twrites\treconciles\tclassified (flowschema → priority level)\tload avg\t")
	for _, run := range r.Runs {
		tm, early := 0, 0
		for _, w := range []Window{run.Setup, run.Load, run.Drain, run.Quiet, run.Rollout} {
			tm += w.TooManyRequests
			early += w.EarlyRetries
		}
		drained := "-"
		if run.RolloutDrainedSeconds >= 0 {
			drained = fmt.Sprintf("%.1f", run.RolloutDrainedSeconds)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%.1f / %d\t%.1f\t%d / %d\t%s\t%s\t%s\t%s\t%s\t| %s\t%d\t%d\t%s\t%.2f\t\n",
			run.Scenario, run.Controller, clientLimit(run), run.Workers, run.ConvergedSeconds, run.Setup.Writes,
			run.Setup.ThrottleSeconds+run.Load.ThrottleSeconds+run.Quiet.ThrottleSeconds+run.Rollout.ThrottleSeconds, tm, early,
			latency(run.TenantIdleP50ms, run.TenantIdleP99ms), latency(run.Setup.TenantP50ms, run.Setup.TenantP99ms),
			latency(run.Load.TenantP50ms, run.Load.TenantP99ms), latency(run.Quiet.TenantP50ms, run.Quiet.TenantP99ms),
			latency(run.Rollout.TenantP50ms, run.Rollout.TenantP99ms),
			drained, run.Rollout.Writes, run.Rollout.Reconciles, classified(run.Classification), run.Load1)
	}
	tw.Flush()
	for _, run := range r.Runs {
		if run.SetupConverged < run.Objects && run.Controller != noController {
			fmt.Fprintf(&b, "\n%s / %s: only %d of %d objects had converged %v after their creation; the load started regardless.",
				run.Scenario, run.Controller, run.SetupConverged, run.Objects, setupTimeout(run.Objects))
		}
	}
	b.WriteString(scrapedTable(r))
	p := r.Params
	guardedWorkers := "its generated default"
	if p.GuardedWorkers > 0 {
		guardedWorkers = fmt.Sprint(p.GuardedWorkers)
	}
	fmt.Fprintf(&b, "\n%d objects (conflict: 5), %d writers every %v, load %v then quiet %v, %d workers, the guarded operator %s (conflict: 10), seed %d.\n",
		p.Objects, p.Writers, p.Interval.String(), p.Load.String(), p.Quiet.String(), p.Workers, guardedWorkers, p.Seed)
	if p.KubeAPIQPS > 0 || p.KubeAPIBurst > 0 {
		fmt.Fprintf(&b, "The guarded operator's client limit raised for the run: %g QPS, burst %d (0: its default).\n", p.KubeAPIQPS, p.KubeAPIBurst)
	}
	return b.String()
}

func (d Duration) String() string { return fmt.Sprint(durationOf(d)) }

func perObject(n, objects int) float64 {
	if objects == 0 {
		return 0
	}
	return float64(n) / float64(objects)
}

// managedFields is what run's cache kept of managedFields.
func managedFields(run Run) string {
	if run.ManagedFields == "" {
		return "full" // a report from before the policy was recorded
	}
	return run.ManagedFields
}

// clientLimit is a run's client-side limit: "50/100" (QPS/burst), or "none".
func clientLimit(run Run) string {
	var parts []string
	if run.QPS > 0 {
		parts = append(parts, fmt.Sprintf("%g/%d", run.QPS, run.Burst))
	}
	if run.InFlight > 0 {
		parts = append(parts, fmt.Sprintf("%d in flight", run.InFlight))
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

func latency(p50, p99 float64) string { return fmt.Sprintf("%.1f/%.1f", p50, p99) }

// classified names the FlowSchemas and priority levels of a run's requests, the most
// used first.
func classified(c map[string]int) string {
	if len(c) == 0 {
		return "-"
	}
	type kv struct {
		k string
		n int
	}
	var kvs []kv
	for k, n := range c {
		kvs = append(kvs, kv{k, n})
	}
	sort.Slice(kvs, func(i, j int) bool { return kvs[i].n > kvs[j].n || kvs[i].n == kvs[j].n && kvs[i].k < kvs[j].k })
	var parts []string
	for _, x := range kvs {
		parts = append(parts, fmt.Sprintf("%s: %d", x.k, x.n))
	}
	return strings.Join(parts, ", ")
}
