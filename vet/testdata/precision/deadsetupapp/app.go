// Package deadsetupapp is the body of command deadsetupcmd: it makes the manager and
// wires package deadsetup's controller with Add, as deadsetupmain does in its main.
package deadsetupapp

import (
	ctrl "sigs.k8s.io/controller-runtime"

	"opgen.test/precision/deadsetup"
)

// Run makes the manager and wires the controllers.
func Run() error {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{})
	if err != nil {
		return err
	}
	return deadsetup.Add(mgr)
}
