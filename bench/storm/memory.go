package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
	"strconv"
	"strings"
	"sync"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"

	stormv1 "github.com/opgen-dev/opgen/bench/storm/api/v1"
)

// heapObjects is the Go heap's memory in objects, live or not yet swept: what the
// informer caches and everything else the process allocated occupy; heapLive is the
// part the last collection found live, which does not depend on when the collector ran.
const (
	heapObjects = "/memory/classes/heap/objects:bytes"
	heapLive    = "/gc/heap/live:bytes"
)

// heapPeak samples the Go heap every 100 ms and keeps the highest readings: the
// benchmark's own clients and watches are in it too, as in the RSS, and the same for
// every run.
type heapPeak struct {
	mu         sync.Mutex
	peak, live uint64
	// profiled is the live heap of the last profile written (see heapProfileEnv).
	profiled uint64
}

// heapProfileEnv names a directory: when set, a heap profile is written there
// (peak-live.pb.gz, replaced each time) whenever the live heap sampled reaches a new
// peak, 1 MiB past the last one profiled: what is live at the peak. A diagnostic:
// writing a profile runs no collection, but the finer sampling it turns on
// (profileHeapFinely) costs memory of its own, so its runs compare with each other,
// not with the published ones.
const heapProfileEnv = "OPGEN_STORM_HEAP_PROFILE"

func (h *heapPeak) run(ctx context.Context) {
	t := time.NewTicker(100 * time.Millisecond)
	defer t.Stop()
	for {
		h.take()
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

func (h *heapPeak) take() {
	s := []metrics.Sample{{Name: heapObjects}, {Name: heapLive}}
	metrics.Read(s)
	h.mu.Lock()
	h.peak = max(h.peak, value(s[0]))
	h.live = max(h.live, value(s[1]))
	profile := h.live >= h.profiled+1<<20
	if profile {
		h.profiled = h.live
	}
	h.mu.Unlock()
	if dir := os.Getenv(heapProfileEnv); dir != "" && profile {
		writeHeapProfile(filepath.Join(dir, "peak-live.pb.gz"))
	}
}

// profileHeapFinely samples allocations for the heap profile once per 8 KiB instead of
// 512 KiB when heapProfileEnv is set, for profiles that tell allocations of a few MiB
// apart. Only in a diagnostic run: the samples cost memory of their own.
func profileHeapFinely() {
	if os.Getenv(heapProfileEnv) != "" {
		runtime.MemProfileRate = 8 << 10
	}
}

// writeHeapProfile writes the heap profile to name through a temporary file, so that
// the file is always a whole profile.
func writeHeapProfile(name string) {
	f, err := os.CreateTemp(filepath.Dir(name), ".heap-*")
	if err != nil {
		return
	}
	err = pprof.Lookup("heap").WriteTo(f, 0)
	if cerr := f.Close(); err == nil && cerr == nil {
		_ = os.Rename(f.Name(), name)
	} else {
		_ = os.Remove(f.Name())
	}
}

// max returns the highest heap and live heap sampled.
func (h *heapPeak) max() (heap, live uint64) {
	h.take()
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.peak, h.live
}

func value(s metrics.Sample) uint64 {
	if s.Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s.Value.Uint64()
}

// liveHeap is the heap after a collection: what the process holds on to, the
// caches above all.
func liveHeap() uint64 {
	runtime.GC()
	s := []metrics.Sample{{Name: heapLive}}
	metrics.Read(s)
	return value(s[0])
}

// peakRSS is the process's peak resident set (VmHWM of /proc/self/status), in bytes:
// the manager and the benchmark's own clients, not the API server or etcd, which run in
// processes of their own.
func peakRSS() (uint64, error) {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kb, err := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb * 1024, err
		}
	}
	return 0, fmt.Errorf("no VmHWM in /proc/self/status")
}

// mib is bytes in MiB.
func mib(b uint64) float64 { return float64(b) / (1 << 20) }

// cachedManagedFields counts the managedFields entries a cache holds of the kinds the
// controllers watch, and the bytes of their field sets.
func cachedManagedFields(ctx context.Context, c cache.Cache) (entries, bytes int, err error) {
	for _, l := range []client.ObjectList{&stormv1.CacheList{}, &appsv1.DeploymentList{}, &corev1.ConfigMapList{}} {
		if err := c.List(ctx, l, client.InNamespace("default")); err != nil {
			return 0, 0, err
		}
		items, err := meta.ExtractList(l)
		if err != nil {
			return 0, 0, err
		}
		for _, it := range items {
			o, _ := it.(client.Object)
			for _, e := range o.GetManagedFields() {
				entries++
				if e.FieldsV1 != nil {
					bytes += len(e.FieldsV1.Raw)
				}
			}
		}
	}
	return entries, bytes, nil
}
