package generator

import (
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"github.com/opgen-dev/opgen/generator/gen"
)

// resolveOptions fills in the defaults and turns every output location into a clean
// slash path relative to the module root. A location outside the module, or inside a
// .git directory, is refused: no write may leave the module. A relative location is
// relative to the module root, whatever the working directory; an absolute one must
// lie inside the module.
func resolveOptions(opts gen.Options, root string) (gen.Options, error) {
	for _, d := range []struct {
		flag string
		dst  *string
		def  string
	}{
		{"--crd-dir", &opts.CRDDir, DefaultOptions.CRDDir},
		{"--rbac-dir", &opts.RBACDir, DefaultOptions.RBACDir},
		{"--apf-dir", &opts.APFDir, DefaultOptions.APFDir},
		{"--controller-dir", &opts.ControllerDir, DefaultOptions.ControllerDir},
		{"--main-path", &opts.MainPath, DefaultOptions.MainPath},
	} {
		if *d.dst == "" {
			*d.dst = d.def
		}
		if d.flag == "--main-path" && *d.dst == "none" {
			continue
		}
		rel, err := ModulePath(root, *d.dst)
		if err != nil {
			return opts, fmt.Errorf("%s %s: %v", d.flag, *d.dst, err)
		}
		if rel == "." {
			if d.flag == "--main-path" {
				return opts, fmt.Errorf("%s %s: names the module root, not a file", d.flag, *d.dst)
			}
		}
		*d.dst = rel
	}
	return opts, nil
}

// ModulePath turns a location given relative to the module root (or absolute) into a
// clean slash path relative to it, and refuses one outside the module or in .git.
func ModulePath(root, p string) (string, error) {
	native := filepath.FromSlash(p)
	if filepath.IsAbs(native) {
		rel, err := filepath.Rel(root, native)
		if err != nil {
			return "", fmt.Errorf("outside the module root %s", root)
		}
		native = rel
	}
	rel := path.Clean(filepath.ToSlash(native))
	if rel == ".." || strings.HasPrefix(rel, "../") {
		return "", fmt.Errorf("outside the module root %s", root)
	}
	for _, part := range strings.Split(rel, "/") {
		if part == ".git" {
			return "", fmt.Errorf("inside .git")
		}
	}
	return rel, nil
}
