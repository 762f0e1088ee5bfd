package stack

// The pinned stack.
const (
	// Go is the go directive of a new project.
	Go = "1.26"
	// Kubernetes is the version of k8s.io/api, k8s.io/apimachinery and k8s.io/client-go.
	Kubernetes = "v0.37.2"
	// ControllerRuntime is the version of sigs.k8s.io/controller-runtime.
	ControllerRuntime = "v0.25.2"
	// Kustomize is the version of sigs.k8s.io/kustomize/api and kyaml (released in
	// lockstep), which a project's deploy tests build config/ with.
	Kustomize = "v0.21.2"
	// KustomizeCLI is the kustomize command the project's Makefile runs: the release
	// built on [Kustomize], so that the installer it writes and the tests' build agree.
	KustomizeCLI = "v5.8.2"
	// Helm is the version of helm.sh/helm/v4, whose Go library a project's chart tests
	// render and lint dist/chart with (on this stack's Kubernetes, controller-runtime
	// and kustomize versions, so it raises none of them).
	Helm = "v4.3.2"
	// PrometheusClient is the version of github.com/prometheus/client_golang, the
	// registry controller-runtime serves metrics from, which the guards' metrics use.
	PrometheusClient = "v1.24.0"
)

// KubernetesModules are released in lockstep at [Kubernetes].
var KubernetesModules = []string{"k8s.io/api", "k8s.io/apimachinery", "k8s.io/client-go"}
