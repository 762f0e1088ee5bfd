package stack

// The pinned stack.
const (
	// Go is the go directive of a new project.
	Go = "1.26"
	// Kubernetes is the version of k8s.io/api, k8s.io/apimachinery and k8s.io/client-go.
	Kubernetes = "v0.37.2"
	// ControllerRuntime is the version of sigs.k8s.io/controller-runtime.
	ControllerRuntime = "v0.25.2"
)

// KubernetesModules are released in lockstep at [Kubernetes].
var KubernetesModules = []string{"k8s.io/api", "k8s.io/apimachinery", "k8s.io/client-go"}
