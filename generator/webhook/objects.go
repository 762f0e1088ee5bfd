package webhook

import "github.com/opgen-dev/opgen/artifact"

// The objects of the components, as small local types: the upstream Go types of a
// Service, a Deployment or a Certificate would write their zero fields
// (creationTimestamp: null, status: {}, selector: null in a strategic-merge patch, which
// would then clear the manager's selector), and kustomize's and cert-manager's are not
// dependencies of opgen. Each document keeps its keys in the order declared here
// (artifact.Ordered), the layout of kubebuilder's scaffolds.

// kustomization is a kustomize Component.
type kustomization struct {
	artifact.Ordered
	APIVersion string      `json:"apiVersion"`
	Kind       string      `json:"kind"`
	Metadata   *objectMeta `json:"metadata,omitempty"`
	Resources  []string    `json:"resources,omitempty"`
	Patches    []patch     `json:"patches,omitempty"`
}

// patch is a kustomization's patch: a file (a strategic merge), or JSON 6902 operations
// on the objects Target selects.
type patch struct {
	Path   string  `json:"path,omitempty"`
	Target *target `json:"target,omitempty"`
	Patch  string  `json:"patch,omitempty"`
}

type target struct {
	Kind string `json:"kind"`
	Name string `json:"name,omitempty"`
}

// jsonPatch is one JSON 6902 operation.
type jsonPatch struct {
	artifact.Ordered
	Op    string `json:"op"`
	Path  string `json:"path"`
	Value any    `json:"value"`
}

type objectMeta struct {
	Labels    *labels `json:"labels,omitempty"`
	Name      string  `json:"name"`
	Namespace string  `json:"namespace,omitempty"`
}

// labels are the labels kubebuilder's scaffolds give the project's objects.
type labels struct {
	Name      string `json:"app.kubernetes.io/name"`
	ManagedBy string `json:"app.kubernetes.io/managed-by"`
}

type service struct {
	artifact.Ordered
	APIVersion string      `json:"apiVersion"`
	Kind       string      `json:"kind"`
	Metadata   objectMeta  `json:"metadata"`
	Spec       serviceSpec `json:"spec"`
}

type serviceSpec struct {
	Ports    []servicePort `json:"ports"`
	Selector selector      `json:"selector"`
}

type servicePort struct {
	Port       int32  `json:"port"`
	Protocol   string `json:"protocol"`
	TargetPort int32  `json:"targetPort"`
}

// selector selects the manager's pods, as config/manager labels them.
type selector struct {
	ControlPlane string `json:"control-plane"`
	Name         string `json:"app.kubernetes.io/name"`
}

// deployment is a strategic-merge patch of the manager's Deployment.
type deployment struct {
	artifact.Ordered
	APIVersion string         `json:"apiVersion"`
	Kind       string         `json:"kind"`
	Metadata   objectMeta     `json:"metadata"`
	Spec       deploymentSpec `json:"spec"`
}

type deploymentSpec struct {
	Template podTemplate `json:"template"`
}

type podTemplate struct {
	Spec podSpec `json:"spec"`
}

type podSpec struct {
	Containers []container `json:"containers"`
	Volumes    []volume    `json:"volumes"`
}

type container struct {
	Name         string          `json:"name"`
	Ports        []containerPort `json:"ports"`
	VolumeMounts []volumeMount   `json:"volumeMounts"`
}

type containerPort struct {
	Name          string `json:"name"`
	ContainerPort int32  `json:"containerPort"`
	Protocol      string `json:"protocol"`
}

type volumeMount struct {
	Name      string `json:"name"`
	MountPath string `json:"mountPath"`
	ReadOnly  bool   `json:"readOnly"`
}

type volume struct {
	Name   string       `json:"name"`
	Secret secretVolume `json:"secret"`
}

type secretVolume struct {
	SecretName string `json:"secretName"`
}

// certificate and issuer are cert-manager's.
type certificate struct {
	artifact.Ordered
	APIVersion string          `json:"apiVersion"`
	Kind       string          `json:"kind"`
	Metadata   objectMeta      `json:"metadata"`
	Spec       certificateSpec `json:"spec"`
}

type certificateSpec struct {
	DNSNames   []string  `json:"dnsNames"`
	IssuerRef  issuerRef `json:"issuerRef"`
	SecretName string    `json:"secretName"`
}

type issuerRef struct {
	Kind string `json:"kind"`
	Name string `json:"name"`
}

type issuer struct {
	artifact.Ordered
	APIVersion string     `json:"apiVersion"`
	Kind       string     `json:"kind"`
	Metadata   objectMeta `json:"metadata"`
	Spec       issuerSpec `json:"spec"`
}

// issuerSpec is a self-signed Issuer's.
type issuerSpec struct {
	SelfSigned struct{} `json:"selfSigned"`
}
