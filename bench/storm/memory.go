package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"runtime"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"time"
)

// heapObjects is the Go heap's memory in objects, live or not yet swept: what the
// informer caches and everything else the process allocated occupy.
const heapObjects = "/memory/classes/heap/objects:bytes"

// heapPeak samples the Go heap every 100 ms and keeps the highest reading: the
// benchmark's own clients and watches are in it too, as in the RSS, and the same for
// every run.
type heapPeak struct {
	mu   sync.Mutex
	peak uint64
}

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
	v := heapBytes()
	h.mu.Lock()
	h.peak = max(h.peak, v)
	h.mu.Unlock()
}

func (h *heapPeak) max() uint64 {
	h.take()
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.peak
}

func heapBytes() uint64 {
	s := []metrics.Sample{{Name: heapObjects}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

// liveHeap is the heap after a collection: what the process holds on to, the
// caches above all.
func liveHeap() uint64 {
	runtime.GC()
	return heapBytes()
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
