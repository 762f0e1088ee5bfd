// Package manager is a stub of sigs.k8s.io/controller-runtime/pkg/manager for analysistest.
package manager

import "sigs.k8s.io/controller-runtime/pkg/client"

type Manager interface {
	GetClient() client.Client
	GetAPIReader() client.Reader
}
