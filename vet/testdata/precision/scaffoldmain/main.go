// Command scaffoldmain makes the manager and registers package scaffold's
// reconcilers, wiring Direct's Backend, Nested's Dispatcher, Cleared's and Held's
// Backend, and no Recorder for Optional.
package main

import (
	ctrl "sigs.k8s.io/controller-runtime"

	"opgen.test/precision/scaffold"
)

func main() {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{})
	if err != nil {
		panic(err)
	}
	c := mgr.GetClient()
	jobs := scaffold.NewJobs(c)
	deps := scaffold.Deps{Dispatcher: jobs, Prefix: "m"}
	direct := &scaffold.Direct{Client: c, Backend: &scaffold.Jobs{Client: c}}
	cleared := &scaffold.Cleared{Client: c, Backend: jobs}
	for _, s := range []interface{ SetupWithManager(ctrl.Manager) error }{
		direct,
		&scaffold.Nested{Client: c, Deps: deps},
		&scaffold.Optional{Client: c},
		cleared,
		&scaffold.Held{Client: c, Backend: jobs},
	} {
		if err := s.SetupWithManager(mgr); err != nil {
			panic(err)
		}
	}
	if false {
		cleared.Drop()
	}
}
