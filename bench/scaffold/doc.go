// Command scaffold measures what a platform team waits for when it starts an operator:
// `opgen init` followed by `opgen create api`, with a warm module cache and without
// `go mod tidy` (init runs with --skip-tidy; the tidy between the two commands is not
// timed, since it is the go command's work and the same for any scaffolder).
//
//	go run ./bench/scaffold [-runs 7] [-kubebuilder path/to/kubebuilder]
//
// With -kubebuilder it also times kubebuilder's init (which cannot skip its tidy) and
// create api on the same machine, for comparison.
package main
