module example.com/certs

go 1.26.0

require (
	k8s.io/apimachinery v0.37.2
	sigs.k8s.io/controller-runtime v0.25.2
)
