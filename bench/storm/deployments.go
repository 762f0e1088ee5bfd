package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"strings"
	"sync/atomic"
	"text/tabwriter"
	"time"

	"github.com/go-logr/logr"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/rest"
	"k8s.io/utils/ptr"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/config"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/metrics"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/opgen-dev/opgen/bench/storm/guarded"
)

// The Deployment shape: a controller of a kind the project does not define. The
// guarded one is what `opgen create controller --group apps --version v1 --kind
// Deployment` scaffolds and `opgen generate` wires (guarded/deployment_controller.go,
// opting in by the storm.opgen.dev/config annotation, a ConfigMap per Deployment); the
// hand-written one is the same logic the way controller-runtime's examples write it:
// For(&Deployment{}) without predicates, Owns(&ConfigMap{}), and
// controllerutil.CreateOrUpdate, which writes only when the ConfigMap differs. Both
// run at the same time, in managers of their own, over the same Deployments and the
// same noise.

// shapeAnnotation is the annotation both controllers read: the guarded one's opt-in
// (+opguard:select-annotation in guarded/deployment_controller.go), and the value both
// put in their ConfigMap.
const shapeAnnotation = "storm.opgen.dev/config"

// handWrittenSuffix names the hand-written controller's ConfigMap beside the guarded
// one's (the Deployment's own name).
const handWrittenSuffix = "-hw"

// ShapeParams are the Deployment shape's settings.
type ShapeParams struct {
	// Deployments are created, every other one annotated (opted in).
	Deployments int      `json:"deployments"`
	Writers     int      `json:"writers"`
	Interval    Duration `json:"interval"`
	// Noise is the window of outside writes that ask nothing of either controller: the
	// Deployment's status (as its own controller writes it), an annotation and a label
	// neither reads.
	Noise Duration `json:"noise"`
	Seed  int64    `json:"seed"`
}

// ShapeRun is one controller's figures: reconciles and writes (of Deployments and
// ConfigMaps) through the first sync, the noise window, and the change window (the
// watched annotation changed on every opted-in Deployment once).
type ShapeRun struct {
	Controller       string  `json:"controller"`
	OptedIn          int     `json:"optedIn"`
	SyncReconciles   int     `json:"syncReconciles"`
	SyncWrites       int     `json:"syncWrites"`
	NoiseEvents      int     `json:"noiseEvents"`
	NoiseReconciles  int     `json:"noiseReconciles"`
	NoiseWrites      int     `json:"noiseWrites"`
	ChangeReconciles int     `json:"changeReconciles"`
	ChangeWrites     int     `json:"changeWrites"`
	ChangeSeconds    float64 `json:"changeSeconds"`
	// Reads are the controller's GETs and LISTs of the API server in the whole run
	// (its cache's lists and watches included).
	Reads int `json:"reads"`
}

// shapeCounter counts a controller's requests: writes of Deployments and ConfigMaps,
// and reads.
type shapeCounter struct{ writes, reads atomic.Int64 }

func (c *shapeCounter) wrap(rt http.RoundTripper) http.RoundTripper {
	return roundTripperFunc(func(req *http.Request) (*http.Response, error) {
		key := describe(req)
		resp, err := rt.RoundTrip(req)
		switch {
		case !isWrite(key):
			c.reads.Add(1)
		case strings.Contains(key, " deployments") || strings.Contains(key, " configmaps"):
			if err == nil && resp.StatusCode < 300 {
				c.writes.Add(1)
			}
		}
		return resp, err
	})
}

// handWritten is the Deployment controller as it is written by hand.
type handWritten struct {
	client.Client
	reconciles atomic.Int64
}

func (h *handWritten) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	h.reconciles.Add(1)
	var d appsv1.Deployment
	if err := h.Get(ctx, req.NamespacedName, &d); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	v, ok := d.Annotations[shapeAnnotation]
	if !ok || !d.DeletionTimestamp.IsZero() {
		return reconcile.Result{}, nil
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: d.Name + handWrittenSuffix, Namespace: d.Namespace}}
	_, err := controllerutil.CreateOrUpdate(ctx, h.Client, cm, func() error {
		cm.Labels = map[string]string{"app.kubernetes.io/managed-by": "storm-hand-written", "app.kubernetes.io/instance": d.Name}
		cm.Data = map[string]string{"value": v}
		return controllerutil.SetControllerReference(&d, cm, h.Scheme())
	})
	return reconcile.Result{}, err
}

// shapeController is one of the two controllers, running.
type shapeController struct {
	name    string
	count   *shapeCounter
	recs    func() int
	suffix  string
	cancel  context.CancelFunc
	done    chan error
	manager ctrl.Manager
}

func startShapeController(ctx context.Context, name string, base *rest.Config, f *faultEnv) (*shapeController, error) {
	c := &shapeController{name: name, count: &shapeCounter{}, done: make(chan error, 1)}
	cfg := rest.CopyConfig(base)
	cfg.WrapTransport = c.count.wrap
	opts := ctrl.Options{Scheme: f.scheme, Metrics: metricsserver.Options{BindAddress: "0"}, HealthProbeBindAddress: "0",
		Controller: config.Controller{SkipNameValidation: ptr.To(true)}}
	if name == "guarded" {
		opts.Cache = guarded.CacheOptions()
	}
	mgr, err := ctrl.NewManager(cfg, opts)
	if err != nil {
		return nil, err
	}
	switch name {
	case "guarded":
		if err := guarded.NewDeploymentReconciler(mgr).SetupWithManager(mgr); err != nil {
			return nil, err
		}
		// The generated controller's reconciles, from controller-runtime's counter of
		// its name (process-wide, so counted from here); the hand-written one
		// counts its own.
		base := reconcilesOf("deployment")
		c.recs = func() int { return reconcilesOf("deployment") - base }
	default:
		h := &handWritten{Client: mgr.GetClient()}
		err := ctrl.NewControllerManagedBy(mgr).Named("handwritten-deployment").
			For(&appsv1.Deployment{}).Owns(&corev1.ConfigMap{}).Complete(h)
		if err != nil {
			return nil, err
		}
		c.recs = func() int { return int(h.reconciles.Load()) }
		c.suffix = handWrittenSuffix
	}
	mctx, cancel := context.WithCancel(ctx)
	c.cancel, c.manager = cancel, mgr
	go func() { c.done <- mgr.Start(mctx) }()
	return c, nil
}

// reconcilesOf is controller-runtime's controller_runtime_reconcile_total of the
// controller named name, from the process's registry.
func reconcilesOf(name string) int {
	families, err := metrics.Registry.Gather()
	if err != nil {
		return 0
	}
	n := 0.0
	for _, mf := range families {
		if mf.GetName() != "controller_runtime_reconcile_total" {
			continue
		}
		for _, m := range mf.GetMetric() {
			if hasLabel(m, "controller", name) {
				n += m.GetCounter().GetValue()
			}
		}
	}
	return int(n)
}

func (c *shapeController) stop() {
	c.cancel()
	<-c.done
}

// runDeploymentShape runs both controllers over the same Deployments: the first sync,
// the noise window, then the watched annotation changed on every opted-in Deployment.
func runDeploymentShape(ctx context.Context, repo string, p ShapeParams, log io.Writer) ([]ShapeRun, error) {
	// controller-runtime complains on stderr when no logger is set; the figures are the
	// output here, and a failure surfaces as an error.
	ctrl.SetLogger(logr.Discard())
	if err := checkGenerated(ctx, repo); err != nil {
		return nil, err
	}
	f, err := startFaultEnv(ctx, repo)
	if err != nil {
		return nil, err
	}
	defer f.stop()
	// Deployments are in the scheme already (guarded.AddToScheme adds client-go's
	// kinds); adding them here again raced with the status watch reading the scheme.
	c := f.outside
	optedIn := 0
	for i := range p.Deployments {
		d := shapeDeployment(fmt.Sprintf("d%03d", i))
		if i%2 == 0 {
			d.Annotations = map[string]string{shapeAnnotation: "v0"}
			optedIn++
		}
		if err := c.Create(ctx, d); err != nil {
			return nil, err
		}
	}
	var ctrls []*shapeController
	defer func() {
		for _, sc := range ctrls {
			sc.stop()
		}
	}()
	for _, name := range []string{"guarded", "hand-written"} {
		sc, err := startShapeController(ctx, name, f.cfg, f)
		if err != nil {
			return nil, err
		}
		ctrls = append(ctrls, sc)
	}
	runs := make([]ShapeRun, len(ctrls))
	for i, sc := range ctrls {
		runs[i] = ShapeRun{Controller: sc.name, OptedIn: optedIn}
	}
	snap := func() (recs, writes []int) {
		for _, sc := range ctrls {
			recs = append(recs, sc.recs())
			writes = append(writes, int(sc.count.writes.Load()))
		}
		return recs, writes
	}
	if err := waitShape(ctx, c, ctrls, p.Deployments, "v0", time.Minute); err != nil {
		return nil, fmt.Errorf("first sync: %w", err)
	}
	time.Sleep(drain)
	r0, w0 := snap()
	for i := range runs {
		runs[i].SyncReconciles, runs[i].SyncWrites = r0[i], w0[i]
	}
	fmt.Fprintf(log, "deployments: first sync done (%d Deployments, %d opted in); noise for %s\n", p.Deployments, optedIn, time.Duration(p.Noise))

	events := shapeNoise(ctx, c, p)
	time.Sleep(drain)
	r1, w1 := snap()
	for i := range runs {
		runs[i].NoiseEvents = events
		runs[i].NoiseReconciles, runs[i].NoiseWrites = r1[i]-r0[i], w1[i]-w0[i]
	}

	start := time.Now()
	for i := 0; i < p.Deployments; i += 2 {
		name := fmt.Sprintf("d%03d", i)
		patch := []byte(`{"metadata":{"annotations":{"` + shapeAnnotation + `":"v1"}}}`)
		if err := c.Patch(ctx, &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: "default"}}, client.RawPatch(types.MergePatchType, patch)); err != nil {
			return nil, err
		}
	}
	if err := waitShape(ctx, c, ctrls, p.Deployments, "v1", time.Minute); err != nil {
		return nil, fmt.Errorf("change window: %w", err)
	}
	took := time.Since(start)
	time.Sleep(drain)
	r2, w2 := snap()
	for i, sc := range ctrls {
		runs[i].ChangeReconciles, runs[i].ChangeWrites, runs[i].ChangeSeconds = r2[i]-r1[i], w2[i]-w1[i], took.Seconds()
		runs[i].Reads = int(sc.count.reads.Load())
	}
	return runs, nil
}

func shapeDeployment(name string) *appsv1.Deployment {
	labels := map[string]string{"app": name}
	return &appsv1.Deployment{
		ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: "default"},
		Spec: appsv1.DeploymentSpec{
			Selector: &metav1.LabelSelector{MatchLabels: labels},
			Template: corev1.PodTemplateSpec{
				ObjectMeta: metav1.ObjectMeta{Labels: labels},
				Spec:       corev1.PodSpec{Containers: []corev1.Container{{Name: "app", Image: "registry.k8s.io/pause:3.10"}}},
			},
		},
	}
}

// waitShape waits until each controller's ConfigMap of every opted-in Deployment holds
// want.
func waitShape(ctx context.Context, c client.Client, ctrls []*shapeController, n int, want string, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for {
		missing := ""
		for i := 0; i < n && missing == ""; i += 2 {
			for _, sc := range ctrls {
				var cm corev1.ConfigMap
				name := fmt.Sprintf("d%03d", i) + sc.suffix
				err := c.Get(ctx, client.ObjectKey{Namespace: "default", Name: name}, &cm)
				if err != nil && !apierrors.IsNotFound(err) {
					return err
				}
				if err != nil || cm.Data["value"] != want {
					missing = sc.name + "'s " + name
					break
				}
			}
		}
		if missing == "" {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%s does not hold %q after %s", missing, want, limit)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// shapeNoise writes what neither controller needs to act on, for p.Noise: a
// Deployment's status (as the Deployment controller would), an annotation and a label
// no one reads. It returns the writes made.
func shapeNoise(ctx context.Context, c client.Client, p ShapeParams) int {
	ctx, cancel := context.WithTimeout(ctx, time.Duration(p.Noise))
	defer cancel()
	var made atomic.Int64
	done := make(chan struct{})
	for w := range p.Writers {
		go func() {
			defer func() { done <- struct{}{} }()
			rng := rand.New(rand.NewPCG(uint64(p.Seed), uint64(w)))
			tick := time.NewTicker(time.Duration(p.Interval))
			defer tick.Stop()
			for n := 0; ; n++ {
				select {
				case <-ctx.Done():
					return
				case <-tick.C:
				}
				name := fmt.Sprintf("d%03d", rng.IntN(p.Deployments))
				key := client.ObjectKey{Namespace: "default", Name: name}
				var err error
				switch rng.IntN(3) {
				case 0:
					var d appsv1.Deployment
					if err = c.Get(ctx, key, &d); err == nil {
						d.Status.ObservedGeneration = d.Generation
						d.Status.Replicas = int32(n % 3)
						d.Status.UpdatedReplicas = int32(n % 3)
						err = c.Status().Update(ctx, &d)
					}
				case 1:
					patch := fmt.Sprintf(`{"metadata":{"annotations":{"noise.storm.opgen.dev/n":"%d-%d"}}}`, w, n)
					err = c.Patch(ctx, &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: "default"}}, client.RawPatch(types.MergePatchType, []byte(patch)))
				default:
					patch := fmt.Sprintf(`{"metadata":{"labels":{"noise.storm.opgen.dev/n":"%d-%d"}}}`, w, n)
					err = c.Patch(ctx, &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: "default"}}, client.RawPatch(types.MergePatchType, []byte(patch)))
				}
				if err == nil {
					made.Add(1)
				}
			}
		}()
	}
	for range p.Writers {
		<-done
	}
	return int(made.Load())
}

// shapeTable prints the two controllers' figures.
func shapeTable(runs []ShapeRun, p ShapeParams) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Deployment shape: %d Deployments (%d opted in), noise %s with %d writers every %s\n\n",
		p.Deployments, firstOptedIn(runs), time.Duration(p.Noise), p.Writers, time.Duration(p.Interval))
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "controller\tfirst sync: reconciles / writes\tnoise: outside writes\treconciles\twrites\tannotation changed: reconciles / writes\tseconds\treads")
	for _, r := range runs {
		fmt.Fprintf(tw, "%s\t%d / %d\t%d\t%d\t%d\t%d / %d\t%.1f\t%d\n", r.Controller, r.SyncReconciles, r.SyncWrites, r.NoiseEvents,
			r.NoiseReconciles, r.NoiseWrites, r.ChangeReconciles, r.ChangeWrites, r.ChangeSeconds, r.Reads)
	}
	tw.Flush()
	return b.String()
}

func firstOptedIn(runs []ShapeRun) int {
	if len(runs) == 0 {
		return 0
	}
	return runs[0].OptedIn
}

// shapeMain runs the Deployment shape from the command line.
func shapeMain(p ShapeParams, jsonOut string) int {
	repo, err := repoRoot()
	if err != nil {
		fmt.Fprintln(os.Stderr, "storm:", err)
		return 2
	}
	runs, err := runDeploymentShape(context.Background(), repo, p, os.Stderr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "storm:", err)
		return 1
	}
	fmt.Print(shapeTable(runs, p))
	if jsonOut != "" {
		data, _ := json.MarshalIndent(struct {
			Params ShapeParams `json:"params"`
			Runs   []ShapeRun  `json:"runs"`
		}{p, runs}, "", "  ")
		if err := os.WriteFile(jsonOut, append(data, '\n'), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "storm:", err)
			return 1
		}
	}
	return 0
}
