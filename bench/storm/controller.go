package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"syscall"
	"time"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/rest"
	ctrl "sigs.k8s.io/controller-runtime"
)

// controllerRun is a controller under test, running: a manager in the benchmark's
// process (mgr), or a process of its own (cmd).
type controllerRun struct {
	mgr    ctrl.Manager
	cancel context.CancelFunc
	done   chan error

	cmd      *exec.Cmd
	readDone chan error
	errOut   *bytes.Buffer
	// smp samples the controller's metrics.
	smp       *sampler
	stopSmp   context.CancelFunc
	stopped   bool
	startedAt time.Time
}

// startController starts the controller of job as its ServiceAccount (idCfg): the
// guarded and naive operators in this process, their requests counted by pr's wrapping
// transport; the peer in a process of its own.
func startController(ctx context.Context, job childJob, spec operatorSpec, idCfg *rest.Config, scheme *runtime.Scheme, pr *probe) (*controllerRun, error) {
	if job.Controller == peerController {
		c, err := startProcess(ctx, job, spec, idCfg, pr, pr.smp)
		if err == nil {
			pr.cpu.register("controller", c.cmd.Process.Pid)
		}
		return c, err
	}
	cfg := rest.CopyConfig(idCfg)
	cfg.WrapTransport = pr.reqs.wrap
	mgr, err := buildManager(spec, cfg, scheme, "0", pr.limiter.add)
	if err != nil {
		return nil, err
	}
	mctx, cancel := context.WithCancel(ctx)
	c := &controllerRun{mgr: mgr, cancel: cancel, done: make(chan error, 1), smp: pr.smp, startedAt: time.Now()}
	sctx, stopSmp := context.WithCancel(ctx)
	c.stopSmp = stopSmp
	go pr.smp.run(sctx, pr.kind.controller)
	go func() { c.done <- mgr.Start(mctx) }()
	return c, nil
}

// startProcess starts the controller of job in a process of its own as its
// ServiceAccount: the peer's binary, or this one with operatorEnv. Its reported
// requests and waits go to pr, its metrics to smp.
func startProcess(ctx context.Context, job childJob, spec operatorSpec, idCfg *rest.Config, pr *probe, smp *sampler) (*controllerRun, error) {
	metricsAddr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	var cmd *exec.Cmd
	if job.Controller == peerController {
		pj, _ := json.Marshal(map[string]any{"host": idCfg.Host, "caData": idCfg.CAData, "token": idCfg.BearerToken,
			"workers": spec.Workers, "priorityQueue": spec.PriorityQueue, "qps": spec.QPS, "burst": spec.Burst, "metricsAddr": metricsAddr})
		cmd = exec.Command(job.Peer)
		cmd.Env = append(os.Environ(), "OPGEN_STORM_PEER="+string(pj))
	} else {
		self, err := os.Executable()
		if err != nil {
			return nil, err
		}
		oj, _ := json.Marshal(operatorJob{Spec: spec, Host: idCfg.Host, CAData: idCfg.CAData, Token: idCfg.BearerToken, MetricsAddr: metricsAddr})
		cmd = exec.Command(self)
		cmd.Env = append(os.Environ(), operatorEnv+"="+string(oj))
	}
	dieWithParent(cmd, syscall.SIGKILL)
	c := &controllerRun{cmd: cmd, errOut: &bytes.Buffer{}, readDone: make(chan error, 1), smp: smp}
	cmd.Stderr = c.errOut
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	c.startedAt = time.Now()
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	go func() { c.readDone <- readProcess(stdout, pr) }()
	smp.gather = scrape(metricsAddr)
	sctx, stopSmp := context.WithCancel(ctx)
	c.stopSmp = stopSmp
	go smp.run(sctx, pr.kind.controller)
	return c, nil
}

// readProcess records a controller process's report.
func readProcess(r io.Reader, pr *probe) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var l line
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			return fmt.Errorf("%v: %s", err, sc.Text())
		}
		pr.record(l)
	}
	return sc.Err()
}

// waitDrained waits until the controller has reconciled at least n objects, its queue
// is empty, no reconcile runs and none starts for rolloutSettle, and returns when its
// metrics first showed the queue so; false when that did not happen by the deadline. A
// loop that empties the queue for a moment and fills it again has not drained it.
func (c *controllerRun) waitDrained(ctx context.Context, n int, deadline time.Time) (time.Time, bool) {
	var since time.Time
	var at float64 // the reconciles counted since then
	for time.Now().Before(deadline) {
		if sm, ok := c.smp.last(); ok && sm.at.After(c.startedAt) {
			idle := sm.reconciles >= float64(n) && sm.depth == 0 && sm.active == 0
			switch {
			case !idle || (!since.IsZero() && sm.reconciles != at):
				since = time.Time{}
			case since.IsZero():
				since, at = sm.at, sm.reconciles
			case sm.at.Sub(since) >= rolloutSettle:
				return since, true
			}
		}
		select {
		case <-ctx.Done():
			return time.Time{}, false
		case <-time.After(50 * time.Millisecond):
		}
	}
	return time.Time{}, false
}

// stop stops the controller and waits until it has stopped (and, for a process, until
// its report is read).
func (c *controllerRun) stop() error {
	if c.stopped {
		return nil
	}
	c.stopped = true
	defer c.stopSmp()
	if c.mgr != nil {
		c.cancel()
		return <-c.done
	}
	_ = c.cmd.Process.Signal(syscall.SIGTERM)
	rerr := <-c.readDone
	werr := c.cmd.Wait()
	if rerr != nil {
		return fmt.Errorf("reading the controller's report: %v%s", rerr, c.stderr())
	}
	if werr != nil {
		return fmt.Errorf("the controller's process: %v%s", werr, c.stderr())
	}
	return nil
}

// kill ends the controller whatever its state: the cleanup of a run that failed.
func (c *controllerRun) kill() {
	if c.stopped {
		return
	}
	c.stopped = true
	c.stopSmp()
	if c.mgr != nil {
		c.cancel()
		<-c.done
		return
	}
	_ = c.cmd.Process.Kill()
	_ = c.cmd.Wait()
}

// stderr is what a controller process wrote to stderr, for an error message.
func (c *controllerRun) stderr() string {
	if c.errOut == nil || c.errOut.Len() == 0 {
		return ""
	}
	return "\n" + c.errOut.String()
}
