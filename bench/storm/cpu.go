package main

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// cpuSampler reads, every 500 ms, the CPU time (user and system) each process of the
// run has used: kube-apiserver and etcd (envtest's children of this process), this
// process (the benchmark, and the controller when it runs in process), and the
// processes registered by name (the tenant, a controller's own process). On two
// shared cores, where the operator, the server and the tenant all run, it is where a
// phase's time went.
type cpuSampler struct {
	mu      sync.Mutex
	pids    map[string]int
	samples []cpuSample
}

type cpuSample struct {
	at  time.Time
	cpu map[string]float64 // seconds, by process name
}

// clockTicks is USER_HZ, the unit of /proc/<pid>/stat's times (100 on Linux).
const clockTicks = 100

func (c *cpuSampler) register(name string, pid int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.pids == nil {
		c.pids = map[string]int{}
	}
	c.pids[name] = pid
}

func (c *cpuSampler) run(ctx context.Context) {
	t := time.NewTicker(500 * time.Millisecond)
	defer t.Stop()
	for {
		c.take()
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

func (c *cpuSampler) take() {
	self := os.Getpid()
	c.mu.Lock()
	pids := map[string]int{"benchmark": self}
	for n, p := range c.pids {
		pids[n] = p
	}
	c.mu.Unlock()
	// envtest's processes: this process's children by command name, looked up once
	// (reading every process's stat twice a second cost the benchmark a fifth of its CPU).
	if pids["kube-apiserver"] == 0 || pids["etcd"] == 0 {
		if entries, err := filepath.Glob("/proc/[0-9]*/stat"); err == nil {
			for _, e := range entries {
				comm, ppid, _, ok := procStat(e)
				if ok && ppid == self && (comm == "kube-apiserver" || comm == "etcd") {
					pid, _ := strconv.Atoi(strings.Split(e, "/")[2])
					pids[comm] = pid
					c.register(comm, pid)
				}
			}
		}
	}
	s := cpuSample{at: time.Now(), cpu: map[string]float64{}}
	for n, p := range pids {
		if _, _, secs, ok := procStat("/proc/" + strconv.Itoa(p) + "/stat"); ok {
			s.cpu[n] = secs
		}
	}
	c.mu.Lock()
	c.samples = append(c.samples, s)
	c.mu.Unlock()
}

// procStat reads a /proc/<pid>/stat: the command name, the parent's pid and the CPU
// seconds used.
func procStat(name string) (comm string, ppid int, secs float64, ok bool) {
	data, err := os.ReadFile(name)
	if err != nil {
		return "", 0, 0, false
	}
	s := string(data)
	i, j := strings.IndexByte(s, '('), strings.LastIndexByte(s, ')')
	if i < 0 || j < i {
		return "", 0, 0, false
	}
	comm = s[i+1 : j]
	f := strings.Fields(s[j+1:])
	// After the name: state, ppid, …; utime and stime are the 14th and 15th fields of
	// the whole line, the 12th and 13th here.
	if len(f) < 13 {
		return "", 0, 0, false
	}
	ppid, _ = strconv.Atoi(f[1])
	ut, _ := strconv.ParseFloat(f[11], 64)
	st, _ := strconv.ParseFloat(f[12], 64)
	return comm, ppid, (ut + st) / clockTicks, true
}

// between returns each process's CPU seconds between from and to (the samples
// nearest inside), for the processes sampled at both ends.
func (c *cpuSampler) between(from, to time.Time) map[string]float64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	i := sort.Search(len(c.samples), func(i int) bool { return !c.samples[i].at.Before(from) })
	j := sort.Search(len(c.samples), func(i int) bool { return c.samples[i].at.After(to) }) - 1
	if i >= len(c.samples) || j <= i {
		return nil
	}
	out := map[string]float64{}
	for n, v := range c.samples[j].cpu {
		if v0, ok := c.samples[i].cpu[n]; ok && v >= v0 {
			out[n] = float64(int((v-v0)*10+0.5)) / 10
		}
	}
	return out
}
