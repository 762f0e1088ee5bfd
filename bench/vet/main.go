package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"text/template"
	"time"
)

func main() {
	controllers := flag.Int("controllers", 50, "reconcilers (and kinds) in the generated package")
	runs := flag.Int("runs", 9, "timed runs of each tool")
	keep := flag.Bool("keep", false, "keep the generated module and print where it is")
	flag.Parse()
	if err := run(*controllers, *runs, *keep); err != nil {
		fmt.Fprintln(os.Stderr, "bench/vet:", err)
		os.Exit(1)
	}
}

func run(controllers, runs int, keep bool) error {
	repo, err := os.Getwd()
	if err != nil {
		return err
	}
	work, err := os.MkdirTemp("", "opgen-bench-vet-")
	if err != nil {
		return err
	}
	if keep {
		fmt.Fprintln(os.Stderr, "module in", work)
	} else {
		defer os.RemoveAll(work)
	}
	opgen := filepath.Join(work, "bin", "opgen")
	if out, err := exec.Command("go", "build", "-o", opgen, filepath.Join(repo, "cmd", "opgen")).CombinedOutput(); err != nil {
		return fmt.Errorf("building opgen: %v\n%s", err, out)
	}
	mod := filepath.Join(work, "operator")
	if err := writeModule(repo, mod, controllers); err != nil {
		return err
	}
	if _, err := timed(mod, 0, "go", "build", "./..."); err != nil {
		return err
	}
	// Untimed: each tool's first run fills its caches (go vet's export data and vetx files).
	if _, err := timed(mod, 2, "go", "vet", "./..."); err != nil {
		return err
	}
	if _, err := timed(mod, 1, opgen, "vet", "./..."); err != nil {
		return err
	}
	var goT, opT []time.Duration
	var ratios []float64
	for i := 0; i < runs; i++ {
		g, err := timed(mod, 2, "go", "vet", "./...") // go vet exits 2 when it reports something
		if err != nil {
			return err
		}
		o, err := timed(mod, 1, opgen, "vet", "./...")
		if err != nil {
			return err
		}
		goT, opT = append(goT, g), append(opT, o)
		ratios = append(ratios, float64(o)/float64(g))
		fmt.Fprintf(os.Stderr, "run %d/%d: go vet %v, opgen vet %v\n", i+1, runs, g.Round(time.Millisecond), o.Round(time.Millisecond))
	}
	fmt.Printf("opgen vet vs go vet on a %d-controller package, warm build cache, %d alternating runs (medians)\n", controllers, runs)
	fmt.Printf("%-12s %8v\n", "go vet", median(goT).Round(time.Millisecond))
	fmt.Printf("%-12s %8v\n", "opgen vet", median(opT).Round(time.Millisecond))
	slices.Sort(ratios)
	ratio := ratios[len(ratios)/2]
	verdict := "within"
	if ratio > 1.5 {
		verdict = "NOT within"
	}
	fmt.Printf("%-12s %8.2fx (%s the 1.5x target)\n", "ratio", ratio, verdict)
	return nil
}

// timed runs a command in dir and returns its wall time; exit status okExit (besides
// 0) is expected, as a checker's "found something".
func timed(dir string, okExit int, name string, args ...string) (time.Duration, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	err := cmd.Run()
	d := time.Since(start)
	var ee *exec.ExitError
	if err != nil && !(errors.As(err, &ee) && okExit != 0 && ee.ExitCode() == okExit) {
		return 0, fmt.Errorf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out.String())
	}
	return d, nil
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

// writeModule writes the operator module: go.mod and go.sum of the precision testdata
// (the pinned controller-runtime and k8s.io versions, all in the module cache), the
// API package and the controller package.
func writeModule(repo, dir string, n int) error {
	src := filepath.Join(repo, "vet", "testdata", "precision")
	for _, f := range []string{"go.mod", "go.sum"} {
		b, err := os.ReadFile(filepath.Join(src, f))
		if err != nil {
			return err
		}
		b = bytes.Replace(b, []byte("module opgen.test/precision"), []byte("module example.com/bench-operator"), 1)
		if err := write(filepath.Join(dir, f), b); err != nil {
			return err
		}
	}
	var kinds []kind
	for i := 0; i < n; i++ {
		kinds = append(kinds, kind{Name: fmt.Sprintf("Service%02d", i), Naive: i%5 == 0})
	}
	if err := render(filepath.Join(dir, "api", "v1", "types.go"), apiTemplate, kinds); err != nil {
		return err
	}
	return render(filepath.Join(dir, "internal", "controller", "controllers.go"), controllerTemplate, kinds)
}

type kind struct {
	Name  string
	Naive bool
}

func render(name, text string, data any) error {
	var buf bytes.Buffer
	t := template.Must(template.New(filepath.Base(name)).Funcs(template.FuncMap{"lower": strings.ToLower}).Parse(text))
	if err := t.Execute(&buf, data); err != nil {
		return err
	}
	return write(name, buf.Bytes())
}

func write(name string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return err
	}
	return os.WriteFile(name, b, 0o644)
}

const apiTemplate = `// Package v1 holds the benchmark operator's kinds.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// GroupVersion is the API group of every kind.
var GroupVersion = schema.GroupVersion{Group: "bench.example.com", Version: "v1"}
{{range .}}
// {{.Name}}Spec is the desired state.
type {{.Name}}Spec struct {
	Replicas *int32            ` + "`json:\"replicas,omitempty\"`" + `
	Image    string            ` + "`json:\"image,omitempty\"`" + `
	Config   map[string]string ` + "`json:\"config,omitempty\"`" + `
}

// {{.Name}}Status is the observed state.
type {{.Name}}Status struct {
	ObservedGeneration int64              ` + "`json:\"observedGeneration,omitempty\"`" + `
	Conditions         []metav1.Condition ` + "`json:\"conditions,omitempty\"`" + `
	ReadyReplicas      int32              ` + "`json:\"readyReplicas,omitempty\"`" + `
}

// {{.Name}} is a kind with a status subresource.
type {{.Name}} struct {
	metav1.TypeMeta   ` + "`json:\",inline\"`" + `
	metav1.ObjectMeta ` + "`json:\"metadata,omitempty\"`" + `
	Spec              {{.Name}}Spec   ` + "`json:\"spec,omitempty\"`" + `
	Status            {{.Name}}Status ` + "`json:\"status,omitempty\"`" + `
}

// DeepCopy copies the object.
func (in *{{.Name}}) DeepCopy() *{{.Name}} {
	out := *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	out.Status.Conditions = append([]metav1.Condition(nil), in.Status.Conditions...)
	return &out
}

// DeepCopyObject implements runtime.Object.
func (in *{{.Name}}) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// DeepCopy copies the status.
func (in *{{.Name}}Status) DeepCopy() *{{.Name}}Status {
	out := *in
	out.Conditions = append([]metav1.Condition(nil), in.Conditions...)
	return &out
}
{{end}}`

const controllerTemplate = `// Package controller holds the benchmark operator's reconcilers.
package controller

import (
	"context"
	"fmt"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	appsv1ac "k8s.io/client-go/applyconfigurations/apps/v1"
	corev1ac "k8s.io/client-go/applyconfigurations/core/v1"
	metav1ac "k8s.io/client-go/applyconfigurations/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	benchv1 "example.com/bench-operator/api/v1"
)

const fieldOwner = "bench-operator"
{{range .}}{{$k := .Name}}{{$l := lower .Name}}
// {{$k}}Reconciler reconciles a {{$k}}.
type {{$k}}Reconciler struct {
	client.Client
}

const {{$l}}Finalizer = "bench.example.com/{{$l}}"

// Reconcile drives the cluster toward the {{$k}}'s spec.
func (r *{{$k}}Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	log := logf.FromContext(ctx)
	obj := &benchv1.{{$k}}{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{}, nil
		}
		return ctrl.Result{}, err
	}
	if !obj.DeletionTimestamp.IsZero() {
		if !controllerutil.ContainsFinalizer(obj, {{$l}}Finalizer) {
			return ctrl.Result{}, nil
		}
		base := obj.DeepCopy()
		controllerutil.RemoveFinalizer(obj, {{$l}}Finalizer)
		return ctrl.Result{}, r.Patch(ctx, obj, client.MergeFrom(base))
	}
{{if .Naive}}	if !controllerutil.ContainsFinalizer(obj, {{$l}}Finalizer) {
		controllerutil.AddFinalizer(obj, {{$l}}Finalizer)
		if err := r.Update(ctx, obj); err != nil {
			return ctrl.Result{}, err
		}
	}
{{else}}	if !controllerutil.ContainsFinalizer(obj, {{$l}}Finalizer) {
		base := obj.DeepCopy()
		controllerutil.AddFinalizer(obj, {{$l}}Finalizer)
		if err := r.Patch(ctx, obj, client.MergeFrom(base)); err != nil {
			return ctrl.Result{}, err
		}
	}
{{end}}	replicas := int32(1)
	if obj.Spec.Replicas != nil {
		replicas = *obj.Spec.Replicas
	}
	if replicas > 100 {
		return ctrl.Result{}, reconcile.TerminalError(fmt.Errorf("replicas %d above 100", replicas))
	}
	labels := map[string]string{"app.kubernetes.io/name": "{{$l}}", "app.kubernetes.io/instance": obj.Name}
	cm := corev1ac.ConfigMap(obj.Name, obj.Namespace).WithLabels(labels).WithData(obj.Spec.Config)
	if err := r.Apply(ctx, cm, client.FieldOwner(fieldOwner), client.ForceOwnership); err != nil {
		return ctrl.Result{}, err
	}
	dep := appsv1ac.Deployment(obj.Name, obj.Namespace).
		WithLabels(labels).
		WithOwnerReferences(metav1ac.OwnerReference().WithAPIVersion(benchv1.GroupVersion.String()).
			WithKind("{{$k}}").WithName(obj.Name).WithUID(obj.UID).WithController(true)).
		WithSpec(appsv1ac.DeploymentSpec().
			WithReplicas(replicas).
			WithSelector(metav1ac.LabelSelector().WithMatchLabels(labels)).
			WithTemplate(corev1ac.PodTemplateSpec().WithLabels(labels).
				WithSpec(corev1ac.PodSpec().WithContainers(corev1ac.Container().WithName("main").WithImage(obj.Spec.Image)))))
	if err := r.Apply(ctx, dep, client.FieldOwner(fieldOwner), client.ForceOwnership); err != nil {
		log.Error(err, "applying deployment")
		return ctrl.Result{}, err
	}
	var live appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &live); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	desired := *obj.Status.DeepCopy()
	desired.ObservedGeneration = obj.Generation
	desired.ReadyReplicas = live.Status.ReadyReplicas
	cond := metav1.Condition{Type: "Ready", Status: metav1.ConditionFalse, Reason: "Progressing", ObservedGeneration: obj.Generation}
	if live.Status.ReadyReplicas == replicas {
		cond.Status, cond.Reason = metav1.ConditionTrue, "Available"
	}
	meta.SetStatusCondition(&desired.Conditions, cond)
{{if .Naive}}	obj.Status = desired
	if err := r.Status().Update(ctx, obj); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{RequeueAfter: time.Second}, nil
{{else}}	if !equality.Semantic.DeepEqual(obj.Status, desired) {
		base := obj.DeepCopy()
		obj.Status = desired
		if err := r.Status().Patch(ctx, obj, client.MergeFrom(base)); err != nil {
			return ctrl.Result{}, err
		}
	}
	if obj.Spec.Image == "" {
		return ctrl.Result{RequeueAfter: 10 * time.Minute}, nil
	}
	return ctrl.Result{}, nil
{{end}}}

// SetupWithManager registers the reconciler.
func (r *{{$k}}Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
{{if .Naive}}		For(&benchv1.{{$k}}{}).
{{else}}		For(&benchv1.{{$k}}{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
{{end}}		Owns(&appsv1.Deployment{}).
		Owns(&corev1.ConfigMap{}).
		WithOptions(controller.Options{MaxConcurrentReconciles: 2}).
		Named("{{$l}}").
		Complete(r)
}
{{end}}`
